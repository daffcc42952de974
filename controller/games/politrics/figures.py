"""The five kinds of figure, what each may do, and how a figure is written in a board string.

A board is an 81-character string in physical square order: `.` for an empty square, the kind's letter in upper
case for a Dark figure and in lower case for a Light one (`V` a Dark Voter, `d` a Light Delegate).
"""

from __future__ import annotations

from controller.games.physical import Piece
from controller.games.politrics.board import ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL

KINDS = "PVMDC"
PRESIDENT, VOTER, MINISTER, DELEGATE, CIVIL_SERVANT = range(5)
KIND_NAMES = ("President", "Voter", "Minister", "Delegate", "Civil Servant")
# Figures per kind in one set of 17.
COUNTS = (1, 4, 4, 4, 4)
FIGURES = sum(COUNTS)
# Figures needed to make a row of five at all; the President is not counted ("The President does not count").
ROW_FIGURES = 5

DARK, LIGHT = 0, 1
SEAT_NAMES = ("Dark", "Light")
EMPTY = "."

# Directions a kind steps in, and beats in (jumping over the neighbour in that direction).
STEPS: tuple[tuple[int, ...], ...] = (ALL_DIRECTIONS, ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL, ())
BEATS: tuple[tuple[int, ...], ...] = ((), ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL, ())
MOVEMENT = (
    "one square in any direction",
    "one square in any direction",
    "one square diagonally",
    "one square horizontally or vertically",
    "never",
)


def letter(kind: int, seat: int) -> str:
    return KINDS[kind] if seat == DARK else KINDS[kind].lower()


# Board character -> (kind, seat).
CODE: dict[str, tuple[int, int]] = {letter(k, s): (k, s) for k in range(5) for s in (DARK, LIGHT)}
PIECE: dict[str, Piece] = {c: Piece(KINDS[k], s) for c, (k, s) in CODE.items()}


def kind_of(text: str) -> int:
    """The kind named by a score-sheet letter (either case); ValueError when there is none."""
    k = KINDS.find(text.upper())
    if len(text) != 1 or k < 0:
        raise ValueError(f"no figure {text!r}: the figures are P V M D C")
    return k


def figure_name(kind: int, seat: int) -> str:
    return f"{SEAT_NAMES[seat]} {KIND_NAMES[kind]}"
