"""Moves are small frozen value objects with a text notation: `str(move)` and `game.parse(text, state)`.

Each game defines its own move classes as frozen dataclasses deriving from `Move`. Two kinds are shared:
`Orders`, one seat's secret order set in a simultaneous phase, and the game's chance outcomes, which are moves
too, so a dice roll is played, stored and replayed like any other move.
"""

from __future__ import annotations

from controller.values import dataclass


class Move:
    """Base of every move; concrete moves are frozen dataclasses whose `__str__` is the game's notation."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Orders(Move):
    """One seat's orders for a simultaneous phase; units without an order hold (or the game's default)."""

    seat: int
    orders: tuple[Move, ...]

    def __str__(self) -> str:
        body = "; ".join(str(o) for o in self.orders)
        return f"orders {self.seat}: {body}" if body else f"orders {self.seat}:"
