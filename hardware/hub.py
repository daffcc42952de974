"""Fan-out of board events to every `events()` consumer, plus the state a late subscriber starts from.

Every SwitchMatrix (GPIO, serial co-processor, simulator) publishes through one of these, so all of them honour the
port's promise the same way: a new stream starts with the current occupancy (and the untrusted squares and a lost
link, if any), then gets every event in order. Lives on the event loop; nothing here is thread-safe by design.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from controller.ports import BoardEvent, LinkLost, LinkRestored, OccupancyChanged, SquaresUntrusted


class _Closed:
    pass


_CLOSED = _Closed()


class EventHub:
    def __init__(self, occupancy: int = 0) -> None:
        self.occupancy = occupancy
        self.untrusted = 0
        self.untrusted_reason = ""
        self.lost: LinkLost | None = None
        self._queues: list[asyncio.Queue[BoardEvent | _Closed]] = []
        self._closed = False

    def publish(self, event: BoardEvent) -> None:
        match event:
            case OccupancyChanged(occupancy=occ) | LinkRestored(occupancy=occ):
                self.occupancy = occ
                if isinstance(event, LinkRestored):
                    self.lost = None
            case SquaresUntrusted(squares=squares, reason=reason):
                self.untrusted, self.untrusted_reason = squares, reason
            case LinkLost():
                self.lost = event
        for q in self._queues:
            q.put_nowait(event)

    def close(self) -> None:
        self._closed = True
        for q in self._queues:
            q.put_nowait(_CLOSED)

    async def subscribe(self, now: float) -> AsyncIterator[BoardEvent]:
        """Events from now on, preceded by the current state stamped `now`; ends when the hub closes."""
        if self._closed:
            return
        q: asyncio.Queue[BoardEvent | _Closed] = asyncio.Queue()
        self._queues.append(q)
        try:
            yield OccupancyChanged(now, self.occupancy)
            if self.untrusted:
                yield SquaresUntrusted(now, self.untrusted, self.untrusted_reason)
            if self.lost is not None:
                yield self.lost
            while not isinstance(item := await q.get(), _Closed):
                yield item
        finally:
            self._queues.remove(q)
