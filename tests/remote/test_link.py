"""Places of a room as whole controllers on simulated boards, through a broker in memory: a move made on one board
reaches the other as chores its sensors check; the link going down pauses the game and nothing is lost or
doubled when it returns."""

from __future__ import annotations

import random
from pathlib import Path

from controller.clock import VirtualClock
from controller.games import SIMULTANEOUS, Orders, State, load
from controller.games.playout import random_orders
from controller.remote import topics
from controller.remote.messages import Entry, EntryKind, Proposal, ProposalKind, Setup, decode, encode
from controller.remote.transport import MemoryBus
from tests.remote.sites import Site, new_guest, new_host, start_site

ROOM = "table"


async def settle(clock: VirtualClock, seconds: float = 1.5) -> None:
    await clock.advance(clock.now() + seconds)


async def make_room(
    tmp_path: Path, clock: VirtualClock, game: str = "polis", seats: int | None = 2, start: State | None = None
):
    bus = MemoryBus()
    session, place, journal = new_host(tmp_path, game, ROOM, seats=seats, start=start)
    host_t = bus.client("host", will=(topics.online("host"), b'{"v":1,"online":false}'))
    host = await start_site("host", session, place, host_t, journal, clock)
    await settle(clock)
    setup = Setup.from_json(decode(bus.retained[topics.setup("host", ROOM)]))
    bus._publish(
        "guest", topics.out("guest", ROOM), encode(Proposal(ProposalKind.JOIN, "guest:j", "guest").to_json()), False
    )
    await settle(clock)
    entries = [Entry.from_json(decode(v)) for k, v in sorted(bus.retained.items()) if "/log/" in k]
    privates = {}
    for k, v in bus.retained.items():
        if k == topics.private("host", ROOM, "guest"):
            d = decode(v)
            privates[int(d["seat"])] = d["data"]
    g_session, g_place, g_journal = new_guest(tmp_path, "guest", setup, privates, entries)
    guest_t = bus.client("guest", will=(topics.online("guest"), b'{"v":1,"online":false}'))
    guest = await start_site("guest", g_session, g_place, guest_t, g_journal, clock)
    await settle(clock)
    return bus, host, guest, host_t, guest_t


def make_move(site: Site, rnd: random.Random) -> str:
    """A player at `site` makes a legal move with the real pieces (the sensors read it)."""
    state = site.controller.session.state
    move = rnd.choice(state.legal_moves())
    effect = state.effect(move)
    hands = site.board.hands  # type: ignore[attr-defined]
    for step in effect.decision:
        if step.src is not None:
            hands.lift(step.src)
    for step in effect.decision:
        if step.dst is not None:
            hands.place(step.dst)
    return state.record(move)


async def do_chores(site: Site, whole: bool, clock: VirtualClock) -> None:
    """Someone at `site` carries out the last ply as the LEDs ask, piece by piece (the sensors check it): the whole
    move when it was made elsewhere, its forced follow-ups when it was made here."""
    ply = site.controller.session.history[-1]
    steps = (*ply.effect.decision, *ply.effect.chores) if whole else ply.effect.chores
    hands = site.board.hands  # type: ignore[attr-defined]
    for step in steps:
        if step.src is not None:
            hands.lift(step.src)
            await settle(clock, 0.1)  # the sensors see each hand's action
        if step.dst is not None:
            hands.place(step.dst)
            await settle(clock, 0.1)


async def test_moves_made_at_one_board_are_carried_out_as_chores_at_the_other(tmp_path: Path):
    clock = VirtualClock()
    _bus, host, guest, *_ = await make_room(tmp_path, clock)
    assert guest.place.my_seats() == [1] and host.place.replica.places == ["host", "guest"]
    rnd = random.Random(4)
    for turn in range(6):
        mover, other = (host, guest) if turn % 2 == 0 else (guest, host)
        text = make_move(mover, rnd)
        await settle(clock)
        assert mover.texts[-1] == text
        assert other.texts == mover.texts  # arrived, checked, played
        assert other.controller.session.chores_open  # ...and waits for the pieces to be moved
        told = other.controller.session.message  # ...saying whose move it is
        assert told.startswith(f"From {mover.name}: ") and "moves the dog from" in told
        await do_chores(other, True, clock)
        await do_chores(mover, False, clock)  # hops and captures of the mover's own move
        await settle(clock)
        assert not other.controller.session.chores_open
    assert [e.kind for e in host.place.replica.entries].count(EntryKind.PLY) == 6
    for s in (host, guest):
        await s.close()


async def test_the_game_pauses_while_the_link_is_down_and_loses_nothing(tmp_path: Path):
    clock = VirtualClock()
    _bus, host, guest, _host_t, guest_t = await make_room(tmp_path, clock)
    rnd = random.Random(2)
    make_move(host, rnd)
    await settle(clock)
    await do_chores(guest, True, clock)
    await do_chores(host, False, clock)
    await settle(clock)
    guest_t.cut()
    await settle(clock)
    assert guest.controller.session.paused and "link" in guest.controller.session.pause_message
    make_move(guest, rnd)  # moved on the board while away: not read until the link is back
    await settle(clock)
    assert len(guest.texts) == 1
    guest_t.restore()
    await settle(clock, 3)
    assert not guest.controller.session.paused
    assert guest.texts == host.texts and len(host.texts) == 2
    for s in (host, guest):
        await s.close()


async def test_secret_orders_are_sealed_until_both_committed(tmp_path: Path):
    clock = VirtualClock()
    _bus, host, guest, *_ = await make_room(tmp_path, clock, "chesspolitik")
    assert host.controller.session.state.to_move is SIMULTANEOUS
    await host.controller.request(lambda s, t: s.submit_orders(0, [], t))
    await settle(clock)
    assert guest.texts == host.texts == []
    assert host.controller.session.sealed == {0}
    await guest.controller.request(lambda s, t: s.submit_orders(1, [], t))
    await settle(clock)
    assert sorted(host.texts) == sorted(guest.texts) == ["orders 0:", "orders 1:"]
    assert host.texts == guest.texts
    for s in (host, guest):
        await s.close()


async def test_the_host_closing_a_phase_plays_its_own_sealed_orders_and_the_missing_ones_at_once(tmp_path: Path):
    clock = VirtualClock()
    _bus, host, guest, *_ = await make_room(tmp_path, clock, "chesspolitik")
    await host.controller.request(lambda s, t: s.submit_orders(0, ["K c1 H"], t))
    await settle(clock)
    assert host.texts == guest.texts == []
    await host.controller.request(lambda s, t: s.close_orders(t))  # the host's timer: England gave nothing
    await settle(clock)
    assert sorted(host.texts) == sorted(guest.texts) == ["orders 0: K c1 H", "orders 1:"]
    assert host.texts == guest.texts and host.controller.session.sealed == frozenset()
    for s in (host, guest):
        await s.close()


def one_power_builds(seed: int) -> State:
    """A Chesspolitik position, drawn from random orders, where France alone gives orders (a winter's builds)."""
    rnd = random.Random(seed)
    state = load("chesspolitik").new(2)
    while state.to_move is not None and sorted(state.waiting_for()) != [0]:
        seat = min(state.waiting_for())
        state = state.play(Orders(seat, tuple(o for o in random_orders(state, seat, rnd) if str(o) != "Draw")))
    assert state.to_move is SIMULTANEOUS
    return state


async def test_the_host_handing_in_the_last_orders_of_a_phase_plays_them_at_once(tmp_path: Path):
    """The host's own orders that complete a phase are revealed by the host and played on its own board too, not
    left waiting for the next message from elsewhere."""
    clock = VirtualClock()
    start = one_power_builds(5)
    _bus, host, guest, *_ = await make_room(tmp_path, clock, "chesspolitik", seats=None, start=start)
    orders = [str(o) for o in random_orders(start, 0, random.Random(1))]
    await host.controller.request(lambda s, t: s.submit_orders(0, orders, t))
    await settle(clock)
    assert len(host.texts) == len(guest.texts) == 1 and host.texts == guest.texts
    assert host.controller.session.state.view(None) == guest.controller.session.state.view(None)
    assert host.controller.session.sealed == frozenset()
    for s in (host, guest):
        await s.close()
