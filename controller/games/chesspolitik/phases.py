"""Resolving a phase once every order set is in: what changes in the next state and what happens on the board.

Spring and Fall: draw votes, then the adjudicated moves, then (after Fall) the change of owners, a solo or the last
year, and whether a Winter is needed. Winter: builds, waives, disbands and civil disorder.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import Protocol

from controller.games.chesspolitik.adjudicator import adjudicate
from controller.games.chesspolitik.adjustments import (
    adjustment,
    adjustments,
    centre_counts,
    civil_disorder,
    take_ownership,
)
from controller.games.chesspolitik.board import Board
from controller.games.chesspolitik.orders import UNIT_ORDERS, Build, Disband, DrawVote, Hold, MoveTo, UnitOrder, Waive
from controller.games.chesspolitik.report import OrderResult, PhaseReport, Result
from controller.games.moves import Move
from controller.games.outcome import Outcome, Termination
from controller.games.physical import Piece, Step


class Season(enum.StrEnum):
    """A phase of the year: orders to units in Spring and Fall, builds and disbands in Winter."""

    SPRING = "spring"
    FALL = "fall"
    WINTER = "winter"


SPRING, FALL, WINTER = Season.SPRING, Season.FALL, Season.WINTER
SEASONS = tuple(Season)

UnitRow = tuple[int, str, int]  # (square, kind, seat)
Pending = dict[int, tuple[Move, ...]]


class Position(Protocol):
    """What resolving reads of a Chesspolitik position (a `ChesspolitikState`, which imports this module)."""

    @property
    def nseats(self) -> int: ...
    @property
    def year(self) -> int: ...
    @property
    def season(self) -> Season: ...
    @property
    def units(self) -> tuple[UnitRow, ...]: ...
    @property
    def owners(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def last_year(self) -> int: ...
    @property
    def draw_votes(self) -> bool: ...
    @property
    def board(self) -> Board: ...
    @property
    def powers(self) -> tuple[str, ...]: ...
    @property
    def phase(self) -> str: ...
    def unit_map(self) -> Mapping[int, tuple[str, int]]: ...
    def owner_map(self) -> Mapping[int, int]: ...
    def participants(self) -> frozenset[int]: ...


@dataclass(frozen=True, slots=True)
class Derived:
    """Data of the next state that resolving has computed anyway: units by square, owners by centre, who gives
    orders next."""

    units: dict[int, tuple[str, int]]
    owners: dict[int, int]
    participants: frozenset[int]


@dataclass(frozen=True, slots=True)
class Resolved:
    """A resolved phase: the next state's fields (the pending orders are gone) and the steps on the board."""

    year: int
    season: Season
    units: tuple[UnitRow, ...]
    owners: tuple[tuple[int, int], ...]
    report: PhaseReport
    ended: Outcome | None = None
    steps: tuple[Step, ...] = ()
    derived: Derived | None = None


MOVED, BOUNCED, HELD, VOID, CUT, SUPPORTED = (
    Result.MOVED,
    Result.BOUNCED,
    Result.HELD,
    Result.VOID,
    Result.CUT,
    Result.SUPPORTED,
)
# Orders and pieces are values: sharing one instance per value saves building them again in every phase.
_hold = cache(Hold)
_piece = cache(Piece)


def alive(units: Iterable[UnitRow], owners: Mapping[int, int]) -> set[int]:
    """The surviving powers: those with a unit or a centre."""
    return {seat for _, _, seat in units} | set(owners.values())


def resolve_movement(state: Position, pending: Pending) -> Resolved:
    given, voters = _unit_orders_and_votes(pending)
    if state.draw_votes and set(voters) == set(state.participants()):
        return _drawn_by_agreement(state, voters)
    res = adjudicate({sq: seat for sq, _, seat in state.units}, given)
    moved, dislodged, void, cut = res.moved, res.dislodged, res.void, res.cut
    results: list[OrderResult] = []
    steps: list[Step] = []
    units: list[UnitRow] = []
    # The loop runs once per unit of every phase: what became of each order is worked out inline (moved or bounced,
    # held, a support void, cut or given), and the results are built as the tuples they are (a named tuple's own
    # constructor is a Python function).
    new = tuple.__new__
    for sq, kind, seat in state.units:
        unit_order = given.get(sq)
        by = dislodged.get(sq)
        if unit_order is None:
            results.append(new(OrderResult, (seat, _hold(kind, sq), HELD, by, True)))
        else:
            what = type(unit_order)
            if what is MoveTo:
                result = MOVED if sq in moved else BOUNCED
            elif what is Hold:
                result = HELD
            else:
                result = VOID if sq in void else CUT if sq in cut else SUPPORTED
            results.append(new(OrderResult, (seat, unit_order, result, by, False)))
        if by is not None:
            steps.append(Step(_piece(kind, seat), sq, None))
        elif sq in moved:
            to = moved[sq]
            steps.append(Step(_piece(kind, seat), sq, to))
            units.append((to, kind, seat))
        else:
            units.append((sq, kind, seat))
    results.sort(key=itemgetter(0))  # by power; a stable sort keeps each power's units in square order
    standing = tuple(sorted(units))
    if state.season == SPRING:
        report = PhaseReport(state.phase, tuple(results), voters)
        return Resolved(state.year, FALL, standing, state.owners, report, steps=tuple(steps))
    return _after_fall(state, standing, tuple(results), voters, tuple(steps))


def _unit_orders_and_votes(pending: Pending) -> tuple[dict[int, UnitOrder], tuple[int, ...]]:
    """The unit orders handed in, by the unit's square, and the powers voting for a draw (in seat order)."""
    given: dict[int, UnitOrder] = {}
    votes: list[int] = []
    for seat, orders in pending.items():
        for order in orders:
            if type(order) is DrawVote:
                votes.append(seat)
            else:
                assert isinstance(order, UNIT_ORDERS)  # checked on submission
                given[order.square] = order
    return given, tuple(sorted(votes))


def _drawn_by_agreement(state: Position, voters: tuple[int, ...]) -> Resolved:
    names = ", ".join(state.powers[s] for s in voters)
    scores = centre_counts(state.nseats, state.owner_map())
    ended = Outcome((), f"Drawn by agreement of {names} in {state.phase}", scores, termination=Termination.AGREEMENT)
    report = PhaseReport(state.phase, (), voters)
    return Resolved(state.year, state.season, state.units, state.owners, report, ended)


def _after_fall(
    state: Position,
    units: tuple[UnitRow, ...],
    results: tuple[OrderResult, ...],
    voters: tuple[int, ...],
    steps: tuple[Step, ...],
) -> Resolved:
    board = state.board
    before = state.owner_map()
    unit_map = {sq: (kind, seat) for sq, kind, seat in units}
    owners = take_ownership(board, unit_map, before)
    # Only a centre with a unit on it can change hands.
    centres = board.centres
    changes = tuple(
        sorted((c, before.get(c), s) for c, (_, s) in unit_map.items() if c in centres and before.get(c) != s)
    )
    report = PhaseReport(state.phase, results, voters, changes)
    scores = centre_counts(state.nseats, owners)
    ended = None
    for seat, count in enumerate(scores):
        if count >= board.solo:
            reason = f"{state.powers[seat]} wins with {count} of {len(board.centres)} supply centres"
            ended = Outcome((seat,), reason, scores, termination=Termination.SOLO)
    if ended is None and state.last_year and state.year >= state.last_year:
        ended = Outcome(
            (), f"Drawn: {state.last_year} was the last year to be played", scores, termination=Termination.TURN_LIMIT
        )
    counts = adjustments(board, unit_map, owners) if ended is None else ()
    winter = any(counts)
    derived = None
    if ended is None:  # hand the new state what was just computed, rather than computing it again
        participants = {s for s, n in enumerate(counts) if n} if winter else alive(units, owners)
        derived = Derived(unit_map, owners, frozenset(participants))
    return Resolved(
        state.year if winter else state.year + 1,
        WINTER if winter else SPRING,
        units,
        tuple(sorted(owners.items())),
        report,
        ended,
        steps,
        derived,
    )


def resolve_winter(state: Position, pending: Pending) -> Resolved:
    board = state.board
    units = state.unit_map()
    owners = state.owner_map()
    results: list[OrderResult] = []
    steps: list[Step] = []
    for seat in sorted(state.participants()):
        count = adjustment(board, seat, units, owners)
        orders = pending.get(seat, ())
        if count > 0:
            for order in orders:
                if isinstance(order, Build):
                    results.append(OrderResult(seat, order, Result.BUILT))
                    steps.append(Step(_piece(order.kind, seat), None, order.square))
                else:
                    results.append(OrderResult(seat, order, Result.WAIVED))
            missing = count - len(orders)
            results.extend(OrderResult(seat, Waive(), Result.WAIVED, civil_disorder=True) for _ in range(missing))
        else:
            chosen = frozenset(o.square for o in orders if isinstance(o, Disband))
            forced = civil_disorder(board, seat, units, -count - len(chosen), chosen)
            for sq in sorted(chosen):
                results.append(OrderResult(seat, Disband(units[sq][0], sq), Result.DISBANDED))
            for sq in forced:
                results.append(OrderResult(seat, Disband(units[sq][0], sq), Result.DISBANDED, civil_disorder=True))
            for sq in sorted(chosen | set(forced)):
                steps.append(Step(_piece(units[sq][0], seat), sq, None))
    report = PhaseReport(state.phase, tuple(results))
    after = units_after(units, steps)
    return Resolved(state.year + 1, SPRING, after, state.owners, report, steps=tuple(steps))


def units_after(units: Mapping[int, tuple[str, int]], steps: Iterable[Step]) -> tuple[UnitRow, ...]:
    """The units standing once `steps` are carried out."""
    out = dict(units)
    for step in steps:
        if step.src is not None:
            del out[step.src]
    for step in steps:
        if step.dst is not None:
            assert step.piece.owner is not None
            out[step.dst] = (step.piece.kind, step.piece.owner)
    return tuple(sorted((sq, kind, seat) for sq, (kind, seat) in out.items()))
