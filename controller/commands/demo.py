"""`agora demo GAME`: computer against computer on the simulated board and its page, paced for people watching, a
new game when one ends (the cafe's window display). It is `agora play` with every seat a computer, the simulator's
hands carrying out the moves, and a games file of its own, so the cafe's games are left alone. On a real board
(nobody moves its pieces for the computers) its LEDs run an attract animation meanwhile."""

from __future__ import annotations

import argparse
import functools
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from controller.ai import Level
from controller.boards import BoardOpener, add_board_arguments
from controller.commands import play
from controller.games import GameError, load, names
from controller.lights.attract import show_attract
from controller.ports import Board, BoardTrouble, Clock

Opener = Callable[[str, Clock, Path | None], Awaitable[Board]]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"the game: {', '.join(names())}")
    parser.add_argument("--players", type=int, default=None, help="number of players (the game's default if left out)")
    parser.add_argument("--level", default="normal", help="the computers' level: easy, normal (default) or hard")
    parser.add_argument("--pace", type=float, default=1.5, help="seconds between moves, for watchers (default 1.5)")
    parser.add_argument("--port", type=int, default=8000, help="port of the page (default 8000)")
    parser.add_argument("--host", default="127.0.0.1", help="address to serve the page on (default loopback)")
    parser.add_argument("--db", type=Path, default=None, help="the demo's games file (default: a temporary one)")
    add_board_arguments(parser, default="auto")  # the board whose LEDs run the attract animation (sim: none)
    parser.epilog = (
        "On a real board (--board auto finds one, or gpio, serial:PATH) the LEDs run an attract animation while "
        "the page shows the game. Example: agora demo djambi --level easy --pace 2 --host 0.0.0.0"
    )


def run(args: argparse.Namespace, open_board: BoardOpener) -> int:
    try:
        game = load(args.game)
        seats = game.info.check_seats(args.players)
        level = Level.parse(args.level)
    except (GameError, ValueError) as exc:
        print(f"agora demo: {exc}", file=sys.stderr)
        return 2
    if not 0.05 <= args.pace <= 60:
        print("agora demo: --pace is 0.05 to 60 seconds", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="agora-demo-") as tmp:
        parser = argparse.ArgumentParser(prog="agora play")
        play.add_arguments(parser)
        argv = [
            args.game,
            "--board",
            "sim",
            "--new",
            "--no-mdns",
            "--players",
            str(seats),
            "--seats",
            ",".join([f"computer:{level.value}"] * seats),
            "--port",
            str(args.port),
            "--host",
            args.host,
            "--db",
            str(args.db or Path(tmp) / "demo.sqlite"),
        ]
        play_args = parser.parse_args(argv)
        play_args.demo_pace = args.pace
        if args.board != "sim":
            play_args.demo_lights = functools.partial(attract_lights, open_board, args.board, args.pinmap)
        return play.run(play_args, open_board)


async def attract_lights(opener: Opener, spec: str, pinmap: Path | None, clock: Clock) -> None:
    """A real board's LEDs run the attract animation while the page shows the game, until cancelled; with no
    board fitted (auto finds only the simulator) or one that cannot be opened, the page alone shows the demo."""
    try:
        board = await opener(spec, clock, pinmap)
    except BoardTrouble as exc:
        print(f"agora demo: the board's LEDs stay dark: {exc}", file=sys.stderr)
        return
    try:
        if board.kind == "sim":
            return
        print(f"The attract animation runs on the LEDs of the {board.description}", flush=True)
        await show_attract(board.strip, clock)
    finally:
        await board.aclose()
