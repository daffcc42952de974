"""What the recognizer tells the session. Typed values, never strings to compare."""

from __future__ import annotations

from controller.recognizer.index import Candidate
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class Recognized:
    """Exactly one move fits the board and it has been stable long enough: commit it."""

    candidate: Candidate
    chores_done: bool  # the board already shows the position after the chores too


@dataclass(frozen=True, slots=True)
class PromptRaised:
    """Several moves fit what the sensors saw; the player must say which (the page asks, the squares blink)."""

    candidates: tuple[Candidate, ...]


@dataclass(frozen=True, slots=True)
class PromptCleared:
    pass


@dataclass(frozen=True, slots=True)
class MismatchShown:
    """The board fits no move: squares to fill and to empty to get back to the expected position."""

    fill: int
    empty: int


@dataclass(frozen=True, slots=True)
class MismatchCleared:
    pass


@dataclass(frozen=True, slots=True)
class IllegalTried:
    """The board shows a move the rules forbid; `squares` explain why."""

    candidate: Candidate
    reason: str
    squares: frozenset[int]


@dataclass(frozen=True, slots=True)
class TakebackSeen:
    """The board shows an earlier position again, `plies` moves back."""

    plies: int


@dataclass(frozen=True, slots=True)
class ChoresDone:
    """The forced follow-ups are carried out: the board matches the position after the move."""


@dataclass(frozen=True, slots=True)
class Cancelled:
    """A lifted piece was put back where it was: nothing happened."""


Signal = (
    Recognized
    | PromptRaised
    | PromptCleared
    | MismatchShown
    | MismatchCleared
    | IllegalTried
    | TakebackSeen
    | ChoresDone
    | Cancelled
)
