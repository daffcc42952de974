"""Djambi: the Chiefs' lives and the Maze, then the pieces each player commands (its own parties and its vassals)."""

from __future__ import annotations

from collections.abc import Sequence

from controller.ai.budget import Level
from controller.ai.knowledge import Knowledge
from controller.games import Move, State
from controller.games.djambi.board import CHIEF, KIND_OF, MAZE, PARTY_OF
from controller.games.djambi.moves import Act, Report
from controller.games.djambi.order import VASSAL
from controller.games.djambi.state import DjambiState

# Per kind (Chief, Assassin, Reporter, Diplomat, Necromobile, Militant): what a living piece is worth.
PIECE_VALUE = (8.0, 3.0, 3.0, 2.5, 2.0, 1.0)
MAZE_VALUE = 3.0  # a Chief in the Maze: extra turns
OUT = -12.0  # a player left with no party


class DjambiKnowledge(Knowledge):
    playouts = {Level.EASY: 8, Level.NORMAL: 60, Level.HARD: 200}
    scale = 3.0
    width = 20

    def scores(self, state: State) -> Sequence[float] | None:
        assert isinstance(state, DjambiState)
        control = state.control
        out = [0.0] * state.seats
        for sq, byte in enumerate(state.board):
            party = PARTY_OF[byte]
            if party < 0:
                continue
            seat = control[party]
            if seat == VASSAL or seat >= len(out):
                continue
            kind = KIND_OF[byte]
            out[seat] += PIECE_VALUE[kind]
            if kind == CHIEF and sq == MAZE:
                out[seat] += MAZE_VALUE
        return [OUT if v == 0.0 else v for v in out]

    def prior(self, state: State, move: Move) -> float:
        assert isinstance(state, DjambiState)
        if isinstance(move, Report):
            return sum(PIECE_VALUE[KIND_OF[state.board[v]]] for v in move.victims if KIND_OF[state.board[v]] >= 0)
        if isinstance(move, Act):
            victim = KIND_OF[state.board[move.dst]]
            return PIECE_VALUE[victim] if victim >= 0 else 0.0
        return 0.0
