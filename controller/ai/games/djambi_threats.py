"""Moves that bring a killer within reach of an enemy Chief, as the Djambi computer orders its moves.

A Chief is seldom killed by a piece that could kill it the turn before: the killer first steps onto one of the Chief's
lines (or into the Maze, with its extra turns), then strikes. A player who plays several parties, or holds the Maze,
has those two moves before the Chief's party gets one. The tree's inner nodes weigh only the best 20 moves by their
first look, and without this every quiet move looked alike to it (kills of Militants, each with some fifty squares for
the corpse, filled the 20), so the search seldom saw an enemy's first step towards its Chief, nor its own.

- `reach`: the squares from which a Chief or Assassin, and those from which a Militant, kills an enemy Chief by its
  next move on the board as it is.
"""

from __future__ import annotations

from controller.games.djambi.board import CHIEF_CODES, EMPTY, MAZE, PARTY_OF, RAYS
from controller.values import dataclass

MILITANT_REACH = 2  # a Militant moves (and kills) one or two squares


@dataclass(frozen=True, slots=True)
class Reach:
    """Bit masks of squares: `lines` for a Chief or Assassin (any distance along a free line), `near` for a Militant
    (one or two squares; not the Chief in the Maze, which no Militant may kill)."""

    lines: int
    near: int


def reach(board: bytes, control: tuple[int, ...], player: int) -> Reach:
    """The squares from which a piece of `player` would kill the Chief of another player by its next move: the
    empty squares on the Chief's eight lines up to the first piece (the empty Maze among them: only a Chief may
    stop there, and it kills from there)."""
    lines = near = 0
    for byte in CHIEF_CODES:
        chief = board.find(byte)
        if chief < 0 or control[PARTY_OF[byte]] == player:
            continue
        for ray in RAYS[chief]:
            for distance, sq in enumerate(ray):
                if board[sq] != EMPTY:
                    break
                lines |= 1 << sq
                if distance < MILITANT_REACH and chief != MAZE:
                    near |= 1 << sq
    return Reach(lines, near)
