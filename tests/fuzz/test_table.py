"""The recognition fuzzer's table passes the sensors on as the board's scanners do (hardware.gpio_matrix,
simulator.board, the serial link): a change of occupancy before a change of the squares distrusted, so a square
trusted again is never read at its frozen value for a moment. A slow flap on a Politics (1952) state square, whatever
its frozen and final readings, then makes no claim, and the fuzzer never counts a move the board took from a flap."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from controller import games
from controller.session.core import Session
from controller.session.seats import SeatKind
from controller.session.sources import Source
from simulator.switches import NO_BOUNCE
from tests.fuzz.table import Table, Tally

POLITICS = games.load("politics1952")


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 50),
    # The board's slow detector calls a flap at its seventeenth change in a row, a set-down that it freezes up; the
    # flap ends up, the switch reading empty while its frozen value may be a pin set down.
    changes=st.integers(9, 12).map(lambda n: 2 * n),
    half=st.floats(0.3, 1.0),
)
def test_a_slow_flap_on_a_state_square_makes_no_claim(seed: int, changes: int, half: float) -> None:
    state = POLITICS.new(2, seed=seed)
    while state.to_move is not None and not isinstance(state.to_move, int):
        state = state.play(state.sample_chance())
    session = Session(POLITICS, state, seat_kinds=[SeatKind.BOARD] * 2)
    table = Table(session, random.Random(seed), Tally(), bounce=0.0)
    taps = sorted(sq for m in state.legal_moves() for sq in state.effect(m).decision_touch)
    square = taps[seed % len(taps)]
    for n in range(changes):
        table.advance(table.t + half)
        table.switches.move(square, n % 2 == 0, table.t, NO_BOUNCE)
    table.quiet(limit=30.0)
    assert table.deb.untrusted == 0, "the flap is not over"
    made = [str(p.move) for p in session.history if p.source is Source.BOARD]
    # The eight taps before the flap was known are the slow detector's business (docs/flapping.md); no claim may
    # come from what the square read while it was distrusted, or from its frozen value when it was trusted again.
    assert len(made) <= 8, f"claims from the flap: {made}"
