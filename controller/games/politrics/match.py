"""How a board ended, and the match's running totals."""

from __future__ import annotations

from controller.games.politrics.figures import SEAT_NAMES
from controller.values import dataclass

ROW, PRESIDENT_BEATEN, INCAPACITATED, IMMOBILIZED, REPETITION = (
    "row",
    "president",
    "incapacitated",
    "immobilized",
    "repetition",
)
REASONS = (ROW, PRESIDENT_BEATEN, INCAPACITATED, IMMOBILIZED, REPETITION)


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One finished board: who scored (None: void), how many points and why."""

    winner: int | None
    points: int
    reason: str

    def __post_init__(self) -> None:
        if self.reason not in REASONS:
            raise ValueError(f"no way to end a board called {self.reason!r}")
        if (self.winner is None) != (self.reason == REPETITION) or not 0 <= self.points <= 100:
            raise ValueError(f"an impossible board result: {self}")

    def scores(self) -> tuple[int, int]:
        return (self.points if self.winner == 0 else 0, self.points if self.winner == 1 else 0)

    def text(self) -> str:
        if self.winner is None:
            return "the board is void: the same position came up again and again"
        who, other = SEAT_NAMES[self.winner], SEAT_NAMES[1 - self.winner]
        why = {
            ROW: f"{who}'s declared row stood",
            PRESIDENT_BEATEN: f"{who} beat {other}'s President",
            INCAPACITATED: f"{other} has too few figures left for a row",
            IMMOBILIZED: f"{other} is immobilized",
        }[self.reason]
        return f"{why}: {who} scores {self.points}"

    def to_json(self) -> dict[str, object]:
        return {"winner": self.winner, "points": self.points, "reason": self.reason}


def totals(boards: tuple[BoardResult, ...]) -> tuple[int, int]:
    dark = light = 0
    for b in boards:
        d, li = b.scores()
        dark += d
        light += li
    return dark, light
