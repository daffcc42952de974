"""What a place publishes for anybody on the broker (the hub, spectators): what it plays, and the game of a room as
a spectator sees it. Only public things: the game's `view(None)`, the pieces on the board, the turn; a seat's
orders are named by their seat only until the log reveals them, hands never."""

from __future__ import annotations

import time
from typing import Any

from controller.games import Orders
from controller.games.squares import name
from controller.remote.replica import Replica


def snapshot_json(replica: Replica, room: str) -> dict[str, Any]:
    """The room's game for spectators, published by its host after every entry of the log."""
    state = replica.state
    result = state.outcome()
    last = replica.plies[-1] if replica.plies else None
    text = None
    if last is not None:
        text = f"orders {last.entry.seat}" if isinstance(last.move, Orders) else last.entry.text
    return {
        "v": 1,
        "room": room,
        "game": replica.setup.game,
        "plies": len(replica.plies),
        "last": text,
        "turn": state.turn_text(),
        "outcome": None if result is None else result.to_json(),
        "view": state.view(None),
        "pieces": [{"square": name(sq), "kind": p.kind, "owner": p.owner} for sq, p in sorted(state.pieces().items())],
        "places": replica.places,
        "at": time.time(),
    }


def info_json(place: str, replica: Replica, room: str, host: str) -> dict[str, Any]:
    """What a place plays (for the hub's list): its room, game, seats and who holds them, the move count."""
    state = replica.state
    info = state.game.info
    names = info.seat_names.get(state.seats, ())
    return {
        "v": 1,
        "place": place,
        "room": room,
        "host": host,
        "game": info.name,
        "title": info.title,
        "seats": [
            {"seat": k, "name": names[k] if k < len(names) else f"Seat {k}", "place": replica.places[k]}
            for k in range(state.seats)
        ],
        "plies": len(replica.plies),
        "status": "over" if state.to_move is None else "playing",
        "turn": state.turn_text(),
        "at": time.time(),
    }
