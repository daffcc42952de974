"""What a session reports: typed events, written as JSON lines by `agora replay` and pushed to the page."""

from __future__ import annotations

from typing import Any

from controller.games.squares import name, squares_of
from controller.session.sources import Source
from controller.values import dataclass


def names(mask: int) -> list[str]:
    return [name(s) for s in squares_of(mask)]


@dataclass(frozen=True, slots=True)
class Committed:
    t: float
    ply: int
    move: str
    seat: int | None
    source: Source
    description: str

    def to_json(self) -> dict[str, Any]:
        return {
            "t": self.t,
            "event": "committed",
            "ply": self.ply,
            "move": self.move,
            "seat": self.seat,
            "source": self.source.value,
            "description": self.description,
        }


@dataclass(frozen=True, slots=True)
class ChoresAsked:
    t: float
    steps: tuple[dict[str, Any], ...]  # Step.to_json()
    fill: int
    empty: int
    touch: int = 0  # pieces to lift and put back (turned over)

    def to_json(self) -> dict[str, Any]:
        return {
            "t": self.t,
            "event": "chore",
            "steps": list(self.steps),
            "fill": names(self.fill),
            "empty": names(self.empty),
            "touch": names(self.touch),
        }


@dataclass(frozen=True, slots=True)
class ChoresFinished:
    t: float

    def to_json(self) -> dict[str, Any]:
        return {"t": self.t, "event": "chores_done"}


@dataclass(frozen=True, slots=True)
class Prompted:
    t: float
    options: tuple[tuple[str, str], ...]  # (move text, description)

    def to_json(self) -> dict[str, Any]:
        return {
            "t": self.t,
            "event": "prompt",
            "options": [{"choice": i, "move": m, "description": d} for i, (m, d) in enumerate(self.options)],
        }


@dataclass(frozen=True, slots=True)
class PromptClosed:
    t: float

    def to_json(self) -> dict[str, Any]:
        return {"t": self.t, "event": "prompt_closed"}


@dataclass(frozen=True, slots=True)
class Mismatch:
    t: float
    fill: int
    empty: int

    def to_json(self) -> dict[str, Any]:
        return {"t": self.t, "event": "mismatch", "fill": names(self.fill), "empty": names(self.empty)}


@dataclass(frozen=True, slots=True)
class MismatchResolved:
    t: float

    def to_json(self) -> dict[str, Any]:
        return {"t": self.t, "event": "mismatch_cleared"}


@dataclass(frozen=True, slots=True)
class IllegalMove:
    t: float
    move: str
    reason: str
    squares: int

    def to_json(self) -> dict[str, Any]:
        return {
            "t": self.t,
            "event": "illegal",
            "move": self.move,
            "reason": self.reason,
            "squares": names(self.squares),
        }


@dataclass(frozen=True, slots=True)
class TakenBack:
    t: float
    moves: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"t": self.t, "event": "takeback", "moves": list(self.moves)}


@dataclass(frozen=True, slots=True)
class PieceReturned:
    """A lifted piece was put back where it was: nothing happened."""

    t: float

    def to_json(self) -> dict[str, Any]:
        return {"t": self.t, "event": "cancelled"}


@dataclass(frozen=True, slots=True)
class GameOver:
    t: float
    outcome: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"t": self.t, "event": "outcome", **self.outcome}


@dataclass(frozen=True, slots=True)
class LinkPaused:
    t: float
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"t": self.t, "event": "paused", "message": self.message}


@dataclass(frozen=True, slots=True)
class LinkResumed:
    t: float

    def to_json(self) -> dict[str, Any]:
        return {"t": self.t, "event": "resumed"}


@dataclass(frozen=True, slots=True)
class SensorWarning:
    t: float
    squares: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"t": self.t, "event": "sensor_warning", "squares": names(self.squares), "reason": self.reason}


@dataclass(frozen=True, slots=True)
class GameStarted:
    t: float
    game: str
    seats: int
    game_id: int | None
    resumed: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "t": self.t,
            "event": "game",
            "game": self.game,
            "seats": self.seats,
            "id": self.game_id,
            "resumed": self.resumed,
        }


Event = (
    Committed
    | ChoresAsked
    | ChoresFinished
    | Prompted
    | PromptClosed
    | Mismatch
    | MismatchResolved
    | IllegalMove
    | TakenBack
    | PieceReturned
    | GameOver
    | LinkPaused
    | LinkResumed
    | SensorWarning
    | GameStarted
)
