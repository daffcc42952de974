"""Hints: the computer player's best move for the seat to move, asked for from the page. In a game with secrets a
hint is asked for, and shown, only on the seat's own page (its token); otherwise the LEDs show it to the table."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from controller.session.core import Session
from controller.web.deps import SiteDep

router = APIRouter()


class HintRequest(BaseModel):
    token: str | None = Field(None, max_length=100, description="a seat's token: the hint is for that seat")


@router.post(
    "/api/hint",
    summary="Think about the best move for the seat to move (or the token's seat); the state's `hint` shows it",
    tags=["play"],
)
async def hint(body: HintRequest, site: SiteDep) -> dict[str, Any]:
    seat = site.seat_of(body.token)

    def ask(s: Session, t: float) -> None:
        s.request_hint(seat, t)

    return await site.answered(ask, seat)
