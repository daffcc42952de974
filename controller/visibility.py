"""Who may see what of a game with secrets (Politics speech cards in a hand, Chesspolitik orders not yet
adjudicated): the one place that decides it. Every way out goes through here: the pages and the API (the session's
snapshot), the WebSocket (the same snapshot), the history export, and the referee's `legal` and `view`.

A viewer is a seat (its own page, its own referee requests) or None: a spectator (the main page, the table, the
history, the referee asked without a seat). A game without secrets shows everything to everybody.
"""

from __future__ import annotations

from typing import Any

from controller.errors import GameError
from controller.games import CHANCE, SIMULTANEOUS, Game, Move, State, load


def secret(game: Game) -> bool:
    return game.info.hidden_information


def legal_for(game: Game, state: State, viewer: int | None) -> list[Move]:
    """The legal moves `viewer` may see listed. In a game with secrets a seat's moves can name what it holds (a
    speech card), so they are listed to that seat alone; a chance node's outcomes are everybody's; in a phase of
    secret orders each seat sees its own possible orders, a spectator none."""
    to_move = state.to_move
    if to_move is None:
        return []
    if to_move is CHANCE:
        return [m for m, _ in state.chance_outcomes()]
    if to_move is SIMULTANEOUS:
        return list(state.legal_moves(viewer)) if viewer is not None else []
    if secret(game) and viewer is None:
        return []
    return list(state.legal_moves(viewer))


def page_actions_for(game: Game, actions: tuple[tuple[int, str, str], ...], viewer: int | None) -> list[Any]:
    """Of the page's move buttons (seat, move, description), those `viewer` may see: its own, or every seat's in
    a game without secrets when nobody in particular is looking."""
    return [
        {"seat": k, "move": m, "description": d}
        for k, m, d in actions
        if viewer == k or (viewer is None and not secret(game))
    ]


def view_for(state: State, viewer: int | None) -> dict[str, Any]:
    """The position as `viewer` may see it (the game's own `view`: its hand, its pending orders, nobody else's)."""
    return state.view(viewer)


def public_move_text(text: str, seat: int | None, is_orders: bool) -> str:
    """A stored move as everyone may read it: an order set shows only whose it is, never its orders."""
    return f"orders {seat}" if is_orders else text


def export_for_spectator(data: dict[str, Any]) -> dict[str, Any]:
    """A stored game as its export may show it. While a game with secrets is running: the states as a spectator
    sees them, no seed (it deals the hands again), order sets without their orders. A game that is over (finished
    or abandoned) is exported whole."""
    try:
        game = load(data["game"])
    except GameError:
        return data
    if data["status"] != "playing" or not secret(game):
        return data
    out = dict(data)
    out["seed"] = None
    for key in ("initial", "final"):
        try:
            out[key] = view_for(game.from_json(data[key]), None)
        except GameError:
            out[key] = None
    out.pop("states", None)
    out["moves"] = [
        {**m, "text": public_move_text(str(m["text"]), m["seat"], str(m["text"]).lower().startswith("orders"))}
        for m in data["moves"]
    ]
    return out
