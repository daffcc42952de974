"""The simulated board on the page: clicking a square lifts its piece or puts one there."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from controller.errors import ErrorKind, GameError
from controller.games.squares import parse as parse_square
from controller.web.deps import SiteDep
from controller.web.errors import ApiError
from controller.web.models import SquareRequest

router = APIRouter(tags=["sim"])


@router.post("/api/sim/toggle", summary="Simulator: lift the piece on a square, or put one there")
async def toggle(body: SquareRequest, site: SiteDep) -> dict[str, Any]:
    hands = site.config.hands
    if hands is None:
        raise ApiError(409, ErrorKind.PROTOCOL, "the board is real: move the pieces by hand")
    try:
        square = parse_square(body.square)
    except GameError as exc:
        raise ApiError(422, ErrorKind.INVALID, str(exc)) from exc
    lifted = bool(site.controller.matrix.scan() >> square & 1)
    try:
        (hands.lift if lifted else hands.place)(square)
    except ValueError:
        # Two quick clicks: the scan has not caught up with the first one yet, the hands know where pieces are.
        lifted = not lifted
        (hands.lift if lifted else hands.place)(square)
    return {"square": body.square, "lifted": lifted}
