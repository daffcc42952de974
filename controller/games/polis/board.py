"""Polis geometry: the 8x8 board as 64-bit bitboards (square = rank * 8 + file, a1 = 0, h8 = 63).

Every table the turn resolution needs is computed once here, so resolving a step is a handful of integer
operations instead of coordinate arithmetic.
"""

from __future__ import annotations

from controller.games.squares import index as physical_index
from controller.games.squares import mask

SIDE = 8
SQUARES = SIDE * SIDE
FULL = (1 << SQUARES) - 1
FILES = "abcdefgh"

BLUE, RED = 0, 1
SEAT_NAMES = ("Blue", "Red")
# Blue starts on ranks 7-8 and races south; Red starts on ranks 1-2 and races north.
GOAL_RANK = (0, SIDE - 1)

# Eight directions as (file, rank) offsets; direction k and k ^ 4 are opposite (k + 4 mod 8).
DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))

_FILE_A = mask(r * SIDE for r in range(SIDE))
_FILE_H = _FILE_A << (SIDE - 1)
INNER_FILES = FULL & ~_FILE_A & ~_FILE_H
RANK_MASKS = tuple(0xFF << (r * SIDE) for r in range(SIDE))


def square(file: int, rank: int) -> int:
    return rank * SIDE + file


def file_of(sq: int) -> int:
    return sq % SIDE


def rank_of(sq: int) -> int:
    return sq // SIDE


def on_board(file: int, rank: int) -> bool:
    return 0 <= file < SIDE and 0 <= rank < SIDE


NAMES = tuple(f"{FILES[file_of(s)]}{rank_of(s) + 1}" for s in range(SQUARES))
BY_NAME = {n: s for s, n in enumerate(NAMES)}
# a1..h8 stand on the same-named squares of the 9x9 board (its south-west 8x8).
PHYSICAL = tuple(physical_index(file_of(s), rank_of(s)) for s in range(SQUARES))
FROM_PHYSICAL = {p: s for s, p in enumerate(PHYSICAL)}


def _neighbour(sq: int, k: int) -> int:
    df, dr = DIRECTIONS[k]
    f, r = file_of(sq) + df, rank_of(sq) + dr
    return square(f, r) if on_board(f, r) else -1


NEIGHBOUR = tuple(tuple(_neighbour(s, k) for k in range(8)) for s in range(SQUARES))
NEIGHBOUR_MASK = tuple(mask(n for n in NEIGHBOUR[s] if n >= 0) for s in range(SQUARES))
STEPS = tuple(tuple(n for n in NEIGHBOUR[s] if n >= 0) for s in range(SQUARES))


def _hop_lines(centre: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """Per direction with a neighbour and a square opposite it: (neighbour, its bit, target, its bit, beyond bit).

    `beyond` is the square behind the neighbour seen from the centre, where a defender stands; 0 off the board.
    Directions whose opposite square is off the board are left out: such a neighbour never hops.
    """
    out = []
    for k in range(8):
        n, t = NEIGHBOUR[centre][k], NEIGHBOUR[centre][k ^ 4]
        if n < 0 or t < 0:
            continue
        b = NEIGHBOUR[n][k]
        out.append((n, 1 << n, t, 1 << t, 0 if b < 0 else 1 << b))
    return tuple(out)


HOP_LINES = tuple(_hop_lines(s) for s in range(SQUARES))

# The four lines through a square, each as the pair of opposite neighbour directions.
AXES = ((0, 4), (1, 5), (2, 6), (3, 7))


def flanked(pieces: int) -> int:
    """Squares with a piece of `pieces` on both opposite sides along a rank, file or diagonal.

    A shift by 1, 7 or 9 wraps around the board's edge files, so squares on files a and h are cut out of those
    lines; a file (shift by 8) cannot wrap.
    """
    return (
        INNER_FILES
        & (((pieces << 1) & (pieces >> 1)) | ((pieces << 7) & (pieces >> 7)) | ((pieces << 9) & (pieces >> 9)))
    ) | ((pieces << 8) & (pieces >> 8))


def flank_pairs(sq: int, pieces: int) -> tuple[tuple[int, int], ...]:
    """The pairs of squares of `pieces` on opposite sides of `sq`, one pair per line, in name order (for texts)."""
    out = []
    for a, b in AXES:
        x, y = NEIGHBOUR[sq][a], NEIGHBOUR[sq][b]
        if x >= 0 and y >= 0 and pieces >> x & 1 and pieces >> y & 1:
            out.append((x, y) if NAMES[x] < NAMES[y] else (y, x))
    return tuple(sorted(out, key=lambda pair: NAMES[pair[0]]))
