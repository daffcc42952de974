"""`python -m controller.cli.lights_out [AGORA_ARGS...]`: turn the board's LEDs dark.

The service runs it after `agora play` ended, however it ended (stopped, crashed, killed by the watchdog), so a
board never keeps showing a stale game or draws its full current unattended. It takes the service's own
arguments and looks only at `--board` and `--pinmap`; the simulator has nothing to turn off.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from controller.boards import BoardOpener, parse_spec
from controller.clock import SystemClock
from controller.ports import BoardTrouble


async def lights_out(open_board: BoardOpener, spec: str, pinmap: str | None) -> str:
    kind, _ = parse_spec(spec)
    if kind == "sim":
        return "the simulated board has no LEDs to turn off"
    board = await open_board(spec, SystemClock(), pinmap)
    await board.aclose()  # closing shows a dark frame first
    return f"LEDs dark on {board.description}"


def main(open_board: BoardOpener, argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="lights_out", description=__doc__)
    parser.add_argument("--board", default="auto")
    parser.add_argument("--pinmap", default=None)
    args, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    try:
        print(asyncio.run(lights_out(open_board, args.board, args.pinmap)))
    except BoardTrouble as exc:
        print(f"lights_out: {exc}", file=sys.stderr)
        return 1
    return 0
