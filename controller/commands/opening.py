"""What `agora play` opens before the board goes live: the games file, the game (or the room), the board, the record
file and the controller over them; closed again in one place whatever failed."""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO
from urllib.parse import urlsplit

from controller.boards import BoardOpener, BoardSpecError
from controller.clock import SystemClock
from controller.commands.options import UsageError
from controller.commands.resume import Choice, choose_session
from controller.errors import SessionError, StoreError
from controller.games import GameError
from controller.network import Address, AddressError, Advert, board_name, choose_address, is_loopback, new_pin
from controller.ports import Board, BoardTrouble
from controller.session.core import Session, SessionSettings
from controller.session.journal import StoreWorker
from controller.session.runner import Controller
from controller.store import GameStore
from controller.thinker import ProcessThinker
from controller.values import dataclass

if TYPE_CHECKING:
    from controller.commands.room import Room

_OPEN_ERRORS: tuple[type[Exception], ...] = (BoardTrouble, ValueError)  # ValueError: a bad --bounce and the like


class Refused(Exception):
    """`agora play` cannot start as asked: the message for the terminal and the exit code."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


@dataclass(slots=True)
class Stores:
    """The games file through two connections: the loop reads through one (WAL readers never wait for the writer)
    and the writer thread owns the other, so no disk wait ever holds up the sensors or the LEDs."""

    db: Path
    reader: GameStore
    writer: GameStore
    worker: StoreWorker

    @classmethod
    def open(cls, db: Path) -> Stores:
        try:
            reader = GameStore(db, busy_timeout=0.01)
            writer = GameStore(db)
        except StoreError as exc:
            raise Refused(str(exc), 1) from exc
        return cls(db, reader, writer, StoreWorker(writer))

    def close(self) -> None:
        lost = self.worker.close()
        if lost:
            print(f"agora play: {lost} writes could not be stored in {self.db}", file=sys.stderr)
        self.writer.close()
        self.reader.close()


@dataclass(slots=True)
class Opened:
    """What is open so far; `aclose` closes it in the order that keeps every write."""

    stores: Stores
    room: Room | None = None
    board: Board | None = None
    record: TextIO | None = None
    advert: Advert | None = None

    async def aclose(self) -> None:
        if self.room is not None:
            await self.room.aclose()
        if self.advert is not None:
            await self.advert.stop()
        if self.board is not None:
            await self.board.aclose()
        self.stores.close()
        if self.record is not None:
            self.record.close()


@dataclass(frozen=True, slots=True)
class Place:
    """Everything `agora play` opened, ready to go live."""

    opened: Opened
    session: Session
    resumed: bool
    choice: Choice | None  # how the game was chosen, when it is not a room's
    clock: SystemClock
    board: Board
    controller: Controller
    pin: str | None  # the admin PIN, when the page is open to the network
    address: Address
    name: str  # the board's name on the local network
    hosts: frozenset[str]  # the host names the page answers to besides loopback

    @property
    def stores(self) -> Stores:
        return self.opened.stores

    @property
    def room(self) -> Room | None:
        return self.opened.room


async def open_place(args: argparse.Namespace, settings: SessionSettings, db: Path, open_board: BoardOpener) -> Place:
    """The place opened as `args` asks, on the board `open_board` opens, ready to go live; Refused (everything closed
    again) when it cannot be."""
    opened = Opened(Stores.open(db))
    try:
        session, resumed, choice = await _open_game(args, settings, opened)
        clock = SystemClock()
        board = opened.board = await _open_board(open_board, args, clock, session)
        opened.record = _open_record(args)
        pin = None if is_loopback(args.host) else new_pin()
        controller = Controller(
            session,
            board.matrix,
            clock,
            strip=board.strip,
            record=opened.record,
            buttons=board.buttons,
            sim=board.hands is not None,
            pin_required=pin is not None,
            store=opened.stores.worker,
            thinker=ProcessThinker(),
        )
        address, name, hosts = _address(args)
    except BaseException:
        await opened.aclose()
        raise
    return Place(opened, session, resumed, choice, clock, board, controller, pin, address, name, hosts)


async def _open_game(
    args: argparse.Namespace, settings: SessionSettings, opened: Opened
) -> tuple[Session, bool, Choice | None]:
    """The session, and whether it was resumed: the room's when playing remotely, else the unfinished game resumed
    or a new one."""
    stores = opened.stores
    refusals: tuple[type[Exception], ...] = (GameError, SessionError, UsageError, StoreError)
    try:
        # A room is made before the loop runs, while the writer thread is idle: its few writes go straight to the
        # file, and the session's moves go to the writer thread from then on.
        if getattr(args, "room", None) is not None or getattr(args, "remote", None):
            # Remote play's machinery (the MQTT client, the room) is loaded only for remote play.
            from controller.commands.room import open_guest, open_host
            from controller.remote.errors import RemoteError

            refusals = (*refusals, RemoteError)
            joining = getattr(args, "room", None) is not None
            room = opened.room = await (open_guest if joining else open_host)(args, stores.writer, stores.db, settings)
            room.session.write_to(stores.worker)
            return room.session, room.resumed, None
        choice = choose_session(args, stores.reader, stores.worker, settings)
    except refusals as exc:
        raise Refused(str(exc), 1 if isinstance(exc, StoreError) else 2) from exc
    return choice.session, choice.resumed, choice


async def _open_board(open_board: BoardOpener, args: argparse.Namespace, clock: SystemClock, session: Session) -> Board:
    try:
        return await open_board(args.board, clock, args.pinmap, initial=session.state.occupancy())
    except _OPEN_ERRORS as exc:
        raise Refused(str(exc), 2 if isinstance(exc, BoardSpecError) else 1) from exc


def _open_record(args: argparse.Namespace) -> TextIO | None:
    if args.record is None:
        return None
    try:
        return args.record.open("a", encoding="utf-8")  # type: ignore[no-any-return]
    except OSError as exc:
        raise Refused(f"cannot write the record file {args.record}: {exc.strerror}", 1) from exc


def _address(args: argparse.Namespace) -> tuple[Address, str, frozenset[str]]:
    """The address phones open, the board's name on the local network and the host names the page answers to."""
    try:
        address = choose_address(args.host, args.port, args.public_url)
        name = board_name(args.name)
    except AddressError as exc:
        raise Refused(str(exc), 2) from exc
    hosts = {name + ".local", socket.gethostname().lower(), socket.gethostname().lower() + ".local"}
    if args.public_url:
        hosts.add(urlsplit(address.url).hostname or "")
    return address, name, frozenset(hosts)
