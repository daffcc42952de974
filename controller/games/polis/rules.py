"""The Polis options: readings of the seed a table could prefer over the default rulings (docs/rules/polis.md)."""

from __future__ import annotations

import enum
from collections.abc import Mapping

from controller.games.info import Option, OptionValue, chosen
from controller.values import dataclass


class HopStun(enum.StrEnum):
    """Which chariots stay put during the hops."""

    PREVIOUS = "previous"  # those stunned at the end of the previous turn
    CURRENT = "current"  # those flanked on the board right after the step


class MutualStun(enum.StrEnum):
    """Two chariots that each need the other to be flanked."""

    BOTH = "both"
    NEITHER = "neither"


OPTIONS = (
    Option(
        "win_by_hop",
        True,
        "a chariot hopped onto its goal rank wins too (off: only a chariot that steps there itself)",
    ),
    Option(
        "stunned_arrival_wins",
        False,
        "a chariot may step onto its goal rank and win even where it would be stunned (off: that step is illegal)",
    ),
    Option(
        "stunned_chariot_defends",
        True,
        "a stunned chariot still holds a piece of its own side in place against a hop",
    ),
    Option(
        "hop_stun",
        HopStun.PREVIOUS,
        "which chariots stay put during the hops: those stunned at the end of the previous turn ('previous') "
        "or those flanked on the board right after the step ('current')",
    ),
    Option(
        "mutual_stun",
        MutualStun.BOTH,
        "two chariots that each need the other to be flanked: both are stunned ('both') or neither ('neither')",
    ),
)


@dataclass(frozen=True, slots=True)
class Rules:
    """The resolved options of one game; part of the state, so a position knows the rules it is played by."""

    win_by_hop: bool = True
    stunned_arrival_wins: bool = False
    stunned_chariot_defends: bool = True
    hop_stun_current: bool = False
    mutual_stun_both: bool = True

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> Rules:
        return cls(
            win_by_hop=bool(options["win_by_hop"]),
            stunned_arrival_wins=bool(options["stunned_arrival_wins"]),
            stunned_chariot_defends=bool(options["stunned_chariot_defends"]),
            hop_stun_current=chosen(options, "hop_stun", HopStun) is HopStun.CURRENT,
            mutual_stun_both=chosen(options, "mutual_stun", MutualStun) is MutualStun.BOTH,
        )

    def to_options(self) -> dict[str, OptionValue]:
        return {
            "win_by_hop": self.win_by_hop,
            "stunned_arrival_wins": self.stunned_arrival_wins,
            "stunned_chariot_defends": self.stunned_chariot_defends,
            "hop_stun": str(HopStun.CURRENT if self.hop_stun_current else HopStun.PREVIOUS),
            "mutual_stun": str(MutualStun.BOTH if self.mutual_stun_both else MutualStun.NEITHER),
        }


DEFAULT_RULES = Rules()
