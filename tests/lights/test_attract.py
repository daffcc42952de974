"""The demo's attract animation on a real board's LEDs, seen through the recorded frames of a fake strip."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

from controller.clock import VirtualClock
from controller.commands.demo import attract_lights
from controller.lights.attract import PERIOD, attract_frame
from controller.lights.palette import SEAT_COLOURS
from controller.ports import BLACK_FRAME, SQUARES, Board, Clock
from hardware.errors import BoardError
from simulator.leds import SimPixelStrip
from tests.boards import open_board


def _fitted(strip: SimPixelStrip) -> object:
    """An opener giving a board with LEDs fitted (the simulator's matrix, a strip that records what it shows)."""

    async def opener(spec: str, clock: Clock, pinmap: Path | None) -> Board:
        board = await open_board("sim", clock)
        return dataclasses.replace(board, kind="gpio", description="test board", strip=strip)

    return opener


async def test_a_real_boards_leds_run_the_attract_animation_until_the_demo_ends() -> None:
    clock = VirtualClock()
    strip = SimPixelStrip(clock, keep=None)
    task = asyncio.create_task(attract_lights(_fitted(strip), "gpio", None, clock))  # type: ignore[arg-type]
    await clock.advance(PERIOD * len(SEAT_COLOURS) + 1)
    shown = [f for f in strip.frames if f.frame != BLACK_FRAME]
    assert len(shown) > 20 * PERIOD  # it moves: a new frame many times a second
    assert all(all(rgb != (0, 0, 0) for rgb in f.frame) for f in shown)  # never a dark square: a board on show
    centres = {f.frame[40] for f in shown}
    assert len(centres) > len(SEAT_COLOURS)  # every seat colour passes, each rising and falling
    assert all(f.current_ma <= 5000 for f in shown)  # within the strip's current budget
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert strip.closed and strip.last_frame == BLACK_FRAME  # the demo over: the board dark


def test_the_waves_repeat_and_start_at_the_centre() -> None:
    cycle = PERIOD * len(SEAT_COLOURS)
    for t in (0.3, 2.0, 5.5, 7.9):
        assert attract_frame(t) == attract_frame(t + cycle)
    early = attract_frame(0.2 * PERIOD / (4 + 1.5))
    assert sum(early[40]) > sum(early[0])  # the crest leaves E5 first; the corners are still dim
    assert len(attract_frame(1.0)) == SQUARES


async def test_without_a_board_fitted_the_page_alone_shows_the_demo(capsys) -> None:
    clock = VirtualClock()
    await asyncio.wait_for(attract_lights(open_board, "sim", None, clock), 5)  # the simulator: nothing to light

    async def broken(spec: str, clock: Clock, pinmap: Path | None) -> Board:
        raise BoardError("no LEDs answer on GPIO18")

    await asyncio.wait_for(attract_lights(broken, "gpio", None, clock), 5)
    assert "stay dark: no LEDs answer" in capsys.readouterr().err
