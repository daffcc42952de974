"""The command line of remote play (`agora play --remote`, `agora join`), apart from remote play itself: reading
the command line must not load the MQTT client and the room machinery that a board playing alone never uses."""

from __future__ import annotations

import argparse
from pathlib import Path


def add_remote_arguments(parser: argparse.ArgumentParser, *, joining: bool) -> None:
    if joining:
        parser.add_argument("room", help="the room: mqtt://[USER[:PASSWORD]@]HOST[:PORT]/ROOM (mqtts:// for TLS)")
        parser.add_argument(
            "--seats", default="", help="the seats to take, as numbers (default: every seat still free)"
        )
        parser.add_argument(
            "--as",
            dest="seat_kind",
            choices=["board", "phone"],
            default="board",
            help="how this place plays its seats: on the board (default) or on phones",
        )
    else:
        parser.add_argument(
            "--remote",
            default=None,
            metavar="mqtt://HOST/ROOM",
            help="host room ROOM on an MQTT broker: seats of kind 'remote' are played at other places "
            "(they join with 'agora join'); see docs/remote.md",
        )
    parser.add_argument("--place", default=None, help="this board's name on the broker (default: the user name)")
    parser.add_argument("--ca", type=Path, default=None, help="the certificate authority of a TLS broker (mqtts://)")
    parser.add_argument(
        "--password-file", type=Path, default=None, help="read the broker password from FILE (or $AGORA_MQTT_PASSWORD)"
    )
