"""The demo's hands on virtual time: computer against computer on the simulated board, every move carried out, and a
game that goes on too long given up for a new one (the window never shows one game for ever)."""

from __future__ import annotations

import asyncio

from controller.clock import VirtualClock
from controller.demo import play_hands
from controller.games import load
from controller.ports import SimOptions
from controller.session.core import Session
from controller.session.runner import Controller
from controller.session.seats import SeatKind
from tests.boards import open_board


async def test_a_demo_game_that_reaches_the_longest_is_given_up_for_a_new_one() -> None:
    clock = VirtualClock()
    game = load("polis")

    def fresh(seed: int) -> Session:
        return Session(game, game.new(2, seed), seat_kinds=[SeatKind.COMPUTER] * 2)

    first = fresh(1)
    board = await open_board("sim", clock, initial=first.state.occupancy(), sim=SimOptions(keep_frames=0))
    assert board.sim is not None
    controller = Controller(first, board.matrix, clock, frame_rate=None)
    task = asyncio.create_task(controller.run())
    hands = asyncio.create_task(play_hands(controller, board.sim, clock, 0.3, lambda: fresh(2), longest=3))
    for _ in range(600):
        await clock.advance(clock.now() + 0.1)
        if controller.session is not first:
            break
    assert controller.session is not first, "the long game was never given up"
    assert len(first.history) == 3 and not first.state.is_over()  # every move carried out on the board, none more
    assert controller.session.history == []
    hands.cancel()
    task.cancel()
    await board.aclose()
