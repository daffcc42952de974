"""The GPIO scanner on virtual time, through both pin seams: lgpio's group calls (a stand-in lgpio wired like the
board) and gpiozero's per-pin calls (MockFactory wired like the board)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.clock import VirtualClock
from controller.ports import BoardEvent, LinkLost, LinkRestored, OccupancyChanged, SquaresUntrusted
from hardware.debounce import DebounceConfig
from hardware.errors import BoardError
from hardware.gpio_matrix import GpioMatrix
from hardware.matrix_pins import GpiozeroMatrixPins, LgpioMatrixPins
from hardware.squares import parse
from simulator.hands import SimHands
from simulator.switches import NO_BOUNCE, Bounce, Switches
from tests.hardware import switch_behaviour as sb
from tests.hardware.fake_lgpio import FakeLgpio
from tests.hardware.mock_matrix import COLUMNS, ROWS, MatrixWiring
from tests.simulator.timing import settle_then_advance

PERIOD = 0.005  # 200 Hz
DEBOUNCE = DebounceConfig.for_rate(1 / PERIOD)  # the pin map's: 20 ms, flaps over 0.5 s and 6 s, 2 s quiet


def sq(*names: str) -> int:
    return sum(1 << parse(n) for n in names)


@pytest.fixture(params=["lgpio", "gpiozero"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


class Rig:
    def __init__(
        self,
        initial: int = 0,
        bounce: Bounce = NO_BOUNCE,
        seed: int = 0,
        backend: str = "lgpio",
        still_hz: float | None = None,
    ) -> None:
        self.clock = VirtualClock()
        self.switches = Switches(initial, bounce=bounce, seed=seed)
        self.hands = SimHands(self.switches, self.clock)
        self.spins: list[float] = []
        self.lgpio = FakeLgpio(ROWS, COLUMNS, lambda: self.switches.level(self.clock.now()))
        if backend == "lgpio":
            pins: Any = LgpioMatrixPins(self.lgpio, 100, ROWS, COLUMNS)
        else:
            self.factory = MockFactory()
            self.wiring = MatrixWiring(self.factory, self.switches, self.clock)
            pins = GpiozeroMatrixPins(self.factory, ROWS, COLUMNS)
        self.matrix = GpioMatrix(
            pins,
            clock=self.clock,
            scan_hz=1 / PERIOD,
            settle=30e-6,
            debounce=DEBOUNCE,
            spin=self.spins.append,
            still_hz=still_hz,
        )
        self.events: list[BoardEvent] = []
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        stream = self.matrix.events()

        async def collect() -> None:
            async for e in stream:
                self.events.append(e)

        self._task = asyncio.ensure_future(collect())
        await settle_then_advance(self.clock, 0)

    async def at(self, t: float) -> None:
        await settle_then_advance(self.clock, t)

    async def close(self) -> None:
        await self.matrix.aclose()
        if self._task is not None:
            await asyncio.wait_for(self._task, 5)

    def changes(self) -> list[tuple[float, int]]:
        return [(e.t, e.occupancy) for e in self.events if isinstance(e, OccupancyChanged)]


async def test_a_scripted_sequence_gives_exactly_the_debounced_changes_with_bounce_filtered(backend: str) -> None:
    # No jitter: every bounce edge is known, so are the scans that see it (each scan sees edges strictly before it).
    rig = Rig(initial=sq("a1", "i9"), bounce=Bounce(flips=2, spacing=0.004, jitter=0.0), backend=backend)
    await rig.start()
    await rig.at(0.1002)
    rig.hands.place(parse("c3"))  # closes 0.1002, opens 0.1042, closes 0.1082, opens 0.1122, closes 0.1162
    await rig.at(0.3001)
    rig.hands.lift(parse("a1"))  # opens 0.3001, closes 0.3041, opens 0.3081, closes 0.3121, opens 0.3161
    await rig.at(0.6)
    await rig.close()
    # c3 reads 0 at 0.105, 1 at 0.110, 0 at 0.115, then 1 from 0.120: the integrator is full 4 scans later.
    assert rig.changes() == [
        (0.0, sq("a1", "i9")),
        (pytest.approx(0.135), sq("a1", "i9", "c3")),
        (pytest.approx(0.335), sq("i9", "c3")),
    ]


async def test_bounce_with_random_jitter_never_yields_intermediate_changes(backend: str) -> None:
    rig = Rig(bounce=Bounce(flips=3, spacing=0.003), seed=7, backend=backend)
    await rig.start()
    script = ["e5", "e6", "d4"]
    for i, name in enumerate(script):
        await rig.at(0.2 * (i + 1))
        rig.hands.place(parse(name))
    await rig.at(1.0)
    rig.hands.lift(parse("e5"))
    await rig.at(1.5)
    await rig.close()
    assert [occ for _, occ in rig.changes()] == [0, sq("e5"), sq("e5", "e6"), sq("e5", "e6", "d4"), sq("e6", "d4")]


async def test_diodes_and_row_deselection_keep_three_corners_from_ghosting_a_fourth(backend: str) -> None:
    rig = Rig(initial=sq("a1", "a2", "b1"), backend=backend)  # without diodes b2 would read closed too
    assert rig.matrix.read_raw() == sq("a1", "a2", "b1")
    assert rig.matrix.scan() == sq("a1", "a2", "b1")
    await rig.matrix.aclose()


def rows_with_a_piece(occupancy: int) -> int:
    return sum(1 for r in range(8) if occupancy >> (r * 9) & 0x1FF)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, (1 << 81) - 1))
def test_a_scan_through_lgpio_costs_19_library_calls_and_reads_any_pattern(occupancy: int) -> None:
    # One group write selects each row, one group read takes its nine columns, one write releases them all. The
    # settle wait comes only after a row that pulled a column low: the columns need it to recover.
    lg = FakeLgpio(ROWS, COLUMNS, lambda: occupancy, recovery=30e-6)
    spins: list[float] = []

    def spin(seconds: float) -> None:
        spins.append(seconds)
        lg.elapse(seconds)

    matrix = GpioMatrix(LgpioMatrixPins(lg, 100, ROWS, COLUMNS), clock=VirtualClock(), spin=spin)
    before, spins[:] = lg.total(), []
    lg.elapse(PERIOD)  # from the previous scan
    assert matrix.read_raw() == occupancy
    assert lg.total() - before == 19  # the budget is 20
    assert spins == [30e-6] * rows_with_a_piece(occupancy)
    assert not lg.pushed_high  # rows are only ever pulled low or released
    asyncio.run(matrix.aclose())
    assert not lg.claimed


def test_without_the_settle_wait_a_recovering_column_reads_a_ghost_in_the_next_rank() -> None:
    occupancy = sq("c3")
    lg = FakeLgpio(ROWS, COLUMNS, lambda: occupancy, recovery=30e-6)
    matrix = GpioMatrix(LgpioMatrixPins(lg, 100, ROWS, COLUMNS), clock=VirtualClock(), settle=0.0)
    lg.elapse(PERIOD)
    assert matrix.read_raw() & sq("c3", "c4") == sq("c3", "c4")  # c4 is a ghost: what the wait prevents
    asyncio.run(matrix.aclose())


async def test_a_scan_through_gpiozero_pulls_one_row_low_at_a_time_and_never_drives_a_row_high() -> None:
    rig = Rig(initial=sq("c3", "g7"), backend="gpiozero")
    before = rig.wiring.pin_calls()
    assert rig.matrix.read_raw() == sq("c3", "g7")
    assert rig.wiring.pin_calls() - before == 9 * 2 + 81  # select + release per row, one read per switch
    assert not any(p.pushed_high for p in rig.wiring.rows)
    assert all(p.function == "input" for p in rig.wiring.rows)  # released between scans
    await rig.matrix.aclose()


async def test_a_fast_flapping_switch_is_reported_untrusted_and_never_moves_a_piece(backend: str) -> None:
    rig = Rig(initial=sq("a1"), backend=backend)
    await rig.start()
    await rig.at(0.05)
    rig.hands.flap(parse("e5"), period=0.02)  # 2 scans closed, 2 open: the integrator never fills
    await rig.at(1.5)
    await rig.close()
    assert rig.changes() == [(0.0, sq("a1"))]
    untrusted = [e for e in rig.events if isinstance(e, SquaresUntrusted)]
    assert [e.squares for e in untrusted] == [sq("e5")]
    # Flips every 10 ms, counted once per 20 ms debounce: the tenth counted 180 ms after the first (at 0.055),
    # seen by the next scan. No window boundary to wait for.
    assert untrusted[0].t == pytest.approx(0.24)
    assert "e5" in untrusted[0].reason


async def test_a_slow_flapping_switch_is_frozen_while_untrusted_and_trusted_after_the_quiet_time(
    backend: str,
) -> None:
    rig = Rig(backend=backend)
    await rig.start()
    rig.hands.flap(parse("c7"), period=0.1)  # slow enough for the debounce to follow: phantom moves at first
    await rig.at(0.2)
    phantom = len(rig.changes())
    assert phantom > 2
    await rig.at(2.5)
    assert len(rig.changes()) == phantom  # untrusted at 0.215: frozen, no more changes
    rig.hands.heal(parse("c7"))
    await rig.at(5.5)
    await rig.close()
    untrusted = [(round(e.t, 3), e.squares) for e in rig.events if isinstance(e, SquaresUntrusted)]
    # Flips every 50 ms from 0, each through the 20 ms debounce: the fifth debounced change, at 0.215, is five within
    # half a second, more than hands make (the quick detector; the fast one would count its tenth flip at 0.45). Its
    # last flip is seen at 2.455; the quiet time ends two seconds later.
    assert untrusted == [(0.215, sq("c7")), (4.455, 0)]
    assert rig.changes()[-1][1] == 0  # c7 reads open again once trusted, as the healed switch is


async def test_stuck_and_dead_switches_read_as_they_are_without_flapping_reports(backend: str) -> None:
    rig = Rig(initial=sq("b2"), backend=backend)
    await rig.start()
    rig.hands.stick(parse("h8"))
    rig.hands.kill(parse("b2"))
    await rig.at(0.5)
    rig.hands.place(parse("c3"))
    await rig.at(1.5)
    await rig.close()
    assert [occ for _, occ in rig.changes()] == [sq("b2"), sq("h8"), sq("h8", "c3")]
    assert not [e for e in rig.events if isinstance(e, SquaresUntrusted)]


async def test_a_pin_already_in_use_is_refused_with_the_pin_named() -> None:
    factory = MockFactory()
    clock = VirtualClock()
    with pytest.raises(BoardError, match="GPIO4"):
        GpioMatrix.on_factory((4, 5, 6, 13, 19, 26, 12, 16, 4), COLUMNS, pin_factory=factory, clock=clock)
    # Everything opened before the failure was released: the good pins are free again.
    matrix = GpioMatrix.on_factory(ROWS, COLUMNS, pin_factory=factory, clock=clock)
    await matrix.aclose()


@pytest.mark.parametrize(("pin", "line"), [(8, "column of file d"), (7, "column of file e"), (26, "row of rank 9")])
def test_a_busy_pin_is_one_line_naming_it_and_how_to_free_the_spi_chip_selects(pin: int, line: str) -> None:
    lg = FakeLgpio(ROWS, COLUMNS, lambda: 0, busy=[pin])
    with pytest.raises(BoardError) as caught:
        LgpioMatrixPins(lg, 100, ROWS, COLUMNS)
    message = str(caught.value)
    assert message.startswith(f"GPIO{pin} (the matrix {line}) is busy") and "dtoverlay=spi0-0cs" in message
    assert "\n" not in message
    assert not lg.claimed  # the rows claimed before the columns failed are free again


async def test_a_failing_gpio_read_pauses_with_link_lost_and_resumes_when_reads_work_again(backend: str) -> None:
    rig = Rig(initial=sq("a1"), backend=backend)
    original = rig.matrix.read_raw
    broken = True

    def flaky() -> int:
        if broken:
            raise OSError("lgpio: bad handle")
        return original()

    rig.matrix.read_raw = flaky  # type: ignore[method-assign]
    await rig.start()
    await rig.at(0.5)
    broken = False
    await rig.at(2.0)
    await rig.close()
    kinds = [type(e) for e in rig.events]
    assert kinds == [OccupancyChanged, LinkLost, LinkRestored]
    assert "bad handle" in rig.events[1].message  # type: ignore[union-attr]


# ---- a still board is scanned more slowly -------------------------------------------------------------------------


SQUARE = st.integers(0, 80)


@settings(max_examples=10, deadline=None)
@given(
    initial=st.integers(0, (1 << 81) - 1),
    touches=st.lists(
        st.tuples(st.floats(0.0, 1.0), SQUARE, st.sampled_from([0.0, 0.002, 0.004, 0.012])), min_size=1, max_size=4
    ),
)
def test_a_still_board_reports_the_same_changes_at_most_one_still_period_later(
    initial: int, touches: list[tuple[float, int, float]]
) -> None:
    """Pieces lifted and placed (some put straight back, too briefly to count) at random moments, with still
    spells in between: the slowed scanner reports exactly the changes the full-rate one does, each at most one
    still period later (the debounce itself runs at the full rate)."""

    async def run(still_hz: float | None) -> list[BoardEvent]:
        rig = Rig(initial, still_hz=still_hz)
        await rig.start()
        t = 0.0
        for pause, square, held in touches:
            t += 0.6 + pause  # a still spell: long enough for the slower rate to start
            await rig.at(t)
            rig.hands.toggle(square)
            if held:  # put straight back: a touch shorter than the debounce is no change
                await rig.at(t + held)
                rig.hands.toggle(square)
        await rig.at(t + 1.0)
        await rig.close()
        return rig.events

    full = asyncio.run(run(None))
    still = asyncio.run(run(50.0))
    changes = [e for e in full if isinstance(e, OccupancyChanged)]
    slowed = [e for e in still if isinstance(e, OccupancyChanged)]
    assert [e.occupancy for e in slowed] == [e.occupancy for e in changes]
    for a, b in zip(changes, slowed, strict=True):
        assert a.t <= b.t <= a.t + 4 * PERIOD + 1e-9
    assert not [e for e in still if isinstance(e, SquaresUntrusted)]


async def test_a_board_left_alone_reads_its_switches_at_the_still_rate_until_a_piece_moves() -> None:
    rig = Rig(initial=sq("a1", "e5"), still_hz=50.0)
    await rig.start()
    await rig.at(10.0)
    idle = rig.matrix.scans
    assert 0.5 * 200 + 9.5 * 50 - 5 <= idle <= 0.5 * 200 + 9.5 * 50 + 5  # full rate for half a second, then 50/s
    rig.hands.lift(parse("e5"))
    await rig.at(10.5)
    # Back to 200 scans a second from the first scan that saw the lift; the change debounced as at full rate.
    assert rig.matrix.scans - idle >= 0.48 * 200
    assert rig.changes()[-1] == (pytest.approx(10.035, abs=0.016), sq("a1"))


async def test_the_still_rate_is_at_most_the_scan_rate() -> None:
    with pytest.raises(ValueError, match="still scan rate"):
        Rig(still_hz=400.0)


class Drawn:
    """One square's switch doing what tests/hardware/switch_behaviour.py drew, the others open."""

    def __init__(self, square: int, behaviour: sb.Behaviour) -> None:
        self.square, self.behaviour = square, behaviour

    def level(self, t: float) -> int:
        return self.behaviour.level(t) << self.square


@settings(max_examples=5)
@given(st.integers(0, 80), sb.flapping(bands=("chatter", "fast", "middle"), heals=False))
async def test_a_drawn_flap_on_the_mock_gpio_matrix_is_reported_in_time_and_then_moves_nothing(
    square: int, behaviour: sb.Behaviour
) -> None:
    assert behaviour.flap is not None
    clock, factory = VirtualClock(), MockFactory()
    MatrixWiring(factory, Drawn(square, behaviour), clock)
    matrix = GpioMatrix.on_factory(
        ROWS, COLUMNS, pin_factory=factory, clock=clock, scan_hz=1 / sb.SCAN, debounce=DEBOUNCE, spin=lambda _: None
    )
    events: list[BoardEvent] = []

    async def collect() -> None:
        async for e in matrix.events():
            events.append(e)

    task = asyncio.ensure_future(collect())
    await settle_then_advance(clock, behaviour.end)
    await matrix.aclose()
    await asyncio.wait_for(task, 5)
    distrusted = [e for e in events if isinstance(e, SquaresUntrusted)]
    assert [e.squares for e in distrusted] == [1 << square]
    seen = distrusted[0].t - behaviour.flap.start
    slow = (sb.SLOW_CHANGES - 1) * behaviour.flap.longest_half + 0.03
    assert 0 < seen <= (0.5 if behaviour.flap.band != "middle" else slow)
    after = [e for e in events if isinstance(e, OccupancyChanged) and e.t > distrusted[0].t]
    assert not after  # frozen: the flap moves no piece once it is known
