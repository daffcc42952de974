"""Chesspolitik positions and phases written as text, for the adjudication tests and the differential runs.

position("Russia K d4, Russia N b1, Ottoman K e5", season="fall", owners={"d4": "Ming"})
after = resolve(state, {"Russia": ["K d4 - d5"], "Ottoman": ["K e5 S K d4 - d5"]})
results(after) == {"d4": "moved", ...}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from controller.games.chesspolitik import Chesspolitik
from controller.games.chesspolitik.phases import SPRING, Season
from controller.games.chesspolitik.state import POWER_NAMES, ChesspolitikState
from controller.games.squares import name, parse

GAME = Chesspolitik()


def seat_of(power: str | int, seats: int = 4) -> int:
    return power if isinstance(power, int) else POWER_NAMES[seats].index(power)


def position(
    units: str,
    seats: int = 4,
    season: str = SPRING,
    year: int | None = None,
    owners: Mapping[str, str | int] | None = None,
    last_year: int = 0,
    draw_votes: bool = True,
) -> ChesspolitikState:
    """Units as 'Power Kind square' separated by commas; owners as {centre: power}; no centre owned otherwise."""
    rows = []
    for item in units.split(","):
        if item.strip():
            power, kind, square = item.split()
            rows.append((parse(square), kind, seat_of(power, seats)))
    owned = tuple(sorted((parse(c), seat_of(p, seats)) for c, p in (owners or {}).items()))
    start = GAME.new(seats).year
    return ChesspolitikState(
        seats,
        start if year is None else year,
        Season(season),
        tuple(sorted(rows)),
        owned,
        last_year=last_year,
        draw_votes=draw_votes,
    )


def resolve(
    state: ChesspolitikState, orders: Mapping[str, Sequence[str]] | Mapping[int, Sequence[str]]
) -> ChesspolitikState:
    """Every power taking part hands in its orders (none: an empty set), in seat order."""
    by_seat = {seat_of(p, state.seats): texts for p, texts in orders.items()}
    for seat in sorted(state.participants()):
        state = state.submit(seat, [GAME.parse(t, state, seat) for t in by_seat.get(seat, ())])
    return state


def results(state: ChesspolitikState) -> dict[str, str]:
    """The last phase's result per unit (by the square it stood on), or per build and disband square."""
    assert state.report is not None
    out: dict[str, str] = {}
    for r in state.report.results:
        square = getattr(r.order, "square", None)
        if square is not None:
            out[name(square)] = r.result
    return out


def dislodged(state: ChesspolitikState) -> dict[str, str]:
    """Dislodged units of the last phase: their square -> where the dislodging unit came from."""
    assert state.report is not None
    return {
        name(r.order.square): name(r.dislodged_by)  # type: ignore[attr-defined]
        for r in state.report.results
        if r.dislodged_by is not None
    }


def units(state: ChesspolitikState) -> set[str]:
    """The units standing, as 'Power Kind square'."""
    names = POWER_NAMES[state.seats]
    return {f"{names[seat]} {kind} {name(sq)}" for sq, kind, seat in state.units}
