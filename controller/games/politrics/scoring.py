"""Points of a set of figures on one line, a seat's best run, and the rows a seat may declare.

Score = m x S: S sums the scoring-square values covered; m is the largest number of figures of one kind (the
President is no kind), plus one if 55 is covered, or else plus one if the President is among them; at most 5.
"""

from __future__ import annotations

from collections.abc import Iterable

from controller.games.politrics.board import CENTRE, ROW_MASKS, ROWS, RUN_MASKS, RUNS, VALUES
from controller.games.politrics.figures import CODE, EMPTY, PRESIDENT

MAX_MULTIPLIER = 5


def score(board: str, squares: Iterable[int]) -> int:
    """The points of the figures standing on `squares` (which lie on one line)."""
    counts = [0] * 5
    total = 0
    centre = False
    for sq in squares:
        c = board[sq]
        if c == EMPTY:
            raise ValueError("only figures score, and a square of this line is empty")
        counts[CODE[c][0]] += 1
        total += VALUES[sq]
        centre = centre or sq == CENTRE
    multiplier = max(counts[PRESIDENT + 1 :]) + (1 if centre or counts[PRESIDENT] else 0)
    return min(multiplier, MAX_MULTIPLIER) * total


def best_run(board: str, own: int) -> tuple[int, tuple[int, ...]]:
    """The best score of 1 to 5 consecutive figures of one seat (mask `own`) on a line, and those squares."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for run, m in zip(RUNS, RUN_MASKS, strict=True):
        if own & m == m:
            points = score(board, run)
            if points > best[0]:
                best = (points, run)
    return best


def rows_of(own: int) -> list[int]:
    """The rows of five (indices into `board.ROWS`) filled by the figures on `own`."""
    return [i for i, m in enumerate(ROW_MASKS) if own & m == m]


def row_points(board: str, row: int) -> int:
    return score(board, ROWS[row])
