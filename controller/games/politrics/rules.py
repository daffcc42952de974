"""The options a match is played with: the rulings a player could want read differently (docs/rules/politrics.md)."""

from __future__ import annotations

import enum
from collections.abc import Mapping

from controller.games.info import Option, OptionValue, chosen
from controller.values import dataclass


class Aura(enum.StrEnum):
    """Whose Civil Servants keep a President out of their Aura."""

    BOTH = "both"
    OPPONENT = "opponent"
    OWN = "own"


class Unplaceable(enum.StrEnum):
    """What a President left in the line-up with no square to go to does."""

    IMMOBILIZES = "immobilizes"
    WAITS = "waits"


class Answer(enum.StrEnum):
    """What decides when the answer to a declared row beats the President or incapacitates elsewhere."""

    ROW = "row"
    BEAT = "beat"


OPTIONS: tuple[Option, ...] = (
    Option("target", 100, "points a player needs over the boards of the match to win it", minimum=1),
    Option(
        "aura",
        Aura.BOTH,
        "whose Civil Servants keep a President out of their Aura: both colours', only the opponent's, or only his own",
    ),
    Option(
        "repetitions",
        3,
        "how often the same position with the same player to move must occur to void the board",
        minimum=2,
    ),
    Option(
        "president_moves_count",
        False,
        "a player who can step only the President still counts as mobile (the seed says he is immobilized)",
    ),
    Option(
        "unplaceable_president",
        Unplaceable.IMMOBILIZES,
        "a President left in the line-up with no square to go to immobilizes his player at once, or waits",
    ),
    Option(
        "decisive_answer",
        Answer.ROW,
        "an answer to a declared row that beats the President or incapacitates elsewhere: the row still scores, "
        "or that beat decides the board",
    ),
)


@dataclass(frozen=True, slots=True)
class Rules:
    target: int = 100
    aura: Aura = Aura.BOTH
    repetitions: int = 3
    president_moves_count: bool = False
    unplaceable_president: Unplaceable = Unplaceable.IMMOBILIZES
    decisive_answer: Answer = Answer.ROW

    @staticmethod
    def of(options: Mapping[str, OptionValue]) -> Rules:
        """Rules from options already checked by `GameInfo.resolve_options`."""
        target, repetitions = options["target"], options["repetitions"]
        moves_count = options["president_moves_count"]
        assert isinstance(target, int) and isinstance(repetitions, int) and isinstance(moves_count, bool)
        return Rules(
            target,
            chosen(options, "aura", Aura),
            repetitions,
            moves_count,
            chosen(options, "unplaceable_president", Unplaceable),
            chosen(options, "decisive_answer", Answer),
        )

    def to_json(self) -> dict[str, OptionValue]:
        return {
            "target": self.target,
            "aura": str(self.aura),
            "repetitions": self.repetitions,
            "president_moves_count": self.president_moves_count,
            "unplaceable_president": str(self.unplaceable_president),
            "decisive_answer": str(self.decisive_answer),
        }

    def blocks(self, civil_servant_seat: int, president_seat: int) -> bool:
        """Whether a Civil Servant of one seat keeps the President of a seat out of his Aura."""
        if self.aura is Aura.BOTH:
            return True
        same = civil_servant_seat == president_seat
        return same if self.aura is Aura.OWN else not same
