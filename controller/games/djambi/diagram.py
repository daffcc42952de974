"""Positions written as text diagrams (rank 9 on top), for rulings, tests and puzzles:

RC .. .. .. .. .. .. .. BC      RC = Red Chief, BM = Blue Militant, ... (party R B Y G, kind C A R D N M)
...                             xx = a corpse, .. = an empty square; the Maze is E5, the centre
"""

from __future__ import annotations

from collections.abc import Mapping

from controller.games.djambi.board import (
    CORPSE,
    KIND_OF,
    KINDS,
    PARTY_LETTERS,
    PARTY_OF,
    SIZE,
    SQUARES,
    code,
    parse_square,
)
from controller.games.djambi.jsonio import check_consistent
from controller.games.djambi.order import VASSAL, alive
from controller.games.djambi.rules import resolve
from controller.games.djambi.state import DjambiState
from controller.games.errors import StateFormatError


def parse_diagram(text: str) -> bytes:
    rows = [line.split() for line in text.strip().splitlines() if line.strip()]
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise StateFormatError(f"a diagram has {SIZE} lines of {SIZE} squares each, rank 9 first")
    board = bytearray(SQUARES)
    for i, row in enumerate(rows):
        for f, token in enumerate(row):
            sq = (SIZE - 1 - i) * SIZE + f
            if token == "xx":
                board[sq] = CORPSE
            elif len(token) == 2 and token[0] in PARTY_LETTERS and token[1] in KINDS:
                board[sq] = code(PARTY_LETTERS.index(token[0]), KINDS.index(token[1]))
            elif token != "..":
                raise StateFormatError(f"{token!r} is not a square of a diagram: write RC, BM, ..., xx or ..")
    return bytes(board)


def diagram(board: bytes) -> str:
    def token(c: int) -> str:
        if c >= 2:
            return PARTY_LETTERS[PARTY_OF[c]] + KINDS[KIND_OF[c]]
        return "xx" if c == CORPSE else ".."

    return "\n".join(" ".join(token(board[r * SIZE + f]) for f in range(SIZE)) for r in reversed(range(SIZE)))


def from_squares(pieces: Mapping[str, str]) -> str:
    """A diagram of the pieces given by square name, like {"E5": "BC", "A9": "RC", "D4": "xx"}."""
    rows = [[".."] * SIZE for _ in range(SIZE)]
    for name, token in pieces.items():
        sq = parse_square(name)
        rows[SIZE - 1 - sq // SIZE][sq % SIZE] = token
    return "\n".join(" ".join(row) for row in rows)


def position(
    text: str | Mapping[str, str],
    turn: int = 0,
    control: tuple[int | None, ...] | None = None,
    cursor: int | None = None,
    quiet: int = 0,
    held: tuple[int | None, ...] | None = None,
    **options: object,
) -> DjambiState:
    """A position from a diagram (or a mapping for `from_squares`) with `turn`'s party to play.

    By default each party whose Chief lives plays itself and the others are vassals; `control` gives each party's
    player (None: vassal). `held` gives, per party, the player whose walled-in Chief (comeback rule) it waits for.
    """
    board = parse_diagram(text if isinstance(text, str) else from_squares(text))
    waits = tuple(-1 if h is None else h for h in held or (None,) * len(PARTY_LETTERS))
    if control is None:
        living = alive(board)
        seats = tuple(p if p in living and waits[p] != p else VASSAL for p in range(len(PARTY_LETTERS)))
    else:
        seats = tuple(VASSAL if s is None else s for s in control)
    state = DjambiState(board, seats, turn, turn if cursor is None else cursor, resolve(options), quiet, held=waits)
    check_consistent(state)
    return state
