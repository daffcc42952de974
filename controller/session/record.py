"""The board's sensor record (`agora play --record`): its changes and the page's actions in the replay input format,
so `agora replay` repeats a game as the board saw it."""

from __future__ import annotations

import json
from typing import Any, TextIO

from controller.games.squares import name, squares_of


class SensorRecord:
    """Writes to `out` (nothing when it is None), one JSON line an item, flushed at once so a crash loses none."""

    def __init__(self, out: TextIO | None) -> None:
        self._out = out
        self._last_occupancy: int | None = None

    def write(self, item: dict[str, Any]) -> None:
        if self._out is not None:
            self._out.write(json.dumps(item) + "\n")
            self._out.flush()

    def occupancy(self, occupancy: int, now: float) -> None:
        """The board's occupancy now: its first reading whole, then each change as lifts and placements."""
        previous, self._last_occupancy = self._last_occupancy, occupancy
        if self._out is None:
            return
        t = round(now, 4)
        if previous is None:
            self.write({"t": t, "board": f"{occupancy:021x}"})
            return
        for sq in squares_of(previous & ~occupancy):
            self.write({"t": t, "lift": name(sq)})
        for sq in squares_of(occupancy & ~previous):
            self.write({"t": t, "place": name(sq)})
