"""The LED chain: which physical square each position along the data line lights.

Boards are wired in whatever order was easiest to solder; the pin map names the corner where the chain starts, which
way its first run goes and whether runs alternate direction (serpentine). Frames stay in physical order everywhere
else; only this mapping knows the wiring.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from controller.values import dataclass

SIZE = 9
CORNERS = ("a1", "i1", "a9", "i9")
Corner = Literal["a1", "i1", "a9", "i9"]
Along = Literal["ranks", "files"]


@dataclass(frozen=True, slots=True)
class ChainOrder:
    """`start` corner, runs `along` ranks (west-east rows) or files (south-north columns), `serpentine` or not."""

    start: Corner = "a1"
    along: Along = "ranks"
    serpentine: bool = True

    # The two orders are worked out from the three fields (once for each wiring: `_orders`), not kept as fields of
    # their own: a field left out of `__init__` and of comparisons would send the class to the standard dataclass
    # decorator, whose compiling costs the board's start-up more than working them out (controller.values).
    def __post_init__(self) -> None:
        if self.start not in CORNERS:
            raise ValueError(f"the chain starts in a corner ({', '.join(CORNERS)}), not {self.start!r}")
        if self.along not in ("ranks", "files"):
            raise ValueError(f"the chain runs along 'ranks' or 'files', not {self.along!r}")

    @property
    def squares(self) -> tuple[int, ...]:
        """Chain position -> physical square."""
        return _orders(self.start, self.along, self.serpentine)[0]

    @property
    def positions(self) -> tuple[int, ...]:
        """Physical square -> chain position."""
        return _orders(self.start, self.along, self.serpentine)[1]

    def to_chain(self, flat: bytes | bytearray) -> bytearray:
        """Flat RGB bytes in physical order -> the same bytes in chain order."""
        out = bytearray(len(flat))
        for pos, square in enumerate(self.squares):
            out[3 * pos : 3 * pos + 3] = flat[3 * square : 3 * square + 3]
        return out

    def to_physical(self, chain: bytes | bytearray) -> bytearray:
        """Flat RGB bytes in chain order -> physical order (what a recorded device frame showed)."""
        out = bytearray(len(chain))
        for pos, square in enumerate(self.squares):
            out[3 * square : 3 * square + 3] = chain[3 * pos : 3 * pos + 3]
        return out


@cache
def _orders(start: str, along: str, serpentine: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(chain position -> square, square -> chain position) of a wiring."""
    order = _walk(start, along, serpentine)
    inverse = [0] * len(order)
    for pos, square in enumerate(order):
        inverse[square] = pos
    return order, tuple(inverse)


def _walk(start: str, along: str, serpentine: bool) -> tuple[int, ...]:
    file0 = 0 if start[0] == "a" else SIZE - 1
    rank0 = 0 if start[1] == "1" else SIZE - 1
    file_step = 1 if file0 == 0 else -1
    rank_step = 1 if rank0 == 0 else -1
    order: list[int] = []
    for run in range(SIZE):
        forward = not serpentine or run % 2 == 0
        for i in range(SIZE):
            j = i if forward else SIZE - 1 - i
            if along == "ranks":
                file, rank = file0 + file_step * j, rank0 + rank_step * run
            else:
                file, rank = file0 + file_step * run, rank0 + rank_step * j
            order.append(rank * SIZE + file)
    return tuple(order)
