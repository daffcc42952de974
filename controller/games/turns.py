"""Who acts next: a seat number, or one of the two special nodes, or nobody once the game is over."""

from __future__ import annotations

import enum


class Node(enum.Enum):
    """Nodes where no single seat decides (OpenSpiel's chance and simultaneous nodes)."""

    CHANCE = "chance"
    SIMULTANEOUS = "simultaneous"

    def __repr__(self) -> str:
        return self.value.upper()


CHANCE = Node.CHANCE
SIMULTANEOUS = Node.SIMULTANEOUS

# A seat number (0-based), a special node, or None when the game is over.
ToMove = int | Node | None


def to_move_json(to_move: ToMove) -> int | str | None:
    """The referee protocol's spelling of `to_move`."""
    if isinstance(to_move, Node):
        return to_move.value
    return to_move
