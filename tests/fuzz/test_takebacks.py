"""A move put back by hand is taken back, whatever the next player could be seen trying with the same squares.

From a drawn Djambi position, a drawn move that carries a piece of another player (a Diplomat's: the enemy piece
it moves; a Necromobile's corpse) is made by drawn hands through the real session on the simulated switches and
committed; then the hands take it back in a drawn fair order (tests.fuzz.takeback: no picture on the way is another
legal move of the next player). Such a piece stands, after the move, where the next player may lift it: the board
standing still as before the move may then also read as that piece's own step, legal or not (a Chief carried back
over corpses, which its own step may not jump). The touches (every square the takeback touches, none other)
decide: it is the move taken back, never an illegal move of the next player shown on the LEDs.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, Move, State
from controller.recognizer.candidate import make_candidate
from controller.session.core import Session
from controller.session.seats import SeatKind
from tests.fuzz.hands import carry
from tests.fuzz.oracle import shapes
from tests.fuzz.table import Table, Tally
from tests.fuzz.takeback import takeback_acts
from tests.games.test_djambi_properties import favoured
from tests.strategies import histories


def _playable(state: State) -> State:
    while state.to_move is CHANCE:
        state = state.play(state.sample_chance())
    return state


def _contested(state: State, move: Move) -> bool:
    """Whether the board put back as before `move` also reads as a move the next player may try (a near miss: the
    piece the move carried, carried back by its owner where its own step may not go)."""
    seat = state.to_move
    owners = {s.piece.owner for s in state.effect(move).decision if s.src is not None and s.dst is not None}
    if not owners - {None, seat}:
        return False  # only a living piece not the mover's may be the next player's to lift
    after = state.play(move)
    if after.to_move not in owners:
        return False
    start, back = after.occupancy(), state.occupancy()
    return any(make_candidate(start, nm.move, nm.effect, nm).decision_occ == back for nm in after.near_misses())


@pytest.mark.slow
@settings(max_examples=8, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_a_move_put_back_by_hand_is_taken_back(data: st.DataObject) -> None:
    state = _playable(data.draw(histories("djambi", ongoing=True, max_actions=30, favour=favoured)).final)
    assume(isinstance(state.to_move, int))
    contested = [m for m in state.legal_moves() if _contested(state, m)]
    assume(contested)
    move = data.draw(st.sampled_from(contested))
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    after = state.play(move)
    assume(isinstance(after.to_move, int) and after.occupancy() != state.occupancy())
    session = Session(state.game, state, seat_kinds=[SeatKind.BOARD] * state.seats)
    table = Table(session, rng, Tally(), bounce=0.0)
    effect = state.effect(move)
    for act in carry(rng, state.occupancy(), effect, dict(after.pieces()), noise=0.0):
        table.advance(table.t + rng.uniform(0.1, 0.4))
        table.do(act)
    table.quiet()
    assert [p.move for p in session.history] == [move], "the move itself was not taken"
    hover = after.game.region(after.seats).mask & ~after.occupancy() & ~state.occupancy()
    acts = takeback_acts(rng, table.switches.magnets, state, effect, shapes(after), hover)
    assume(acts is not None)
    assert acts is not None
    for act in acts:
        table.advance(table.t + rng.uniform(0.1, 0.6))
        table.do(act)
    table.quiet()
    assert not session.history, f"the takeback of {state.record(move)} was not seen"
    assert session.state == state
