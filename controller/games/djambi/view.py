"""What the page shows of a position besides its JSON: who plays which party and how, the power, the coming turns.

The page's Djambi panel (controller/web/static/games/djambi.js) draws this; it knows no rules of its own.
"""

from __future__ import annotations

from typing import Any

from controller.games.djambi.board import CHIEF_CODES, CORPSE, MAZE, NAMES, PARTIES, PARTY_OF
from controller.games.djambi.order import VASSAL, controller, next_turn, power_party
from controller.games.djambi.position import Position
from controller.games.djambi.rules import Layout, Rules, WalledIn

UPCOMING = 8  # turns listed ahead, enough to show the power's extra turns between two of each other party's


def parties(state: Position) -> list[dict[str, Any]]:
    """Per party: who plays it now, on what title, where its Chief stands (and whether it lies walled in, kept by
    the comeback rule), for whose walled-in Chief it waits, and how many living pieces it has."""
    board, control = state.board, state.control
    counts = [0] * len(PARTIES)
    for c in board:
        if c >= 2:
            counts[PARTY_OF[c]] += 1
    out = []
    for p, name in enumerate(PARTIES):
        chief = board.find(CHIEF_CODES[p])
        if not counts[p]:
            how = "out"
        elif control[p] == p:
            how = "own"
        elif control[p] == VASSAL:
            how = "vassal"
        else:
            how = "inherited"
        out.append(
            {
                "party": name,
                "how": how,
                "player": controller(p, control, board) if counts[p] else None,
                "owner": None if control[p] == VASSAL else control[p],
                "chief": NAMES[chief] if chief >= 0 else None,
                "walled_in": state.held[p] == p,
                "held_for": state.held[p] if state.held[p] >= 0 else None,
                "pieces": counts[p],
            }
        )
    return out


def upcoming(state: Position, n: int = UPCOMING) -> list[dict[str, Any]]:
    """The next `n` turns (this one first) if nobody were killed and the power stayed: party, player, extra turn."""
    if state.to_move is None:
        return []
    board, control = state.board, state.control
    turn, cursor = state.turn, state.cursor
    out = []
    for _ in range(n):
        out.append({"party": turn, "player": controller(turn, control, board), "bonus": turn != cursor})
        turn, cursor = next_turn(turn, cursor, control, board)
    return out


def notes(rules: Rules) -> list[str]:
    """The rules in play that change what happens on the board, in words for the panel."""
    out = [
        "Walled in: a Chief dies when no way out is left and no Necromobile is left to open one"
        if rules.walled_in is WalledIn.NO_NECROMOBILE
        else "Walled in: a Chief dies when no way out is left and no Necromobile of its own is inside the walls"
        if rules.walled_in is WalledIn.REGION
        else "Walled in: a Chief dies when corpses fill every square around it"
        if rules.walled_in is WalledIn.CORPSES
        else "Nobody dies walled in"
    ]
    if rules.comeback and rules.walled_in is not WalledIn.NEVER:
        out.append("A walled-in Chief lies turned over and comes back if its wall is opened again")
    if rules.master_moves:
        out.append("Master moves: an Assassin or Diplomat that acted in the Maze may act on another Chief as it leaves")
    if rules.layout is Layout.ROTATED:
        out.append("Start: every block is Red's turned with the board")
    return out


def page(state: Position) -> dict[str, Any]:
    power = power_party(state.board)
    return {
        "notes": notes(state.rules),
        "turn_party": state.turn,
        "bonus": state.bonus,
        "power": power,
        "maze": "power" if power is not None else "puppet" if state.board[MAZE] == CORPSE else "empty",
        "parties": parties(state),
        "upcoming": upcoming(state),
    }
