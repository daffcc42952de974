"""Polis: the chariot's race to its goal rank decides, the dogs are what stops (and captures) it."""

from __future__ import annotations

from collections.abc import Sequence

from controller.ai.budget import Level
from controller.ai.knowledge import Knowledge, softmax, terminal_values
from controller.games import State
from controller.games.polis.board import GOAL_RANK
from controller.games.polis.state import PolisState

SIDE = 8
RANK_VALUE = 1.0  # one rank nearer the goal
DOG_VALUE = 0.6  # one dog more than the other side
STUN_VALUE = 0.8  # a stunned chariot loses its next step


class PolisKnowledge(Knowledge):
    playouts = {Level.EASY: 40, Level.NORMAL: 200, Level.HARD: 500}
    scale = 1.5
    width = 16

    def scores(self, state: State) -> Sequence[float] | None:
        assert isinstance(state, PolisState)
        out = []
        for seat in (0, 1):
            to_go = abs(GOAL_RANK[seat] - state.chariots[seat] // SIDE)
            score = -RANK_VALUE * to_go + DOG_VALUE * state.dogs[seat].bit_count()
            if state.stunned[seat]:
                score -= STUN_VALUE
            out.append(score)
        return out

    def evaluate(self, state: State) -> tuple[float, ...]:
        # Asking whether the game is over resolves every move of the position (a side with none has lost): a leaf
        # is judged on the chariot's goal alone, and the tree sees a side left without moves when it gets there.
        assert isinstance(state, PolisState)
        if state.winner is not None:
            return terminal_values(state)
        scores = self.scores(state)
        assert scores is not None
        return softmax(scores, self.scale)
