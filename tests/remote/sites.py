"""Places of a room in one test: each a real controller on a simulated board, its own games and rooms files, and
a link to a broker (in memory, or a real Mosquitto); all on one virtual clock."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from pathlib import Path

from controller.backends import SimOptions, open_board
from controller.clock import VirtualClock
from controller.games import State, load
from controller.remote.journal import Journal
from controller.remote.link import RoomLink
from controller.remote.messages import Entry, Setup
from controller.remote.place import Place
from controller.remote.rooms import guest_room, host_room, host_settings
from controller.remote.transport import Transport
from controller.session.core import Session, SessionSettings
from controller.session.runner import Controller
from controller.session.seats import SeatKind
from controller.store import GameStore


@dataclass
class Site:
    name: str
    session: Session
    place: Place
    controller: Controller
    link: RoomLink
    board: object
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    @property
    def texts(self) -> list[str]:
        return [p.text for p in self.controller.session.history]

    async def close(self) -> None:
        for t in self.tasks:
            t.cancel()
        for t in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        await self.board.aclose()  # type: ignore[attr-defined]


async def start_site(
    name: str, session: Session, place: Place, transport: Transport, journal: Journal, clock: VirtualClock
) -> Site:
    board = await open_board("sim", clock, initial=session.state.occupancy(), sim=SimOptions(keep_frames=0))
    controller = Controller(session, board.matrix, clock, frame_rate=None)
    link = RoomLink(controller, place, transport, journal)
    session.join_room(link)
    site = Site(name, session, place, controller, link, board)
    site.tasks = [asyncio.create_task(controller.run()), asyncio.create_task(link.run())]
    return site


def files(tmp: Path, name: str) -> tuple[GameStore, Journal]:
    return GameStore(tmp / name / "games.sqlite"), Journal(tmp / name / "games-rooms.sqlite")


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
    count = start.seats if start is not None else load(game).info.check_seats(seats)
    kinds = kinds or (SeatKind.BOARD, *[SeatKind.REMOTE] * (count - 1))
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
        settings=host_settings(SessionSettings(computer_delay=0.5)),
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
        settings=SessionSettings(computer_delay=0.5),
    )
    return session, place, journal
