"""The recognizer's times (how long the board must stand still before it acts) and the kinds of deadline it sets."""

from __future__ import annotations

import enum

from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class RecognizerSettings:
    settle: float = 0.35  # stable time before committing a move whose piece could still slide on
    # Stable time before committing a move that leaves touched squares unexplained while a move that explains them
    # could still come of it (a Djambi actor standing in the Maze, its load set down, still to leave).
    unexplained_settle: float = 3.0
    mismatch_grace: float = 0.8  # a board matching nothing for this long is shown as a mismatch
    takeback_settle: float = 1.0
    # A move held while a longer one is on its way (recognizer.held) is committed once the board stands still this
    # long with no piece off the board since it showed, or `held_in_hand` long with one (the hand may be the next
    # player's, taking a piece off for good).
    held_settle: float = 1.0
    held_in_hand: float = 10.0
    takebacks: bool = True


class Deadline(enum.Enum):
    """What happens when the board has stood still until the recognizer's deadline."""

    COMMIT = "commit"  # the move (or the question among several) the board settles on
    TAKEBACK = "takeback"  # the board shows the position before the last move
    MISMATCH = "mismatch"  # the board fits nothing: show what to put right
    ILLEGAL = "illegal"  # a move the rules forbid stood still: say why
    DONE = "done"  # chores whose pieces the tracker no longer follows: the board stood still on their position
    HELD = "held"  # a held move (recognizer.held) with no longer move on its way any more: the board stood still
