"""Clocks: the system's monotonic clock, and a virtual one the tests and `agora replay` move by hand."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time


class SystemClock:
    def now(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class VirtualClock:
    """Time stands still until `advance` moves it; sleepers wake in order of their deadlines.

    After waking a sleeper, `advance` yields to the loop `settle_yields` times, so whatever the wake-up sets off
    (a scan, an event through two queues, a new timer) has happened before time moves on.
    """

    def __init__(self, start: float = 0.0, settle_yields: int = 64) -> None:
        self.settle_yields = settle_yields
        self._now = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + max(0.0, seconds), next(self._order), fut))
        await fut

    def next_deadline(self) -> float | None:
        while self._sleepers and self._sleepers[0][2].done():
            heapq.heappop(self._sleepers)
        return self._sleepers[0][0] if self._sleepers else None

    async def advance(self, to: float) -> None:
        """Move time to `to`, waking every sleeper due by then in order, letting each run before the next."""
        # A task woken just before (a scanner after a piece was placed) may not have gone to sleep yet.
        for _ in range(self.settle_yields):
            await asyncio.sleep(0)
        while (deadline := self.next_deadline()) is not None and deadline <= to:
            self._now = max(self._now, deadline)
            _, _, fut = heapq.heappop(self._sleepers)
            if not fut.done():
                fut.set_result(None)
            for _ in range(self.settle_yields):
                await asyncio.sleep(0)
        self._now = max(self._now, to)
