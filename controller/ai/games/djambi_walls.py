"""Walled-in Chiefs as the Djambi computer sees them coming (R15, docs/rules/djambi.md).

The rules wall a Chief in only after the fact: a Chief outside the Maze whose region (empty squares and its own
party's pieces) reaches no other party's piece and not the empty Maze dies, with no Necromobile left to carry a
corpse of the wall away (the default ruling). In played games nearly every walling comes from one corpse put on the
one square through which a Chief's region still reaches the rest of the board, late in the game once the Necromobiles
are dead; and a Chief whose region is already closed lives only as long as some Necromobile does. The search sees
neither in time: a corpse can go on any empty square, so each kill is some fifty moves, one per square, and the
tree's inner nodes weigh only the best 20 by their first look. This module names both dangers for the move ordering
(DjambiKnowledge.prior). Counted in the evaluation as well they made hard weaker against greedy players (19 wins of
48 against 29): the greedy player judges by the same evaluation and learned them too.

- `gaps`: the empty squares on each of which a single corpse walls the Chief in now;
- `enclosed`: a Chief already shut in, alive only while a Necromobile lives.
"""

from __future__ import annotations

from controller.games.djambi.board import CORPSE, EMPTY, MAZE, NECROMOBILE, NEIGHBOURS, PARTIES, PARTY_OF, code
from controller.games.djambi.rules import WalledIn
from controller.games.djambi.walls import region_bounds, way_out

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


def _beside_a_goal(board: bytes, square: int, party: int) -> bool:
    """Does the Chief on `square` stand beside what ends the region search? Then no corpse walls it in (most Chiefs,
    most of the time: a look at eight squares instead of a search)."""
    necromobile = NECROMOBILE_CODES[party]
    for n in NEIGHBOURS[square]:
        b = board[n]
        if (b >= 2 and PARTY_OF[b] != party) or b == necromobile or (n == MAZE and b == EMPTY):
            return True
    return False


def gaps(board: bytes, square: int, mode: WalledIn) -> int:
    """The empty squares (a mask; the Maze never, no corpse goes there but a fresh Chief's) on each of which one
    corpse would wall in the Chief on `square`. Every way out passes through such a square, so they all lie on
    any one way out: only those few squares are tried."""
    if square == MAZE or not corpse_walls(board, mode):
        return 0
    if mode is WalledIn.CORPSES:  # walled in once every neighbour holds a corpse
        open_ = [n for n in NEIGHBOURS[square] if board[n] != CORPSE]
        return 1 << open_[0] if len(open_) == 1 and board[open_[0]] == EMPTY and open_[0] != MAZE else 0
    party = PARTY_OF[board[square]]
    if _beside_a_goal(board, square, party):
        return 0
    goals, passable = region_bounds(board, party)
    way = (way_out(square, goals, passable) or 0) & ~(1 << square) & passable & ~goals
    found = 0
    while way:
        low = way & -way
        way ^= low
        if board[low.bit_length() - 1] == EMPTY and way_out(square, goals, passable & ~low) is None:
            found |= low
    return found


def enclosed(board: bytes, square: int, mode: WalledIn) -> bool:
    """Is the Chief on `square` shut in already, kept alive only by the Necromobiles still on the board (default
    ruling)? Killing the last of them walls it in, wherever that one stands."""
    if square == MAZE or mode is not WalledIn.NO_NECROMOBILE:
        return False
    party = PARTY_OF[board[square]]
    if _beside_a_goal(board, square, party):
        return False
    goals, passable = region_bounds(board, party)
    return way_out(square, goals, passable) is None
