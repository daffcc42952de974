"""What the host does (with the admin PIN when the board serves the network): new games, the order timer, abandon."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Header

from controller.errors import ErrorKind
from controller.games import load
from controller.session.core import Session
from controller.session.seats import parse_seat
from controller.web.deps import ClientDep, SiteDep
from controller.web.errors import ApiError
from controller.web.models import NewGameRequest

router = APIRouter(tags=["admin"])


@router.post("/api/new", summary="Start a new game (admin)")
async def new_game(
    body: NewGameRequest, site: SiteDep, client: ClientDep, x_agora_pin: str | None = Header(None)
) -> dict[str, Any]:
    site.check_pin(x_agora_pin, client)
    factory = site.config.new_session
    if factory is None:
        raise ApiError(409, ErrorKind.PROTOCOL, "this board cannot start games from the page")
    load(body.game)  # an unknown game is answered from the error table
    try:
        seats = None if body.seat_kinds is None else [parse_seat(k) for k in body.seat_kinds]
    except ValueError as exc:
        raise ApiError(422, ErrorKind.INVALID, str(exc)) from exc

    def start(s: Session, t: float) -> None:
        settings = s.settings if body.order_time is None else replace(s.settings, order_time=body.order_time)
        fresh = factory(
            body.game,
            seats=body.seats,
            seed=body.seed,
            options=body.options,
            seat_kinds=None if seats is None else [kind for kind, _ in seats],
            settings=settings,
            levels=[] if seats is None else [level for _, level in seats],
        )
        site.controller.replace(fresh, t)

    return await site.answered(start, None)


@router.post("/api/close-orders", summary="End the phase of secret orders now, as the timer would (admin)")
async def close_orders(site: SiteDep, client: ClientDep, x_agora_pin: str | None = Header(None)) -> dict[str, Any]:
    site.check_pin(x_agora_pin, client)

    def act(s: Session, t: float) -> None:
        s.close_orders(t)

    return await site.answered(act, None)


@router.post("/api/abandon", summary="Abandon the game being played (admin)")
async def abandon(site: SiteDep, client: ClientDep, x_agora_pin: str | None = Header(None)) -> dict[str, Any]:
    site.check_pin(x_agora_pin, client)

    def stop(s: Session, t: float) -> dict[str, Any]:
        return {"abandoned": s.abandon(t)}

    return await site.run(stop)
