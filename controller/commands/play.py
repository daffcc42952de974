"""`agora play GAME`: play on the board (or the simulator), with the page served for phones and laptops."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import signal
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO
from urllib.parse import urlsplit

from controller import heap
from controller.backends import BOARD_ERRORS, BoardSpecError, add_board_arguments, open_board
from controller.clock import SystemClock
from controller.commands.options import UsageError, add_game_arguments, parse_levels, parse_seats
from controller.commands.resume import Choice, choose_session, resume_note
from controller.errors import SessionError, StoreError
from controller.games import GameError, load, names
from controller.games.registry import load_all
from controller.network import LOOPBACK_NAMES, AddressError, Advert, board_name, choose_address, is_loopback, new_pin
from controller.ports import Hands
from controller.recognizer import RecognizerSettings
from controller.service_notify import ServiceNotifier, start_keep_alive, stop_keep_alive
from controller.session.core import Session, SessionSettings
from controller.session.factory import new_session
from controller.session.journal import StoreWorker
from controller.session.runner import Controller
from controller.session.sources import Dice
from controller.store import GameStore, default_db_path
from controller.storelock import StoreLock
from controller.thinker import ProcessThinker

if TYPE_CHECKING:
    from controller.commands.room import Room

_OPEN_ERRORS: tuple[type[Exception], ...] = (*BOARD_ERRORS, ValueError)  # ValueError: a bad --bounce and the like


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"the game: {', '.join(names())}")
    add_place_arguments(parser)
    add_game_arguments(parser)
    from controller.commands.remote_options import add_remote_arguments

    add_remote_arguments(parser, joining=False)


def add_place_arguments(parser: argparse.ArgumentParser) -> None:
    """What every place that plays needs: its board, its page, its games file (shared with `agora join`)."""
    add_board_arguments(parser, default="auto")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to serve the page on (default 127.0.0.1; 0.0.0.0 opens it to the network and "
        "admin actions then need the PIN printed here)",
    )
    parser.add_argument("--port", type=int, default=8000, help="port of the page (default 8000)")
    parser.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="the address phones open (in seat links and QR codes), when it is not this machine's LAN address",
    )
    parser.add_argument(
        "--name",
        default=socket.gethostname(),
        help="the board's name on the local network: agora-NAME.local (default: this machine's name)",
    )
    parser.add_argument("--no-mdns", action="store_true", help="do not advertise the board on the local network (mDNS)")
    parser.add_argument(
        "--record",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the board's sensor events to FILE (replay them with 'agora replay')",
    )
    parser.add_argument("--db", type=Path, default=None, help=f"the games file (default {default_db_path()})")
    parser.add_argument(
        "--new",
        action="store_true",
        help="start a new game even if an unfinished one is stored (that one is abandoned); without it the "
        "unfinished game is resumed, whichever game it is",
    )
    parser.add_argument(
        "--dice",
        choices=["auto", "manual"],
        default="auto",
        help="auto: the board rolls; manual: physical dice entered on the page",
    )
    parser.add_argument(
        "--order-time",
        type=float,
        default=None,
        metavar="SECONDS",
        help="the host's timer for secret orders: when it runs out, seats that handed in nothing give no orders",
    )
    parser.add_argument(
        "--no-takebacks",
        action="store_true",
        help="do not treat an earlier position put back on the board as a takeback",
    )


MAX_ORDER_TIME = 86_400.0  # a day: longer is no timer at all (and infinity is not a time the page can show)


def _fail(message: str, code: int = 1) -> int:
    print(f"agora play: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    try:
        with heap.loading():  # until the board serves: `serve` settles the heap then
            return asyncio.run(serve(args))
    except KeyboardInterrupt:
        return 0


@dataclass(frozen=True, slots=True)
class _WebSettings:
    """What the page's app is made with (controller.web.deps.WebConfig), before the web stack is loaded."""

    pin: str | None
    hands: Hands | None
    store: GameStore
    public_url: str
    allowed_hosts: frozenset[str]
    new_session: Callable[..., Session]


def _web_server(controller: Controller, web: _WebSettings, args: argparse.Namespace) -> Any:
    """The web stack loaded, the page's app made and its uvicorn server (not started yet): on a worker thread."""
    import uvicorn

    from controller.web.app import create_app
    from controller.web.deps import WebConfig

    config = WebConfig(
        pin=web.pin,
        hands=web.hands,
        store=web.store,
        public_url=web.public_url,
        allowed_hosts=web.allowed_hosts,
        new_session=web.new_session,
    )
    app = create_app(controller, config)
    return uvicorn.Server(
        uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", lifespan="off", ws="websockets-sansio")
    )


async def warm_up() -> None:
    """Once the page serves: every game's rules loaded on a worker thread and frozen with the rest of what lives as
    long as the process, so a game of another kind started later from the page does not hold up the sensors and the
    LEDs for its imports (a tenth of a second here, a second on a Pi Zero 2 W). A game that fails to load says so
    when it is chosen, as before."""
    await asyncio.to_thread(load_all)
    heap.settled()


def _demo_game(args: argparse.Namespace, store: StoreWorker, settings: SessionSettings) -> Session:
    """The next game of the demo: the same game, every seat a computer of the demo's level, a fresh seed."""
    kinds = parse_seats(args.seats, len(args.seats.split(",")))
    levels = parse_levels(args.seats, len(kinds))
    return new_session(args.game, seats=len(kinds), seat_kinds=kinds, levels=levels, store=store, settings=settings)


def _with_demo(
    control: asyncio.Task[None],
    controller: Controller,
    hands: Hands,
    clock: SystemClock,
    pace: float,
    restart: Callable[[], Session],
) -> asyncio.Task[None]:
    """The controller's task with the demo's hands running beside it (cancelled with it)."""
    from controller.demo import play_hands

    async def both() -> None:
        hands_task = asyncio.create_task(play_hands(controller, hands, clock, pace, restart), name="demo")
        try:
            await control
        finally:
            hands_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await hands_task

    return asyncio.create_task(both(), name="controller+demo")


def _port_free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                return False
            raise
    return True


async def serve(args: argparse.Namespace) -> int:
    joining = getattr(args, "room", None) is not None
    try:
        if not joining:
            load(args.game)
    except GameError as exc:
        return _fail(str(exc), 2)
    if not 1 <= args.port <= 65535:
        return _fail(f"--port {args.port} is not a port (1 to 65535)", 2)
    if args.order_time is not None and not 0 < args.order_time <= MAX_ORDER_TIME:
        return _fail(f"--order-time is a number of seconds above 0 and at most {MAX_ORDER_TIME:g}", 2)
    settings = SessionSettings(
        recognizer=RecognizerSettings(takebacks=not args.no_takebacks), dice=Dice(args.dice), order_time=args.order_time
    )
    demo_pace = getattr(args, "demo_pace", None)  # `agora demo`: computers only, their pause paced for watchers
    if demo_pace is not None:
        settings = replace(settings, computer_delay=demo_pace)
    db = args.db or default_db_path()
    try:
        lock = StoreLock(db)  # first: a second board on the same file is told who holds it
    except StoreError as exc:
        return _fail(str(exc))
    with lock:
        try:
            if not _port_free(args.host, args.port):
                return _fail(f"port {args.port} on {args.host} is in use: choose another with --port", 1)
        except OSError as exc:
            return _fail(f"cannot serve on {args.host}: {exc.strerror}", 1)
        return await _serve_locked(args, settings, db)


async def _serve_locked(args: argparse.Namespace, settings: SessionSettings, db: Path) -> int:
    try:
        # Two connections: the loop reads through one (WAL readers never wait for the writer) and the writer
        # thread owns the other, so no disk wait ever holds up the sensors or the LEDs.
        reader = GameStore(db, busy_timeout=0.01)
        writer = GameStore(db)
    except StoreError as exc:
        return _fail(str(exc))
    store = StoreWorker(writer)

    def close_store() -> None:
        lost = store.close()
        if lost:
            print(f"agora play: {lost} writes could not be stored in {db}", file=sys.stderr)
        writer.close()
        reader.close()

    room: Room | None = None
    choice: Choice | None = None
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
            room = await (open_guest if joining else open_host)(args, writer, db, settings)
            session, resumed = room.session, room.resumed
            session.write_to(store)
        else:
            choice = choose_session(args, reader, store, settings)
            session, resumed = choice.session, choice.resumed
    except refusals as exc:
        close_store()
        return _fail(str(exc), 1 if isinstance(exc, StoreError) else 2)
    clock = SystemClock()
    try:
        board = await open_board(args.board, clock, args.pinmap, initial=session.state.occupancy())
    except _OPEN_ERRORS as exc:
        close_store()
        return _fail(str(exc), 2 if isinstance(exc, BoardSpecError) else 1)
    record: TextIO | None = None
    if args.record is not None:
        try:
            record = args.record.open("a", encoding="utf-8")
        except OSError as exc:
            await board.aclose()
            close_store()
            return _fail(f"cannot write the record file {args.record}: {exc.strerror}")
    pin = None if is_loopback(args.host) else new_pin()
    controller = Controller(
        session,
        board.matrix,
        clock,
        strip=board.strip,
        record=record,
        buttons=board.buttons,
        sim=board.hands is not None,
        pin_required=pin is not None,
        store=store,
        thinker=ProcessThinker(),
    )
    try:
        address = choose_address(args.host, args.port, args.public_url)
        name = board_name(args.name)
    except AddressError as exc:
        if room is not None:
            await room.aclose()
        await board.aclose()
        close_store()
        return _fail(str(exc), 2)
    url = address.url
    hosts = {name + ".local", socket.gethostname().lower(), socket.gethostname().lower() + ".local"}
    if args.public_url:
        hosts.add(urlsplit(url).hostname or "")
    if room is not None:
        room.attach(controller)
        print(room.describe())
    info = session.game.info
    what = "Resuming" if resumed else "New game of"
    print(f"{what} {info.title} (game #{session.game_id}, {len(session.history)} moves) on {board.description}")
    if choice is not None and (note := resume_note(choice, db)):
        print(note)
    sys.stdout.flush()
    # The board first: sensors read and the position on the LEDs before the web stack is even loaded (on a Pi Zero
    # 2 W that takes seconds). It loads on a worker thread, so the board answers its pieces meanwhile.
    control = asyncio.create_task(controller.run(), name="controller")
    demo_pace = getattr(args, "demo_pace", None)
    if demo_pace is not None and board.hands is not None:
        control = _with_demo(
            control, controller, board.hands, clock, demo_pace, lambda: _demo_game(args, store, settings)
        )
    live = asyncio.create_task(controller.live(), name="live")
    await asyncio.wait({control, live}, return_when=asyncio.FIRST_COMPLETED)
    live.cancel()
    web_config = _WebSettings(
        pin=pin,
        hands=board.hands,
        store=reader,
        public_url=url,
        allowed_hosts=LOOPBACK_NAMES | hosts,
        new_session=lambda game, **kw: new_session(game, store=store, **{"settings": settings, **kw}),
    )
    server = None if control.done() else await asyncio.to_thread(_web_server, controller, web_config, args)
    web = asyncio.create_task(server.serve(), name="web") if server is not None else control
    # uvicorn offers no event for "listening"; its `started` flag is the documented way to know.
    while server is not None and not server.started and not web.done() and not control.done():  # noqa: ASYNC110
        await asyncio.sleep(0.02)
    if web.done() or control.done() or server is None:
        failed = control.exception() if control.done() and not control.cancelled() else None
        control.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await control
        if room is not None:
            await room.aclose()
        await board.aclose()
        close_store()
        if failed is not None:
            raise failed
        return _fail(f"could not serve the page on {args.host}:{args.port}")
    print(
        f"Open {url}/ in a browser" + (" (the simulated board: click squares to move pieces)" if controller.sim else "")
    )
    advert = None
    if address.ip is not None and not args.no_mdns and not is_loopback(args.host):
        advert = Advert(name, address.ip, args.port)
        why = await advert.start()
        if why is None:
            print(f"On this network the board is also http://{name}.local:{args.port}/")
        else:
            print(f"(not advertised on the local network: {why})")
    if not address.reachable and not is_loopback(args.host):
        print("No network address found: phones cannot open the seat links; give --public-url")
    if pin is not None:
        print(f"Admin PIN for new games and seats: {pin[:4]}-{pin[4:]}")
    sys.stdout.flush()
    heap.settled()
    systemd = ServiceNotifier.from_env()
    systemd.ready(f"{info.title} on {board.description}, page at {url}/")
    alive = start_keep_alive(systemd, clock)
    warming = asyncio.create_task(warm_up(), name="warm-up")
    # `systemctl stop` and a reboot send SIGTERM: end as Ctrl-C does, LEDs dark and everything stored.
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError, RuntimeError):
        loop.add_signal_handler(signal.SIGTERM, stopping.set)
    stop = asyncio.create_task(stopping.wait(), name="sigterm")
    try:
        done, _ = await asyncio.wait({control, web, stop}, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            if task.exception() is not None:
                raise task.exception()  # type: ignore[misc]
    finally:
        systemd.stopping()
        await stop_keep_alive(alive)
        warming.cancel()
        stop.cancel()
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.remove_signal_handler(signal.SIGTERM)
        server.should_exit = True
        control.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await control
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(web, 3)
        if room is not None:
            await room.aclose()
        if advert is not None:
            await advert.stop()
        await board.aclose()
        close_store()
        if record is not None:
            record.close()
    return 0
