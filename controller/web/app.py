"""The FastAPI app: the main page, per-seat pages, a JSON API and a WebSocket of changes and LED frames.

One router per concern (game, seats, admin, history, simulator, the live updates, the page's files), all over one
dependency, `Site` (controller.web.deps). Errors are JSON `{"error": {"kind", "message"}}` (controller.web.errors).
"""

from __future__ import annotations

import time

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
