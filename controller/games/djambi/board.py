"""The Djambi board: squares A1..I9 laid one to one on the physical 9x9, piece codes, rays and the start.

A position's board is 81 bytes, one per square in physical order (index = (rank - 1) * 9 + file), so it hashes and
compares fast and round-trips as a value. A byte is EMPTY, CORPSE, or a living piece `2 + 6 * party + kind`.
"""

from __future__ import annotations

from controller.games.djambi.rules import Layout, Setup
from controller.games.errors import InvalidMoveError
from controller.games.physical import Piece
from controller.games.squares import mask
from controller.games.squares import name as physical_name

SIZE = 9
SQUARES = SIZE * SIZE
FULL = (1 << SQUARES) - 1
MAZE = 4 * SIZE + 4  # E5, the centre square ("le Pouvoir")
MAZE_BIT = 1 << MAZE

EMPTY = 0
CORPSE = 1

PARTIES = ("Red", "Blue", "Yellow", "Green")
PARTY_LETTERS = "RBYG"
KINDS = "CARDNM"
KIND_NAMES = ("Chief", "Assassin", "Reporter", "Diplomat", "Necromobile", "Militant")
CHIEF, ASSASSIN, REPORTER, DIPLOMAT, NECROMOBILE, MILITANT = range(6)
CORPSE_KIND = "corpse"


def code(party: int, kind: int) -> int:
    return 2 + 6 * party + kind


CODES = range(2, 2 + 6 * len(PARTIES))
# Lookup tables indexed by a board byte; -1 for EMPTY and CORPSE.
PARTY_OF: tuple[int, ...] = (-1, -1, *((c - 2) // 6 for c in CODES))
KIND_OF: tuple[int, ...] = (-1, -1, *((c - 2) % 6 for c in CODES))
CHIEF_CODES: tuple[int, ...] = tuple(code(p, CHIEF) for p in range(len(PARTIES)))
CORPSE_PIECE = Piece(CORPSE_KIND, None)
PIECE_OF: tuple[Piece | None, ...] = (
    None,
    CORPSE_PIECE,
    *(Piece(KINDS[(c - 2) % 6], (c - 2) // 6) for c in CODES),
)

_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def square_name(square: int) -> str:
    if not 0 <= square < SQUARES:
        raise ValueError(f"no square {square} on the Djambi board")
    return physical_name(square).upper()  # Djambi writes the physical square names in capitals


NAMES: tuple[str, ...] = tuple(square_name(s) for s in range(SQUARES))
_INDEX = {n: i for i, n in enumerate(NAMES)}


def parse_square(text: str) -> int:
    """The index of a square named like E5 (either case)."""
    found = _INDEX.get(text.strip().upper())
    if found is None:
        raise InvalidMoveError(f"{text!r} is not a Djambi square: use a file A-I and a rank 1-9, like E5")
    return found


def _ray(square: int, df: int, dr: int) -> tuple[int, ...]:
    f, r = square % SIZE + df, square // SIZE + dr
    out = []
    while 0 <= f < SIZE and 0 <= r < SIZE:
        out.append(r * SIZE + f)
        f, r = f + df, r + dr
    return tuple(out)


# Per square, the 8 rays outwards (nearest square first); empty rays left out.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ray for ray in (_ray(s, df, dr) for df, dr in _DIRECTIONS) if ray) for s in range(SQUARES)
)
# A Militant's reach: one or two squares along each ray.
SHORT_RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(ray[:2] for ray in rays) for rays in RAYS)
ORTHOGONAL: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] for ray in (_ray(s, df, dr) for df, dr in _DIRECTIONS[:4]) if ray) for s in range(SQUARES)
)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(ray[0] for ray in rays) for rays in RAYS)
NEIGHBOUR_MASK: tuple[int, ...] = tuple(mask(ns) for ns in NEIGHBOURS)

_FILE_A = mask(r * SIZE for r in range(SIZE))
_FILE_I = _FILE_A << (SIZE - 1)


def dilate(squares: int) -> int:
    """The squares and their 8 neighbours (bitboard): spread sideways without wrapping, then up and down."""
    row = squares | ((squares & ~_FILE_A) >> 1) | ((squares & ~_FILE_I) << 1)
    return (row | (row << SIZE) | (row >> SIZE)) & FULL


# The starting blocks: kind per square, for Red; the other parties' blocks are Red's mirrored (the table of the
# rules: Blue's Assassin faces Red's along rank 9, Yellow's faces Green's along rank 1), or Red's turned with the
# board a quarter turn per seat (each Assassin beside its Chief along the edge, the same way round for everyone).
_RED_RANKS = {"A9": CHIEF, "B9": ASSASSIN, "A8": REPORTER, "B8": DIPLOMAT, "C7": NECROMOBILE}
_RED_FILES = {"A9": CHIEF, "A8": ASSASSIN, "B9": REPORTER, "B8": DIPLOMAT, "C7": NECROMOBILE}
_MILITANTS = ("C9", "C8", "A7", "B7")


def _mirror(square: int, party: int) -> int:
    """Red's corner A9 to Blue's I9 (files mirrored), Yellow's I1 (both) and Green's A1 (ranks mirrored)."""
    f, r = square % SIZE, square // SIZE
    if party in (1, 2):
        f = SIZE - 1 - f
    if party in (2, 3):
        r = SIZE - 1 - r
    return r * SIZE + f


def _rotate(square: int, party: int) -> int:
    """Red's corner A9 turned a quarter clockwise per seat: to Blue's I9, Yellow's I1, Green's A1."""
    f, r = square % SIZE, square // SIZE
    for _ in range(party):
        f, r = r, SIZE - 1 - f
    return r * SIZE + f


def start_board(setup: Setup, layout: Layout = Layout.MIRRORED) -> bytes:
    """The starting position: each party fills the 3x3 block in its corner, Chief in the corner."""
    red = dict(_RED_RANKS if setup is Setup.RANKS else _RED_FILES)
    red.update(dict.fromkeys(_MILITANTS, MILITANT))
    place = _rotate if layout is Layout.ROTATED else _mirror
    board = bytearray(SQUARES)
    for party in range(len(PARTIES)):
        for name, kind in red.items():
            board[place(_INDEX[name], party)] = code(party, kind)
    return bytes(board)
