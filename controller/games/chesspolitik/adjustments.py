"""Centre counts and Winter adjustments: who may build where, who must disband, and civil disorder (a Fall's change
of owners is worked out where the Fall is resolved, `phases`)."""

from __future__ import annotations

from collections.abc import Mapping

from controller.games.chesspolitik.board import KNIGHT, Board, home_distance
from controller.games.squares import name

Units = Mapping[int, tuple[str, int]]  # square -> (kind, seat)


def centre_counts(seats: int, owners: Mapping[int, int]) -> tuple[int, ...]:
    counts = [0] * seats
    for seat in owners.values():
        counts[seat] += 1
    return tuple(counts)


def build_sites(board: Board, seat: int, units: Units, owners: Mapping[int, int]) -> tuple[int, ...]:
    """The seed: "players may build in any vacant SC that they currently control in the two rows/columns closest to
    their side of the board"."""
    return tuple(s for s in board.powers[seat].homes if owners.get(s) == seat and s not in units)


def adjustment(board: Board, seat: int, units: Units, owners: Mapping[int, int]) -> int:
    """Builds `seat` may make (positive) or disbands it owes (negative) this Winter; 0 when it has nothing to do.

    More centres than units allow as many builds as there are build sites to put them on.
    """
    have = sum(1 for _, s in units.values() if s == seat)
    centres = sum(1 for s in owners.values() if s == seat)
    if centres > have:
        return min(centres - have, len(build_sites(board, seat, units, owners)))
    return centres - have


def adjustments(board: Board, units: Units, owners: Mapping[int, int]) -> tuple[int, ...]:
    """`adjustment` for every seat in one pass (the state asks this for every new Winter)."""
    have = [0] * board.seats
    centres = [0] * board.seats
    for _, seat in units.values():
        have[seat] += 1
    for seat in owners.values():
        centres[seat] += 1
    out = []
    for seat, power in enumerate(board.powers):
        diff = centres[seat] - have[seat]
        if diff > 0:
            diff = min(diff, sum(1 for s in power.homes if owners.get(s) == seat and s not in units))
        out.append(diff)
    return tuple(out)


def civil_disorder(board: Board, seat: int, units: Units, count: int, spared: frozenset[int]) -> tuple[int, ...]:
    """The squares of the `count` units the rules disband for a power that gave too few disband orders.

    The standard rule (2000 rulebook, DATC 4.D.8): the units farthest from the power's home centres go first; at
    equal distance Knights (the variant's fleets) before Kings, then by square name. `spared` are the units the
    power disbanded itself.
    """
    candidates = [(sq, kind) for sq, (kind, s) in units.items() if s == seat and sq not in spared]
    candidates.sort(key=lambda u: (-home_distance(board, seat, u[1], u[0]), u[1] != KNIGHT, name(u[0])))
    return tuple(sq for sq, _ in candidates[:count])
