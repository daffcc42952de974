"""The boards the tests open: the backends the command line hands `agora`'s commands (controller.cli.main), so a
test opens a board exactly as the product does."""

from __future__ import annotations

from typing import Any

from controller.boards import BoardOpener, opener
from controller.cli.main import board_backends
from controller.ports import Board
from simulator.leds import SimPixelStrip

open_board = opener(board_backends())


def opener_on(pin_factory: Any) -> BoardOpener:
    """`open_board` with a stand-in for the GPIO library (gpiozero's MockFactory)."""
    return opener(board_backends(pin_factory))


def leds(board: Board) -> SimPixelStrip:
    """The simulated board's strip, with the frames it showed."""
    assert isinstance(board.strip, SimPixelStrip)
    return board.strip
