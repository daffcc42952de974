"""Walled-in Chiefs as the Djambi computer sees them coming (R15, docs/rules/djambi.md).

The rules wall a Chief in only after the fact: a Chief outside the Maze whose region (empty squares and its own
party's pieces) reaches no other party's piece and not the empty Maze dies, with no Necromobile left to carry a
corpse of the wall away (the default ruling). In played games nearly every walling comes from one corpse put on the
one square through which a Chief's region still reaches the rest of the board, late in the game once the Necromobiles
are dead; and a Chief whose region is already closed lives only as long as some Necromobile does. The search sees
neither in time: a corpse can go on any empty square, so each kill is thousands of moves, one per square, and the
tree's inner nodes weigh only the best few by their first look. This module names both dangers, for the evaluation
and for the move ordering:

- `gaps`: the empty squares on each of which a single corpse walls the Chief in now;
- `enclosed`: a Chief already shut in, alive only while a Necromobile lives.
"""

from __future__ import annotations

from controller.games.djambi.board import CORPSE, EMPTY, MAZE, NECROMOBILE, PARTIES, code
from controller.games.djambi.rules import WalledIn
from controller.games.djambi.walls import escape
from controller.games.squares import lowest

NECROMOBILE_CODES = tuple(code(p, NECROMOBILE) for p in range(len(PARTIES)))


def necromobiles(board: bytes) -> int:
    """How many Necromobiles live on the board (any party)."""
    return sum(board.count(c) for c in NECROMOBILE_CODES)


def corpse_walls(board: bytes, mode: WalledIn) -> bool:
    """Can one more corpse wall a Chief in under the rule `mode`? Not while a Necromobile lives under the default
    ruling (it could carry the corpse away), never under `never`."""
    if mode is WalledIn.NEVER:
        return False
    return mode is not WalledIn.NO_NECROMOBILE or necromobiles(board) == 0


def gaps(board: bytes, square: int, mode: WalledIn) -> int:
    """The empty squares (a mask; the Maze never, no corpse goes there but a fresh Chief's) on each of which one
    corpse would wall in the Chief on `square`. Every way out passes through such a square, so they all lie on
    the one way out `escape` finds: only those few squares are tried."""
    if square == MAZE or not corpse_walls(board, mode):
        return 0
    way = escape(board, square, mode)
    if not way:
        return 0  # walled in already (the game has turned it over), or a rule under which nobody is
    trial = bytearray(board)
    found = 0
    way &= ~(1 << square)
    while way:
        sq = lowest(way)
        way &= way - 1
        if board[sq] != EMPTY or sq == MAZE:
            continue
        trial[sq] = CORPSE
        if escape(trial, square, mode) is None:
            found |= 1 << sq
        trial[sq] = EMPTY
    return found


def enclosed(board: bytes, square: int, mode: WalledIn) -> bool:
    """Is the Chief on `square` shut in already, kept alive only by the Necromobiles still on the board (default
    ruling)? Killing the last of them walls it in, wherever that one stands."""
    if square == MAZE or mode is not WalledIn.NO_NECROMOBILE:
        return False
    return escape(board, square, WalledIn.REGION) is None
