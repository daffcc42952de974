"""What a sweep of `agora doctor` tells beyond single switches, in the words of someone at the board:

- a whole rank or file that never closed is one broken line (its wire or its pin), not nine dead switches;
- a switch that closes and opens again while a neighbouring square keeps its piece closes under the neighbour's
  magnet (crosstalk: a switch too sensitive or too close to the next square). A piece slid from one square to the
  next also closes both for a moment, but then the first one opens while the second stays closed: that is fine.
"""

from __future__ import annotations

from controller.games.squares import name, squares_of

SIZE = 9
FILES = "abcdefghi"
RANK_MASKS = [((1 << SIZE) - 1) << (SIZE * r) for r in range(SIZE)]
FILE_MASKS = [sum(1 << (SIZE * r + f) for r in range(SIZE)) for f in range(SIZE)]


def neighbours(square: int) -> list[int]:
    r, f = divmod(square, SIZE)
    return [
        (r + dr) * SIZE + f + df
        for dr in (-1, 0, 1)
        for df in (-1, 0, 1)
        if (dr or df) and 0 <= r + dr < SIZE and 0 <= f + df < SIZE
    ]


def broken_lines(dead: int) -> tuple[list[str], int]:
    """Messages for every rank or file none of whose squares ever closed, and the squares they explain."""
    messages = []
    explained = 0
    for r, mask in enumerate(RANK_MASKS):
        if dead & mask == mask:
            messages.append(
                f"no square of rank {r + 1} ever closed: the row line of rank {r + 1} is broken or not connected "
                "(its wire, its solder joints, or its pin)"
            )
            explained |= mask
    for f, mask in enumerate(FILE_MASKS):
        if dead & mask == mask:
            messages.append(
                f"no square of file {FILES[f]} ever closed: the column line of file {FILES[f]} is broken or not "
                "connected (its wire, its solder joints, or its pin)"
            )
            explained |= mask
    return messages, explained


class CrosstalkWatch:
    """Follows the occupancy during a sweep and notes switches that closed only under a neighbour's piece."""

    def __init__(self, occupancy: int) -> None:
        self.occupancy = occupancy
        self.closed_at: dict[int, int] = dict.fromkeys(squares_of(occupancy), 0)
        self.step = 0
        self.found: dict[int, int] = {}
        """square -> the neighbour whose piece closed it."""

    def on(self, occupancy: int) -> None:
        self.step += 1
        for s in squares_of(occupancy & ~self.occupancy):
            self.closed_at[s] = self.step
        for s in squares_of(self.occupancy & ~occupancy):
            since = self.closed_at.pop(s, 0)
            for n in neighbours(s):
                # The neighbour held its piece from before this square closed until after it opened.
                if occupancy >> n & 1 and self.closed_at.get(n, self.step) < since:
                    self.found.setdefault(s, n)
                    break
        self.occupancy = occupancy

    def messages(self, unreliable: int = 0) -> list[str]:
        """`unreliable`: squares reported otherwise (stuck, left occupied, flapping), not taken as a piece."""
        return [
            f"{name(s)} closes under the piece on {name(n)} (crosstalk): move its switch away from {name(n)}, use a "
            "less sensitive switch (higher AT), or a weaker magnet"
            for s, n in sorted(self.found.items())
            if not unreliable >> n & 1 and not unreliable >> s & 1
        ]
