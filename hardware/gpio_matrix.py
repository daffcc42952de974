"""The reed-switch matrix on the Pi's own GPIO: 9 rows driven low one at a time, 9 columns read with pull-ups.

Electrically: a closed switch in the selected row pulls its column low through its diode; the diodes keep the
unselected rows (driven high) out of the picture, so any pattern of magnets reads correctly (no ghosting).

Scanning runs as a task on the controller's event loop rather than a thread: one scan is about 100 pin calls plus
nine ~30 us settle waits, well under a millisecond on a Pi 4, and doing it in the loop keeps every timing rule on
the injected Clock, so the tests drive it on virtual time and get the same events every run.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from controller.ports import BoardEvent, Clock, LinkLost, LinkRestored, OccupancyChanged, SquaresUntrusted
from hardware.debounce import DebounceConfig, Debouncer, untrusted_reason
from hardware.errors import BoardError
from hardware.hub import EventHub

SIZE = 9


def busy_wait(seconds: float) -> None:
    """Spin for a few microseconds: sleeping would hand the CPU away for a millisecond or more."""
    end = time.perf_counter_ns() + int(seconds * 1e9)
    while time.perf_counter_ns() < end:
        pass


class GpioMatrix:
    """SwitchMatrix over gpiozero pins. `pin_factory` is any gpiozero Factory (lgpio, RPi.GPIO, MockFactory)."""

    def __init__(
        self,
        rows: Sequence[int],
        columns: Sequence[int],
        *,
        pin_factory: Any,
        clock: Clock,
        scan_hz: float = 200.0,
        settle: float = 30e-6,
        debounce: DebounceConfig | None = None,
        spin: Callable[[float], None] = busy_wait,
    ) -> None:
        if len(rows) != SIZE or len(columns) != SIZE:
            raise ValueError(f"a 9x9 matrix needs 9 rows and 9 columns, not {len(rows)} and {len(columns)}")
        from gpiozero import DigitalOutputDevice, InputDevice
        from gpiozero.exc import GPIOZeroError

        self._clock = clock
        self._period = 1.0 / scan_hz
        self._settle = settle
        self._spin = spin
        self._devices: list[Any] = []
        try:
            for pin in rows:
                # active_high=False: "on" selects a row by driving it low; idle rows sit high.
                self._devices.append(
                    DigitalOutputDevice(pin, active_high=False, initial_value=False, pin_factory=pin_factory)
                )
            for pin in columns:
                self._devices.append(InputDevice(pin, pull_up=True, pin_factory=pin_factory))
        except GPIOZeroError as exc:
            self._close_devices()
            raise BoardError(f"cannot set up the switch matrix pins: {exc}") from exc
        # The scan touches the pins directly: gpiozero's device properties cost several calls per read.
        self._rows = [d.pin for d in self._devices[:SIZE]]
        self._columns = [d.pin for d in self._devices[SIZE:]]
        self._masks = [[1 << (r * SIZE + c) for c in range(SIZE)] for r in range(SIZE)]
        self._debouncer = Debouncer(debounce or DebounceConfig(), self.read_raw())
        self._hub = EventHub(self._debouncer.occupancy)
        self._task: asyncio.Task[None] | None = None
        self.scans = 0

    def read_raw(self) -> int:
        """One full scan of the switches, without debounce."""
        occ = 0
        settle, spin = self._settle, self._spin
        columns = self._columns
        for row, masks in zip(self._rows, self._masks, strict=True):
            row.state = 0
            if settle:
                spin(settle)
            for col, bit in zip(columns, masks, strict=True):
                if not col.state:
                    occ |= bit
            row.state = 1
        return occ

    def scan(self) -> int:
        return self._debouncer.occupancy

    def events(self) -> AsyncIterator[BoardEvent]:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="gpio-matrix-scan")
        return self._hub.subscribe(self._clock.now())

    async def aclose(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        self._hub.close()
        self._close_devices()

    def _close_devices(self) -> None:
        for d in self._devices:
            d.close()
        self._devices.clear()

    def step(self) -> None:
        """One scan through the debouncer, publishing what changed."""
        untrusted_before = self._debouncer.untrusted
        changed, untrusted_changed = self._debouncer.sample(self.read_raw())
        self.scans += 1
        now = self._clock.now()
        if untrusted_changed:
            squares = self._debouncer.untrusted
            self._hub.publish(SquaresUntrusted(now, squares, untrusted_reason(untrusted_before, squares)))
        if changed:
            self._hub.publish(OccupancyChanged(now, self._debouncer.occupancy))

    async def _run(self) -> None:
        clock, period = self._clock, self._period
        deadline = clock.now()
        failing = False
        while True:
            try:
                self.step()
                if failing:
                    failing = False
                    self._hub.publish(LinkRestored(clock.now(), self._debouncer.occupancy))
            except Exception as exc:  # a GPIO library error must pause the game, not kill the scan silently
                if not failing:
                    failing = True
                    self._hub.publish(LinkLost(clock.now(), f"reading the switch matrix failed: {exc}"))
                await clock.sleep(1.0)
                deadline = clock.now()
                continue
            deadline += period
            delay = deadline - clock.now()
            if delay < -period:
                # Far behind (a long pause): skip the missed scans instead of running them back to back.
                deadline = clock.now()
                delay = 0.0
            await clock.sleep(delay)
