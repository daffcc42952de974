"""Positions kept as a game's history forget what they worked out (their move lists): a long game keeps little for
the garbage collector to traverse, and the game goes on and takes back as before."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import DEFAULT, State
from controller.games.api import _derived
from controller.session.factory import new_session
from controller.session.flow import KEEP_WORKED_OUT
from controller.session.seats import SeatKind
from controller.session.sources import Source


def _kept(state: State) -> set[str]:
    return {n for n in _derived(type(state)) if n in getattr(state, "__dict__", {})}


@pytest.mark.parametrize("name", ["politrics", "polis", "djambi"])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**16))
def test_history_keeps_no_move_lists_but_the_last_plies(name: str, seed: int) -> None:
    game = DEFAULT.load(name)
    seats = min(game.info.seat_counts)
    session = new_session(name, seats=seats, seed=seed, seat_kinds=[SeatKind.PHONE] * seats)
    session.start(session.state.occupancy(), 0.0)
    rnd = random.Random(seed)
    t = 0.0
    for _ in range(12):
        state = session.state
        if not isinstance(state.to_move, int):
            break
        choice = rnd.choice(state.legal_moves())
        t += 1.0
        session.play_text(str(choice), t, state.to_move, Source.PAGE)
        session.on_board(session.state.occupancy(), t)
    history = session.history
    for ply in history[: len(history) - KEEP_WORKED_OUT]:
        assert not _kept(ply.before), (name, ply.text)
    # Taken back to a position that forgot: it works out its moves again, the same as a fresh copy of it.
    if len(history) > KEEP_WORKED_OUT:
        earlier = history[0].before
        assert earlier.legal_moves() == earlier.game.from_json(earlier.to_json()).legal_moves()
