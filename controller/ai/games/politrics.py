"""Politrics: the match points decide; on a board, the rows of five each player is building (the most figures on
a line the other has not blocked), the figures still in play (a beaten or retired figure cannot make a row) and the
President's safety."""

from __future__ import annotations

from collections.abc import Sequence

from controller.ai.budget import Level
from controller.ai.knowledge import Knowledge
from controller.games import Move, State
from controller.games.politrics.board import ROW_MASKS
from controller.games.politrics.figures import CODE, PRESIDENT
from controller.games.politrics.moves import Beat, Declare
from controller.games.politrics.scoring import row_points
from controller.games.politrics.state import PolitricsState

SIZE = 9
FIGURE_VALUE = 1.0  # a figure standing on the inner field or still in the line-up
POINT_VALUE = 0.5  # a match point already won
PRESIDENT_VALUE = 4.0  # the President still on the field
ROW_VALUE = 0.3  # times the square of the figures on a player's best open row: 7.5 for a row ready to declare


def _inner(square: int) -> bool:
    f, r = square % SIZE, square // SIZE
    return 0 < f < SIZE - 1 and 0 < r < SIZE - 1


INNER = tuple(_inner(sq) for sq in range(SIZE * SIZE))


def open_row(mine: int, theirs: int) -> int:
    """The most of `mine` on one row of five holding none of `theirs` (a row the other player has not blocked)."""
    best = 0
    for mask in ROW_MASKS:
        if not mask & theirs:
            n = (mask & mine).bit_count()
            best = max(best, n)
    return best


class PolitricsKnowledge(Knowledge):
    playouts = {Level.EASY: 30, Level.NORMAL: 140, Level.HARD: 420}
    scale = 3.0
    width = 16
    rollout_depth = 0

    def scores(self, state: State) -> Sequence[float] | None:
        assert isinstance(state, PolitricsState)
        out = [POINT_VALUE * t for t in state.totals]
        for seat in (0, 1):
            out[seat] += FIGURE_VALUE * sum(state.lineup[seat])
        for sq, ch in enumerate(state.board):
            if ch == "." or not INNER[sq]:
                continue
            kind, seat = CODE[ch]
            out[seat] += PRESIDENT_VALUE if kind == PRESIDENT else FIGURE_VALUE
        occ = state.layout.occ
        for seat in (0, 1):
            out[seat] += ROW_VALUE * open_row(occ[seat], occ[1 - seat]) ** 2
        return out

    def prior(self, state: State, move: Move) -> float:
        if isinstance(move, Declare):
            return 3.0
        if isinstance(move, Beat):
            assert isinstance(state, PolitricsState)
            victim = state.board[move.over]
            return 4.0 if victim != "." and CODE[victim][0] == PRESIDENT else 2.0
        return 0.0

    def follow_up(self, state: State, seat: int) -> Move | None:
        """Declare the row of five worth the most points, if it is worth any: safe, it ends the board with those
        points at once; otherwise the answer must beat one of its five or let it stand (by the default rules even
        a beat of the declarer's President then lets it stand). A row worth nothing would only end a board."""
        assert isinstance(state, PolitricsState)
        rows = [m for m in state.legal_moves(seat) if isinstance(m, Declare)]
        if not rows:
            return None
        best = max(rows, key=lambda d: (row_points(state.board, d.row), -d.row))
        return best if row_points(state.board, best.row) > 0 else None
