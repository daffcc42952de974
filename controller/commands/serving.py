"""`agora play` live: the board first, then the page loaded beside it, announced, and run until stopped."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from controller import heap
from controller.clock import SystemClock
from controller.commands.opening import Place, Refused
from controller.commands.options import parse_levels, parse_seats
from controller.commands.resume import resume_note
from controller.games.registry import load_all
from controller.network import LOOPBACK_NAMES, Advert, is_loopback
from controller.ports import Hands
from controller.service_notify import ServiceNotifier, start_keep_alive, stop_keep_alive
from controller.session.core import Session, SessionSettings
from controller.session.factory import new_session
from controller.session.journal import StoreWorker
from controller.session.runner import Controller
from controller.store import GameStore
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class _FrontSettings:
    """What the front door is made with: the seats' tokens now and the names the board answers to."""

    tokens: Callable[[], Sequence[str]]
    allowed_hosts: frozenset[str]


@dataclass(frozen=True, slots=True)
class _WebSettings:
    """What the page's app is made with (controller.web.deps.WebConfig), before the web stack is loaded."""

    pin: str | None
    hands: Hands | None
    store: GameStore
    public_url: str
    allowed_hosts: frozenset[str]
    new_session: Callable[..., Session]


def _front_server(front: _FrontSettings, args: argparse.Namespace) -> tuple[Any, Any]:
    """The front door (controller.web.front) and its uvicorn server, loaded and made but not started: on a worker
    thread, as the board already runs. Nothing of FastAPI is loaded: the page serves from the front door while
    `build_routes` makes the app."""
    import uvicorn

    from controller.web.front import FrontDoor

    door = FrontDoor(front.tokens, front.allowed_hosts)
    config = uvicorn.Config(
        door, host=args.host, port=args.port, log_level="warning", lifespan="off", ws="websockets-sansio"
    )
    config.load()  # its protocols imported here, not in the board's loop when the server starts
    return door, uvicorn.Server(config)


def build_routes(controller: Controller, web: _WebSettings) -> Any:
    """The page's FastAPI app, the web stack loaded and every route and its middleware built: on a worker thread
    while the front door answers, so none of it runs in the board's loop (controller.web.app.built_app)."""
    from controller.web.app import built_app
    from controller.web.deps import WebConfig

    config = WebConfig(
        pin=web.pin,
        hands=web.hands,
        store=web.store,
        public_url=web.public_url,
        allowed_hosts=web.allowed_hosts,
        new_session=web.new_session,
    )
    return built_app(controller, config)


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
    lights: Callable[[SystemClock], Coroutine[Any, Any, None]] | None = None,
) -> asyncio.Task[None]:
    """The controller's task with the demo's hands (and a real board's attract lights) running beside it,
    cancelled with it."""
    from controller.demo import play_hands

    async def both() -> None:
        beside = [asyncio.create_task(play_hands(controller, hands, clock, pace, restart), name="demo")]
        if lights is not None:
            beside.append(asyncio.create_task(lights(clock), name="attract"))
        try:
            await control
        finally:
            for task in beside:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    return asyncio.create_task(both(), name="controller+demo")


def _print_opening(place: Place) -> None:
    session = place.session
    what = "Resuming" if place.resumed else "New game of"
    if place.room is not None:
        place.room.attach(place.controller)
        print(place.room.describe())
    print(
        f"{what} {session.game.info.title} (game #{session.game_id}, {len(session.history)} moves) "
        f"on {place.board.description}"
    )
    if place.choice is not None and (note := resume_note(place.choice, place.stores.db)):
        print(note)
    sys.stdout.flush()


def _board_first(place: Place, args: argparse.Namespace, settings: SessionSettings) -> asyncio.Task[None]:
    """The controller's task started: the board reads and lights before the page exists."""
    control = asyncio.create_task(place.controller.run(), name="controller")
    demo_pace = getattr(args, "demo_pace", None)
    hands = place.board.hands
    if demo_pace is not None and hands is not None:
        store = place.stores.worker
        control = _with_demo(
            control,
            place.controller,
            hands,
            place.clock,
            demo_pace,
            lambda: _demo_game(args, store, settings),
            getattr(args, "demo_lights", None),
        )
    return control


def _web_settings(place: Place, settings: SessionSettings) -> _WebSettings:
    store = place.stores.worker
    return _WebSettings(
        pin=place.pin,
        hands=place.board.hands,
        store=place.stores.reader,
        public_url=place.address.url,
        allowed_hosts=LOOPBACK_NAMES | place.hosts,
        new_session=lambda game, **kw: new_session(game, store=store, **{"settings": settings, **kw}),
    )


async def _start_page(
    place: Place, args: argparse.Namespace, control: asyncio.Task[None]
) -> tuple[Any, Any, asyncio.Task[Any]]:
    """The front door loaded and listening beside the running board: (door, server, its task); Refused (or the
    board's own failure raised) when it cannot serve."""
    live = asyncio.create_task(place.controller.live(), name="live")
    await asyncio.wait({control, live}, return_when=asyncio.FIRST_COMPLETED)
    live.cancel()
    controller = place.controller
    front = _FrontSettings(tokens=lambda: controller.session.tokens, allowed_hosts=LOOPBACK_NAMES | place.hosts)
    door, server = (None, None) if control.done() else await asyncio.to_thread(_front_server, front, args)
    web = asyncio.create_task(server.serve(), name="web") if server is not None else control
    # uvicorn offers no event for "listening"; its `started` flag is the documented way to know.
    while server is not None and not server.started and not web.done() and not control.done():  # noqa: ASYNC110
        await asyncio.sleep(0.02)
    if web.done() or control.done() or server is None:
        failed = control.exception() if control.done() and not control.cancelled() else None
        control.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await control
        if failed is not None:
            raise failed
        raise Refused(f"could not serve the page on {args.host}:{args.port}", 1)
    return door, server, web


async def _open_api(door: Any, controller: Controller, web: _WebSettings) -> None:
    """The FastAPI app built on a worker thread and handed the front door's requests; then start-up is over: the
    heap settles and every other game's rules load (`warm_up`)."""
    app = await asyncio.to_thread(build_routes, controller, web)
    door.hand_over(app)
    heap.settled()
    await warm_up()


async def _announce(place: Place, args: argparse.Namespace) -> None:
    """Where to open the page, the board's name on the network and the admin PIN, once the page serves."""
    url = place.address.url
    print(
        f"Open {url}/ in a browser"
        + (" (the simulated board: click squares to move pieces)" if place.controller.sim else "")
    )
    if place.address.ip is not None and not args.no_mdns and not is_loopback(args.host):
        advert = place.opened.advert = Advert(place.name, place.address.ip, args.port)
        why = await advert.start()
        if why is None:
            print(f"On this network the board is also http://{place.name}.local:{args.port}/")
        else:
            print(f"(not advertised on the local network: {why})")
    if not place.address.reachable and not is_loopback(args.host):
        print("No network address found: phones cannot open the seat links; give --public-url")
    if place.pin is not None:
        print(f"Admin PIN for new games and seats: {place.pin[:4]}-{place.pin[4:]}")
    sys.stdout.flush()


async def _until_ended(ending: set[asyncio.Task[Any]], beside: asyncio.Task[None]) -> None:
    """Until one of `ending` ends, its failure raised; `beside` (the API's opening) ends on its own meanwhile, and
    only a failure of it ends the wait."""
    waiting = {*ending, beside}
    while True:
        done, waiting = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            if task.exception() is not None:
                raise task.exception()  # type: ignore[misc]
        if done - {beside}:
            return


async def serve_place(place: Place, args: argparse.Namespace, settings: SessionSettings) -> int:
    """The place live until the board fails, the page stops or SIGTERM; the caller closes what `place` opened."""
    _print_opening(place)
    # The board first: sensors read and the position on the LEDs before the web stack is even loaded (on a Pi Zero
    # 2 W that takes seconds). It loads on a worker thread, so the board answers its pieces meanwhile.
    control = _board_first(place, args, settings)
    door, server, web = await _start_page(place, args, control)
    # The page serves (from the front door) while the API is built: a phone opening it sees the board starting.
    opening = asyncio.create_task(_open_api(door, place.controller, _web_settings(place, settings)), name="api")
    await _announce(place, args)
    systemd = ServiceNotifier.from_env()
    systemd.ready(f"{place.session.game.info.title} on {place.board.description}, page at {place.address.url}/")
    alive = start_keep_alive(systemd, place.clock)
    # `systemctl stop` and a reboot send SIGTERM: end as Ctrl-C does, LEDs dark and everything stored.
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError, RuntimeError):
        loop.add_signal_handler(signal.SIGTERM, stopping.set)
    stop = asyncio.create_task(stopping.wait(), name="sigterm")
    try:
        await _until_ended({control, web, stop}, opening)
    finally:
        systemd.stopping()
        await stop_keep_alive(alive)
        opening.cancel()
        stop.cancel()
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.remove_signal_handler(signal.SIGTERM)
        server.should_exit = True
        control.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await control
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(web, 3)
    return 0
