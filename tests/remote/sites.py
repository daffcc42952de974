"""Places of a room in one test: each a real controller on a simulated board, its own games and rooms files, and
a link to a broker (in memory, or a real Mosquitto); all on one virtual clock. A room is made, joined and linked
by the product's own functions (controller.remote.rooms, lobby, link), as `agora play --remote` and `agora join` do."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from controller.clock import VirtualClock
from controller.games import State, load
from controller.ports import SimOptions
from controller.remote.address import parse_address
from controller.remote.journal import Journal, journal_path
from controller.remote.link import RoomLink, start_link
from controller.remote.lobby import lobby
from controller.remote.messages import Entry, Setup
from controller.remote.mqtt import MqttTransport, place_transport
from controller.remote.place import Place
from controller.remote.rooms import guest_room, host_room
from controller.remote.transport import Transport
from controller.session.core import Session, SessionSettings
from controller.session.runner import Controller
from controller.session.seats import SeatKind
from controller.store import GameStore
from tests.boards import open_board
from tests.remote.broker import Broker

WAIT = 120  # a bound on real time for an awaited event, never a pace
SETTINGS = SessionSettings(computer_delay=0.5)
T = TypeVar("T")


@dataclass
class Site:
    name: str
    session: Session
    place: Place
    controller: Controller
    link: RoomLink
    board: object
    task: asyncio.Task[None]

    @property
    def texts(self) -> list[str]:
        return [p.text for p in self.controller.session.history]

    async def close(self) -> None:
        tasks = [t for t in (self.link.task, self.task) if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        await self.board.aclose()  # type: ignore[attr-defined]


async def start_site(
    name: str, session: Session, place: Place, transport: Transport, journal: Journal, clock: VirtualClock
) -> Site:
    board = await open_board("sim", clock, initial=session.state.occupancy(), sim=SimOptions(keep_frames=0))
    controller = Controller(session, board.matrix, clock, frame_rate=None)
    task = asyncio.create_task(controller.run())
    link = start_link(controller, place, transport, journal)
    return Site(name, session, place, controller, link, board, task)


def files(tmp: Path, name: str) -> tuple[GameStore, Journal]:
    games = tmp / name / "games.sqlite"
    return GameStore(games), Journal(journal_path(games))


def new_host(
    tmp: Path,
    game: str,
    room: str,
    seats: int | None = None,
    seed: int = 1,
    kinds: tuple[SeatKind, ...] | None = None,
    start: State | None = None,
) -> tuple[Session, Place, Journal]:
    """The host's session and place; seat 0 on its board, the other seats remote (or `kinds`)."""
    store, journal = files(tmp, "host")
    session, place = host_room(
        load(game),
        room=room,
        place="host",
        seat_kinds=kinds,
        seats=seats,
        seed=seed,
        options={},
        store=store,
        journal=journal,
        settings=SETTINGS,
        start=start,
    )
    return session, place, journal


def new_guest(
    tmp: Path,
    name: str,
    setup: Setup,
    privates: dict[int, object],
    entries: list[Entry],
    kind: SeatKind = SeatKind.BOARD,
) -> tuple[Session, Place, Journal]:
    store, journal = files(tmp, name)
    session, place = guest_room(
        setup,
        place=name,
        privates=privates,
        entries=entries,
        local_kind=kind,
        store=store,
        journal=journal,
        settings=SETTINGS,
    )
    return session, place, journal


def transport(broker: Broker, user: str, room: str, port: int | None = None) -> MqttTransport:
    """A place's connection to the real broker as `agora play` makes it (through a cable's `port` if given)."""
    url = broker.url(user, room)
    if port is not None:
        url = url.replace(f":{broker.port}/", f":{port}/")
    return place_transport(parse_address(url), user, keepalive=5)


async def broker_room(
    tmp: Path,
    broker: Broker,
    clock: VirtualClock,
    room: str,
    *,
    game: str = "polis",
    seats: int | None = 2,
    start: State | None = None,
    guest_port: int | None = None,
) -> tuple[Site, Site]:
    """A host on the real broker, and a guest that found the room, asked for its seats and got them."""
    session, place, journal = new_host(tmp, game, room, seats=seats, start=start)
    host = await start_site("host", session, place, transport(broker, "host", room), journal, clock)
    g_transport = transport(broker, "guest", room, guest_port)
    setup, privates, entries = await asyncio.wait_for(lobby(g_transport, room, "guest", (), lambda _: None), WAIT)
    g_session, g_place, g_journal = new_guest(tmp, "guest", setup, privates, entries)
    guest = await start_site("guest", g_session, g_place, g_transport, g_journal, clock)
    return host, guest


async def within(awaitable: Awaitable[T], what: str) -> T:
    """Await an event that must come: a hang (never a slow machine) ends in a failure naming what never came."""
    try:
        return await asyncio.wait_for(awaitable, WAIT)
    except TimeoutError:
        for task in asyncio.all_tasks():
            task.print_stack(limit=6)
        raise AssertionError(f"waited in vain for {what}") from None


async def close_all(*sites: Site) -> None:
    for s in sites:
        await within(s.close(), f"{s.name} to stop")
        await within(s.link.transport.aclose(), f"{s.name}'s connection to close")
