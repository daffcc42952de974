"""The move list as a beginner reads it: each ply in the game's notation and in words ("Dark places a Voter on
55"), sealed orders as sealed until the phase they belong to is adjudicated and then the orders themselves, and the
pieces still standing on the board that the game has already taken off (a beaten figure waiting to be removed)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from controller.errors import GameError
from controller.games import CHANCE, Move, Orders, State
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


def _same_phase(ply: Ply, after: State) -> bool:
    return ply.before.orders_go_on(ply.seat, after)


def _phases(history: Sequence[Ply], now: State) -> tuple[list[int], int]:
    """A number per ply for the phase of orders it belongs to (a new number wherever one ends), and the number of
    the phase now: orders of an earlier phase have been adjudicated."""
    phases: list[int] = []
    p = 0
    for k in range(len(history)):
        if k and not _same_phase(history[k - 1], history[k].before):
            p += 1
        phases.append(p)
    current = p if history and _same_phase(history[-1], now) else p + 1
    return phases, current


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
    phases, current = _phases(history, now)
    out: list[dict[str, Any]] = []
    for i, ply in enumerate(history):
        orders = isinstance(ply.move, Orders)
        sealed = orders and phases[i] == current
        # Orders a seat handed in again in the same phase: the first set was never given and stays secret.
        replaced = orders and any(
            phases[j] == phases[i] and isinstance(history[j].move, Orders) and history[j].seat == ply.seat
            for j in range(i + 1, len(history))
        )
        who = seat_name(names, ply.seat)
        if sealed or replaced:
            said = f"{who}'s orders (handed in again later)" if replaced else f"{who}'s orders (sealed)"
            entry = {"move": ply.public_text, "words": said}
        elif orders:
            entry = {"move": ply.text, "words": f"{who}'s orders: {ply.text}"}
        else:
            entry = {"move": ply.text, "words": _words(ply, names)}
            after = history[i + 1].before if i + 1 < len(history) else now
            if ply.before.to_move is CHANCE and isinstance(after.to_move, int) and entry["words"]:
                # Dice are thrown for the seat that plays with them: say whose throw it was.
                roller = seat_name(names, after.to_move)
                if roller not in entry["words"]:
                    entry["words"] = f"{roller} rolls: {entry['words'][:1].lower()}{entry['words'][1:]}"
        out.append({"ply": i, **entry, "seat": ply.seat, "source": ply.source.value, "sealed": sealed or replaced})
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
