"""The simulated board: SwitchMatrix and Hands over simulated reed switches, entirely on an injected Clock.

Scans happen on a fixed grid of clock time (k / scan_hz) and go through the same debounce as the GPIO scanner, so
events carry the grid time of the scan that saw the change, whatever the event loop was doing. While nothing is in
flux the scanner sleeps instead of polling (a replay of an hour of play costs only the scans around each action,
and an idle `agora play --board sim` costs nothing); skipped scans are accounted as if they had run.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator

from controller.ports import BoardEvent, Clock, LinkLost, LinkRestored, OccupancyChanged, SquaresUntrusted
from hardware.debounce import DebounceConfig, Debouncer, untrusted_reason
from hardware.hub import EventHub
from simulator.hands import SimHands
from simulator.switches import NO_BOUNCE, Bounce, Switches

# Quick enough for clicks on the page (10 ms), still a real debounce.
DEFAULT_SCAN_HZ = 200.0
DEFAULT_DEBOUNCE = DebounceConfig.for_rate(DEFAULT_SCAN_HZ, debounce_ms=10.0)


class SimBoard(SimHands):
    """Simulated board. Hands: lift, place, toggle, slide, faults; SwitchMatrix: scan, events, aclose."""

    def __init__(
        self,
        clock: Clock,
        *,
        initial: int = 0,
        scan_hz: float = DEFAULT_SCAN_HZ,
        debounce: DebounceConfig = DEFAULT_DEBOUNCE,
        bounce: Bounce = NO_BOUNCE,
        seed: int = 0,
    ) -> None:
        super().__init__(Switches(initial, bounce=bounce, seed=seed), clock, self._woken)
        self._clock = clock
        self._period = 1.0 / scan_hz
        self._config = debounce
        self._debouncer = Debouncer(debounce, initial)
        self._hub = EventHub(initial)
        self._k = self._grid_index(clock.now())
        self._last_action = -math.inf
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._link_up = True
        self.scans = 0

    # --- SwitchMatrix

    def scan(self) -> int:
        return self._hub.occupancy

    def events(self) -> AsyncIterator[BoardEvent]:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="sim-board-scan")
        return self._hub.subscribe(self._clock.now())

    async def aclose(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        self._hub.close()

    def detect_flaps(self, on: bool) -> None:
        before = self._debouncer.untrusted
        if self._debouncer.detect_flaps(on):
            now = self._clock.now()
            self._hub.publish(SquaresUntrusted(now, 0, untrusted_reason(before, 0)))
            if self._debouncer.occupancy != self._hub.occupancy and self._link_up:
                self._hub.publish(OccupancyChanged(now, self._debouncer.occupancy))
        self._wake.set()  # the scanner may sleep no longer: a square let go may be unsettled

    # --- beyond Hands

    def arrange(self, occupancy: int) -> None:
        """Pieces exactly on `occupancy` now, debounced at once: a position set up before play (replay --start)."""
        now = self._clock.now()
        self.switches.arrange(occupancy, now)
        self._debouncer = Debouncer(self._config, occupancy)
        self._k = self._grid_index(now)
        if occupancy != self._hub.occupancy and self._link_up:
            self._hub.publish(OccupancyChanged(now, occupancy))
        self._hub.occupancy = occupancy

    def disconnect(self, message: str = "the simulated board was unplugged") -> None:
        """Simulate losing the board: LinkLost now, no occupancy events until `reconnect`."""
        if self._link_up:
            self._link_up = False
            self._hub.publish(LinkLost(self._clock.now(), message))

    def reconnect(self) -> None:
        if not self._link_up:
            self._link_up = True
            self._hub.publish(LinkRestored(self._clock.now(), self._debouncer.occupancy))

    # --- scanning

    def _grid_index(self, t: float) -> int:
        return math.floor(t / self._period)

    def _woken(self) -> None:
        self._last_action = self._clock.now()
        self._wake.set()

    def _idle(self) -> bool:
        t = self._k * self._period
        return t > self._last_action and self._debouncer.settled and not self.switches.busy(t)

    async def _run(self) -> None:
        clock, period = self._clock, self._period
        while True:
            if self._idle():
                self._wake.clear()
                await self._wake.wait()
                # The scans while asleep would all have read the settled board: account for them in one go.
                target = self._grid_index(self._last_action)
                if target > self._k:
                    self._debouncer.skip(target - self._k)
                    self._k = target
                continue
            k = self._k + 1
            delay = k * period - clock.now()
            if delay > 1e-9:
                await clock.sleep(delay)
                continue
            self._sample(k)

    def _sample(self, k: int) -> None:
        t = k * self._period
        before = self._debouncer.untrusted
        changed, untrusted_changed = self._debouncer.sample(self.switches.level(t))
        self._k = k
        self.scans += 1
        # The occupancy first: a square trusted again must not be read at its frozen value for a moment.
        if changed and self._link_up:
            self._hub.publish(OccupancyChanged(t, self._debouncer.occupancy))
        elif changed:
            self._hub.occupancy = self._debouncer.occupancy
        if untrusted_changed:
            after = self._debouncer.untrusted
            self._hub.publish(SquaresUntrusted(t, after, untrusted_reason(before, after)))
