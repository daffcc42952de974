"""No error ends the controller's loop: whichever handler fails (a board event, a page request, a timer, the LEDs'
drawing), the game pauses with the error's message, the loop keeps answering, and play goes on once an input goes
through again."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from controller.clock import VirtualClock
from controller.games.squares import parse
from controller.ports import SimOptions
from controller.session.core import Session
from controller.session.runner import Controller
from controller.session.seats import SeatKind
from controller.session.snapshot import snapshot
from tests.boards import open_board
from tests.toys.jumps import Jumps


class Boom(Exception):
    pass


def failing_once(obj: Any, name: str) -> None:
    real = getattr(obj, name)
    calls = {"n": 0}

    def fn(*a: Any, **kw: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise Boom(f"{name} broke")
        return real(*a, **kw)

    setattr(obj, name, fn)


@pytest.mark.parametrize("handler", ["on_board", "tick", "deadline", "scene", "drain"])
async def test_an_error_in_any_handler_pauses_the_game_and_play_goes_on(handler: str) -> None:
    clock = VirtualClock()
    game = Jumps()
    session = Session(game, game.new(seed=0), seat_kinds=[SeatKind.BOARD] * 2)
    board = await open_board("sim", clock, initial=0, sim=SimOptions(keep_frames=0))
    assert board.sim is not None
    controller = Controller(session, board.matrix, clock, frame_rate=30.0)
    listener = controller.subscribe()
    task = asyncio.create_task(controller.run())
    await clock.advance(0.1)
    failing_once(controller if handler == "scene" else session, handler)
    board.sim.place(parse("c3"))
    await clock.advance(2.0)
    assert not task.done()
    assert controller.faults == 1
    # The loop still answers the page; the failure was said, and the next input lets the game go on.
    snap = await controller.request(lambda s, t: snapshot(s))
    assert snap["game"]["name"] == "jumps"
    said = []
    while not listener.empty():
        said.append(listener.get_nowait())
    assert any(m.get("event") == "paused" and f"{handler} broke" in m["message"] for m in said), said
    board.sim.lift(parse("c3"))
    await clock.advance(4.0)
    board.sim.place(parse("d4"))
    await clock.advance(6.0)
    assert not session.paused, session.pause_message
    assert session.prompt, "the board no longer recognizes moves after the error"
    task.cancel()
    await board.aclose()
