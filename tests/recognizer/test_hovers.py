"""A piece set down for a moment on an empty square on its way is no move of its own, even where the board then
rests on the position of another whole legal move.

Drawn Politrics positions right before a board's last beat (tests.fuzz.starts: the aimed start), where every piece is
cleared off with the board, so the hands may start the chores first: a drawn last beat is carried out with the
piece of another legal move of the same seat taken off first (one of the beat's chores), then the mover lifted and
set down for a moment on that other move's destination, and lifted again on its way to its own, where it lands and
the hands stop (cleared off entirely, the board would be every last beat's end, and asks). For that moment the
board shows the other move's decision with part of its chores done; lifted again, the board could still become the
beat meant, so the board must wait the settle time before committing, and take the move the hands make.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games import Move, State
from controller.recognizer import Recognized, Recognizer, Signal, build_index
from tests.fuzz.positions import LAST_BEAT
from tests.fuzz.starts import aimed_start

GAP = 0.1  # seconds between the hands' acts: quicker than the settle time, as a hovering hand is


def _step(state: State, move: Move) -> tuple[int, int] | None:
    """The one piece `move`'s decision carries from a square to another, if that is all it does."""
    decision = state.effect(move).decision
    if len(decision) != 1 or decision[0].src is None or decision[0].dst is None:
        return None
    return decision[0].src, decision[0].dst


def _recognized(signals: list[Signal]) -> list[Move]:
    return [s.candidate.move for s in signals if isinstance(s, Recognized)]


Pair = tuple[Move, tuple[int, int], tuple[int, int], set[int]]


def _pairs(state: State, legal: Sequence[Move]) -> list[Pair]:
    """A beat meant (its step, the other's step, the squares it clears), and another last beat whose piece the first
    clears off, which clears off the first's piece in turn, and whose destination the first leaves empty; the other
    move's piece can go nowhere else (or the board would wait for it to slide on anyway)."""
    start = state.occupancy()
    steps = {move: _step(state, move) for move in legal}
    ends: dict[int, set[int]] = {}
    for step in steps.values():
        if step is not None:
            ends.setdefault(step[0], set()).add(step[1])
    cleared = {m: {s.src for s in state.effect(m).chores if s.src is not None and s.dst is None} for m in legal}
    out = []
    for want, mine in steps.items():
        for other, theirs in steps.items():
            if mine is None or theirs is None or other == want or len(ends[theirs[0]]) > 1:
                continue
            crossed = theirs[0] in cleared[want] and mine[0] in cleared[other]
            if crossed and not start >> theirs[1] & 1 and theirs[1] != mine[1]:
                out.append((want, mine, theirs, cleared[want]))
    return out


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_piece_hovering_on_another_moves_square_is_not_that_move(data: st.DataObject) -> None:
    state, script = aimed_start("politrics", LAST_BEAT, random.Random(data.draw(st.integers(0, 2**16))))
    if not script or not isinstance(state.to_move, int):
        return
    start = state.occupancy()
    legal = state.legal_moves()
    pairs = _pairs(state, legal)
    if not pairs:
        return
    want, (src, dst), (other_src, hover), chores = data.draw(st.sampled_from(pairs))
    rest = sorted(chores - {other_src, src})
    early = data.draw(st.lists(st.sampled_from(rest), unique=True, max_size=3)) if rest else []
    # (square, set down?) in the order of the hands.
    acts = [(sq, False) for sq in [other_src, *early]]
    acts += [(src, False), (hover, True), (hover, False), (dst, True)]

    recognizer = Recognizer()
    recognizer.begin_turn(build_index(state, legal), start, 0.0)
    occupancy, t, taken = start, 0.0, []
    for square, down in acts:
        t += GAP
        while (deadline := recognizer.deadline()) is not None and deadline <= t:
            taken += _recognized(recognizer.tick(deadline))
        occupancy = occupancy | 1 << square if down else occupancy & ~(1 << square)
        taken += _recognized(recognizer.interrupted(occupancy, t) + recognizer.board(occupancy, t))
        if taken:
            break
    while not taken and (deadline := recognizer.deadline()) is not None:
        taken += _recognized(recognizer.tick(deadline))
    assert [state.record(m) for m in taken[:1]] == [state.record(want)]
