"""The GPIO scanner on gpiozero's MockFactory, wired like the board, on virtual time."""

from __future__ import annotations

import asyncio

import pytest
from gpiozero.pins.mock import MockFactory

from controller.clock import VirtualClock
from controller.ports import BoardEvent, LinkLost, LinkRestored, OccupancyChanged, SquaresUntrusted
from hardware.debounce import DebounceConfig
from hardware.errors import BoardError
from hardware.gpio_matrix import GpioMatrix
from hardware.squares import parse
from simulator.hands import SimHands
from simulator.switches import NO_BOUNCE, Bounce, Switches
from tests.hardware.mock_matrix import COLUMNS, ROWS, MatrixWiring
from tests.simulator.timing import settle_then_advance

PERIOD = 0.005  # 200 Hz
DEBOUNCE = DebounceConfig(depth=4, flap_window=200, flap_flips=10, quiet_windows=2)


def sq(*names: str) -> int:
    return sum(1 << parse(n) for n in names)


class Rig:
    def __init__(self, initial: int = 0, bounce: Bounce = NO_BOUNCE, seed: int = 0) -> None:
        self.clock = VirtualClock()
        self.factory = MockFactory()
        self.switches = Switches(initial, bounce=bounce, seed=seed)
        self.wiring = MatrixWiring(self.factory, self.switches, self.clock)
        self.hands = SimHands(self.switches, self.clock)
        self.spins: list[float] = []
        self.matrix = GpioMatrix(
            ROWS,
            COLUMNS,
            pin_factory=self.factory,
            clock=self.clock,
            scan_hz=1 / PERIOD,
            settle=30e-6,
            debounce=DEBOUNCE,
            spin=self.spins.append,
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


async def test_a_scripted_sequence_gives_exactly_the_debounced_changes_with_bounce_filtered() -> None:
    # No jitter: every bounce edge is known, so are the scans that see it (each scan sees edges strictly before it).
    rig = Rig(initial=sq("a1", "i9"), bounce=Bounce(flips=2, spacing=0.004, jitter=0.0))
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


async def test_bounce_with_random_jitter_never_yields_intermediate_changes() -> None:
    rig = Rig(bounce=Bounce(flips=3, spacing=0.003), seed=7)
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


async def test_diodes_and_row_deselection_keep_three_corners_from_ghosting_a_fourth() -> None:
    rig = Rig(initial=sq("a1", "a2", "b1"))  # without diodes b2 would read closed too
    assert rig.matrix.read_raw() == sq("a1", "a2", "b1")
    assert rig.matrix.scan() == sq("a1", "a2", "b1")
    await rig.matrix.aclose()


async def test_one_scan_costs_one_select_and_deselect_per_row_and_one_read_per_switch() -> None:
    rig = Rig()
    before = rig.wiring.pin_calls()
    rig.spins.clear()
    rig.matrix.read_raw()
    assert rig.wiring.pin_calls() - before == 9 * 2 + 81
    assert rig.spins == [30e-6] * 9  # the settle wait after each row is selected
    await rig.matrix.aclose()


async def test_a_fast_flapping_switch_is_reported_untrusted_and_never_moves_a_piece() -> None:
    rig = Rig(initial=sq("a1"))
    await rig.start()
    await rig.at(0.05)
    rig.hands.flap(parse("e5"), period=0.02)  # 2 scans closed, 2 open: the integrator never fills
    await rig.at(1.5)
    await rig.close()
    assert rig.changes() == [(0.0, sq("a1"))]
    untrusted = [e for e in rig.events if isinstance(e, SquaresUntrusted)]
    assert [e.squares for e in untrusted] == [sq("e5")]
    assert untrusted[0].t == pytest.approx(0.995)  # the 200th scan (the first is at 0) ends the first flap window
    assert "e5" in untrusted[0].reason


async def test_a_slow_flapping_switch_is_frozen_once_untrusted_and_trusted_again_after_quiet_windows() -> None:
    rig = Rig()
    await rig.start()
    rig.hands.flap(parse("c7"), period=0.1)  # slow enough for the debounce to follow: phantom moves at first
    await rig.at(0.99)
    phantom = len(rig.changes())
    assert phantom > 2
    await rig.at(2.5)
    assert len(rig.changes()) == phantom  # untrusted at 0.995: frozen, no more changes
    rig.hands.heal(parse("c7"))
    await rig.at(5.5)
    await rig.close()
    untrusted = [(round(e.t, 3), e.squares) for e in rig.events if isinstance(e, SquaresUntrusted)]
    # Windows end at scans 200, 400, ... (t = 0.995, 1.995, ...). Healed at 2.5 inside a flipping window:
    # quiet windows end at 3.995 and 4.995, trusted again then.
    assert untrusted == [(0.995, sq("c7")), (4.995, 0)]
    assert rig.changes()[-1][1] == 0  # c7 reads open again once trusted, as the healed switch is


async def test_stuck_and_dead_switches_read_as_they_are_without_flapping_reports() -> None:
    rig = Rig(initial=sq("b2"))
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
        GpioMatrix((4, 5, 6, 13, 19, 26, 12, 16, 4), COLUMNS, pin_factory=factory, clock=clock)
    # Everything opened before the failure was released: the good pins are free again.
    matrix = GpioMatrix(ROWS, COLUMNS, pin_factory=factory, clock=clock)
    await matrix.aclose()


async def test_a_failing_gpio_read_pauses_with_link_lost_and_resumes_when_reads_work_again() -> None:
    rig = Rig(initial=sq("a1"))
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
