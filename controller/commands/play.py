"""`agora play GAME`: play on the board (or the simulator), with the page served for phones and laptops."""

from __future__ import annotations

import argparse
import asyncio
import errno
import socket
import sys
from dataclasses import replace
from pathlib import Path

from controller import heap
from controller.boards import BoardOpener, add_board_arguments
from controller.commands.opening import Refused, open_place
from controller.commands.options import add_game_arguments
from controller.commands.serving import serve_place
from controller.errors import StoreError
from controller.games import GameError, load, names
from controller.recognizer import RecognizerSettings
from controller.session.core import SessionSettings
from controller.session.sources import Dice
from controller.store import default_db_path
from controller.storelock import StoreLock


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


def run(args: argparse.Namespace, open_board: BoardOpener) -> int:
    try:
        with heap.loading():  # until the board serves: `serve` settles the heap then
            return asyncio.run(serve(args, open_board))
    except KeyboardInterrupt:
        return 0


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


async def serve(args: argparse.Namespace, open_board: BoardOpener) -> int:
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
        return await _serve_locked(args, settings, db, open_board)


async def _serve_locked(args: argparse.Namespace, settings: SessionSettings, db: Path, open_board: BoardOpener) -> int:
    try:
        place = await open_place(args, settings, db, open_board)
        try:
            return await serve_place(place, args, settings)
        finally:
            await place.opened.aclose()
    except Refused as exc:
        return _fail(str(exc), exc.code)
