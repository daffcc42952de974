"""The session's gate for untrusted squares: a switch that flaps never makes a move, in particular never a Politics
(1952) claim, which is only a tap on a state's square. The switch is drawn (tests/hardware/switch_behaviour.py) and
read through the Pi's own debounce, whose events reach the session in the order the scanner publishes them."""

from __future__ import annotations

import asyncio
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from controller import games
from controller.clock import VirtualClock
from controller.games import CHANCE, SIMULTANEOUS
from controller.ports import SimOptions
from controller.session.core import Session
from controller.session.runner import Controller
from controller.session.seats import SeatKind
from hardware.debounce import DebounceConfig, Debouncer, untrusted_reason
from tests.boards import open_board
from tests.fuzz.hands import carry
from tests.hardware import switch_behaviour as sb
from tests.strategies import histories

POLITICS = games.load("politics1952")


def claim_turn(seed: int) -> tuple[Session, int]:
    """A two-seat Politics game at the board, the dice rolled, a seat to claim; a square whose tap is a claim."""
    session = Session(POLITICS, POLITICS.new(2, seed=seed), seat_kinds=[SeatKind.BOARD] * 2)
    session.start(session.state.occupancy(), 0.0)
    state = session.state
    taps = sorted(square for move in state.legal_moves() for square in state.effect(move).decision_touch)
    assert taps, "a seat at the board claims a state by tapping its square"
    return session, taps[seed % len(taps)]


def play(session: Session, square: int, behaviour: sb.Behaviour) -> list[float]:
    """Scan the drawn switch on `square` at 200 Hz through the Pi's debounce into the session; the times at which
    the square was distrusted (by the board's detectors or the session's)."""
    occupancy = session.state.occupancy()
    debouncer = Debouncer(DebounceConfig.for_rate(1 / sb.SCAN), occupancy)
    distrusted = []
    for t, level in behaviour.scans()[1:]:
        before, was = debouncer.untrusted, session.untrusted
        changed, untrusted_changed = debouncer.sample(occupancy & ~(1 << square) | level << square)
        if changed:  # published first, as the scanners do
            session.on_board(debouncer.occupancy, t)
        if untrusted_changed:
            session.on_untrusted(debouncer.untrusted, untrusted_reason(before, debouncer.untrusted), t)
        session.tick(t)
        if session.untrusted & ~was:  # by the board's detectors or the session's own
            distrusted.append(t)
    session.tick(behaviour.end + 5.0)
    return distrusted


@settings(max_examples=30)
@given(st.integers(0, 50), st.data())
def test_a_flapping_state_square_never_makes_a_claim(seed: int, data: st.DataObject) -> None:
    session, square = claim_turn(seed)
    start = session.state.occupancy() >> square & 1
    # Flaps quicker than a person's tap (a period up to 0.3 s): each is known before it could look like one.
    behaviour = data.draw(
        sb.flapping(bands=("chatter", "fast", "middle"), initial=start, hands_first=False), label="switch"
    )
    plies = len(session.history)
    distrusted = play(session, square, behaviour)
    assert distrusted, "the flap was reported"
    assert len(session.history) == plies, [p.text for p in session.history[plies:]]
    if behaviour.flap is not None and behaviour.flap.end == float("inf"):
        assert "flapping" in session.message  # the players read which square the board ignores


@settings(max_examples=30)
@given(st.integers(0, 50), st.data())
def test_a_slow_flap_makes_no_claim_once_it_is_known(seed: int, data: st.DataObject) -> None:
    """A switch opening and closing every 0.3-2 s looks like a hand until it has done so a few times: a claim it
    makes before may stand, but none once it is distrusted (and none while its pending tap waits to settle)."""
    session, square = claim_turn(seed)
    start = session.state.occupancy() >> square & 1
    behaviour = data.draw(sb.flapping(bands=("slow",), initial=start, hands_first=False), label="switch")
    committed: list[float] = []
    original = session.on_board

    def watched(occupancy: int, t: float) -> None:
        before = len(session.history)
        original(occupancy, t)
        committed.extend([t] * (len(session.history) - before))

    session.on_board = watched  # type: ignore[method-assign]
    tick = session.tick

    def watched_tick(t: float) -> None:
        before = len(session.history)
        tick(t)
        committed.extend([t] * (len(session.history) - before))

    session.tick = watched_tick  # type: ignore[method-assign]
    distrusted = play(session, square, behaviour)
    assert distrusted
    assert all(t < distrusted[0] for t in committed), (committed, distrusted)


@pytest.mark.parametrize("period", [0.04, 0.15, 0.4])
async def test_a_flapping_state_square_on_the_simulated_board_makes_no_claim(period: float) -> None:
    """The whole path: the simulated board's scanner and debounce, the controller's loop, the session. The state's
    square flaps for seconds (a cycle every 40, 150 or 400 ms), heals, and the board still waits for the claim."""
    clock = VirtualClock()
    session, square = claim_turn(7)
    board = await open_board("sim", clock, initial=session.state.occupancy(), sim=SimOptions(keep_frames=0))
    assert board.sim is not None
    controller = Controller(session, board.matrix, clock, frame_rate=None)
    task = asyncio.create_task(controller.run())
    await clock.advance(0.5)
    plies = len(session.history)
    board.sim.flap(square, period=period)
    await clock.advance(4.5)
    assert session.untrusted == 1 << square and "flapping" in session.message
    board.sim.heal(square)
    await clock.advance(10.0)
    assert session.untrusted == 0
    assert len(session.history) == plies, [p.text for p in session.history[plies:]]
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await board.aclose()


# ---- a square distrusted while hands make a move -------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["polis", "politrics", "djambi", "politics1952"]), st.data())
def test_a_square_distrusted_while_hands_make_a_move_never_makes_another_move(name: str, data: st.DataObject) -> None:
    """Quick hands trip the flap detector on a square of the move (before, during or after their change there):
    the square freezes at what it read, its switch is trusted again once quiet. Whatever the moment, the board
    commits the move made or nothing (it asks, or waits), never another one."""
    state = data.draw(histories(name, ongoing=True, max_actions=60)).final
    while state.to_move is CHANCE:
        state = state.play(state.sample_chance())
    physical = [m for m in state.legal_moves() if state.effect(m).decision or state.effect(m).decision_touch]
    assume(state.to_move is not SIMULTANEOUS and physical)
    move = data.draw(st.sampled_from(physical), label="move")
    session = Session(state.game, state, seat_kinds=[SeatKind.BOARD] * state.seats)
    occupancy = state.occupancy()
    session.start(occupancy, 0.0)
    acts = carry(
        random.Random(data.draw(st.integers(0, 2**16))), occupancy, state.effect(move), dict(state.play(move).pieces())
    )
    square = data.draw(st.sampled_from(sorted({a.square for a in acts})), label="square")
    at = data.draw(st.integers(0, len(acts)), label="distrusted after act")
    t, frozen = 0.0, None
    for i, act in enumerate([*acts, None]):
        if i == at:
            frozen = occupancy >> square & 1
            session.on_untrusted(1 << square, "flapping", t)
        if act is None:
            break
        occupancy = occupancy | 1 << act.square if act.piece is not None else occupancy & ~(1 << act.square)
        shown = occupancy if frozen is None else occupancy & ~(1 << square) | frozen << square
        t += data.draw(st.floats(0.05, 0.5))
        session.on_board(shown, t)
        session.tick(t)
    session.tick(t + 3.0)
    session.on_board(occupancy, t + 3.0)  # quiet: the real reading first, then the change of trust
    session.on_untrusted(0, untrusted_reason(1 << square, 0), t + 3.0)
    session.tick(t + 10.0)
    made = [entry.move for entry in session.history]
    assert made in ([], [move]), (str(move), [str(m) for m in made])
