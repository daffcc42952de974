"""A position's legal moves listed a part at a time (`State.listing`, which the controller's loop steps through at a
turn's start) are the moves `legal_moves` lists, in the same order, in every game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import DEFAULT
from tests.games.test_djambi_properties import favoured
from tests.strategies import histories


@pytest.mark.parametrize("name", DEFAULT.names())
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_listing_a_part_at_a_time_lists_the_legal_moves(name: str, data: st.DataObject) -> None:
    favour = favoured if name == "djambi" else None
    state = data.draw(histories(name, max_actions=80, favour=favour)).final
    fresh = state.game.from_json(state.to_json())
    for _ in fresh.listing():
        pass
    assert fresh.legal_moves() == state.game.from_json(state.to_json()).legal_moves()


def test_a_wide_djambi_turn_is_listed_in_many_parts_and_kept() -> None:
    from tests.bench.djambi_widest import WIDEST

    state = WIDEST["widest-constructed-4001"].state()
    parts = sum(1 for _ in state.listing())
    assert parts >= 8
    listed = state.legal_moves()
    assert len(listed) == WIDEST["widest-constructed-4001"].moves
    assert state.legal_moves() is listed, "kept: asked again, nothing is listed again"
