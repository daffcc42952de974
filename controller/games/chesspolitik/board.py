"""The two Chesspolitik maps: squares, supply centres, chess adjacency, powers and their starting positions.

Squares are physical square indices (rank * 9 + file): the game names its squares a1..h8 exactly like the physical
board does, so no translation is ever needed between the rules and the sensors.
"""

from __future__ import annotations

from functools import cache

from controller.games.squares import index, name
from controller.values import dataclass

KING = "K"
KNIGHT = "N"
KINDS = (KING, KNIGHT)
KIND_NAMES = {KING: "King", KNIGHT: "Knight"}

_KING_STEPS = tuple((df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0))
_KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


@dataclass(frozen=True, slots=True)
class Power:
    """One seat's power: its name, colour, side of the board and starting position."""

    name: str
    colour: str
    side: str
    units: tuple[tuple[int, str], ...]  # (square, kind)
    centres: tuple[int, ...]  # owned at the start
    homes: tuple[int, ...]  # the supply centres of its two home rows or files: where it may build


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """One map. `king[s]` and `knight[s]` are the squares a unit on `s` may move to and support into.

    There are exactly two boards, module constants, so identity is equality (and they can key caches).
    """

    size: int
    start_year: int
    solo: int
    powers: tuple[Power, ...]
    squares: tuple[int, ...]
    centres: frozenset[int]
    king: dict[int, frozenset[int]]
    knight: dict[int, frozenset[int]]

    @property
    def seats(self) -> int:
        return len(self.powers)

    def reach(self, kind: str, square: int) -> frozenset[int]:
        """Where a unit of `kind` on `square` may move and support."""
        return self.king[square] if kind == KING else self.knight[square]

    def on_board(self, square: int) -> bool:
        return square % 9 < self.size and square // 9 < self.size

    def square_list(self) -> str:
        """How a player names this board's squares, for messages."""
        last = name(index(self.size - 1, self.size - 1))
        return f"a1 to {last}"


def _neighbours(size: int, square: int, deltas: tuple[tuple[int, int], ...]) -> frozenset[int]:
    f, r = square % 9, square // 9
    return frozenset(index(f + df, r + dr) for df, dr in deltas if 0 <= f + df < size and 0 <= r + dr < size)


def _sq(text: str) -> int:
    return index(ord(text[0]) - ord("a"), int(text[1:]) - 1)


def _power(name_: str, colour: str, side: str, units: str, centres: str, homes: str) -> Power:
    """A power from the rules' tables: units as 'N b8, K d8', centres and homes as 'b8 c7'."""
    parsed = []
    for item in units.split(","):
        kind, square = item.split()
        parsed.append((_sq(square), kind))
    return Power(
        name_,
        colour,
        side,
        tuple(sorted(parsed)),
        tuple(sorted(_sq(s) for s in centres.split())),
        tuple(sorted(_sq(s) for s in homes.split())),
    )


def _board(size: int, start_year: int, solo: int, powers: tuple[Power, ...]) -> Board:
    squares = tuple(index(f, r) for r in range(size) for f in range(size))
    # Supply centres are the dark squares; a1 is dark, so a square is dark when its file and rank are both even
    # or both odd (0-based).
    centres = frozenset(s for s in squares if (s % 9 + s // 9) % 2 == 0)
    return Board(
        size,
        start_year,
        solo,
        powers,
        squares,
        centres,
        {s: _neighbours(size, s, _KING_STEPS) for s in squares},
        {s: _neighbours(size, s, _KNIGHT_JUMPS) for s in squares},
    )


# Seat order: the four powers counter-clockwise from the top edge (docs/rules/chesspolitik.md, "Seat order").
FOUR = _board(
    8,
    1601,
    17,
    (
        _power("Russia", "blue", "top", "N b8, K d8, K e8, N g8", "b8 c7 d8 e7 f8", "a7 b8 c7 d8 e7 f8 g7 h8"),
        _power("Ottoman", "red", "left", "N a2, K a4, K a5, N a7", "a3 a5 a7 b4 b6", "a1 a3 a5 a7 b2 b4 b6 b8"),
        _power("Mughal", "green", "bottom", "N b1, K d1, K e1, N g1", "c1 d2 e1 f2 g1", "a1 b2 c1 d2 e1 f2 g1 h2"),
        _power("Ming", "yellow", "right", "N h2, K h4, K h5, N h7", "g3 g5 h2 h4 h6", "g1 g3 g5 g7 h2 h4 h6 h8"),
    ),
)

TWO = _board(
    6,
    1401,
    12,
    (
        _power("France", "blue", "bottom", "N b1, K c1, K d1", "b2 c1 d2", "a1 c1 e1 b2 d2 f2"),
        _power("England", "red", "top", "N e6, K d6, K c6", "c5 d6 e5", "b6 d6 f6 a5 c5 e5"),
    ),
)

BOARDS = {4: FOUR, 2: TWO}


@cache
def home_distance(board: Board, seat: int, kind: str, square: int) -> int:
    """Moves from `square` to the nearest home centre of `seat`, for civil-disorder disbands.

    DATC 4.D.8 (the choice the reference adjudicator follows) lets armies count over every adjacency of the map
    and fleets only over their own moves; with Kings as armies and Knights as fleets a King counts King steps and
    Knight jumps alike, a Knight only its jumps.
    """
    homes = set(board.powers[seat].homes)
    frontier = {square}
    seen = {square}
    distance = 0
    while frontier:
        if frontier & homes:
            return distance
        distance += 1
        step: set[int] = set()
        for s in frontier:
            targets = board.knight[s] | board.king[s] if kind == KING else board.knight[s]
            step |= targets - seen
        seen |= step
        frontier = step
    return 1 << 30  # unreachable: never on these boards, but it sorts such a unit first, as the reference does
