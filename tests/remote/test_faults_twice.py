"""More faults on a real Mosquitto: every message between one place and the broker delivered twice (both ways), and
secret orders watched by a spy that reads every topic of the broker while the broker is killed and restarted in
the middle of a phase of orders. No ply is lost or doubled, no proposal is answered twice, and no order (nor the
salt that opens its commitment) is seen anywhere before every seat of the phase has committed."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path

from controller.clock import VirtualClock
from controller.games import Orders
from controller.games.playout import random_orders
from controller.remote.address import parse_address
from controller.remote.messages import EntryKind
from controller.remote.mqtt import MqttTransport
from controller.remote.transport import Received
from tests.remote.broker import SPY_USER, Broker
from tests.remote.proxy import Cable
from tests.remote.sites import Site, close_all, within
from tests.remote.test_faults import ROOM, play_turns, room, same_game, until


async def test_every_message_delivered_twice_changes_nothing(tmp_path: Path, broker: Broker):
    clock = VirtualClock()
    cable = Cable(broker.port, doubles=True)
    await cable.start()
    host, guest = await room(tmp_path, broker, clock, guest_port=cable.port)
    await play_turns(host, guest, clock, random.Random(9), 0, 6)
    await same_game(host, guest, 6, clock)
    # Both ways: the guest's proposals reached the host twice, the host's log reached the guest twice.
    assert cable.doubled["up"] >= 3 and cable.doubled["down"] >= 6
    kinds = [e.kind for e in host.place.replica.entries]
    assert EntryKind.REFUSED not in kinds  # each proposal answered once: a second answer would be a refusal
    await close_all(host, guest)
    await within(cable.aclose(), "the cable to close")


class Spy:
    """Every message the broker carries on Agora's topics, in the order it delivers them to one reader."""

    def __init__(self, broker: Broker) -> None:
        self.transport = MqttTransport(parse_address(broker.url(SPY_USER, ROOM)), "spy", keepalive=5)
        self.transport.subscribe("agora/#")
        self.seen: list[tuple[str, str]] = []
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for event in self.transport.events():
            if isinstance(event, Received):
                self.seen.append((event.topic, event.payload.decode()))

    def first(self, found: str) -> int | None:
        return next((i for i, (_, payload) in enumerate(self.seen) if found in payload), None)

    def first_on(self, topic_end: str) -> int | None:
        return next((i for i, (topic, _) in enumerate(self.seen) if topic.endswith(topic_end)), None)

    async def aclose(self) -> None:
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
        await self.transport.aclose()


def orders_for(site: Site, seat: int, rnd: random.Random) -> list[str]:
    """Orders that move or support (each names its squares, so it cannot be mistaken for anything else)."""
    state = site.controller.session.state
    while True:
        texts = [str(o) for o in random_orders(state, seat, rnd) if " - " in str(o)]
        if texts:
            return texts


async def test_secret_orders_are_seen_nowhere_before_every_seat_committed(tmp_path: Path, broker: Broker):
    clock = VirtualClock()
    spy = Spy(broker)
    cable = Cable(broker.port, doubles=True)
    await cable.start()
    host, guest = await room(tmp_path, broker, clock, guest_port=cable.port, game="chesspolitik")
    rnd = random.Random(11)
    written = {0: orders_for(host, 0, rnd), 1: orders_for(guest, 1, rnd)}
    secrets = [o for texts in written.values() for o in texts]
    await until(lambda: spy.first_on("/info") is not None, clock, "the spy reading the broker")

    # The guest hands in on its page; only a digest leaves its place.
    await within(guest.controller.request(lambda s, t: s.submit_orders(1, written[1], t)), "the guest's orders")
    await until(lambda: 1 in host.place.replica.commits, clock, "the guest's commitment in the host's log")
    # The broker dies with the phase half committed, and comes back with whatever it had saved.
    broker.kill()
    await until(lambda: guest.controller.session.paused and host.controller.session.paused, clock, "both pausing")
    broker.start()
    back = spy.transport
    await until(lambda: guest.link.up and host.link.up, clock, "both places back")
    await until(lambda: back.connections >= 2 and back.connected, clock, "the spy back")  # sees it all live
    await within(host.controller.request(lambda s, t: s.submit_orders(0, written[0], t)), "the host's orders")
    await until(lambda: len(host.texts) == 2 and len(guest.texts) == 2, clock, "both orders revealed and played")
    await same_game(host, guest, 2, clock)
    await until(lambda: all(spy.first(o) is not None for o in secrets), clock, "the spy seeing the orders at last")

    # The phase became ready with the last commitment in the log: before the spy saw that entry, nothing it saw
    # held an order or a salt that opens a commitment.
    log = host.place.replica
    ready = max(e.seq for e in log.entries if e.kind is EntryKind.COMMIT)
    ready_at = spy.first_on(f"/log/{ready:08d}")
    assert ready_at is not None
    salts = [a.entry.proof for a in log.plies if a.entry.proof is not None]
    assert len(salts) == 2 and [isinstance(a.move, Orders) for a in log.plies] == [True, True]
    for secret in secrets + salts:
        seen = spy.first(secret)
        assert seen is not None and seen > ready_at, f"{secret!r} was seen before every seat had committed"
    assert cable.doubled["up"] > 0 and cable.doubled["down"] > 0
    await close_all(host, guest)
    await within(spy.aclose(), "the spy to stop")
    await within(cable.aclose(), "the cable to close")
