"""Politrics moves and their score-sheet notation: `V33` places, `V33-34` steps, `V33-35` beats (jumping over 34),
`declare 35-75` declares the row between those end squares, `concede` lets a declared row stand."""

from __future__ import annotations

import re

from controller.games.errors import IllegalMoveError, InvalidMoveError
from controller.games.moves import Move
from controller.games.politrics.board import (
    LANDING,
    NEIGHBOUR,
    ROW_BY_ENDS,
    SQUARES,
    parse_square,
    row_name,
    square_name,
)
from controller.games.politrics.figures import CODE, EMPTY, KINDS, kind_of
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class Place(Move):
    """A figure from the line-up set on an empty square."""

    kind: int
    dst: int

    def __str__(self) -> str:
        return f"{KINDS[self.kind]}{square_name(self.dst)}"


@dataclass(frozen=True, slots=True)
class Shift(Move):
    """A figure stepping to a neighbouring square (the score sheet's `V33-34`)."""

    kind: int
    src: int
    dst: int

    def __str__(self) -> str:
        return f"{KINDS[self.kind]}{square_name(self.src)}-{square_name(self.dst)}"


@dataclass(frozen=True, slots=True)
class Beat(Move):
    """A figure jumping over the enemy figure next to it onto the free square behind, which beats that figure."""

    kind: int
    src: int
    dst: int

    @property
    def over(self) -> int:
        return (self.src + self.dst) // 2

    def __str__(self) -> str:
        return f"{KINDS[self.kind]}{square_name(self.src)}-{square_name(self.dst)}"


@dataclass(frozen=True, slots=True)
class Declare(Move):
    """The player who has just moved declares a row of five of their figures (an index into `board.ROWS`)."""

    row: int

    def __str__(self) -> str:
        return f"declare {row_name(self.row)}"


@dataclass(frozen=True, slots=True)
class Concede(Move):
    """The player to move lets the opponent's declared row stand: the board ends with the row scored."""

    def __str__(self) -> str:
        return "concede"


_PLACE = re.compile(r"([A-Za-z])(\d\d)")
_GO = re.compile(r"([A-Za-z]?)(\d\d)-(\d\d)")
_DECLARE = re.compile(r"declare\s+(\d\d)\s*-\s*(\d\d)", re.IGNORECASE)
NOTATION = "V33 places a Voter on 33, V33-34 steps, V33-35 beats over 34, declare 35-75, concede (kinds P V M D C)"


def _kind(text: str) -> int:
    try:
        return kind_of(text)
    except ValueError as exc:
        raise InvalidMoveError(str(exc)) from exc


def direction_between(src: int, dst: int) -> tuple[int, int] | None:
    """(direction, distance) when `dst` is one or two squares from `src` in a straight line."""
    for d in range(8):
        if NEIGHBOUR[src][d] == dst:
            return d, 1
        if LANDING[src][d] == dst:
            return d, 2
    return None


def parse_notation(text: str, board: str) -> Move:
    """Read a move; a step or beat written without its kind (`33-34`) takes the kind of the figure on its square."""
    t = text.strip()
    if t.lower() == "concede":
        return Concede()
    if m := _DECLARE.fullmatch(t):
        a, b = parse_square(m[1]), parse_square(m[2])
        row = ROW_BY_ENDS.get((a, b))
        if row is None:
            raise InvalidMoveError(f"{m[1]}-{m[2]} is not a row: name the end squares of five in a line, like 35-75")
        return Declare(row)
    if m := _PLACE.fullmatch(t):
        return Place(_kind(m[1]), parse_square(m[2]))
    if m := _GO.fullmatch(t):
        src, dst = parse_square(m[2]), parse_square(m[3])
        way = direction_between(src, dst)
        if way is None:
            raise InvalidMoveError(
                f"{t!r}: a figure steps to a neighbouring square or jumps two squares in a straight line"
            )
        if m[1]:
            kind = _kind(m[1])
        else:
            assert len(board) == SQUARES
            if board[src] == EMPTY:
                raise IllegalMoveError(f"there is no figure on {square_name(src)}")
            kind = CODE[board[src]][0]
        return Shift(kind, src, dst) if way[1] == 1 else Beat(kind, src, dst)
    raise InvalidMoveError(f"{text!r} is not a Politrics move: {NOTATION}")
