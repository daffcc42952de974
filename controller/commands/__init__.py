"""The `agora` commands; `controller.cli.main` runs them, `controller.cli.backends` opens their board."""
