"""The port between a place and its broker: publish, subscribe, and a stream of what arrives and of the link's
state. `controller.remote.mqtt` implements it on a real MQTT broker; the tests of the link also use `MemoryBus`,
a broker in memory, so the protocol and the session are tested without a network.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Protocol

from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class Received:
    topic: str
    payload: bytes
    retained: bool = False


@dataclass(frozen=True, slots=True)
class LinkUp:
    """Connected (again): subscriptions are in place and retained messages are on their way."""


@dataclass(frozen=True, slots=True)
class LinkDown:
    reason: str


TransportEvent = Received | LinkUp | LinkDown


class Transport(Protocol):
    @property
    def connected(self) -> bool:
        """Whether the link to the broker is up now (a link handed over after the lobby may be up already)."""
        ...

    def publish(self, topic: str, payload: bytes, *, retain: bool = False) -> None:
        """Send with at-least-once delivery; kept and sent again after a reconnection until the broker has it."""
        ...

    def subscribe(self, topic_filter: str) -> None:
        """Receive what is published on `topic_filter` (kept across reconnections)."""
        ...

    def events(self) -> AsyncIterator[TransportEvent]: ...

    async def aclose(self) -> None: ...


def matches(topic_filter: str, topic: str) -> bool:
    """MQTT topic matching: `+` one level, `#` the rest."""
    f_parts, t_parts = topic_filter.split("/"), topic.split("/")
    for i, part in enumerate(f_parts):
        if part == "#":
            return True
        if i >= len(t_parts) or (part != "+" and part != t_parts[i]):
            return False
    return len(f_parts) == len(t_parts)


class MemoryBus:
    """A broker in memory: retained messages, subscriptions, clients that can be cut off and reconnected."""

    def __init__(self) -> None:
        self.retained: dict[str, bytes] = {}
        self.clients: list[MemoryClient] = []
        self.log: list[tuple[str, str, bytes]] = []  # (sender, topic, payload), every message published

    def client(self, name: str, will: tuple[str, bytes] | None = None) -> MemoryClient:
        c = MemoryClient(self, name, will)
        self.clients.append(c)
        return c

    def _publish(self, sender: str, topic: str, payload: bytes, retain: bool) -> None:
        self.log.append((sender, topic, payload))
        if retain:
            if payload:
                self.retained[topic] = payload
            else:
                self.retained.pop(topic, None)
        for c in self.clients:
            if c.connected and any(matches(f, topic) for f in c.filters):
                c.queue.put_nowait(Received(topic, payload))


class MemoryClient:
    def __init__(self, bus: MemoryBus, name: str, will: tuple[str, bytes] | None) -> None:
        self.bus = bus
        self.name = name
        self.will = will
        self.filters: set[str] = set()
        self.connected = True
        self.unsent: list[tuple[str, bytes, bool]] = []
        self.queue: asyncio.Queue[TransportEvent] = asyncio.Queue()
        self.queue.put_nowait(LinkUp())

    def publish(self, topic: str, payload: bytes, *, retain: bool = False) -> None:
        if self.connected:
            self.bus._publish(self.name, topic, payload, retain)
        else:
            self.unsent.append((topic, payload, retain))

    def subscribe(self, topic_filter: str) -> None:
        self.filters.add(topic_filter)
        if self.connected:
            self._retained(topic_filter)

    def _retained(self, topic_filter: str) -> None:
        for topic, payload in sorted(self.bus.retained.items()):
            if matches(topic_filter, topic):
                self.queue.put_nowait(Received(topic, payload, retained=True))

    def cut(self, reason: str = "the network went away") -> None:
        if not self.connected:
            return
        self.connected = False
        if self.will is not None:
            self.bus._publish(self.name, self.will[0], self.will[1], True)
        self.queue.put_nowait(LinkDown(reason))

    def restore(self) -> None:
        if self.connected:
            return
        self.connected = True
        self.queue.put_nowait(LinkUp())
        for topic_filter in sorted(self.filters):
            self._retained(topic_filter)
        unsent, self.unsent = self.unsent, []
        for topic, payload, retain in unsent:
            self.bus._publish(self.name, topic, payload, retain)

    async def events(self) -> AsyncIterator[TransportEvent]:
        while True:
            yield await self.queue.get()

    async def aclose(self) -> None:
        self.connected = False
