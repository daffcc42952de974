"""The order reader's one-match path for the canonical notation reads every text exactly as the lenient token
reader does: the same order, or the same error with the same words (a square off the board among them)."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games.chesspolitik.board import BOARDS, KING, KNIGHT
from controller.games.chesspolitik.orders import (
    Build,
    Disband,
    DrawVote,
    Hold,
    MoveTo,
    SupportHold,
    SupportMove,
    Waive,
    _Reader,
    parse_order,
)
from controller.games.errors import GameError
from controller.games.moves import Move
from controller.games.squares import index

KINDS = st.sampled_from([KING, KNIGHT])
# Every square of the 9x9 grid: some are off the smaller board, where the reader must refuse them.
SQUARES = st.builds(index, st.integers(0, 8), st.integers(0, 8))
ORDERS: st.SearchStrategy[Move] = st.one_of(
    st.builds(Hold, KINDS, SQUARES),
    st.builds(MoveTo, KINDS, SQUARES, SQUARES),
    st.builds(SupportHold, KINDS, SQUARES, KINDS, SQUARES),
    st.builds(SupportMove, KINDS, SQUARES, KINDS, SQUARES, SQUARES),
    st.builds(Build, KINDS, SQUARES),
    st.builds(Disband, KINDS, SQUARES),
    st.just(Waive()),
    st.just(DrawVote()),
)


def _read(read: Callable[[], Move]) -> tuple[str, object]:
    """What reading gave: ("order", the order) or (the error's class, its message)."""
    try:
        return "order", read()
    except GameError as exc:
        return type(exc).__name__, str(exc)


@settings(max_examples=300)
@given(order=ORDERS, seats=st.sampled_from(sorted(BOARDS)), units=st.dictionaries(SQUARES, KINDS, max_size=6))
def test_canonical_texts_read_as_the_lenient_reader_reads_them(order: Move, seats: int, units: dict[int, str]) -> None:
    board = BOARDS[seats]
    unit_map = {sq: (kind, 0) for sq, kind in units.items()}
    text = str(order)
    fast = _read(lambda: parse_order(text, board, unit_map))
    slow = _read(lambda: _Reader(text, board, unit_map).order())
    assert fast == slow
    on_board = all(board.on_board(sq) for sq in (getattr(order, a, 0) for a in ("square", "dst", "target")))
    assert fast == (("order", order) if on_board else slow)
    if on_board:  # built by the canonical reader without the constructor: the same value in every way
        assert type(fast[1]) is type(order) and hash(fast[1]) == hash(order) and repr(fast[1]) == repr(order)


@given(
    order=ORDERS,
    edit=st.sampled_from([str.lower, str.upper, lambda t: t + " H", lambda t: t.replace(" ", "  "), lambda t: t[:-1]]),
)
def test_texts_near_the_canonical_notation_read_as_the_lenient_reader_reads_them(
    order: Move, edit: Callable[[str], str]
) -> None:
    board = BOARDS[4]
    text = edit(str(order))
    fast = _read(lambda: parse_order(text, board, {}))
    assert fast == _read(lambda: _Reader(text, board, {}).order())
