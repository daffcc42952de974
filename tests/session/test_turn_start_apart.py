"""A move's commit and the next turn's start are no single pause of the controller's loop: the input that commits
a move leaves the next turn's start (its moves, their outlines, the near misses) to be worked out, and the loop does
that in callbacks of their own before it hands the session anything else or draws the LEDs; a page's request is
answered (its snapshot) in a callback of its own after that. What the board recognizes is the same as had the turn
started at once (tests/recognizer/test_lazy_index.py)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from controller.clock import VirtualClock
from controller.games import load
from controller.lights import SceneInput
from controller.ports import SimOptions
from controller.session.core import Session
from controller.session.runner import Controller
from controller.session.seats import SeatKind
from controller.session.snapshot import snapshot
from tests.boards import open_board


@pytest.mark.parametrize(("game", "seats"), [("djambi", 4), ("polis", 2)])
async def test_the_next_turns_start_is_worked_out_apart_and_before_the_next_input(game: str, seats: int) -> None:
    rules = load(game)
    session = Session(rules, rules.new(seats, seed=5), seat_kinds=[SeatKind.BOARD] * seats)
    clock = VirtualClock()
    board = await open_board("sim", clock, initial=session.state.occupancy(), sim=SimOptions(keep_frames=0))
    assert board.sim is not None
    controller = Controller(session, board.matrix, clock, strip=board.strip)
    handed: list[bool] = []  # whether the turn's start was still to be worked out when an input was handed over
    left: list[bool] = []  # ... and once the input was handled
    drawn: list[bool] = []  # ... when the LEDs were drawn
    dispatch, scene = controller._dispatch, controller.scene

    def spy_dispatch(item: Any, now: float) -> None:
        handed.append(session.starting())
        dispatch(item, now)
        left.append(session.starting())

    def spy_scene() -> SceneInput:
        drawn.append(session.starting())
        return scene()

    controller._dispatch = spy_dispatch  # type: ignore[method-assign]
    controller.scene = spy_scene  # type: ignore[method-assign]
    task = asyncio.create_task(controller.run())
    rnd = random.Random(1)
    plies = 0
    for _ in range(6):
        state = session.state
        plain = [
            e
            for m in state.legal_moves()
            if not (e := state.effect(m)).chores and not e.decision_touch and len(e.decision) == 1
        ]
        if not plain or not isinstance(state.to_move, int):
            break
        step = rnd.choice(plain).decision[0]
        await clock.advance(clock.now() + 1.0)
        if step.src is not None:
            board.sim.lift(step.src)
            await clock.advance(clock.now() + 0.3)
        assert step.dst is not None
        board.sim.place(step.dst)
        await clock.advance(clock.now() + 3.0)
        assert len(session.history) == plies + 1, "the board took the move"
        plies += 1
        answer = await controller.request(lambda s, t: None, then=lambda s, t: (s.starting(), snapshot(s)["ply"]))
        assert answer == (False, plies), "a page's answer is read with the turn started"
    assert plies >= 3
    assert any(left), "a commit left the next turn's start to callbacks of its own"
    assert not any(handed), "no input reaches the session before the turn's start is worked out"
    assert not any(drawn), "the LEDs are drawn once the turn's start is worked out"
    task.cancel()
    await board.aclose()
