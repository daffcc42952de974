"""The options a match is played with: the rulings a player could want read differently (docs/rules/politrics.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from controller.games.info import Option, OptionValue

AURA_BOTH, AURA_OPPONENT, AURA_OWN = "both", "opponent", "own"
UNPLACEABLE_IMMOBILIZES, UNPLACEABLE_WAITS = "immobilizes", "waits"
ANSWER_ROW, ANSWER_BEAT = "row", "beat"

OPTIONS: tuple[Option, ...] = (
    Option("target", 100, "points a player needs over the boards of the match to win it", minimum=1),
    Option(
        "aura",
        AURA_BOTH,
        "whose Civil Servants keep a President out of their Aura: both colours', only the opponent's, or only his own",
        choices=(AURA_BOTH, AURA_OPPONENT, AURA_OWN),
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
        UNPLACEABLE_IMMOBILIZES,
        "a President left in the line-up with no square to go to immobilizes his player at once, or waits",
        choices=(UNPLACEABLE_IMMOBILIZES, UNPLACEABLE_WAITS),
    ),
    Option(
        "decisive_answer",
        ANSWER_ROW,
        "an answer to a declared row that beats the President or incapacitates elsewhere: the row still scores, "
        "or that beat decides the board",
        choices=(ANSWER_ROW, ANSWER_BEAT),
    ),
)


@dataclass(frozen=True, slots=True)
class Rules:
    target: int = 100
    aura: str = AURA_BOTH
    repetitions: int = 3
    president_moves_count: bool = False
    unplaceable_president: str = UNPLACEABLE_IMMOBILIZES
    decisive_answer: str = ANSWER_ROW

    @staticmethod
    def of(options: Mapping[str, OptionValue]) -> Rules:
        """Rules from options already checked by `GameInfo.resolve_options`."""
        target, aura, repetitions = options["target"], options["aura"], options["repetitions"]
        moves_count, unplaceable = options["president_moves_count"], options["unplaceable_president"]
        answer = options["decisive_answer"]
        assert isinstance(target, int) and isinstance(repetitions, int) and isinstance(moves_count, bool)
        assert isinstance(aura, str) and isinstance(unplaceable, str) and isinstance(answer, str)
        return Rules(target, aura, repetitions, moves_count, unplaceable, answer)

    def to_json(self) -> dict[str, OptionValue]:
        return {
            "target": self.target,
            "aura": self.aura,
            "repetitions": self.repetitions,
            "president_moves_count": self.president_moves_count,
            "unplaceable_president": self.unplaceable_president,
            "decisive_answer": self.decisive_answer,
        }

    def blocks(self, civil_servant_seat: int, president_seat: int) -> bool:
        """Whether a Civil Servant of one seat keeps the President of a seat out of his Aura."""
        if self.aura == AURA_BOTH:
            return True
        same = civil_servant_seat == president_seat
        return same if self.aura == AURA_OWN else not same
