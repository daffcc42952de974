"""The widest Djambi positions, built in one place for the turn-start table (tests/bench/widest.py) and the pytest
benchmarks (tests/bench/test_djambi_bench.py). Kills with a free corpse placement make the widest turns of any game.

- `widest-random`: the widest position met in 200 random games;
- `widest-constructed`: grown by hill-climbing on the move count (a Chief in power to oust, many victims in reach);
- `widest-constructed-4001`: grown further, never more pieces of a kind than a party has.

Each comes with its count of legal moves and of near misses for the seat to move, which the benchmarks check so
that a changed diagram or engine cannot quietly measure a narrower position.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from controller.games.djambi.diagram import position
from controller.games.djambi.state import DjambiState


@dataclass(frozen=True, slots=True)
class Widest:
    label: str
    diagram: str
    turn: int  # the party to move
    moves: int  # its legal moves
    near_misses: int

    def state(self) -> DjambiState:
        return position(self.diagram, turn=self.turn)


WIDEST: dict[str, Widest] = {
    "widest-random": Widest(
        "widest of 200 random games",
        """
RC RA RM .. GM .. BM BC ..
RR .. .. .. .. .. .. BD BR
RM RM .. .. RN .. BM .. BM
.. xx .. .. .. .. xx xx ..
.. .. .. .. .. .. .. .. ..
xx .. xx .. .. xx .. .. ..
GM GM GN .. .. .. YN YM YM
GR YD .. .. .. xx .. .. YR
.. GC GM .. .. xx YM YM YC
""",
        turn=2,
        moves=1165,
        near_misses=48,
    ),
    "widest-constructed": Widest(
        "constructed, 3,433 moves",
        """
.. BM GN GC .. YN RR YR ..
YA .. RC .. .. YM RM .. YM
.. .. .. YM .. RM .. BM ..
GM .. .. .. .. .. BA .. YC
.. .. .. .. BC .. .. .. ..
GR GD BD .. RD .. .. .. BN
.. RA .. RM .. YD .. xx ..
YM .. BM RM .. BM .. .. ..
.. .. GA BR GM RN .. xx ..
""",
        turn=0,
        moves=3433,
        near_misses=48,
    ),
    "widest-constructed-4001": Widest(
        "constructed, 4,001 moves",
        """
.. GN YA GC .. GD GM YN ..
BA .. RC .. .. BM RM .. BD
.. .. .. YM .. RM .. RM ..
RN .. .. .. .. .. BM .. YC
.. .. .. .. BC .. .. .. ..
.. .. GR .. RD .. BM .. ..
.. RA .. RM .. YM .. .. ..
.. .. YM RR .. .. .. .. ..
.. .. .. .. .. .. .. .. ..
""",
        turn=0,
        moves=4001,
        near_misses=38,
    ),
}


def fresh(state: DjambiState) -> DjambiState:
    """An equal state with nothing computed yet (a state keeps its move list once listed)."""
    return replace(state)
