"""What the page sees of a session: the game, the board, the LEDs' meaning in words, what can be done now."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from controller.games import CHANCE, SIMULTANEOUS, Game, Move, State, to_move_json
from controller.games.squares import name, squares_of
from controller.session.core import Session
from controller.visibility import legal_for, page_actions_for, view_for

MAX_LISTED = 400  # legal moves listed for typing help; more than that is only noise on a phone


@lru_cache(maxsize=1)  # the position now: every page asks about it; earlier ones are not asked about again
def _page_moves(state: State) -> tuple[tuple[int, str, str], ...]:
    """Moves with no physical decision (declarations, concessions, speech cards), per seat: page buttons."""
    out: list[tuple[int, str, str]] = []
    if state.to_move is None or state.to_move is CHANCE or state.to_move is SIMULTANEOUS:
        return ()
    for seat in range(state.seats):
        out.extend((seat, str(m), state.describe(m)) for m in state.page_moves(seat))
    return tuple(out)


@lru_cache(maxsize=16)
def _labels(game: Game, seats: int) -> dict[str, str]:
    """Each square of the game's region in the game's own naming (Politrics `33`, Djambi `C3`)."""
    return {name(sq): game.square_name(sq) for sq in game.region(seats).squares()}


def _names(mask: int) -> list[str]:
    return [name(s) for s in squares_of(mask)]


def snapshot(session: Session, seat: int | None = None) -> dict[str, Any]:
    s = session.state
    info = session.game.info
    region = session.game.region(s.seats)
    g = session.recognizer.guidance()
    result = s.outcome()
    # What this page may list: the seat to move's moves (every seat's page in a game without secrets, only its own
    # in one with secrets), a phase of orders' own orders, the dice.
    legal: list[Move] = []
    if isinstance(s.to_move, int):
        if not info.hidden_information or seat == s.to_move:
            legal = legal_for(session.game, s, s.to_move)
    else:
        legal = legal_for(session.game, s, seat)
    return {
        "game": {
            "name": info.name,
            "title": info.title,
            "seat_names": list(info.seat_names.get(s.seats, ())),
            "files": region.files,
            "ranks": region.ranks,
            "chance": info.chance,
            "hidden_information": info.hidden_information,
        },
        "game_id": session.game_id,
        "ply": len(session.history),
        "seat": seat,
        "to_move": to_move_json(s.to_move),
        "waiting_for": sorted(s.waiting_for()),
        "turn": s.turn_text(),
        "outcome": None if result is None else result.to_json(),
        "message": session.message,
        "paused": session.paused,
        "saving": session.saving,
        "pause_message": session.pause_message,
        "untrusted": _names(session.untrusted),
        "labels": _labels(session.game, s.seats),
        "pieces": [{"square": name(sq), "kind": p.kind, "owner": p.owner} for sq, p in sorted(s.pieces().items())],
        "marks": {name(sq): seat_ for sq, seat_ in s.marks().items()},
        "signs": {name(sq): colour for sq, colour in s.signs().items()},
        "occupancy": _names(session.occupancy),
        "expected": _names(g.expected),
        "mode": g.mode.value,
        "moves": session.move_list(),
        "prompt": [
            {"choice": i, "move": str(c.move), "description": s.describe(c.move)} for i, c in enumerate(session.prompt)
        ]
        or None,
        "actions": page_actions_for(session.game, _page_moves(s), seat),
        "legal": [str(m) for m in legal[:MAX_LISTED]],
        "seat_kinds": [k.value for k in session.seat_kinds],
        "dice": session.settings.dice.value,
        "thinking": session.thinking(),
        "hint": session.hint(seat),
        "view": view_for(s, seat),
    }
