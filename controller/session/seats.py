"""Who plays each seat."""

from __future__ import annotations

import enum


class SeatKind(enum.Enum):
    BOARD = "board"  # moves pieces on the board; the sensors read the move
    PHONE = "phone"  # enters moves on a phone; somebody carries them out on the board as the LEDs guide
    COMPUTER = "computer"  # the controller picks a move; the LEDs guide a person to carry it out

    @classmethod
    def parse(cls, text: str) -> SeatKind:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise ValueError(f"a seat is 'board', 'phone' or 'computer', not {text!r}") from None
