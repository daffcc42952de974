"""The games stored on this board, and one of them exported (a running game with secrets as a spectator sees it)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from controller.errors import ErrorKind
from controller.visibility import export_for_spectator
from controller.web.deps import SiteDep
from controller.web.errors import ApiError

router = APIRouter(tags=["history"])


@router.get("/api/history", summary="Games stored on this board, newest first")
async def history(site: SiteDep, limit: int = 50) -> list[dict[str, Any]]:
    store = site.config.store
    if store is None:
        return []
    if not 1 <= limit <= 500:
        raise ApiError(422, ErrorKind.INVALID, "limit is 1 to 500")
    return [
        {
            "id": r.id,
            "game": r.game,
            "seats": r.seats,
            "status": r.status,
            "plies": r.plies,
            "outcome": r.outcome,
            "created": r.created,
        }
        for r in store.games(limit)
    ]


@router.get("/api/history/{game_id}", summary="One stored game as JSON, with its move texts")
async def export(game_id: Annotated[int, Path(ge=1, le=2**63 - 1)], site: SiteDep) -> dict[str, Any]:
    if site.config.store is None:
        raise ApiError(404, ErrorKind.PROTOCOL, "this board keeps no games")
    return public_export(site.config.store.export(game_id))  # no such game: 404 from the error table


def public_export(data: dict[str, Any]) -> dict[str, Any]:
    """The export as anybody may fetch it (controller.visibility decides)."""
    return export_for_spectator(data)
