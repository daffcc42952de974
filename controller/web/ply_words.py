"""The move list as a beginner reads it: each ply in the game's notation and in words ("Dark places a Voter on
55"), sealed orders as sealed until the phase they belong to is adjudicated and then the orders themselves, and the
pieces still standing on the board that the game has already taken off (a beaten figure waiting to be removed)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from controller.errors import GameError
from controller.games import CHANCE, Move, Orders, State
from controller.games.squares import name, squares_of
from controller.session.core import Session
from controller.session.view import Ply
from controller.web.plies import PlyMemo
from controller.web.words import seat_name


def _describe(before: State, move: Move) -> str:
    try:
        return before.describe(move)
    except (GameError, ValueError, KeyError):
        return ""


def said(history: Sequence[Ply], i: int) -> str:
    """Ply `i` in the game's own words ("" for a ply whose move no longer reads)."""
    ply = history[i]
    return "" if ply.move is None else _describe(ply.before, ply.move)


def _same_phase(ply: Ply, after: State) -> bool:
    return ply.before.orders_go_on(ply.seat, after)


def _goes_on(history: Sequence[Ply], i: int) -> bool:
    """Whether ply `i` is in the same phase of orders as the ply before it."""
    return i > 0 and _same_phase(history[i - 1], history[i].before)


def _phases(history: Sequence[Ply], now: State, memo: PlyMemo) -> tuple[list[int], int]:
    """A number per ply for the phase of orders it belongs to (a new number wherever one ends), and the number of
    the phase now: orders of an earlier phase have been adjudicated."""
    phases: list[int] = []
    p = 0
    for k, goes_on in enumerate(memo.of(history, "goes_on", _goes_on)):
        if k and not goes_on:
            p += 1
        phases.append(p)
    current = p if history and _same_phase(history[-1], now) else p + 1
    return phases, current


def _replaced(history: Sequence[Ply], phases: list[int]) -> list[bool]:
    """Per ply: orders that their seat handed in again later in the same phase."""
    out = [False] * len(history)
    later: set[tuple[int, int | None]] = set()  # (phase, seat) with orders after the ply looked at
    for i in range(len(history) - 1, -1, -1):
        ply = history[i]
        if isinstance(ply.move, Orders):
            key = (phases[i], ply.seat)
            out[i] = key in later
            later.add(key)
    return out


def _words(ply: Ply, words: str, names: tuple[str, ...]) -> str:
    who = seat_name(names, ply.seat) if ply.seat is not None else ""
    if who and words and not words.startswith(who):
        words = f"{who}: {words[:1].lower()}{words[1:]}"
    return words


def move_list(session: Session, memo: PlyMemo | None = None) -> list[dict[str, Any]]:
    """Every ply: `move` (notation as everyone may read it), `words`, `seat`, `source`, `sealed`."""
    names = tuple(session.game.info.seat_names.get(session.state.seats, ()))
    return plies_words(session.history, session.state, names, memo)


def plies_words(
    history: Sequence[Ply], now: State, names: tuple[str, ...], memo: PlyMemo | None = None
) -> list[dict[str, Any]]:
    """The move list of `history` up to `now`; `memo` keeps what each ply says between calls (see PlyMemo)."""
    memo = memo or PlyMemo()
    phases, current = _phases(history, now, memo)
    replaced = _replaced(history, phases)
    told = memo.of(history, "said", said)
    out: list[dict[str, Any]] = []
    for i, ply in enumerate(history):
        orders = isinstance(ply.move, Orders)
        sealed = orders and phases[i] == current
        # Orders a seat handed in again in the same phase: the first set was never given and stays secret.
        who = seat_name(names, ply.seat)
        if sealed or replaced[i]:
            text = f"{who}'s orders (handed in again later)" if replaced[i] else f"{who}'s orders (sealed)"
            entry = {"move": ply.public_text, "words": text}
        elif orders:
            entry = {"move": ply.text, "words": f"{who}'s orders: {ply.text}"}
        else:
            entry = {"move": ply.text, "words": _words(ply, told[i], names) if ply.move is not None else ""}
            after = history[i + 1].before if i + 1 < len(history) else now
            if ply.before.to_move is CHANCE and isinstance(after.to_move, int) and entry["words"]:
                # Dice are thrown for the seat that plays with them: say whose throw it was.
                roller = seat_name(names, after.to_move)
                if roller not in entry["words"]:
                    entry["words"] = f"{roller} rolls: {entry['words'][:1].lower()}{entry['words'][1:]}"
        sealed_now = sealed or replaced[i]
        out.append({"ply": i, **entry, "seat": ply.seat, "source": ply.source.value, "sealed": sealed_now})
    return out


def ends_game(session: Session, text: str, memo: PlyMemo | None = None) -> str | None:
    """How the game would end if `text` were played now (a concession, a resignation), or None: the page asks
    before it plays such a move."""
    if memo is None:
        return _ending(session.state, text)
    return memo.now(session.state, f"ends:{text}", lambda state: _ending(state, text))


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
