"""The result of a finished game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who won (no winners: a draw or a void game), why, and the final score per seat where the game scores."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] | None = None

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, object]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "scores": None if self.scores is None else list(self.scores),
        }
