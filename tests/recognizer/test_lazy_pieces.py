"""The lazy piece tracker judges exactly as the eager one did (tests/recognizer/eager_pieces.py).

Pieces of a few kinds stand on a drawn board (some of them in the air, some unknown pieces more); then a drawn run of
what the recognizer and the session tell a tracker: lifts and set-downs (several at once too, from the line-up or
not), steps made at once (a piece from off the board, one taken off, a swap), a flapping switch, a new reset, and
the loop's idle slices (`prepare`), all on a few squares so that the hands' ways cross and can pass `LIMIT`. Asked at
drawn moments, the two must give the same verdict (the lazy one names, among worlds equally wrong, the one whose
squares are lowest; the eager one whichever its set gave first)."""

from __future__ import annotations

from hypothesis import event, given, settings
from hypothesis import strategies as st

from controller.games import Piece, Step
from controller.games.squares import squares_of
from controller.recognizer.pieces import PieceTracker
from tests.recognizer import eager_pieces
from tests.recognizer.eager_pieces import least

KINDS = [Piece("K", 0), Piece("N", 1), Piece("K", 1), Piece("N", 0), Piece("C", None)]
ACTS = ["change"] * 8 + ["carry"] * 4 + ["expect"] * 3 + ["ask"] * 2 + ["prepare"] * 2 + ["give up", "reset"]
SQUARES = st.one_of(st.integers(0, 9), st.integers(0, 9), st.integers(0, 80))


def _board(data: st.DataObject) -> tuple[dict[int, Piece], int]:
    pieces = data.draw(st.dictionaries(SQUARES, st.sampled_from(KINDS), min_size=2, max_size=10), label="pieces")
    occupancy = sum(1 << sq for sq in pieces)
    for sq in data.draw(st.lists(SQUARES, max_size=2), label="flipped"):  # in the air, or an unknown piece more
        occupancy ^= 1 << sq
    return pieces, occupancy


def _bits(data: st.DataObject, among: int, most: int, label: str) -> int:
    squares = [sq for sq in range(81) if among >> sq & 1]
    if not squares:
        return 0
    return sum(1 << sq for sq in data.draw(st.sets(st.sampled_from(squares), max_size=most), label=label))


def _change(data: st.DataObject, occupancy: int, wanted: int) -> int:
    """Hands: mostly one piece lifted or set down (often where a piece should stand: `wanted`), now and then
    several changes at once."""
    kind = data.draw(st.sampled_from(["lift", "lift", "set", "set", "set", "both"]), label="change")
    free = ~occupancy & ((1 << 81) - 1)
    near = (1 << 10) - 1  # the squares the pieces mostly stand on
    if free & wanted and data.draw(st.booleans(), label="where wanted"):
        near = wanted
    lifted = _bits(data, occupancy, 1 if kind == "lift" else 2, "lifted") if kind != "set" else 0
    placed = _bits(data, free & near, 1 if kind == "set" else 2, "placed") if kind != "lift" else 0
    return occupancy & ~lifted | placed


def _steps(data: st.DataObject, wanted: int) -> list[Step]:
    """Steps made at once: mostly pieces that should stand somewhere moved (or taken off), now and then a piece
    from off the board."""
    out = []
    for _ in range(data.draw(st.integers(1, 3), label="steps")):
        src = data.draw(st.none() | (st.sampled_from(squares_of(wanted)) if wanted else SQUARES), label="src")
        dst = data.draw(SQUARES if src is None else st.none() | SQUARES, label="dst")
        out.append(Step(data.draw(st.sampled_from(KINDS), label="piece"), src, dst))
    return out


def _wanted(eager: eager_pieces.PieceTracker) -> int:
    """The squares on which some piece should stand."""
    return sum(1 << sq for sq in eager._expected) if eager._worlds is not None else 0


def _same(lazy: PieceTracker, eager: eager_pieces.PieceTracker) -> None:
    possible = least(eager)
    event("a piece proven wrong" if possible else "past LIMIT" if eager._worlds is None else "may all be right")
    assert eager.wrong() in (possible or {0})
    assert lazy.wrong() == min(possible, default=0)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_lazy_tracker_judges_as_the_eager_one(data: st.DataObject) -> None:
    lazy, eager = PieceTracker(), eager_pieces.PieceTracker()
    pieces, occupancy = _board(data)
    lazy.reset(pieces, occupancy)
    eager.reset(pieces, occupancy)
    for _ in range(data.draw(st.integers(0, 25), label="acts")):
        act = data.draw(st.sampled_from(ACTS), label="act")
        if act == "change":
            after = _change(data, occupancy, _wanted(eager))
            outside = data.draw(st.sampled_from([False] * 5 + [True]), label="outside")
            lazy.change(occupancy, after, outside)
            eager.change(occupancy, after, outside)
            occupancy = after
        elif act == "carry":  # a piece lifted and set down elsewhere: if it was alone in the air, it is that one
            lifted = _bits(data, occupancy, 1, "carried")
            placed = _bits(data, ~occupancy & (_wanted(eager) or (1 << 10) - 1), 1, "to")
            for after in (occupancy & ~lifted, occupancy & ~lifted | placed):
                lazy.change(occupancy, after, False)
                eager.change(occupancy, after, False)
                occupancy = after
        elif act == "expect":
            steps = _steps(data, _wanted(eager))
            lazy.expect(steps)
            eager.expect(steps)
        elif act == "ask":
            _same(lazy, eager)
        elif act == "prepare":
            lazy.prepare()
        elif act == "give up":
            lazy.give_up()
            eager.give_up()
        else:
            known = data.draw(st.booleans(), label="known")
            pieces, occupancy = _board(data)
            lazy.reset(pieces if known else None, occupancy)
            eager.reset(pieces if known else None, occupancy)
    _same(lazy, eager)
