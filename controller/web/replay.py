"""A stored game watched move by move: the board after every move, the move in notation and in words, and the
squares it changed lit as the board confirmed them. Built from what the games file keeps (the state after every
move), as anybody may see it: a running game with secrets is not shown until it is over."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.responses import HTMLResponse

from controller.errors import ErrorKind, GameError
from controller.games import State, load
from controller.games.squares import name
from controller.web.deps import SiteDep
from controller.web.errors import ApiError
from controller.web.history import public_export
from controller.web.pages import _static
from controller.web.words import legend

router = APIRouter(tags=["history"])
GameId = Annotated[int, Path(ge=1, le=2**63 - 1)]


def _pieces(state: State) -> list[dict[str, Any]]:
    return [{"square": name(sq), "kind": p.kind, "owner": p.owner} for sq, p in sorted(state.pieces().items())]


def _words(before: State, text: str) -> str:
    try:
        return before.describe(before.game.parse(text, before))
    except (GameError, ValueError):
        return ""


def frames(data: dict[str, Any]) -> dict[str, Any]:
    """The replay of an exported game: one frame for the start and one after every move."""
    game = load(data["game"])
    if "states" not in data or data.get("initial") is None:
        raise ApiError(409, ErrorKind.PROTOCOL, "this game has secrets and is still being played: watch it once over")
    try:
        states = [game.from_json(data["initial"]), *(game.from_json(s) for s in data["states"])]
    except GameError as exc:
        raise ApiError(409, ErrorKind.PROTOCOL, f"this stored game cannot be shown: {exc}") from exc
    seats = int(data["seats"])
    names = list(game.info.seat_names.get(seats, ()))
    region = game.region(seats)
    out: list[dict[str, Any]] = [
        {"ply": None, "move": "", "words": "The start", "pieces": _pieces(states[0]), "changed": []}
    ]
    for i, move in enumerate(data["moves"]):
        before, after = states[i], states[i + 1]
        was, now = before.pieces(), after.pieces()
        changed = sorted(name(sq) for sq in set(was) | set(now) if was.get(sq) != now.get(sq))
        text = str(move["text"])
        said = _words(before, text)
        out.append({"ply": i, "move": text, "words": said, "pieces": _pieces(after), "changed": changed})
    return {
        "id": data["id"],
        "game": {"name": game.info.name, "title": game.info.title, "seat_names": names},
        "files": region.files,
        "ranks": region.ranks,
        "labels": {name(sq): game.square_name(sq) for sq in region.squares()},
        "legend": legend(game, names),
        "status": data["status"],
        "outcome": data.get("outcome"),
        "frames": out,
    }


@router.get("/api/history/{game_id}/replay", summary="One stored game move by move: the board after every move")
async def replay(game_id: GameId, site: SiteDep) -> dict[str, Any]:
    if site.config.store is None:
        raise ApiError(404, ErrorKind.PROTOCOL, "this board keeps no games")
    return frames(public_export(site.config.store.export(game_id)))


@router.get("/replay/{game_id}", response_class=HTMLResponse, include_in_schema=False)
async def replay_page(game_id: GameId) -> HTMLResponse:
    return HTMLResponse(_static("replay.html").replace("<body>", f'<body data-game-id="{game_id}">', 1))
