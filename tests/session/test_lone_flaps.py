"""The session's own flap detector (controller.session.flaps): a switch flapping alone is distrusted at its fifth
change in a row with the rest of the board still and no move taken in between, whatever its period, and once
distrusted it never makes a move. Hands are the recognition fuzzer's (tests/fuzz/test_recognition.py counts every
square they get distrusted as a false flap)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.session.flaps import LONE_CHANGES, LONE_GAP, QUIET, LoneFlaps, reason
from tests.session.flap_runs import PI, SCAN, at_rest, flap, halves

GAMES = ("politrics", "polis", "politics1952", "chesspolitik", "djambi")
DEBOUNCE = PI.depth * SCAN


def changes(flaps: LoneFlaps, square: int, times: list[float], start: int = 0) -> list[int]:
    """The square toggled at `times` from `start`: what each reading newly distrusted."""
    occ, out = start, []
    for t in times:
        occ ^= 1 << square
        out.append(flaps.board(occ, t))
    return out


def test_the_fifth_lone_change_in_a_row_is_distrusted_the_fourth_is_not() -> None:
    flaps = LoneFlaps()
    flaps.reset(0)
    got = changes(flaps, 7, [0.0, 0.9, 1.8, 2.7, 3.6])
    assert got == [0, 0, 0, 0, 1 << 7] and flaps.untrusted == 1 << 7
    assert "h1" in reason(0, 1 << 7) and "trusted again" in reason(1 << 7, 0)


@pytest.mark.parametrize("between", ["other square", "two squares at once", "a move taken", "a pause"])
def test_a_run_is_broken_by_the_rest_of_the_board_a_move_or_a_pause(between: str) -> None:
    flaps = LoneFlaps()
    flaps.reset(0)
    occ = 0
    for i, t in enumerate([0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5]):
        if i == 3:
            if between == "other square":
                occ ^= 1 << 40
                flaps.board(occ, t - 0.1)
            elif between == "two squares at once":
                occ ^= 1 << 40 | 1 << 5
                flaps.board(occ, t - 0.1)
            elif between == "a move taken":
                flaps.understood()
        if between == "a pause" and i >= 3:
            t += LONE_GAP
        occ ^= 1 << 5
        newly = flaps.board(occ, t)
        # Broken before the fourth change: the fifth change of the run begun there is the eighth.
        assert newly == (1 << 5 if i == 7 else 0), (between, i)


def test_a_distrusted_square_is_trusted_again_once_quiet_and_breaks_no_other_run() -> None:
    flaps = LoneFlaps()
    flaps.reset(0)
    changes(flaps, 3, [0.1 * k for k in range(LONE_CHANGES)])
    assert flaps.untrusted == 1 << 3
    # Another switch flaps too, the first one still flapping in between until 1.4 s: each is seen.
    occ = 1 << 3
    for k in range(LONE_CHANGES):
        occ ^= 1 << 60
        if k < 3:
            occ ^= 1 << 3
        assert flaps.board(occ, 1.0 + 0.2 * k) == (1 << 60 if k == LONE_CHANGES - 1 else 0)
    assert flaps.untrusted == 1 << 3 | 1 << 60
    assert flaps.due() == pytest.approx(1.4 + QUIET)
    assert flaps.tick(1.4 + QUIET - 0.01) == 0
    assert flaps.tick(flaps.due() or 0.0) == 1 << 3  # quiet since 1.4 s
    assert flaps.due() == pytest.approx(1.8 + QUIET)
    assert flaps.tick(flaps.due() or 0.0) == 1 << 60 and flaps.untrusted == 0 and flaps.due() is None


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(GAMES),
    st.integers(0, 10**6),
    st.floats(0.05, 2.0),
    st.floats(0.0, 0.3),
    st.floats(0.0, SCAN),
    st.booleans(),
)
def test_a_flap_of_any_period_is_reported_at_the_change_no_hand_makes_and_then_makes_no_move(
    name: str, seed: int, period: float, jitter: float, offset: float, occupied: bool
) -> None:
    """A switch of any game's board at rest flapping with a period of 50 ms-2 s (halves irregular by up to 30%),
    on a piece's square or an empty one: distrusted no later than its fifth debounced change in a row with no move
    taken in between (the first no hand makes; its seventeenth, the board's slow count, when each pair of its changes is
    a move, a Politics claim), within half a second of its first change when that fifth change comes within it, and
    no move is taken once it is distrusted."""
    state = at_rest(name, seed)
    rng = random.Random(seed)
    region = state.game.region(state.seats).mask & (state.occupancy() if occupied else ~state.occupancy())
    squares = [s for s in range(81) if region >> s & 1] or list(range(81))
    square = rng.choice(squares)
    run = flap(state, square, halves(period, jitter, rng, 14.0), offset=offset, watch=3.0)
    assert run.distrusted is not None, "never reported"
    c = run.changes
    lone = next(
        (
            c[k]
            for k in range(LONE_CHANGES - 1, len(c))
            if not any(c[k - LONE_CHANGES + 1] <= m < c[k] for m in run.commits)
        ),
        None,
    )
    slow = c[PI.slow_changes - 1] if len(c) >= PI.slow_changes else None
    bound = lone if lone is not None else slow
    # No bound to check: the board's fast or quick count distrusted it (freezing what it reports) before either.
    assert bound is None or run.distrusted <= bound + 1e-9, (run.distrusted, bound, c[:6], run.commits)
    if lone is not None and lone <= 0.5:
        assert run.distrusted <= 0.5
    if period / 2 < (0.5 - DEBOUNCE - SCAN) / (LONE_CHANGES - 1):  # five changes within half a second
        assert run.distrusted <= 0.5
    assert run.committed_after == [], "a move from a distrusted square"
