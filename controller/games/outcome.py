"""The result of a finished game: who won, why in words, and why as one of a closed set (`Termination`)."""

from __future__ import annotations

import enum
from dataclasses import field

from controller.values import dataclass


class Termination(enum.Enum):
    """Why a game ended, beside the readable reason (as python-chess's `Termination`): what a program may act on
    (a tournament table, an AI's training target) without reading sentences."""

    GOAL = "goal"  # a piece reached its goal (a Polis chariot on the far rank)
    NO_MOVE = "no_move"  # the seat to move had no legal move and lost
    POINTS = "points"  # the points decide: a seat reached the match's target, or the set rounds were played
    ELECTION = "election"  # a candidate was elected (Politics 1952)
    SOLO = "solo"  # a power holds enough supply centres (Chesspolitik)
    LAST_STANDING = "last_standing"  # one side is left in the game (Djambi's last Chief)
    NONE_LEFT = "none_left"  # nobody is left in the game (Djambi: no Chief)
    AGREEMENT = "agreement"  # drawn by the agreement of everyone still playing
    QUIET_TURNS = "quiet_turns"  # drawn after as many turns without a kill as the rules allow (Djambi)
    TURN_LIMIT = "turn_limit"  # the last year or move the game is played to is over (Chesspolitik's max_years)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who won (no winners: a draw or a void game), why, and the final score per seat where the game scores."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] | None = None
    termination: Termination = field(kw_only=True)

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, object]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "scores": None if self.scores is None else list(self.scores),
            "termination": self.termination.value,
        }
