"""Resolving a phase once every order set is in: what changes in the next state and what happens on the board.

Spring and Fall: draw votes, then the adjudicated moves, then (after Fall) the change of owners, a solo or the last
year, and whether a Winter is needed. Winter: builds, waives, disbands and civil disorder.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from functools import cache
from operator import itemgetter
from typing import NamedTuple, Protocol

from controller.games.chesspolitik.adjudicator import adjudicate_orders, read_orders
from controller.games.chesspolitik.adjustments import (
    adjustment,
    centre_counts,
    civil_disorder,
)
from controller.games.chesspolitik.board import Board
from controller.games.chesspolitik.orders import Build, Disband, Hold, MoveTo, Waive
from controller.games.chesspolitik.report import OrderResult, PhaseReport, Result, phase_report
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
PendingRows = tuple[tuple[int, tuple[Move, ...]], ...]  # (seat, orders), as a state keeps them


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


class Derived(NamedTuple):
    """Data of the next state that resolving has computed anyway: units by square, owners by centre, who gives
    orders next."""

    units: Mapping[int, tuple[str, int]]
    owners: Mapping[int, int]
    participants: frozenset[int]


class Resolved(NamedTuple):
    """A resolved phase: the next state's fields (the pending orders are gone) and the steps on the board.

    Named tuples, as the phase's other records: one is made in every phase, and a tuple is built much faster."""

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


def alive(units: Iterable[UnitRow], owners: Mapping[int, int]) -> frozenset[int]:
    """The surviving powers: those with a unit or a centre."""
    return frozenset(owners.values()).union(map(_SEAT_OF_ROW, units))


def resolve_movement(state: Position, pending: PendingRows, with_steps: bool = True) -> Resolved:
    """A Spring or Fall phase resolved; `with_steps`: also the steps on the board (only the LEDs need them)."""
    read = read_orders(pending)
    given, voters = read.given, read.votes
    participants = state.participants()
    if voters and state.draw_votes and len(voters) == len(participants) and set(voters) == participants:
        return _drawn_by_agreement(state, voters)
    units = state.units
    res = adjudicate_orders(state.unit_map(), read)
    moved, dislodged, void, cut = res.moved, res.dislodged, res.void, res.cut
    results: list[OrderResult] = []
    # The loop runs once per unit of every phase: what became of each order is worked out inline (moved or bounced,
    # held, a support void, cut or given), and the results are built as the tuples they are (a named tuple's own
    # constructor is a Python function).
    new = tuple.__new__
    for sq, kind, seat in units:
        unit_order = given.get(sq)
        by = dislodged.get(sq) if dislodged else None
        if unit_order is None:
            results.append(new(OrderResult, (seat, _hold(kind, sq), HELD, by, True)))
            continue
        what = type(unit_order)
        if what is MoveTo:
            result = MOVED if sq in moved else BOUNCED
        elif what is Hold:
            result = HELD
        else:
            result = VOID if sq in void else CUT if sq in cut else SUPPORTED
        results.append(new(OrderResult, (seat, unit_order, result, by, False)))
    if len(participants) > 1:
        results.sort(key=_SEAT)  # by power; a stable sort keeps each power's units in square order
    unit_map, standing = _standing(state.unit_map(), units, moved, dislodged)
    steps = _movement_steps(units, moved, dislodged) if with_steps else ()
    if state.season is SPRING:
        owners = state.owner_map()  # no centre changes hands in Spring; a power may lose its last unit
        survivors = participants if not dislodged else alive(standing, owners)
        derived = _new(Derived, (unit_map, owners, survivors))
        report = phase_report(state.phase, tuple(results), voters)
        return _new(Resolved, (state.year, FALL, standing, state.owners, report, None, steps, derived))
    return _after_fall(state, standing, unit_map, (state.phase, tuple(results), voters), steps)


_SEAT = itemgetter(0)
_SEAT_OF_ROW = itemgetter(2)
_new = tuple.__new__  # a named tuple's own constructor is a Python function


def _standing(
    before: Mapping[int, tuple[str, int]],
    units: tuple[UnitRow, ...],
    moved: Mapping[int, int],
    dislodged: Mapping[int, int],
) -> tuple[Mapping[int, tuple[str, int]], tuple[UnitRow, ...]]:
    """The units after the moves, by square (in square order, as a position keeps them) and as rows."""
    if not moved:  # then nothing was dislodged either, and the positions share what they derive from the units
        return before, units
    # The rows that stay and those that arrive, sorted as rows (no two share a square, so by square).
    rows = [row for row in units if row[0] not in moved and row[0] not in dislodged]
    rows.extend([(to, *before[sq]) for sq, to in moved.items()])
    rows.sort()
    return {sq: (kind, seat) for sq, kind, seat in rows}, tuple(rows)


def _movement_steps(
    units: tuple[UnitRow, ...], moved: Mapping[int, int], dislodged: Mapping[int, int]
) -> tuple[Step, ...]:
    """The pieces a movement phase moves: the dislodged ones off the board, the others that moved to their square."""
    steps = []
    for sq, kind, seat in units:
        if sq in dislodged:
            steps.append(Step(_piece(kind, seat), sq, None))
        elif sq in moved:
            steps.append(Step(_piece(kind, seat), sq, moved[sq]))
    return tuple(steps)


def _drawn_by_agreement(state: Position, voters: tuple[int, ...]) -> Resolved:
    names = ", ".join(state.powers[s] for s in voters)
    scores = centre_counts(state.nseats, state.owner_map())
    ended = Outcome((), f"Drawn by agreement of {names} in {state.phase}", scores, termination=Termination.AGREEMENT)
    report = PhaseReport(state.phase, (), voters)
    return Resolved(state.year, state.season, state.units, state.owners, report, ended)


def _after_fall(
    state: Position,
    units: tuple[UnitRow, ...],
    unit_map: Mapping[int, tuple[str, int]],
    report: tuple[str, tuple[OrderResult, ...], tuple[int, ...]],
    steps: tuple[Step, ...],
) -> Resolved:
    """A Fall's end: the centres a unit stands on change hands; a solo, the last year, or a Winter if anyone adjusts."""
    board = state.board
    centres = board.centres
    before = state.owner_map()
    get = before.get
    changes = [(sq, get(sq), seat) for sq, _, seat in units if sq in centres and get(sq) != seat]  # by square
    owners: Mapping[int, int]
    if changes:
        owners = dict(before)
        owners.update((sq, seat) for sq, _, seat in changes)
        rows = tuple(sorted(owners.items()))
    else:  # the positions share the owners, as after a Spring
        owners, rows = before, state.owners
    # Counted by the lists' own `count`: a handful of seats over a few dozen entries.
    holders = list(owners.values())
    scores = tuple([holders.count(seat) for seat in range(state.nseats)])
    done = phase_report(*report, tuple(changes))
    if state.last_year or max(scores) >= board.solo:
        ended = _ended(state, scores)
        if ended is not None:
            return _new(Resolved, (state.year + 1, SPRING, units, rows, done, ended, steps, None))
    armies = list(map(_SEAT_OF_ROW, units))
    have = [armies.count(seat) for seat in range(state.nseats)]
    adjusting = frozenset(_adjusting(board, unit_map, owners, have, scores))
    if adjusting:
        derived = _new(Derived, (unit_map, owners, adjusting))
        return _new(Resolved, (state.year, WINTER, units, rows, done, None, steps, derived))
    derived = _new(Derived, (unit_map, owners, frozenset(holders).union(armies)))  # `alive`, from the counts' lists
    return _new(Resolved, (state.year + 1, SPRING, units, rows, done, None, steps, derived))


def _ended(state: Position, scores: tuple[int, ...]) -> Outcome | None:
    """After a Fall: a solo (a power with enough centres) or the draw of the last year; None while the game goes on."""
    board = state.board
    ended = None
    if max(scores) >= board.solo:
        for seat, count in enumerate(scores):
            if count >= board.solo:
                reason = f"{state.powers[seat]} wins with {count} of {len(board.centres)} supply centres"
                ended = Outcome((seat,), reason, scores, termination=Termination.SOLO)
    if ended is None and state.last_year and state.year >= state.last_year:
        reason = f"Drawn: {state.last_year} was the last year to be played"
        ended = Outcome((), reason, scores, termination=Termination.TURN_LIMIT)
    return ended


def _adjusting(
    board: Board, units: Mapping[int, object], owners: Mapping[int, int], have: list[int], centres: tuple[int, ...]
) -> list[int]:
    """The seats `adjustments.adjustments` gives something to do, from the counts a Fall's end has made anyway: more
    units than centres, or more centres and a home centre of its own free to build on."""
    out = []
    for seat, power in enumerate(board.powers):
        diff = centres[seat] - have[seat]
        if diff < 0:
            out.append(seat)
        elif diff > 0:
            for s in power.homes:
                if owners.get(s) == seat and s not in units:
                    out.append(seat)
                    break
    return out


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
    # The Spring's data handed on, as a movement phase hands on its own: a phase starts with its position's data.
    derived = _new(Derived, ({sq: (kind, seat) for sq, kind, seat in after}, owners, alive(after, owners)))
    return Resolved(state.year + 1, SPRING, after, state.owners, report, steps=tuple(steps), derived=derived)


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
