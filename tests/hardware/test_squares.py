"""The board layer's square names are a copy (hardware may not import the rules engines): pinned to the original."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from controller.games import squares as original
from controller.games.errors import InvalidMoveError
from hardware import squares as copy

FULL = (1 << 81) - 1


def test_every_square_has_the_same_name_both_ways() -> None:
    for square in range(81):
        assert copy.name(square) == original.name(square)
        assert copy.parse(original.name(square)) == square
        assert copy.parse(original.name(square).upper()) == square


@given(st.text(max_size=4))
def test_any_text_is_read_alike_or_refused_by_both(text: str) -> None:
    try:
        expected: int | None = original.parse(text)
    except InvalidMoveError:
        expected = None
    try:
        got: int | None = copy.parse(text)
    except ValueError:
        got = None
    assert got == expected


@given(st.integers(0, FULL))
def test_a_set_of_squares_is_listed_in_the_same_order(mask: int) -> None:
    assert copy.names(mask) == " ".join(original.name(s) for s in original.squares_of(mask))
