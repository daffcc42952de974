"""Physical squares of the 9x9 board and the 81-bit occupancy.

Files a..i run west to east as seen from the edge with the Pi's connectors, ranks 1..9 south to north;
index = (rank - 1) * 9 + (file - 1). Games name squares their own way and map them onto these indices.
"""

from __future__ import annotations

from collections.abc import Iterable

from controller.games.errors import InvalidMoveError
from controller.values import dataclass

SIZE = 9
SQUARES = SIZE * SIZE
FULL = (1 << SQUARES) - 1
FILES = "abcdefghi"


def index(file: int, rank: int) -> int:
    """Index of the square at 0-based file and rank."""
    return rank * SIZE + file


def file_of(square: int) -> int:
    return square % SIZE


def rank_of(square: int) -> int:
    return square // SIZE


def bit(square: int) -> int:
    return 1 << square


def mask(squares: Iterable[int]) -> int:
    out = 0
    for s in squares:
        out |= 1 << s
    return out


def squares_of(bits: int) -> list[int]:
    """The squares whose bit is set, lowest first. The one bit loop of the house: every board, whatever its size
    (the 81 physical squares, Polis' 64, a game's own numbering), turns a bit set into squares here."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def lowest(bits: int) -> int:
    """The lowest square whose bit is set (-1 for none)."""
    return (bits & -bits).bit_length() - 1


def name(square: int) -> str:
    """Physical name like `c3`, used by the sensors, the LEDs and the replay files."""
    if not 0 <= square < SQUARES:
        raise ValueError(f"no square {square} on a 9x9 board")
    return _NAMES[square]


# Every square's name, made once: a page's snapshot names a position's squares a thousand times or more (a
# Chesspolitik position's units, orders and phases), in the controller's loop.
_NAMES = tuple(f"{FILES[file_of(sq)]}{rank_of(sq) + 1}" for sq in range(SQUARES))


def parse(text: str) -> int:
    """The index of a physical square name like `c3` (case-insensitive)."""
    t = text.strip().lower()
    if len(t) == 2 and t[0] in FILES and t[1] in "123456789":
        return index(FILES.index(t[0]), int(t[1]) - 1)
    raise InvalidMoveError(f"{text!r} is not a square: use a file a-i and a rank 1-9, like c3")


@dataclass(frozen=True, slots=True)
class Region:
    """The part of the 9x9 board a game uses: `files` x `ranks` from the south-west corner."""

    files: int
    ranks: int

    def __post_init__(self) -> None:
        if not (1 <= self.files <= SIZE and 1 <= self.ranks <= SIZE):
            raise ValueError(f"a region of {self.files}x{self.ranks} does not fit the 9x9 board")

    @property
    def mask(self) -> int:
        return mask(index(f, r) for r in range(self.ranks) for f in range(self.files))

    def __contains__(self, square: object) -> bool:
        return (
            isinstance(square, int)
            and 0 <= square < SQUARES
            and (file_of(square) < self.files and rank_of(square) < self.ranks)
        )

    def squares(self) -> tuple[int, ...]:
        return tuple(index(f, r) for r in range(self.ranks) for f in range(self.files))


FULL_BOARD = Region(SIZE, SIZE)
