"""`python -m controller.cli.lights_out [AGORA_ARGS...]`: the service's last step, the board's LEDs dark
(controller/commands/lights_out.py), on the boards the command line opens."""

from controller.cli.main import board_opener
from controller.commands.lights_out import main

raise SystemExit(main(board_opener()))
