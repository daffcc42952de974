"""The transport on a real MQTT broker (Mosquitto), with aiomqtt in the controller's one asyncio loop.

- QoS 1 everywhere and a persistent session (a stable client id, clean_session false): while a place is away the
  broker keeps its subscriptions and queues what is published for it.
- A last will: the broker marks the place offline (retained) when its connection dies without a goodbye.
- Messages are kept here until the broker acknowledged them, and sent again after a reconnection; the room
  protocol drops what arrives twice.
- The connection is retried for ever, the wait growing from a fifth of a second to five seconds; each loss and
  each return is an event, so the session pauses and resumes with them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
from collections import deque
from collections.abc import AsyncIterator
from pathlib import Path

import aiomqtt

from controller.remote import topics
from controller.remote.address import BrokerAddress
from controller.remote.transport import LinkDown, LinkUp, Received, TransportEvent

FIRST_RETRY = 0.2
LAST_RETRY = 5.0


def tls_context(ca_file: Path | None) -> ssl.SSLContext:
    """Verify the broker's certificate: against `ca_file` (a cafe's own authority) or the system's."""
    context = ssl.create_default_context(cafile=str(ca_file) if ca_file else None)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context


class MqttTransport:
    def __init__(
        self,
        address: BrokerAddress,
        client_id: str,
        *,
        will: tuple[str, bytes] | None = None,
        hello: tuple[str, bytes] | None = None,
        ca_file: Path | None = None,
        keepalive: int = 10,
    ) -> None:
        self.address = address
        self.client_id = client_id
        self.will = will
        self.hello = hello  # published (retained) on every connection: the place is online
        self.ca_file = ca_file
        self.keepalive = keepalive
        self.filters: list[str] = []
        self._unsent: deque[tuple[str, bytes, bool]] = deque()
        self._wake = asyncio.Event()
        self._events: asyncio.Queue[TransportEvent] = asyncio.Queue()
        self._client: aiomqtt.Client | None = None
        self._up = False
        self._task: asyncio.Task[None] | None = None
        self.connections = 0

    # ---- the port --------------------------------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        return self._client is not None and self._up

    def publish(self, topic: str, payload: bytes, *, retain: bool = False) -> None:
        self._unsent.append((topic, payload, retain))
        self._wake.set()

    def subscribe(self, topic_filter: str) -> None:
        if topic_filter in self.filters:
            return
        self.filters.append(topic_filter)
        client = self._client
        if client is not None:
            asyncio.get_running_loop().create_task(self._subscribe(client, topic_filter))

    async def events(self) -> AsyncIterator[TransportEvent]:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"mqtt {self.client_id}")
        while True:
            yield await self._events.get()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"mqtt {self.client_id}")

    async def aclose(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # ---- the connection --------------------------------------------------------------------------------------
    def _make_client(self) -> aiomqtt.Client:
        a = self.address
        will = None
        if self.will is not None:
            will = aiomqtt.Will(self.will[0], self.will[1], qos=1, retain=True)
        return aiomqtt.Client(
            a.host,
            a.port,
            username=a.user,
            password=a.password,
            identifier=self.client_id,
            clean_session=False,
            will=will,
            keepalive=self.keepalive,
            timeout=10,
            tls_context=tls_context(self.ca_file) if a.tls else None,
        )

    async def _subscribe(self, client: aiomqtt.Client, topic_filter: str) -> None:
        with contextlib.suppress(aiomqtt.MqttError):
            await client.subscribe(topic_filter, qos=1)

    async def _run(self) -> None:
        delay = FIRST_RETRY
        while True:
            reason = "the broker does not answer"
            try:
                async with self._make_client() as client:
                    self._client = client
                    self.connections += 1
                    delay = FIRST_RETRY
                    if self.hello is not None:
                        await client.publish(self.hello[0], self.hello[1], qos=1, retain=True)
                    for topic_filter in list(self.filters):
                        await client.subscribe(topic_filter, qos=1)
                    self._up = True
                    self._events.put_nowait(LinkUp())
                    sender = asyncio.create_task(self._send(client))
                    try:
                        async for message in client.messages:
                            payload = message.payload
                            data = payload if isinstance(payload, bytes) else str(payload).encode()
                            self._events.put_nowait(Received(str(message.topic), data, bool(message.retain)))
                    finally:
                        sender.cancel()
                        with contextlib.suppress(asyncio.CancelledError, Exception):
                            await sender
            except aiomqtt.MqttError as exc:
                reason = _reason(exc)
            except OSError as exc:
                reason = exc.strerror or str(exc)
            finally:
                self._client = None
                self._up = False
            self._events.put_nowait(LinkDown(reason))
            await asyncio.sleep(delay)
            delay = min(LAST_RETRY, delay * 2)

    async def _send(self, client: aiomqtt.Client) -> None:
        while True:
            while self._unsent:
                topic, payload, retain = self._unsent[0]
                await client.publish(topic, payload, qos=1, retain=retain)
                self._unsent.popleft()  # the broker has it (PUBACK)
            self._wake.clear()
            await self._wake.wait()


def place_transport(
    address: BrokerAddress, place: str, *, ca_file: Path | None = None, keepalive: int = 10
) -> MqttTransport:
    """A place's connection: a persistent session under client id `agora-PLACE`, the place online (retained) on
    every connection and offline as its last will, for the hub and the other places."""
    online = json.dumps({"v": 1, "online": True}).encode()
    offline = json.dumps({"v": 1, "online": False}).encode()
    return MqttTransport(
        address,
        f"agora-{place}",
        will=(topics.online(place), offline),
        hello=(topics.online(place), online),
        ca_file=ca_file,
        keepalive=keepalive,
    )


def _reason(exc: aiomqtt.MqttError) -> str:
    text = str(exc)
    if "ot authorized" in text or "bad user name or password" in text.lower():
        return "the broker refused this board's user name or password"
    if "Connection refused" in text or "Could not connect" in text:
        return "the broker does not answer"
    return text or "the connection to the broker was lost"
