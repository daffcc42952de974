"""Chesspolitik's leaves: centres change hands only after the Fall, so the search judges a Spring past it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai.games.chesspolitik import ChesspolitikKnowledge
from controller.games.chesspolitik.phases import FALL
from controller.games.chesspolitik.state import ChesspolitikState
from tests.strategies import states


@given(state=states("chesspolitik", ongoing=True, max_actions=40), seed=st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_a_leaf_after_the_spring_is_judged_after_a_fall_played_by_legal_orders(state, seed):
    """A position waiting for the Fall's orders is judged once a quick Fall has been played (its orders handed in
    through the game's checks, so every one is legal) and the centres have changed hands: a Spring whose moves win or
    leave open a centre is then worth more or less than one that stays put. A Spring or a Winter is judged where it
    stands."""
    assert isinstance(state, ChesspolitikState)
    judged = ChesspolitikKnowledge().quiet(state, random.Random(seed))
    assert isinstance(judged, ChesspolitikState)
    if state.season is not FALL:
        assert judged is state
        return
    assert judged.season is not FALL or judged.year > state.year or judged.ended is not None
    assert judged.report is not None and not judged.pending
    if judged.ended is None:
        # After the Fall a centre with a unit on it is that unit's power's.
        owners = judged.owner_map()
        assert all(owners.get(sq) == seat for sq, _, seat in judged.units if sq in judged.board.centres)
