"""The Polis pieces as the board and the texts show them."""

from __future__ import annotations

from controller.games.physical import Piece
from controller.games.polis.board import SEAT_NAMES

DOG, CHARIOT = "D", "C"
PIECES = {(kind, seat): Piece(kind, seat) for kind in (DOG, CHARIOT) for seat in (0, 1)}
# The seed's own spelling of a piece in its diagrams: BD = blue dog, RC = red chariot.
CODES = {(kind, seat): f"{SEAT_NAMES[seat][0]}{kind}" for kind in (DOG, CHARIOT) for seat in (0, 1)}
BY_CODE = {code: key for key, code in CODES.items()}


def piece_words(kind: str, seat: int) -> str:
    """'the red dog', 'the blue chariot'."""
    return f"the {SEAT_NAMES[seat].lower()} {'chariot' if kind == CHARIOT else 'dog'}"
