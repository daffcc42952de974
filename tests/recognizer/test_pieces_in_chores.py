"""Chores are done only if the pieces may all be right, not just the occupancy (controller.recognizer.pieces).

A phase's chores carry a piece to a square; the next phase's orders, handed in meanwhile, take that piece off again
and bring another there. Hands that set the first piece down there, then lift the second, show the expected
occupancy with the wrong piece standing: the order of the lifts and set-downs proves it (only the first piece was in
the air), so the board must not say done; once the wrong piece is lifted and the right one set down, it is done.
Where the sensors cannot tell (both pieces in the air, then both set down) the board never holds up.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import Piece, Step
from controller.recognizer.machine import Mode, Recognizer
from controller.recognizer.pieces import SLIDE

KINDS = st.sampled_from([Piece("K", 0), Piece("N", 1), Piece("K", 1), Piece("N", 0)])


def _chain(data: st.DataObject) -> tuple[dict[int, Piece], int, int, int, Piece, Piece]:
    """Pieces on the board, and squares a (first piece), c (empty: where both pass), d (second piece)."""
    # c and d apart: a piece slid from a square to the next may close that square's switch before its own opens,
    # so a set-down on c just before d's lift may be d's piece, whatever the order the sensors saw.
    squares = st.lists(st.integers(0, 80), min_size=3, max_size=3, unique=True)
    a, c, d = data.draw(
        squares.filter(lambda s: abs(s[1] % 9 - s[2] % 9) > 1 or abs(s[1] // 9 - s[2] // 9) > 1), label="squares"
    )
    first = data.draw(KINDS, label="first")
    second = data.draw(KINDS.filter(lambda p: p != first), label="second")
    others = data.draw(st.dictionaries(st.integers(0, 80), KINDS, max_size=12), label="others")
    pieces = {sq: p for sq, p in others.items() if sq not in (a, c, d)}
    pieces[a], pieces[d] = first, second
    return pieces, a, c, d, first, second


def _occupancy(pieces: dict[int, Piece]) -> int:
    return sum(1 << sq for sq in pieces)


def _carried_then_dislodged(
    pieces: dict[int, Piece], a: int, c: int, d: int, first: Piece, second: Piece
) -> tuple[Recognizer, int]:
    """Chores carry the first piece from a to c; with it in the air, the next phase's orders (handed in meanwhile)
    dislodge it from c and bring the second from d. The hands then set a piece down on c. Returns the recognizer
    and the occupancy the chores end on."""
    occ = _occupancy(pieces)
    rec = Recognizer()
    rec.begin_idle(occ, occ, 0.0, pieces)
    one = (Step(first, a, c),)
    rec.pieces.expect(one)
    target = occ & ~(1 << a) | 1 << c
    rec.begin_chores(target, one, 0, 0.0)
    rec.board(occ & ~(1 << a), 0.1)  # the first piece lifted
    two = (Step(first, c, None), Step(second, d, c))  # the next phase's orders, handed in meanwhile
    rec.pieces.expect(two)
    final = target & ~(1 << d)
    rec.begin_chores(final, one + two, 0, 0.2)
    rec.board(occ & ~(1 << a) | 1 << c, 0.3)
    return rec, final


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_piece_proven_wrong_by_the_order_of_the_hands_holds_up_the_chores(data: st.DataObject) -> None:
    pieces, a, c, d, first, second = _chain(data)
    rec, final = _carried_then_dislodged(pieces, a, c, d, first, second)  # the first piece set down on c
    rec.board(final, 0.4)  # the second lifted: the occupancy expected, the first piece standing on c
    rec.tick(5.0)
    assert rec.mode is Mode.CHORES, "done with the wrong piece on the square"
    assert rec.guidance().mismatch_empty >> c & 1, "the wrong piece is not shown"
    rec.board(final & ~(1 << c), 5.1)  # the first piece taken off
    rec.board(final, 5.2)  # the second set down
    assert rec.mode is Mode.IDLE


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_where_the_sensors_cannot_tell_the_pieces_apart_the_chores_are_done(data: st.DataObject) -> None:
    pieces, a, c, d, first, second = _chain(data)
    occ = _occupancy(pieces)
    rec = Recognizer()
    rec.begin_idle(occ, occ, 0.0, pieces)
    steps = (Step(first, a, None), Step(second, d, c))
    rec.pieces.expect(steps)
    final = occ & ~(1 << a) & ~(1 << d) | 1 << c
    rec.begin_chores(final, steps, 0, 0.0)
    rec.board(occ & ~(1 << a), 0.1)
    rec.board(occ & ~(1 << a) & ~(1 << d), 0.2)  # both in the air: which one goes down is not seen
    rec.board(final, 0.3)
    assert rec.mode is Mode.IDLE


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_past_the_trackers_limit_a_board_matching_for_a_moment_is_not_done(data: st.DataObject) -> None:
    """Chores with more ways the hands may have gone than the tracker follows (pairs of pieces held up at once, set
    down where either may be): a piece that hovers over another's square, the occupancy matching for a moment with
    two pieces wrong, is no done board; once they stand right and the board stands still, the chores are done."""
    squares = data.draw(st.permutations(range(81)), label="squares")
    pairs = data.draw(st.integers(7, 9), label="pairs")  # 2**7 ways is past the tracker's limit
    kinds = [Piece("K", 0), Piece("N", 1)]
    pieces: dict[int, Piece] = {}
    steps: list[Step] = []
    free = iter(squares)
    for _ in range(pairs):
        a, b, x, y = next(free), next(free), next(free), next(free)
        pieces[a], pieces[b] = kinds
        steps += [Step(kinds[0], a, x), Step(kinds[1], b, y)]
    q_kind, r_kind = data.draw(st.permutations(kinds), label="kinds")
    s, q, r, h = next(free), next(free), next(free), next(free)
    pieces[s], pieces[r] = q_kind, r_kind
    steps += [Step(q_kind, s, q), Step(r_kind, r, h)]
    occ = _occupancy(pieces)
    rec = Recognizer()
    rec.begin_idle(occ, occ, 0.0, pieces)
    rec.pieces.expect(tuple(steps))
    target = occ
    for step in steps:
        assert step.src is not None and step.dst is not None
        target = target & ~(1 << step.src) | 1 << step.dst
    rec.begin_chores(target, tuple(steps), 0, 0.0)
    t = 0.0

    def change(new: int) -> None:
        nonlocal occ, t
        t += 0.1
        occ = new
        rec.board(occ, t)
        rec.tick(t)

    for step in steps[:-2]:  # the pairs: both pieces of a pair in the air, then both set down
        if step.piece == kinds[0]:
            held = [step]
        else:
            held.append(step)
            for one in held:
                change(occ & ~(1 << one.src))  # type: ignore[operator]
            for one in held:
                change(occ | 1 << one.dst)  # type: ignore[operator]
    assert rec.pieces.lost, "the drawn chores stay within the tracker's limit"
    change(occ & ~(1 << s))
    change(occ | 1 << h)  # the piece from s set down on h, R's square
    change(occ & ~(1 << r))
    change(occ | 1 << q)  # R hovers over q: the occupancy of the chores done, two pieces wrong
    assert rec.mode is Mode.CHORES, "done while a piece hovered on another's square"
    change(occ & ~(1 << q))  # R lifted on
    change(occ & ~(1 << h))
    change(occ | 1 << q)
    change(occ | 1 << h)
    rec.tick(t + 1.0)
    assert rec.mode is Mode.IDLE, "the chores done and the board standing still, yet not done"


def _neighbours(square: int) -> list[int]:
    row, col = divmod(square, 9)
    return [
        r * 9 + c
        for r in range(row - 1, row + 2)
        for c in range(col - 1, col + 2)
        if 0 <= r < 9 and 0 <= c < 9 and (r, c) != (row, col)
    ]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_lift_next_door_after_a_slides_time_does_not_make_the_piece_set_down_the_slid_one(
    data: st.DataObject,
) -> None:
    """The chain of the first test with the second piece on a square next to where both pass: set down there, the
    first piece closes that switch; a piece slid from next door would close it at most `SLIDE` before its own opens,
    so a lift next door that comes later is the hands' (a Chesspolitik unit carried to where the next phase's orders
    dislodge it, then the unit taking its square lifted: the sensors showed the expected occupancy with the wrong
    piece standing). A lift within the slide's time may be that slide: the board is then taken as right."""
    pieces, a, c, _, first, second = _chain(data)
    d = data.draw(st.sampled_from([sq for sq in _neighbours(c) if sq != a]), label="next door")
    pieces.pop(d, None)
    pieces[d] = second
    rec, final = _carried_then_dislodged(pieces, a, c, d, first, second)  # on c: the first, or the second sliding in
    gap = data.draw(st.floats(0.0, 1.0), label="gap")
    rec.board(final, 0.3 + gap)  # the second's square next door lifted
    rec.tick(5.0)
    if gap > SLIDE:
        assert rec.mode is Mode.CHORES, f"done with the wrong piece on the square (lifted {gap:.3f} s later)"
    else:
        assert rec.mode is Mode.IDLE, f"a slide ({gap:.3f} s) held up"
