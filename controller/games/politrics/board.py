"""The Politrics board: square names, the playing field and retirement ring, neighbour tables, lines and values.

Squares are physical indices 0..80; the game calls them `xy` (x = file 1..9, y = rank 1..9), index (y-1)*9 + (x-1).
Every table here is built once at import so move generation is lookups and bit operations only.
"""

from __future__ import annotations

from controller.games.errors import InvalidMoveError
from controller.games.squares import mask

SIZE = 9
SQUARES = SIZE * SIZE
FULL = (1 << SQUARES) - 1

# The four orthogonal directions come first, then the four diagonal ones; figures index into this order.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
ORTHOGONAL = (0, 1, 2, 3)
DIAGONAL = (4, 5, 6, 7)
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL
NONE = -1


def square(x: int, y: int) -> int:
    """The index of square `xy` (both 1..9)."""
    return (y - 1) * SIZE + (x - 1)


def coords(sq: int) -> tuple[int, int]:
    return sq % SIZE + 1, sq // SIZE + 1


def square_name(sq: int) -> str:
    if not 0 <= sq < SQUARES:
        raise ValueError(f"no square {sq} on the 9x9 board")
    x, y = coords(sq)
    return f"{x}{y}"


def parse_square(text: str) -> int:
    """The index of a square named like `33`; InvalidMoveError otherwise."""
    t = text.strip()
    if len(t) == 2 and t[0] in "123456789" and t[1] in "123456789":
        return square(int(t[0]), int(t[1]))
    raise InvalidMoveError(f"{text!r} is not a square: write its file and rank 1-9, like 33 or 55")


PLAYING = mask([square(x, y) for x in range(2, SIZE) for y in range(2, SIZE)])
RETIREMENT = FULL & ~PLAYING
CENTRE = square(5, 5)


def _neighbours(distance: int) -> tuple[tuple[int, ...], ...]:
    """For every square, the square `distance` steps away in each direction (NONE off the board). The tables are
    built before the board is live, so in index arithmetic (x and y from 0) rather than through `square`."""
    return tuple(
        tuple(
            (y + distance * dy) * SIZE + x + distance * dx
            if 0 <= x + distance * dx < SIZE and 0 <= y + distance * dy < SIZE
            else NONE
            for dx, dy in DIRECTIONS
        )
        for y in range(SIZE)
        for x in range(SIZE)
    )


# NEIGHBOUR[sq][d]: the square one step away in direction d; LANDING[sq][d]: two steps away (where a jump lands).
NEIGHBOUR: tuple[tuple[int, ...], ...] = _neighbours(1)
LANDING: tuple[tuple[int, ...], ...] = _neighbours(2)
# The Aura of a Civil Servant, and equally the squares around a President where no Civil Servant may stand.
AURA: tuple[int, ...] = tuple(mask([n for n in NEIGHBOUR[sq] if n != NONE]) for sq in range(SQUARES))


def _values() -> tuple[int, ...]:
    values = [0] * SQUARES
    table = {
        6: (45, 54, 56, 65),
        5: (44, 46, 64, 66),
        4: (35, 53, 57, 75),
        3: (33, 37, 73, 77),
        2: (25, 52, 58, 85),
        1: (22, 28, 82, 88),
    }
    for points, names in table.items():
        for n in names:
            values[square(n // 10, n % 10)] = points
    return tuple(values)


VALUES = _values()

# A line direction counted once: east, north, north-east, north-west.
LINE_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (-1, 1))


def _runs(length: int) -> tuple[tuple[int, ...], ...]:
    """Every run of `length` squares in a line direction, by its first square; a run's squares are a range of
    indices (a step east is +1, north +9, north-east +10, north-west +8)."""
    out: list[tuple[int, ...]] = []
    directions = LINE_DIRECTIONS[:1] if length == 1 else LINE_DIRECTIONS
    for sq in range(SQUARES):
        x, y = sq % SIZE, sq // SIZE
        for dx, dy in directions:
            if 0 <= x + (length - 1) * dx < SIZE and y + (length - 1) * dy < SIZE:
                step = dx + SIZE * dy
                out.append(tuple(range(sq, sq + length * step, step)))
    return tuple(out)


# Every run of 1..5 consecutive squares on a rank, file or diagonal; ROWS are the runs of five (a declarable row).
ROWS: tuple[tuple[int, ...], ...] = _runs(5)
RUNS: tuple[tuple[int, ...], ...] = tuple(run for length in range(1, 5) for run in _runs(length)) + ROWS
ROW_MASKS: tuple[int, ...] = tuple(mask(row) for row in ROWS)
RUN_MASKS: tuple[int, ...] = tuple(mask(run) for run in RUNS)
# A row by its two end squares (either order).
ROW_BY_ENDS: dict[tuple[int, int], int] = {
    **{(row[0], row[-1]): i for i, row in enumerate(ROWS)},
    **{(row[-1], row[0]): i for i, row in enumerate(ROWS)},
}


def row_name(row: int) -> str:
    """A row named by its end squares, the lower index first: `35-75`."""
    a, b = sorted((ROWS[row][0], ROWS[row][-1]))
    return f"{square_name(a)}-{square_name(b)}"


def board_rows(board: str) -> list[str]:
    """The 81 board characters as nine strings, rank 9 first: how JSON and diagrams write a board."""
    return [board[(y - 1) * SIZE : y * SIZE] for y in range(SIZE, 0, -1)]
