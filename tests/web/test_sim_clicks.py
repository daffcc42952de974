"""Clicks on the simulated board, sent as the page sends them (each once the one before was answered), are each read
by the board as one change, in the order made, however quickly they come: the same square clicked twice (a victim
lifted, its killer set down there) is a lift and a placement, not a switch's bounce smoothed away.

The board runs on virtual time, which moves only while a click waits for its answer: a click answered before the
board read it would be followed by the next at the same instant, as a fast client follows it.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.clock import VirtualClock
from controller.games.squares import parse as parse_square
from controller.session.factory import new_session
from controller.session.runner import Controller
from controller.web.app import create_app
from controller.web.deps import WebConfig
from controller.web.simulator import READ_WITHIN
from hardware.squares import name
from simulator.board import SimBoard
from tests.boards import open_board

STEP = 0.001  # virtual seconds the clock moves while a click is unanswered


@dataclass
class Clicked:
    answers: list[dict[str, Any]]
    changes: list[tuple[str, str]]  # the lifts and placements the board recorded
    before: int  # the occupancy before the clicks
    waited: list[float]  # the board's seconds each click waited for its answer


async def clicked(squares: list[str], breaking: Callable[[SimBoard], None] = lambda sim: None) -> Clicked:
    """Each square clicked in turn on a Polis board, broken first by `breaking` (a second passes after it)."""
    clock = VirtualClock(settle_yields=8)
    session = new_session("polis", seed=0)
    before = session.state.occupancy()
    board = await open_board("sim", clock, initial=before)
    assert isinstance(board.sim, SimBoard)
    breaking(board.sim)
    record = io.StringIO()
    controller = Controller(session, board.matrix, clock, strip=board.strip, sim=True, record=record)
    app = create_app(controller, WebConfig(hands=board.hands, allowed_hosts=frozenset()))
    runner = asyncio.create_task(controller.run())
    answers, waited = [], []
    try:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1:8000") as http:
            await clock.advance(clock.now() + 1.0)
            for square in squares:
                start = clock.now()
                sent = asyncio.create_task(http.post("/api/sim/toggle", json={"square": square}))
                for _ in range(64):  # the request through the app, at the instant it is made
                    await asyncio.sleep(0)
                while not sent.done():
                    await clock.advance(clock.now() + STEP)
                answers.append((await sent).json())
                waited.append(clock.now() - start)
            await clock.advance(clock.now() + 0.1)  # every reading reaches the controller's record
    finally:
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
        await board.aclose()
    changes = []
    for line in record.getvalue().splitlines():
        item = json.loads(line)
        for kind in ("lift", "place"):
            if kind in item:
                changes.append((kind, item[kind]))
    return Clicked(answers, changes, before, waited)


def made(squares: list[str], occupancy: int) -> list[tuple[str, str]]:
    """The lifts and placements the clicks make, from `occupancy`."""
    out = []
    for square in squares:
        bit = 1 << parse_square(square)
        out.append(("lift" if occupancy & bit else "place", square))
        occupancy ^= bit
    return out


# A few squares, so that clicks come back to a square; at most two clicks on one, as a hand makes them (more would
# be a switch flapping, which the board is right to distrust).
SQUARES = [name(sq) for sq in (0, 1, 40, 41, 79, 80)]
clicks = st.lists(st.sampled_from(SQUARES), min_size=1, max_size=8).filter(lambda xs: all(xs.count(s) <= 2 for s in xs))


@settings(max_examples=25, deadline=None)
@given(clicks)
def test_every_click_is_read_by_the_board_in_the_order_made(squares: list[str]) -> None:
    done = asyncio.run(clicked(squares))
    assert all(a["read"] for a in done.answers), done.answers
    assert [a["lifted"] for a in done.answers] == [kind == "lift" for kind, _ in made(squares, done.before)]
    assert done.changes == made(squares, done.before)


def test_a_click_on_a_dead_switch_is_answered_as_not_read() -> None:
    """The hands set a piece down where the switch never reads one: the click is answered once the wait for the
    reading is given up, and says it was not read; the next click there is read at once (no piece, as before)."""
    done = asyncio.run(clicked(["e5", "e5"], lambda sim: sim.kill(parse_square("e5"))))
    assert not done.before >> parse_square("e5") & 1
    assert [(a["lifted"], a["read"]) for a in done.answers] == [(False, False), (True, True)]
    assert done.waited[0] >= READ_WITHIN > done.waited[1]
    assert done.changes == []


@pytest.mark.parametrize(
    "breaking",
    [
        pytest.param(lambda sim: sim.flap(parse_square("e5"), 0.05), id="the square flapping"),
        pytest.param(lambda sim: sim.disconnect(), id="the board unplugged"),
    ],
)
def test_a_click_the_board_cannot_read_is_answered_at_once(breaking: Callable[[SimBoard], None]) -> None:
    """A square the board distrusts, or a board whose link is lost, will not read the click: no wait for it."""
    done = asyncio.run(clicked(["e5"], breaking))
    assert [a["read"] for a in done.answers] == [False]
    assert done.waited[0] < READ_WITHIN / 10
