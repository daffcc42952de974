"""The MQTT transport against a real Mosquitto: at-least-once delivery, persistent sessions across a pulled cable,
the last will, the ACL that keeps a board to its own topics, TLS, and a refused password."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

from controller.remote import topics
from controller.remote.address import parse_address
from controller.remote.mqtt import MqttTransport, place_transport
from controller.remote.transport import LinkDown, LinkUp, Received, TransportEvent
from tests.remote.broker import HUB_USER, Broker
from tests.remote.proxy import Cable

WAIT = 60  # a bound for the events awaited below, never a pace: each wait ends when its event arrives


async def next_of(events: AsyncIterator[TransportEvent], kind: type, topic: str | None = None) -> Any:
    async def find() -> TransportEvent:
        async for event in events:
            if isinstance(event, kind) and (topic is None or getattr(event, "topic", None) == topic):
                return event
        raise AssertionError("the transport stopped")

    return await asyncio.wait_for(find(), WAIT)


def transport(broker: Broker, user: str, port: int | None = None, tls: bool = False, **kw) -> MqttTransport:
    url = broker.url(user, "room", tls=tls)
    if port is not None:
        url = url.replace(f":{broker.port}/", f":{port}/")
    return place_transport(parse_address(url), user, ca_file=broker.ca_file if tls else None, **kw)


async def test_messages_reach_a_place_that_was_away_and_its_will_marks_it_offline(broker: Broker):
    cable = Cable(broker.port)
    await cable.start()
    guest = transport(broker, "guest", port=cable.port, keepalive=5)
    host = transport(broker, "host", tls=True)
    hub = transport(broker, HUB_USER)
    guest_events, host_events, hub_events = guest.events(), host.events(), hub.events()
    hub.subscribe(topics.online("guest"))
    await next_of(hub_events, LinkUp)
    guest.subscribe(topics.log("host", "room"))
    await next_of(guest_events, LinkUp)
    await next_of(host_events, LinkUp)
    online = await next_of(hub_events, Received, topics.online("guest"))
    assert json.loads(online.payload)["online"] is True

    host.publish(topics.log("host", "room", 0), b'{"n":0}', retain=True)
    got = await next_of(guest_events, Received)
    assert got.payload == b'{"n":0}'

    cable.pull()  # the guest's cable: the broker publishes its will, the guest hears it is cut off
    assert isinstance(await next_of(guest_events, LinkDown), LinkDown)
    offline = await next_of(hub_events, Received, topics.online("guest"))
    assert json.loads(offline.payload)["online"] is False

    host.publish(topics.log("host", "room", 1), b'{"n":1}', retain=True)  # while the guest is away
    cable.plug()
    await next_of(guest_events, LinkUp)
    seen = set()
    while b'{"n":1}' not in seen:
        seen.add((await next_of(guest_events, Received)).payload)
    back = await next_of(hub_events, Received, topics.online("guest"))
    assert json.loads(back.payload)["online"] is True
    for t in (guest, host, hub):
        await t.aclose()
    await cable.aclose()


async def test_a_board_cannot_publish_in_another_places_name(broker: Broker):
    guest = transport(broker, "guest")
    spy = transport(broker, HUB_USER)
    spy_events = spy.events()
    spy.subscribe(f"{topics.ROOT}/places/+/rooms/+/log/+")
    spy.subscribe(topics.out("guest", "room"))
    await next_of(spy_events, LinkUp)
    guest_events = guest.events()
    await next_of(guest_events, LinkUp)
    guest.publish(topics.log("host", "room", 0), b'{"forged":true}', retain=True)  # the host's log: refused
    guest.publish(topics.out("guest", "room"), b'{"own":true}')  # its own topic: delivered, after the forgery
    got = await next_of(spy_events, Received)
    assert got.topic == topics.out("guest", "room")
    assert broker.proc is not None
    await guest.aclose()
    await spy.aclose()


async def test_a_places_secrets_reach_that_place_only(broker: Broker):
    """The host's message on `to/guest` (a seat's hand) reaches the guest; another board and the hub, subscribed to
    every secret topic, get nothing of it, only what the host publishes for everybody after it."""
    host = transport(broker, "host")
    readers = {name: transport(broker, name) for name in ("guest", "third", HUB_USER)}
    streams = {name: t.events() for name, t in readers.items()}
    for name, t in readers.items():
        t.subscribe(f"{topics.ROOT}/places/+/rooms/+/to/+")
        t.subscribe(topics.info("host"))
        await next_of(streams[name], LinkUp)
    host_events = host.events()
    await next_of(host_events, LinkUp)
    host.publish(topics.private("host", "room", "guest"), b'{"cards":"secret"}', retain=True)
    host.publish(topics.info("host"), b'{"after":true}', retain=True)  # the same publisher: delivered after it
    assert (await next_of(streams["guest"], Received, topics.private("host", "room", "guest"))).payload
    for name in ("third", HUB_USER):
        first = await next_of(streams[name], Received)
        assert first.topic == topics.info("host"), f"{name} read {first.topic}"
    for t in (host, *readers.values()):
        await t.aclose()


async def test_a_wrong_password_is_said_plainly(broker: Broker):
    broker.users["guest"] = "not-the-password"
    bad = transport(broker, "guest")
    down = await next_of(bad.events(), LinkDown)
    assert "user name or password" in down.reason or "not authorised" in down.reason.lower()
    await bad.aclose()


def test_agora_hub_prints_the_acl_the_broker_runs_with(capsys):
    """The ACL a cafe installs (`agora hub --print-acl`) is the text the real broker of these tests enforces."""
    from controller.cli.main import main
    from controller.remote.acl import acl_file_text

    assert main(["hub", "--print-acl", "--hub-user", HUB_USER, "--hub-user", "screen"]) == 0
    printed = capsys.readouterr().out
    assert printed == acl_file_text(hub_users=[HUB_USER, "screen"])
    assert "user screen\ntopic read agora/v1/places/+/online\n" in printed
    assert main(["hub"]) == 2
    assert "--broker" in capsys.readouterr().err
