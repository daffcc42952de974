"""Takebacks at the board: the last move put back by hand, its chores included, in any order of hands.

Taking a move back is the move carried out backwards: every piece it moved goes back where it stood (a beaten figure
or a corpse returns as the piece it was), every piece it turned over is turned back. The hands follow the same rules
as for a move (tests.fuzz.hands): any interleaving, at most two pieces in the air, hovering on the way, but no stray
touch (a takeback touches only the last move's squares, which is how the board tells it from the next move).

A takeback is fair to ask of the board only when no position the hands pass through, with the squares touched so
far, is another whole legal move of the next player: the board is right to take a move it sees (at once when the
move cannot go on). `takeback_acts` looks for a fair order of hands and gives up after a few tries.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from controller.games import Effect, State, Step
from tests.fuzz.hands import Act, carry
from tests.fuzz.oracle import Shape, read

TRIES = 6


def backwards(before: State, effect: Effect) -> Effect:
    """The effect of taking back a move with `effect` made in `before`: its chores undone first, then its decision.
    Each piece goes back as `before` shows it (a corpse set down as the living piece it was)."""
    was = before.pieces()

    def back(steps: Sequence[Step]) -> tuple[Step, ...]:
        return tuple(Step(was.get(s.src, s.piece) if s.src is not None else s.piece, s.dst, s.src) for s in steps)

    # The reversed chores are the "decision" of the takeback: a piece the move carried on (a Politrics mover
    # cleared off with the board) is set back where the decision put it before it goes back further.
    return Effect(back(effect.chores), back(effect.decision), effect.chore_touch, effect.decision_touch)


def _fair(acts: Sequence[Act], occupancy: int, nxt: Sequence[Shape], start: int) -> bool:
    touched = 0
    for act in acts:
        if act.piece is None:
            occupancy &= ~(1 << act.square)
        else:
            occupancy |= 1 << act.square
        touched |= 1 << act.square
        if read(nxt, start, occupancy, touched).fitting:
            return False
    return True


def takeback_acts(
    rng: random.Random, occupancy: int, before: State, effect: Effect, nxt: Sequence[Shape], hover: int
) -> list[Act] | None:
    """A fair order of hands taking back the move with `effect` made in `before`, from the board `occupancy`
    (the position after it); `nxt` are the next player's moves. None when no fair order was found."""
    back = backwards(before, effect)
    after = dict(before.pieces())
    for _ in range(TRIES):
        acts = carry(rng, occupancy, back, after, hover=hover)
        if _fair(acts, occupancy, nxt, occupancy):
            return acts
    return None


def contested(acts: Sequence[Act], nxt: Sequence[Shape]) -> bool:
    """Whether the takeback lifts a piece a move of the next player also lifts (a Djambi piece an enemy could
    attack): the squares it empties alone cannot tell the takeback from the start of that move."""
    lifted = 0
    for act in acts:
        if act.piece is None:
            lifted |= 1 << act.square
    return any(lifted & s.involved for s in nxt)
