"""Positions written the score sheet's way (`V33 M44`), for tests, examples and the rules document."""

from __future__ import annotations

from collections.abc import Sequence

from controller.games.politrics.board import SIZE, board_rows, parse_square
from controller.games.politrics.codec import from_json
from controller.games.politrics.figures import COUNTS, EMPTY, kind_of, letter
from controller.games.politrics.rules import OPTIONS
from controller.games.politrics.state import EMPTY_BOARD, PolitricsState

ALL_PLACED = "placed"


def position(
    dark: str = "",
    light: str = "",
    *,
    turn: int = 0,
    lineup: str | Sequence[Sequence[int]] | None = None,
    declared: str | None = None,
    boards: Sequence[dict[str, object]] = (),
    history: Sequence[str] = (),
    **options: object,
) -> PolitricsState:
    """Dark's and Light's figures as `V33 M44 ...`. `lineup`: None leaves every figure not on the board in the
    line-up, "placed" empties both line-ups (the missing figures were beaten), or give the counts (P V M D C)."""
    board = list(EMPTY_BOARD)
    for seat, figures in enumerate((dark, light)):
        for item in figures.split():
            sq = parse_square(item[1:])
            if board[sq] != EMPTY:
                raise ValueError(f"two figures on {item[1:]}")
            board[sq] = letter(kind_of(item[0]), seat)
    text = "".join(board)
    if lineup is None:
        counts = [[COUNTS[k] - text.count(letter(k, s)) for k in range(5)] for s in (0, 1)]
    elif lineup == ALL_PLACED:
        counts = [[0] * 5, [0] * 5]
    elif isinstance(lineup, str):
        raise ValueError(f"lineup is None, {ALL_PLACED!r} or the counts of each side, not {lineup!r}")
    else:
        counts = [list(c) for c in lineup]
    data = {
        "game": "politrics",
        "options": options,
        "board": board_rows(text),
        "lineup": counts,
        "turn": turn,
        "declared": declared,
        "boards": list(boards),
        "history": list(history),
    }
    assert len(text) == SIZE * SIZE
    return from_json(data, OPTIONS)
