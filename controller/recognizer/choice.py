"""Which of the moves that fit the board the touches single out.

Among the moves that end on the board as it stands, the sensors prefer those that explain more of the squares
touched in the turn: a move explains a square it lifts, fills or touches; a square a piece only passed over (empty
before and after) counts for every move; a touch no fitting move explains (a knock, a wrong piece lifted and put back
in place) counts for none. The moves left are those whose explained touches no other fitting move's include: one
is committed, several (which the touches cannot separate: a figure's kind, which neighbour a Reporter killed) are
asked about.
"""

from __future__ import annotations

from collections.abc import Sequence

from controller.recognizer.index import Candidate


def best(candidates: Sequence[Candidate], start: int, occupancy: int, touched: int) -> list[Candidate]:
    if len(candidates) < 2:
        return list(candidates)
    counted = touched & (start | occupancy)  # a square passed over on the way explains nothing
    explained = [counted & c.involved for c in candidates]
    return [
        c
        for c, e in zip(candidates, explained, strict=True)
        if not any(other != e and other & e == e for other in explained)
    ]
