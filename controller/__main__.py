from controller.cli.main import main

raise SystemExit(main())
