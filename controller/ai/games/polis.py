"""Polis: the chariot's race to its goal rank decides, the dogs are what stops (and captures) it."""

from __future__ import annotations

from collections.abc import Sequence

from controller.ai.budget import Level
from controller.ai.knowledge import Knowledge, softmax, terminal_values
from controller.games import Move, State
from controller.games.polis.board import GOAL_RANK
from controller.games.polis.moves import PolisMove
from controller.games.polis.state import PolisState

SIDE = 8
RANK_VALUE = 1.0  # one rank nearer the goal
DOG_VALUE = 0.6  # one dog more than the other side
STUN_VALUE = 0.8  # a stunned chariot loses its next step
WON = 100.0  # a step that ends the game, first among the candidates


def _score(dogs: tuple[int, int], chariots: tuple[int, int], stunned: tuple[bool, bool], seat: int) -> float:
    to_go = abs(GOAL_RANK[seat] - chariots[seat] // SIDE)
    return -RANK_VALUE * to_go + DOG_VALUE * dogs[seat].bit_count() - (STUN_VALUE if stunned[seat] else 0.0)


class PolisKnowledge(Knowledge):
    playouts = {Level.EASY: 40, Level.NORMAL: 200, Level.HARD: 500}
    scale = 1.5
    width = 16
    # Most steps change neither the race nor the dogs: the values of sound moves lie a few hundredths apart, and
    # with the default constant a node's visits spread evenly over its replies, so three times the playouts went
    # mostly into more of the same breadth. Less exploration follows the best replies deeper.
    exploration = 0.2
    # A block or a sacrifice that stops the other chariot looks worst one ply ahead (a dog lost) and stood last in
    # the root's widening order, weighed only past some 800 visits: never at the levels' playouts.
    root_widening = False

    def scores(self, state: State) -> Sequence[float] | None:
        assert isinstance(state, PolisState)
        return [_score(state.dogs, state.chariots, state.stunned, seat) for seat in (0, 1)]

    def prior(self, state: State, move: Move) -> float:
        """The mover's lead after the step, from the position the game resolved for it anyway (the hops, captures
        and stuns included): an inner node of the tree weighs the replies that matter (a capture, a stun, the
        chariot's step), not a random few of them."""
        assert isinstance(state, PolisState)
        turn = state.analysis()[0].get(move) if isinstance(move, PolisMove) else None
        if turn is None:
            return 0.0
        if turn.winner is not None:
            return WON if turn.winner == state.turn else -WON
        me = state.turn
        return _score(turn.dogs, turn.chariots, turn.stunned, me) - _score(
            turn.dogs, turn.chariots, turn.stunned, 1 - me
        )

    def evaluate(self, state: State) -> tuple[float, ...]:
        # Asking whether the game is over resolves every move of the position (a side with none has lost): a leaf
        # is judged on the chariot's goal alone, and the tree sees a side left without moves when it gets there.
        assert isinstance(state, PolisState)
        if state.winner is not None:
            return terminal_values(state)
        scores = self.scores(state)
        assert scores is not None
        return softmax(scores, self.scale)
