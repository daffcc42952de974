"""Remote play for `agora play GAME --remote mqtt://HOST/ROOM` (this place hosts the room) and `agora join
mqtt://HOST/ROOM` (this place joins it): opening the room, and the link that runs beside the controller."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from dataclasses import field
from pathlib import Path

from controller.commands.options import UsageError, parse_options, parse_seats
from controller.games import load
from controller.remote import topics
from controller.remote.address import BrokerAddress, parse_address
from controller.remote.journal import Journal, journal_path
from controller.remote.link import RoomLink, start_link
from controller.remote.lobby import lobby
from controller.remote.place import Place
from controller.remote.rooms import guest_room, host_room, resume_room
from controller.session.core import Session, SessionSettings
from controller.session.runner import Controller
from controller.session.seats import SeatKind
from controller.store import GameStore
from controller.values import dataclass


@dataclass
class Room:
    """A room opened for `agora play`/`agora join`: its session and place, the broker, this place's records."""

    session: Session
    resumed: bool
    place: Place
    address: BrokerAddress
    journal: Journal
    transport: object
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    link: RoomLink | None = None

    def attach(self, controller: Controller) -> None:
        self.link = start_link(controller, self.place, self.transport, self.journal)  # type: ignore[arg-type]
        if self.link.task is not None:
            self.tasks.append(self.link.task)

    def describe(self) -> str:
        p = self.place
        role = "hosting" if p.is_host else f"joined ({p.setup.host} hosts)"
        return f"Room {p.setup.room} on {self.address.without_secret()}: {role}, this place is {p.name}"

    async def aclose(self) -> None:
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.transport.aclose()  # type: ignore[attr-defined]
        self.journal.close()


def _address(args: argparse.Namespace, text: str) -> tuple[BrokerAddress, str]:
    address = parse_address(text, password_file=args.password_file)
    name = args.place or address.user
    if not name:
        raise UsageError("name this board on the broker: a user in the address (mqtt://NAME@HOST/ROOM) or --place")
    return address, topics.check_name(name, "the place")


def _transport(address: BrokerAddress, name: str, ca: Path | None) -> object:
    from controller.remote.mqtt import place_transport  # aiomqtt is needed only for remote play

    return place_transport(address, name, ca_file=ca)


async def open_host(args: argparse.Namespace, store: GameStore, db: Path, settings: SessionSettings) -> Room:
    address, name = _address(args, args.remote)
    room = address.room or ""
    journal = Journal(journal_path(db))
    stored = None if args.new else journal.load(room)
    if stored is not None and stored.status == "playing" and stored.place == name:
        session, place = resume_room(stored, store=store, journal=journal, settings=settings)
        resumed = True
    else:
        game = load(args.game)
        seats = game.info.check_seats(args.players)
        kinds = parse_seats(args.seats, seats) if args.seats else None
        if kinds is not None and SeatKind.REMOTE not in kinds:
            raise UsageError("a remote game needs at least one seat of kind 'remote' in --seats")
        session, place = host_room(
            game,
            room=room,
            place=name,
            seat_kinds=kinds,
            seats=seats,
            seed=args.seed,
            options=parse_options(game, args.option),
            store=store,
            journal=journal,
            settings=settings,
        )
        resumed = False
    return Room(session, resumed, place, address, journal, _transport(address, name, args.ca))


async def open_guest(args: argparse.Namespace, store: GameStore, db: Path, settings: SessionSettings) -> Room:
    address, name = _address(args, args.room)
    room = address.room or ""
    journal = Journal(journal_path(db))
    stored = None if args.new else journal.load(room)
    transport = _transport(address, name, args.ca)
    if stored is not None and stored.status == "playing" and stored.place == name:
        session, place = resume_room(stored, store=store, journal=journal, settings=settings)
        return Room(session, True, place, address, journal, transport)
    try:
        seats = tuple(int(s) for s in args.seats.split(",") if s.strip())
    except ValueError:
        raise UsageError(f"--seats lists seat numbers, like 1 or 1,3, not {args.seats!r}") from None

    def say(text: str) -> None:
        print(text, flush=True)

    setup, privates, entries = await lobby(transport, room, name, seats, say)  # type: ignore[arg-type]
    kind = SeatKind.parse(args.seat_kind)
    session, place = guest_room(
        setup,
        place=name,
        privates=privates,
        entries=entries,
        local_kind=kind,
        store=store,
        journal=journal,
        settings=settings,
    )
    print(f"Joined room {room}: seats {', '.join(map(str, place.my_seats()))}", file=sys.stdout, flush=True)
    return Room(session, False, place, address, journal, transport)
