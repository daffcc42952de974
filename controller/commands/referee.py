"""`agora referee GAME`: the JSON-lines referee protocol on stdin/stdout (see the README for a session)."""

from __future__ import annotations

import argparse
import json
import sys

from controller.games import UnknownGameError, load, names
from controller.referee import Referee


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"the game to referee: {', '.join(names())}")
    parser.epilog = (
        'One JSON request per line on stdin, one JSON answer per line on stdout. Example: {"cmd":"new","seats":2} '
        'then {"cmd":"legal"} then {"cmd":"play","move":"V55"}. The README lists every command.'
    )


def run(args: argparse.Namespace) -> int:
    try:
        referee = Referee(load(args.game))
    except UnknownGameError as exc:
        print(f"agora referee: {exc}", file=sys.stderr)
        return 2
    for line in sys.stdin:
        answer = referee.handle(line.rstrip("\n"))
        sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    return 0
