"""The reed-switch matrix on the Pi's own GPIO: 9 rows pulled low one at a time, 9 columns read with pull-ups.

Electrically: a closed switch in the selected row pulls its column low through its diode; the diodes keep the
released rows out of the picture, so any pattern of magnets reads correctly (no ghosting). The pins are reached
through `hardware.matrix_pins` (rows are never driven high: see there).

Scanning runs as a task on the controller's event loop rather than a thread: one scan is 19 lgpio calls plus nine
~30 us settle waits, well under a millisecond on a Pi 4, and doing it in the loop keeps every timing rule on the
injected Clock, so the tests drive it on virtual time and get the same events every run.

A board nobody touches is scanned more slowly (`still_hz`, the pin map's `still_scan_hz`): once the debouncer has
been settled for `STILL_AFTER` seconds, one scan in every `scan_hz / still_hz` is read and the others are accounted
as read (`Debouncer.skip`, exact while settled), so an idle board costs a fraction of the CPU. The first scan that
sees a change returns to the full rate, so debounce and flap detection run as before and a lifted piece is seen at
most one still period (20 ms at 50 Hz) later.
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
from hardware.matrix_pins import GpiozeroMatrixPins, MatrixPins

SIZE = 9
STILL_AFTER = 0.5  # seconds without any change before a still board is scanned at the still rate


PR_SET_TIMERSLACK = 29


def fine_timer_slack() -> bool:
    """Ask Linux to wake this thread within a microsecond of a short sleep, not the default 50 us later."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_TIMERSLACK, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def nap(seconds: float) -> None:
    """The settle wait: a real sleep, not a busy wait. Spinning 9 x 30 us, 200 times a second, would alone use
    5 % of a core; sleeping costs two context switches, and with fine timer slack wakes about 10 us late."""
    time.sleep(seconds)


class GpioMatrix:
    """SwitchMatrix over `pins` (hardware.matrix_pins: lgpio groups, or any gpiozero pin factory)."""

    def __init__(
        self,
        pins: MatrixPins,
        *,
        clock: Clock,
        scan_hz: float = 200.0,
        settle: float = 30e-6,
        debounce: DebounceConfig | None = None,
        spin: Callable[[float], None] = nap,
        still_hz: float | None = None,
    ) -> None:
        if still_hz is not None and not 0 < still_hz <= scan_hz:
            raise ValueError(f"the still scan rate must be above 0 and at most the scan rate, not {still_hz}")
        self._pins: MatrixPins | None = pins
        self._clock = clock
        self._period = 1.0 / scan_hz
        # Scans per read while the board is still: whole scans, so skipped scans keep the debouncer's windows exact.
        self._still_every = 1 if still_hz is None else max(1, round(scan_hz / still_hz))
        self._busy_at = clock.now()  # when a scan last saw anything in flux
        self._settle = settle
        self._spin = spin
        if spin is nap:
            fine_timer_slack()
        try:
            first = self.read_raw()
        except BaseException:
            self._close_devices()
            raise
        self._debouncer = Debouncer(debounce or DebounceConfig(), first)
        self._hub = EventHub(self._debouncer.occupancy)
        self._task: asyncio.Task[None] | None = None
        self.scans = 0  # scans read from the switches (still periods' skipped scans not counted)
        self._rate = 0.0
        self._rate_since = (clock.now(), 0)

    @classmethod
    def on_factory(cls, rows: Sequence[int], columns: Sequence[int], *, pin_factory: Any, **options: Any) -> GpioMatrix:
        """The matrix through a gpiozero pin factory (the tests' MockFactory, RPi.GPIO, native)."""
        if len(rows) != SIZE or len(columns) != SIZE:
            raise ValueError(f"a 9x9 matrix needs 9 rows and 9 columns, not {len(rows)} and {len(columns)}")
        return cls(GpiozeroMatrixPins(pin_factory, rows, columns), **options)

    def read_raw(self) -> int:
        """One full scan of the switches, without debounce."""
        pins = self._pins
        if pins is None:
            raise BoardError("the switch matrix is closed")
        occ = 0
        settle, spin = self._settle, self._spin
        select, columns = pins.select, pins.columns
        recovering = False
        try:
            for row in range(SIZE):
                select(row)
                # A selected row pulls a closed switch's column low at once (a strong driver); what is slow is a
                # column let go by the previous row recovering through its ~50 kOhm pull-up. So the wait is only
                # needed after a row that had a switch closed (as QMK waits after a row with a key down).
                if recovering and settle:
                    spin(settle)
                bits = columns()
                recovering = bits != 0
                occ |= bits << (row * SIZE)
        finally:
            pins.release()
        return occ

    def scan(self) -> int:
        return self._debouncer.occupancy

    def scan_rate(self) -> float:
        """Scans per second over the last second or so (0 before the first second)."""
        return self._rate

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
        if self._pins is not None:
            self._pins.close()
            self._pins = None

    def detect_flaps(self, on: bool) -> None:
        before = self._debouncer.untrusted
        if self._debouncer.detect_flaps(on):
            now = self._clock.now()
            self._hub.publish(SquaresUntrusted(now, 0, untrusted_reason(before, 0)))
            if self._debouncer.occupancy != self._hub.occupancy:
                self._hub.publish(OccupancyChanged(now, self._debouncer.occupancy))

    def step(self) -> None:
        """One scan through the debouncer, publishing what changed."""
        untrusted_before = self._debouncer.untrusted
        changed, untrusted_changed = self._debouncer.sample(self.read_raw())
        self.scans += 1
        now = self._clock.now()
        since, scans = self._rate_since
        if now - since >= 1.0:
            self._rate = (self.scans - scans) / (now - since)
            self._rate_since = (now, self.scans)
        # The occupancy first: a square trusted again must not be read at its frozen value for a moment.
        if changed:
            self._hub.publish(OccupancyChanged(now, self._debouncer.occupancy))
        if untrusted_changed:
            squares = self._debouncer.untrusted
            self._hub.publish(SquaresUntrusted(now, squares, untrusted_reason(untrusted_before, squares)))

    def _skip_while_still(self) -> int:
        """How many scan periods until the next read: 1, or the still ratio once the board has been still long
        enough (the scans in between are accounted to the debouncer as read)."""
        debouncer, now = self._debouncer, self._clock.now()
        if self._still_every == 1 or not debouncer.settled:
            self._busy_at = now
            return 1
        if now - self._busy_at < STILL_AFTER:
            return 1
        debouncer.skip(self._still_every - 1)
        return self._still_every

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
            deadline += period * self._skip_while_still()
            delay = deadline - clock.now()
            if delay < -period:
                # Far behind (a long pause): skip the missed scans instead of running them back to back.
                deadline = clock.now()
                delay = 0.0
            await clock.sleep(delay)
