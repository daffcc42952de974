"""The one kind of Polis move: a piece steps to a neighbouring square. Written `b7-c6`."""

from __future__ import annotations

from controller.games.moves import Move
from controller.games.squares import name
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class PolisMove(Move):
    """A step from `src` to `dst`, both physical square indices (as everywhere in the game API)."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"{name(self.src)}-{name(self.dst)}"
