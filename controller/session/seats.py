"""Who plays each seat."""

from __future__ import annotations

import enum
from typing import Any, Protocol

from controller.ai import Level
from controller.games import Orders


class SeatKind(enum.Enum):
    BOARD = "board"  # moves pieces on the board; the sensors read the move
    PHONE = "phone"  # enters moves on a phone; somebody carries them out on the board as the LEDs guide
    COMPUTER = "computer"  # the controller picks a move; the LEDs guide a person to carry it out
    REMOTE = "remote"  # played at another place of a room (controller.remote); the LEDs guide its moves here

    @classmethod
    def parse(cls, text: str) -> SeatKind:
        """A seat kind from its text; a computer seat may name its level ('computer:hard')."""
        return parse_seat(text)[0]


def parse_seat(text: str) -> tuple[SeatKind, str | None]:
    """A seat's kind and, for a computer seat, the level it names (easy, normal, hard), if any."""
    head, sep, level = text.strip().lower().partition(":")
    try:
        kind = SeatKind(head.strip())
    except ValueError:
        raise ValueError(
            f"a seat is 'board', 'phone', 'computer' (or 'computer:easy|normal|hard') or 'remote', not {text!r}"
        ) from None
    if not sep:
        return kind, None
    if kind is not SeatKind.COMPUTER:
        raise ValueError(f"only a computer seat has a level, not {text!r}")
    return kind, Level.parse(level).value


def seat_text(kind: SeatKind, level: str | None) -> str:
    """How the games file stores a seat: its kind, and a computer's level after a colon."""
    return f"{kind.value}:{level}" if kind is SeatKind.COMPUTER and level else kind.value


class Room(Protocol):
    """The other places of a remote game (controller.remote.link): what this session does goes to them."""

    def played_here(self, index: int, ply: Any) -> None:
        """A ply committed at this place (its board, a phone, the host's dice)."""
        ...

    def seal_orders(self, orders: Orders) -> None:
        """Orders handed in here: kept sealed until every seat of the phase has committed."""
        ...

    def close_orders(self) -> None:
        """The host's timer ended the phase of orders."""
        ...

    def ask_takeback(self, plies: int) -> None:
        """Ask the other places to go back to `plies` plies."""
        ...
