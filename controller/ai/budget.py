"""How long a computer player thinks: a level (CPU time, set for a Raspberry Pi 4) or a fixed number of playouts
(deterministic for a seed, what tests and bots ask for)."""

from __future__ import annotations

import enum
import time
from collections.abc import Callable

from controller.values import dataclass


class Level(enum.StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"

    @classmethod
    def parse(cls, text: str) -> Level:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise ValueError(f"a level is easy, normal or hard, not {text!r}") from None


# CPU seconds of thinking on the development machine: about a fifth of the 0.2 / 1 / 3 s a Raspberry Pi 4 is given.
LEVELS: dict[Level, float] = {Level.EASY: 0.04, Level.NORMAL: 0.2, Level.HARD: 0.6}


@dataclass(frozen=True, slots=True)
class Budget:
    """Stop after `playouts` iterations, or after `seconds` of CPU time, whichever comes first (at least one)."""

    playouts: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.playouts is None and self.seconds is None:
            raise ValueError("a budget needs playouts or seconds")
        if self.playouts is not None and self.playouts < 1:
            raise ValueError(f"playouts are at least 1, not {self.playouts}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"thinking takes more than 0 s, not {self.seconds}")

    @classmethod
    def of(cls, level: Level | str) -> Budget:
        return cls(seconds=LEVELS[Level.parse(level) if isinstance(level, str) else level])

    def clock(self, cancelled: Callable[[], bool] | None = None) -> Callable[[int], bool]:
        """A test `done(iterations)` for a search loop: the budget is spent, or the caller gave up."""
        start = time.process_time()
        limit = self.playouts

        def done(iterations: int) -> bool:
            if iterations < 1:
                return False
            if limit is not None and iterations >= limit:
                return True
            if cancelled is not None and cancelled():
                return True
            return self.seconds is not None and time.process_time() - start >= self.seconds

        return done


@dataclass(frozen=True, slots=True)
class Cost:
    """What a think costs on the development machine, in CPU seconds, where the seat has `moves` legal moves: a
    first look at every move, then each playout, dearer on a wide board (each new node of the tree lists about as
    many moves). For a game whose thinks cost too unevenly for one playout count per level."""

    first_look: float  # per move
    playout: float
    playout_per_move: float

    def __post_init__(self) -> None:
        if not (self.first_look >= 0 and self.playout > 0 and self.playout_per_move >= 0):
            raise ValueError(f"a think's costs are positive seconds, not {self}")

    def playouts(self, seconds: float, moves: int) -> int:
        """The playouts `seconds` of thinking allows with `moves` to choose from (at least one)."""
        left = seconds - self.first_look * moves
        return max(1, int(left / (self.playout + self.playout_per_move * moves)))
