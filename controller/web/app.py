"""The FastAPI app: the main page, per-seat pages, a JSON API and a WebSocket of changes and LED frames.

One router per concern (game, seats, admin, history, simulator, the live updates, the page's files), all over one
dependency, `Site` (controller.web.deps). Errors are JSON `{"error": {"kind", "message"}}` (controller.web.errors).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from fastapi import FastAPI

from controller.session.runner import Controller
from controller.web import admin, game, hint, history, live, pages, replay, seats, simulator
from controller.web.deps import Site, WebConfig
from controller.web.errors import install_error_handlers
from controller.web.guard import HostCheck, PinGuard, StrictJSONResponse

DESCRIPTION = (
    "The Agora board's web API: the game being played, moves and orders from phones, answers to the "
    "board's questions, undo, new games, and (in simulator mode) the simulated board itself. "
    'Errors are `{"error": {"kind", "message"}}` with a 4xx status. Admin actions need the PIN '
    "printed on the console (header `X-Agora-Pin`) when the board serves the network (`--host`)."
)


def create_app(controller: Controller, config: WebConfig) -> FastAPI:
    app = FastAPI(
        title="Agora smart board",
        version="0.1.0",
        description=DESCRIPTION,
        default_response_class=StrictJSONResponse,
    )
    clock = config.pin_clock or time.monotonic
    app.state.site = Site(controller, config, PinGuard(config.pin, clock=clock))
    if config.allowed_hosts is not None:
        app.add_middleware(HostCheck, names=config.allowed_hosts)
    install_error_handlers(app)
    for module in (pages, game, hint, history, replay, admin, seats, simulator, live):
        app.include_router(module.router)
    return app


def built_app(controller: Controller, config: WebConfig) -> FastAPI:
    """`create_app` with everything FastAPI builds at the first request built already: to be called where no event
    loop runs (`agora play` builds it on a worker thread while the front door answers, controller.web.front).
    FastAPI builds its middleware stack and every route's state (dependencies, request models, pydantic's
    validators) when the first request is matched: some 20 ms of CPU here, 200 ms on a Raspberry Pi Zero 2 W, that
    would otherwise hold up the board's loop at the first phone's request. Here one request for no page is sent
    through the app in an event loop of this thread's own: matching a path that no route has builds them all and
    runs no route, so nothing of the board is touched from that loop."""
    app = create_app(controller, config)
    asyncio.run(_knock(app))
    return app


async def _knock(app: FastAPI) -> None:
    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        pass

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/.agora-knock",
        "raw_path": b"/.agora-knock",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 0),
        "server": ("127.0.0.1", 0),
        "state": {},
    }
    await app(scope, receive, send)
