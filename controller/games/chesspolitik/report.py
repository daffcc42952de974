"""The resolved orders of the last phase, with their results, for the page: as data and as sentences."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple

from controller.games.chesspolitik.orders import words
from controller.games.moves import Move
from controller.games.squares import name
from controller.values import dataclass


class Result(enum.StrEnum):
    """What became of an order. A unit can also be dislodged whatever its order was (`dislodged_by`)."""

    MOVED = "moved"
    BOUNCED = "bounced"
    HELD = "held"
    SUPPORTED = "supported"
    CUT = "cut"
    VOID = "void"
    BUILT = "built"
    DISBANDED = "disbanded"
    WAIVED = "waived"


RESULTS = tuple(Result)


class OrderResult(NamedTuple):
    """One order of the phase and its result. `civil_disorder`: the rules gave this order (a unit left without
    orders holds; a power that gave too few disbands has units disbanded; a build not used is waived).

    A named tuple rather than a frozen dataclass: a phase makes one per unit, and building tuples is much cheaper.
    """

    seat: int
    order: Move
    result: Result
    dislodged_by: int | None = None
    civil_disorder: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "power": self.seat,
            "order": str(self.order),
            "result": self.result.value,
            "dislodged_by": None if self.dislodged_by is None else name(self.dislodged_by),
            "civil_disorder": self.civil_disorder,
        }


@dataclass(frozen=True, slots=True)
class PhaseReport:
    """The last resolved phase. `centres`: Fall changes of ownership as (centre, old owner or None, new owner)."""

    phase: str
    results: tuple[OrderResult, ...] = ()
    draw_votes: tuple[int, ...] = ()
    centres: tuple[tuple[int, int | None, int], ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "phase": self.phase,
            "orders": [r.to_json() for r in self.results],
            "draw_votes": list(self.draw_votes),
            "centres": [{"square": name(c), "from": old, "to": new} for c, old, new in self.centres],
        }

    def sentences(self, powers: Sequence[str]) -> list[str]:
        """The report in words, one sentence per order and per change of a centre's owner."""
        out = []
        for r in self.results:
            text = f"{powers[r.seat]}: {words(r.order)}"
            if r.civil_disorder:
                text += " (given by the rules: no order)"
            text += f": {r.result.value}"
            if r.dislodged_by is not None:
                text += f"; dislodged by the unit from {name(r.dislodged_by)} and removed"
            out.append(text + ".")
        for centre, old, new in self.centres:
            before = "neutral" if old is None else powers[old]
            out.append(f"The centre {name(centre)} passes from {before} to {powers[new]}.")
        if self.draw_votes:
            out.append("Voted for a draw: " + ", ".join(powers[s] for s in self.draw_votes) + ".")
        return out


_SLOTS = tuple(getattr(PhaseReport, f).__set__ for f in ("phase", "results", "draw_votes", "centres"))


def phase_report(
    phase: str,
    results: tuple[OrderResult, ...],
    draw_votes: tuple[int, ...],
    centres: tuple[tuple[int, int | None, int], ...] = (),
) -> PhaseReport:
    """`PhaseReport(...)` as its constructor makes it, each field written by its slot's own descriptor instead of
    the frozen constructor's `object.__setattr__` (one report in every phase; the class checks nothing)."""
    report: PhaseReport = object.__new__(PhaseReport)
    set_phase, set_results, set_votes, set_centres = _SLOTS
    set_phase(report, phase)
    set_results(report, results)
    set_votes(report, draw_votes)
    set_centres(report, centres)
    return report
