"""The move list as a beginner reads it: each ply in the game's notation and in words ("Dark places a Voter on
55"), sealed orders as sealed until the phase they belong to is adjudicated and then the orders themselves, and the
pieces still standing on the board that the game has already taken off (a beaten figure waiting to be removed)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from controller.errors import GameError
from controller.games import SIMULTANEOUS, Move, Orders, State
from controller.games.squares import name, squares_of
from controller.session.core import Session
from controller.session.view import Ply
from controller.web.words import seat_name


@lru_cache(maxsize=4096)
def _describe(before: State, move: Move) -> str:
    try:
        return before.describe(move)
    except (GameError, ValueError, KeyError):
        return ""


def _same_phase(before: State, after: State) -> bool:
    if before.to_move is not SIMULTANEOUS or after.to_move is not SIMULTANEOUS:
        return False
    return after.waiting_for() <= before.waiting_for()


def _revealed(history: Sequence[Ply], i: int, now: State) -> bool:
    """Sealed orders are shown once their phase is over: a later position is no longer in that phase of orders."""
    for k in range(i, len(history)):
        after = history[k + 1].before if k + 1 < len(history) else now
        if not _same_phase(history[k].before, after):
            return True
    return False


def _words(ply: Ply, names: tuple[str, ...]) -> str:
    if ply.move is None:
        return ""
    said = _describe(ply.before, ply.move)
    who = seat_name(names, ply.seat) if ply.seat is not None else ""
    if who and said and not said.startswith(who):
        said = f"{who}: {said[:1].lower()}{said[1:]}"
    return said


def move_list(session: Session) -> list[dict[str, Any]]:
    """Every ply: `move` (notation as everyone may read it), `words`, `seat`, `source`, `sealed`."""
    names = tuple(session.game.info.seat_names.get(session.state.seats, ()))
    return plies_words(session.history, session.state, names)


def plies_words(history: Sequence[Ply], now: State, names: tuple[str, ...]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i, ply in enumerate(history):
        sealed = isinstance(ply.move, Orders) and not _revealed(history, i, now)
        if sealed:
            entry = {"move": ply.public_text, "words": f"{seat_name(names, ply.seat)}'s orders (sealed)"}
        elif isinstance(ply.move, Orders):
            entry = {"move": ply.text, "words": f"{seat_name(names, ply.seat)}'s orders: {ply.text}"}
        else:
            entry = {"move": ply.text, "words": _words(ply, names)}
        out.append({"ply": i, **entry, "seat": ply.seat, "source": ply.source.value, "sealed": sealed})
    return out


def ends_game(session: Session, text: str) -> str | None:
    """How the game would end if `text` were played now (a concession, a resignation), or None: the page asks
    before it plays such a move."""
    return _ending(session.state, text)


@lru_cache(maxsize=256)
def _ending(state: State, text: str) -> str | None:
    try:
        after = state.play(state.game.parse(text, state))
    except (GameError, ValueError):
        return None
    result = after.outcome()
    return None if result is None else result.reason


def ghosts(session: Session) -> dict[str, dict[str, Any]]:
    """Pieces on the board that the game no longer has (a beaten figure still to take off), as they stood before
    the last move: the page draws them so a player sees which piece the chore is about."""
    if not session.history:
        return {}
    now = session.state.pieces()
    before = session.history[-1].before.pieces()
    out: dict[str, dict[str, Any]] = {}
    for sq in squares_of(session.occupancy & session.region):
        if sq not in now and sq in before:
            out[name(sq)] = before[sq].to_json()
    return out
