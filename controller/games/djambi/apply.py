"""What a board move does to the position: the board after it, who was killed, which squares it changed."""

from __future__ import annotations

from controller.games.djambi.board import ASSASSIN, CHIEF, CORPSE, KIND_OF, MAZE, MILITANT
from controller.games.djambi.moves import Act, Go, Report

BoardMove = Go | Act | Report

_KILLERS = (CHIEF, MILITANT, ASSASSIN)


def after(board: bytes, move: BoardMove) -> bytearray:
    """The board once `move` is carried out (before any walled-in Chief is turned over)."""
    out = bytearray(board)
    actor = out[move.src]
    out[move.src] = 0
    if isinstance(move, Act):
        target = board[move.dst]
        out[move.dst] = actor
        out[move.place] = CORPSE if move.kind in _KILLERS else target
        if move.exit is not None:
            out[move.dst] = 0
            if move.master:
                # The second Chief goes into the Maze: its corpse after an Assassin, itself after a Diplomat.
                out[MAZE] = CORPSE if move.kind == ASSASSIN else board[move.exit]
            out[move.exit] = actor
    else:
        out[move.dst] = actor
        if isinstance(move, Report):
            for v in move.victims:
                out[v] = CORPSE
    return out


def killed(board: bytes, move: BoardMove) -> list[int]:
    """The board bytes of the pieces `move` kills."""
    if isinstance(move, Act):
        if move.kind not in _KILLERS:
            return []
        return [board[move.dst], board[move.exit]] if move.master and move.exit is not None else [board[move.dst]]
    if isinstance(move, Report):
        return [board[v] for v in move.victims]
    return []


def changed(move: BoardMove) -> int:
    """A mask of the squares whose content `move` may change."""
    bits = (1 << move.src) | (1 << move.dst)
    if isinstance(move, Act):
        bits |= 1 << move.place
        if move.exit is not None:
            bits |= 1 << move.exit
    elif isinstance(move, Report):
        for v in move.victims:
            bits |= 1 << v
    return bits


def kills_chief(board: bytes, move: BoardMove) -> bool:
    return any(KIND_OF[c] == CHIEF for c in killed(board, move))
