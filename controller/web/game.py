"""The game being played: reading it (as a seat or a spectator may see it) and playing it from the page."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header

from controller.errors import ErrorKind
from controller.games import CHANCE, load, names
from controller.session.core import Session
from controller.session.sources import Source
from controller.web.deps import ClientDep, SiteDep
from controller.web.errors import ApiError
from controller.web.models import AnswerRequest, MoveRequest, OrdersRequest

router = APIRouter()


@router.get("/api/games", summary="The games this board plays, with seats and options", tags=["games"])
async def games() -> list[dict[str, Any]]:
    return [load(n).info.to_json() for n in names()]


@router.get("/api/state", summary="The game as a seat (or a spectator) may see it", tags=["play"])
async def state(site: SiteDep, token: str | None = None) -> dict[str, Any]:
    return await site.state(site.seat_of(token))


@router.get(
    "/api/static", summary="The current game's unchanging data for the page (a map, card texts)", tags=["games"]
)
async def static_data(site: SiteDep) -> dict[str, Any]:
    s = site.controller.session
    return {"game": s.game.name, "seats": s.state.seats, "data": s.game.static_json(s.state.seats)}


@router.post("/api/move", summary="Play a move typed or clicked on the page", tags=["play"])
async def move(body: MoveRequest, site: SiteDep) -> dict[str, Any]:
    seat = site.seat_of(body.token)
    source = Source.PAGE if seat is None else Source.PHONE
    s = site.controller.session
    if seat is None and s.game.info.hidden_information and s.state.to_move is not CHANCE:
        # Without a seat's token nobody may act for a seat in a game with secrets: trying moves would reveal
        # what a seat holds. Entering the dice thrown is the one thing the table itself does.
        raise ApiError(403, ErrorKind.PROTOCOL, "in this game moves are made on the board or on your seat's page")

    def act(s: Session, t: float) -> None:
        s.play_text(body.text, t, seat, source)
        site.controller.record_action({"move": body.text, "seat": seat})

    return await site.answered(act, seat)


@router.post("/api/orders", summary="Hand in a seat's secret orders", tags=["play"])
async def orders(body: OrdersRequest, site: SiteDep) -> dict[str, Any]:
    seat = site.seat(body.token)

    def act(s: Session, t: float) -> None:
        s.submit_orders(seat, body.orders, t)
        site.controller.record_action({"orders": body.orders, "seat": seat})

    return await site.answered(act, seat)


@router.post("/api/answer", summary="Answer the board's question (which piece was placed, ...)", tags=["play"])
async def answer(body: AnswerRequest, site: SiteDep) -> dict[str, Any]:
    def act(s: Session, t: float) -> None:
        s.answer(body.choice, t)
        site.controller.record_action({"answer": {"choice": body.choice}})

    return await site.answered(act, None)


@router.post("/api/undo", summary="Take back the last move; the LEDs guide the pieces back", tags=["play"])
async def undo(site: SiteDep, client: ClientDep, x_agora_pin: str | None = Header(None)) -> dict[str, Any]:
    if site.controller.session.game.info.hidden_information:
        site.check_pin(x_agora_pin, client)  # otherwise any phone could take back another seat's secret orders

    def act(s: Session, t: float) -> None:
        s.undo(t)
        site.controller.record_action({"undo": True})

    return await site.answered(act, None)


@router.post("/api/roll", summary="Roll the dice (when they are not rolled automatically)", tags=["play"])
async def roll(site: SiteDep) -> dict[str, Any]:
    def act(s: Session, t: float) -> None:
        s.roll(t)
        site.controller.record_action({"roll": True})

    return await site.answered(act, None)
