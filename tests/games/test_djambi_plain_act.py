"""The Djambi generator's quick kills (`plain_act`) are the very values `Act` makes: equal, hashed alike, printed
alike, pickled alike (the computer players' worker gets them), frozen."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.games.djambi.board import KINDS, SQUARES
from controller.games.djambi.moves import Act, plain_act

SQUARE = st.integers(0, SQUARES - 1)


@given(kind=st.integers(0, len(KINDS) - 1), src=SQUARE, dst=SQUARE, place=SQUARE)
def test_a_plain_act_is_the_act(kind: int, src: int, dst: int, place: int) -> None:
    quick, slow = plain_act(kind, src, dst, place), Act(kind, src, dst, place)
    assert type(quick) is Act
    assert quick == slow and hash(quick) == hash(slow)
    assert str(quick) == str(slow) and repr(quick) == repr(slow)
    assert dataclasses.astuple(quick) == dataclasses.astuple(slow)
    assert pickle.loads(pickle.dumps(quick)) == slow
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.place = src  # type: ignore[misc]
