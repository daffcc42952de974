"""Djambi states as JSON: a readable board ({"A9": "RC", "E5": "corpse"}) and the turn bookkeeping. `jsonio` reads
them back."""

from __future__ import annotations

from typing import Any

from controller.games.djambi.board import CORPSE, CORPSE_KIND, KINDS, NAMES, PARTIES, PARTY_LETTERS, code
from controller.games.djambi.order import VASSAL
from controller.games.djambi.position import Position
from controller.games.squares import squares_of

TOKENS = {f"{PARTY_LETTERS[p]}{KINDS[k]}": code(p, k) for p in range(len(PARTIES)) for k in range(len(KINDS))}
TOKENS[CORPSE_KIND] = CORPSE
_TOKEN_OF = {c: t for t, c in TOKENS.items()}
N = len(PARTIES)


def state_to_json(state: Position) -> dict[str, Any]:
    return {
        "game": "djambi",
        "board": {NAMES[sq]: _TOKEN_OF[c] for sq, c in enumerate(state.board) if c},
        "control": [None if s == VASSAL else s for s in state.control],
        "turn": state.turn,
        "cursor": state.cursor,
        "quiet": state.quiet,
        "offer": None if state.offer < 0 else state.offer,
        "accepted": squares_of(state.accepted),
        "offered": state.offered,
        "agreed": state.agreed,
        "held": [None if h < 0 else h for h in state.held],
        "options": state.rules.to_json(),
    }
