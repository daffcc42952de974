"""Faults on a real Mosquitto, with both places' controllers in this process on simulated boards: the broker
killed and restarted mid-game, one place's cable pulled and plugged back, forged plies. Nothing is lost or doubled,
every forged ply is refused."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

from controller.clock import VirtualClock
from controller.remote import topics
from controller.remote.messages import EntryKind, Proposal, ProposalKind, encode
from tests.remote.broker import Broker
from tests.remote.proxy import Cable
from tests.remote.sites import WAIT, Site, broker_room, close_all, transport
from tests.remote.test_link import do_chores, make_move, settle

ROOM = "table"


async def until(condition: Callable[[], bool], clock: VirtualClock, what: str) -> None:
    """Wait (in real time: the broker is real) until `condition` holds, moving the boards' clock along."""

    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.02)
            await clock.advance(clock.now() + 0.05)

    try:
        await asyncio.wait_for(poll(), WAIT)
    except TimeoutError:
        raise AssertionError(f"waited in vain for {what}") from None


async def room(
    tmp_path: Path,
    broker: Broker,
    clock: VirtualClock,
    guest_port: int | None = None,
    game: str = "polis",
    seats: int = 2,
) -> tuple[Site, Site]:
    host, guest = await broker_room(tmp_path, broker, clock, ROOM, game=game, seats=seats, guest_port=guest_port)
    await until(lambda: guest.link.up and host.link.up, clock, "both places online")
    return host, guest


def ready(site: Site, plies: int) -> Callable[[], bool]:
    return lambda: len(site.texts) == plies and not site.controller.session.paused


async def play_turns(
    host: Site,
    guest: Site,
    clock: VirtualClock,
    rnd: random.Random,
    first: int,
    count: int,
    fault: Callable[[int], object] | None = None,
) -> None:
    for ply in range(first, first + count):
        mover, other = (host, guest) if ply % 2 == 0 else (guest, host)
        await until(ready(mover, ply), clock, "a turn")
        make_move(mover, rnd)
        await settle(clock)
        if fault is not None:
            result = fault(ply)
            if asyncio.iscoroutine(result):
                await result
        await until(
            ready(other, ply + 1),
            clock,
            f"ply {ply} at the other place",
        )
        await do_chores(other, True, clock)
        await do_chores(mover, False, clock)
        await settle(clock)


def entries(site: Site) -> list[dict[str, object]]:
    return [e.to_json() for e in site.place.replica.entries]


async def same_game(host: Site, guest: Site, plies: int, clock: VirtualClock) -> None:
    # The mover's own ply is played at once and confirmed by the host's log a moment later: wait for that event.
    await until(lambda: entries(guest) == entries(host), clock, "both places' logs to agree")
    assert host.texts == guest.texts and len(host.texts) == plies
    kinds = [e.kind for e in host.place.replica.entries]
    assert kinds.count(EntryKind.PLY) == plies  # none doubled, none lost


async def test_the_broker_killed_and_restarted_mid_game(tmp_path: Path, broker: Broker):
    clock = VirtualClock()
    host, guest = await room(tmp_path, broker, clock)
    rnd = random.Random(7)
    await play_turns(host, guest, clock, rnd, 0, 2)

    def kill(ply: int) -> None:
        if ply == 2:
            broker.kill()  # right after a move: its proposal or entry may be lost with the broker's memory

    async def restart(ply: int) -> None:
        kill(ply)
        if ply == 2:
            await until(lambda: guest.controller.session.paused, clock, "the guest pausing")
            broker.start()

    await play_turns(host, guest, clock, rnd, 2, 3, fault=restart)
    await same_game(host, guest, 5, clock)
    await close_all(host, guest)


async def test_a_place_whose_cable_is_pulled_pauses_and_loses_nothing(tmp_path: Path, broker: Broker):
    clock = VirtualClock()
    cable = Cable(broker.port)
    await cable.start()
    host, guest = await room(tmp_path, broker, clock, guest_port=cable.port)
    rnd = random.Random(8)

    async def pull(ply: int) -> None:
        if ply == 1:  # the guest has just moved: its proposal may or may not have left
            cable.pull()
            await until(lambda: guest.controller.session.paused, clock, "the guest pausing")
            assert "link" in guest.controller.session.pause_message
            cable.plug()

    await play_turns(host, guest, clock, rnd, 0, 4, fault=pull)
    await same_game(host, guest, 4, clock)
    await close_all(host, guest)
    await cable.aclose()


async def test_forged_plies_are_refused(tmp_path: Path, broker: Broker):
    clock = VirtualClock()
    host, guest = await room(tmp_path, broker, clock)
    state = host.controller.session.state
    text = state.record(state.legal_moves()[0])  # a move for seat 0, the host's
    rogue = transport(broker, "guest", ROOM)  # the guest's credentials, another program
    rogue_events = rogue.events()
    forged = Proposal(ProposalKind.PLY, "guest:forged", "guest", base=0, seat=0, text=text)
    rogue.publish(topics.out("guest", ROOM), encode(forged.to_json()))
    fake = {"v": 1, "seq": 1, "kind": "ply", "by": "host", "id": "host#1", "ply": 0, "seat": 0, "text": text}
    rogue.publish(topics.log("host", ROOM, 1), encode(fake), retain=True)  # the host's log: the ACL drops it
    await anext(rogue_events)
    await until(lambda: any(e.answers == "guest:forged" for e in host.place.replica.entries), clock, "the refusal")
    refusal = next(e for e in host.place.replica.entries if e.answers == "guest:forged")
    assert refusal.kind is EntryKind.REFUSED and "which host holds" in refusal.text
    await until(lambda: len(guest.place.replica.entries) == len(host.place.replica.entries), clock, "the guest")
    assert host.texts == guest.texts == []
    assert guest.place.replica.broken is None
    await close_all(host, guest)
    await rogue.aclose()
