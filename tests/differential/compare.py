"""Play the same orders through Agora's Chesspolitik and the reference adjudicator and compare what they decide.

Compared for a movement phase: the units that moved, bounced, were dislodged, and the supports that were cut; the
units after the phase (dislodged units are removed: the reference disbands them in its retreat phase when no
retreat is ordered); the centres' owners after a Fall; the next phase, or the winner. For a Winter: the units and
the next phase. Validation is compared order by order: an order Agora refuses must be one the reference drops.
"""

from __future__ import annotations

import gc
import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from controller.games.chesspolitik.adjudicator import adjudicate
from controller.games.chesspolitik.orders import DrawVote, Hold, MoveTo, SupportHold, SupportMove
from controller.games.chesspolitik.phases import WINTER
from controller.games.chesspolitik.state import ChesspolitikState
from controller.games.errors import IllegalMoveError
from controller.games.moves import Move
from controller.games.squares import name
from tests.differential.generate import random_adjustments, random_movement_orders, random_position
from tests.differential.reference import Reference, RefOutcome, our_centres, our_units, phase_code, ref_order
from tests.differential.reference_model import reference_head_to_head

UNIT_ORDERS = (Hold, MoveTo, SupportHold, SupportMove)
Phase = tuple[ChesspolitikState, dict[int, list[Move]]]


@dataclass
class Tally:
    """Agreement and time over many phases."""

    phases: int = 0
    orders: int = 0
    disagreements: list[str] = field(default_factory=list)
    ours: float = 0.0  # a whole phase through the game API: submissions checked, phase resolved, new state
    reference: float = 0.0  # the same for the reference: set_orders for every power, process()
    ours_core: float = 0.0  # movement resolution alone: `adjudicate`
    reference_core: float = 0.0  # the reference's `_resolve_moves`
    movement_phases: int = 0
    checked_orders: int = 0
    possible_order_sets: int = 0  # positions whose whole list of legal orders was compared
    validation_disagreements: list[str] = field(default_factory=list)
    # Disagreements the reference's known departure from the DATC explains (tests/differential/reference_model.py)
    known_deviations: list[str] = field(default_factory=list)
    events: Counter[str] = field(default_factory=Counter)  # what the agreeing phases contained, so a run that
    # stops exercising something (no dislodgement, no civil disorder, no solo) shows in the counts

    @property
    def speed_ratio(self) -> float:
        return self.reference / self.ours if self.ours else float("inf")

    @property
    def core_ratio(self) -> float:
        return self.reference_core / self.ours_core if self.ours_core else float("inf")

    def summary(self) -> str:
        events = ", ".join(f"{k} {v}" for k, v in sorted(self.events.items()))
        return (
            f"{self.phases} phases, {self.orders} orders: {len(self.disagreements)} disagreements; "
            f"{len(self.known_deviations)} explained by the reference's head-to-head rule; "
            f"{self.checked_orders} single orders and {self.possible_order_sets} whole order lists validated: "
            f"{len(self.validation_disagreements)} disagreements; "
            f"Agora {self.ours * 1e6 / max(self.phases, 1):.0f} us/phase, reference "
            f"{self.reference * 1e6 / max(self.phases, 1):.0f} us/phase: {self.speed_ratio:.1f}x faster; "
            f"movement resolution alone {self.ours_core * 1e6 / max(self.movement_phases, 1):.0f} us vs "
            f"{self.reference_core * 1e6 / max(self.movement_phases, 1):.0f} us: {self.core_ratio:.1f}x faster. "
            f"Seen: {events}"
        )


def _ours_summary(after: ChesspolitikState) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {"moved": set(), "bounced": set(), "dislodged": set(), "cut": set()}
    assert after.report is not None
    for r in after.report.results:
        assert isinstance(r.order, UNIT_ORDERS)
        where = name(r.order.square)
        if r.result in ("moved", "bounced", "cut"):
            out[r.result].add(where)
        if r.dislodged_by is not None:
            out["dislodged"].add(where)
    return out


def _ref_summary(
    before: ChesspolitikState, orders: Mapping[int, Sequence[Move]], ref: RefOutcome
) -> dict[str, set[str]]:
    moving = {name(o.square) for os in orders.values() for o in os if isinstance(o, MoveTo)}
    out: dict[str, set[str]] = {"moved": set(), "bounced": set(), "dislodged": set(), "cut": set()}
    for sq, _, _ in before.units:
        where = name(sq)
        res = ref.results.get(where, [])
        if where in moving:
            out["bounced" if "bounce" in res else "moved"].add(where)
        if "dislodged" in res:
            out["dislodged"].add(where)
        if "cut" in res:
            out["cut"].add(where)
    return out


def _expected_phase(state: ChesspolitikState) -> str:
    return "COMPLETED" if state.ended is not None else phase_code(state)


def _describe(before: ChesspolitikState, orders: Mapping[int, Sequence[Move]]) -> str:
    units = ", ".join(f"{k}{name(sq)}:{s}" for sq, k, s in before.units)
    given = "; ".join(f"{seat}: " + ", ".join(str(o) for o in os) for seat, os in sorted(orders.items()))
    return f"{before.phase} units [{units}] orders [{given}]"


def play_phase(
    state: ChesspolitikState, orders: Mapping[int, Sequence[Move]], ref: Reference, tally: Tally
) -> ChesspolitikState | None:
    """Resolve one phase on both sides; the next state, or None after a disagreement (recorded in the tally)."""
    start = time.perf_counter()
    after = state
    for seat in sorted(state.participants()):
        after = after.submit(seat, orders.get(seat, ()))
    tally.ours += time.perf_counter() - start
    outcome = ref.run(orders)
    tally.reference += outcome.seconds
    tally.phases += 1
    tally.orders += sum(len(os) for os in orders.values())
    problems = []
    if state.season != WINTER:
        tally.movement_phases += 1
        tally.reference_core += outcome.core_seconds
        tally.ours_core += _time_core(state, orders)
        ours, theirs = _ours_summary(after), _ref_summary(state, orders, outcome)
        problems += [
            f"{k}: Agora {sorted(ours[k])} reference {sorted(theirs[k])}" for k in ours if ours[k] != theirs[k]
        ]
    if our_units(after) != outcome.units:
        problems.append(f"units after: Agora {sorted(our_units(after))} reference {sorted(outcome.units)}")
    if our_centres(after) != outcome.centres:
        problems.append(f"centres after: Agora {our_centres(after)} reference {outcome.centres}")
    if _expected_phase(after) != outcome.phase:
        problems.append(f"next phase: Agora {_expected_phase(after)} reference {outcome.phase}")
    elif after.ended is not None and after.ended.winners != outcome.winners:
        problems.append(f"winners: Agora {after.ended.winners} reference {outcome.winners}")
    if problems:
        text = _describe(state, orders) + " -> " + " | ".join(problems)
        if state.season != WINTER and _explained(state, orders, outcome):
            tally.known_deviations.append(text)
        else:
            tally.disagreements.append(text)
        return None
    _count(tally.events, state, after)
    return after


def _explained(state: ChesspolitikState, orders: Mapping[int, Sequence[Move]], ref: RefOutcome) -> bool:
    """Does the reference's head-to-head rule (reference_model.py) give exactly what the reference decided?"""
    owner = {sq: seat for sq, _, seat in state.units}
    given = {o.square: o for os in orders.values() for o in os if isinstance(o, UNIT_ORDERS)}
    model = reference_head_to_head(owner, given)
    theirs = _ref_summary(state, orders, ref)
    return {name(s) for s in model.moved} == theirs["moved"] and {name(s) for s in model.dislodged} == theirs[
        "dislodged"
    ]


def _time_core(state: ChesspolitikState, orders: Mapping[int, Sequence[Move]]) -> float:
    owner = {sq: seat for sq, _, seat in state.units}
    given = {o.square: o for os in orders.values() for o in os if isinstance(o, UNIT_ORDERS)}
    start = time.perf_counter()
    adjudicate(owner, given)
    return time.perf_counter() - start


def _count(events: Counter[str], before: ChesspolitikState, after: ChesspolitikState) -> None:
    report = after.report
    assert report is not None
    for r in report.results:
        events[r.result] += 1
        if r.dislodged_by is not None:
            events["dislodged"] += 1
        if r.civil_disorder and r.result == "disbanded":
            events["civil disorder disband"] += 1
    moves = {r.order.square: r.order.dst for r in report.results if isinstance(r.order, MoveTo) and r.result == "moved"}
    for start, first in moves.items():
        square, steps = first, 1
        while square in moves and square != start and steps <= len(moves):
            square, steps = moves[square], steps + 1
        if square == start:
            events["circular movement"] += 1
            break
    events["centre changes"] += len(report.centres)
    if after.ended is not None:
        events["solo"] += 1


def check_validation(rnd: random.Random, state: ChesspolitikState, ref: Reference, tally: Tally, count: int) -> None:
    """Random single orders, legal or not (wrong kind, out of reach, nobody to support, someone else's unit):
    Agora accepts exactly those the reference accepts."""
    board = state.board
    units = state.unit_map()
    squares = list(board.squares)
    for _ in range(count):
        sq = rnd.choice(list(units)) if rnd.random() < 0.9 else rnd.choice(squares)
        seat = units[sq][1] if sq in units and rnd.random() < 0.85 else rnd.randrange(state.nseats)
        kind = units[sq][0] if sq in units and rnd.random() < 0.85 else rnd.choice("KN")
        other = rnd.choice(list(units)) if rnd.random() < 0.8 else rnd.choice(squares)
        okind = units[other][0] if other in units and rnd.random() < 0.85 else rnd.choice("KN")
        near = sorted(board.king[sq] | board.knight[sq])
        dst = rnd.choice(near) if rnd.random() < 0.8 else rnd.choice(squares)
        pick = rnd.randrange(4)
        order: Move = (
            Hold(kind, sq),
            MoveTo(kind, sq, dst),
            SupportHold(kind, sq, okind, other),
            SupportMove(kind, sq, okind, other, dst),
        )[pick]
        try:
            if seat not in state.participants():
                continue
            state.submit(seat, [order])
            ours = True
        except IllegalMoveError:
            ours = False
        tally.checked_orders += 1
        if ours != ref.accepts(seat, order):
            tally.validation_disagreements.append(
                f"{order} by seat {seat} in {_describe(state, {})}: Agora {'accepts' if ours else 'refuses'} it"
            )


def check_possible_orders(state: ChesspolitikState, ref: Reference, tally: Tally) -> None:
    """Agora's legal orders (every seat's, draw votes aside) are exactly the reference's possible orders."""
    ours = {
        ref_order(o) or ""
        for seat in range(state.nseats)
        for o in state.legal_moves(seat)
        if not isinstance(o, DrawVote)
    }
    theirs = {o for orders in ref.game.get_all_possible_orders().values() for o in orders}
    tally.possible_order_sets += 1
    if ours != theirs:
        tally.validation_disagreements.append(
            f"possible orders in {_describe(state, {})}: only Agora {sorted(ours - theirs)[:5]}, "
            f"only the reference {sorted(theirs - ours)[:5]}"
        )


def run_positions(rnd: random.Random, seats: int, count: int, tally: Tally, validate: int = 0) -> None:
    """Single phases from random positions."""
    for _ in range(count):
        state = random_position(rnd, seats)
        ref = Reference(state)
        if validate:
            check_validation(rnd, state, ref, tally, validate)
            check_possible_orders(state, ref, tally)
        play_phase(state, random_movement_orders(rnd, state), ref, tally)


def run_games(rnd: random.Random, seats: int, count: int, years: int, tally: Tally, start: ChesspolitikState) -> None:
    """Whole games from the starting position: random orders, Winter included, for up to `years` years."""
    for _ in range(count):
        state: ChesspolitikState | None = start
        ref = Reference(start)
        last = start.year + years
        while state is not None and state.ended is None and state.year < last:
            if state.season == WINTER:
                check_possible_orders(state, ref, tally)
            orders = random_adjustments(rnd, state) if state.season == WINTER else random_movement_orders(rnd, state)
            state = play_phase(state, orders, ref, tally)


@dataclass
class Speed:
    """Batch timings of the same phases on both sides (setup excluded), in seconds per phase."""

    phases: int
    ours: float
    reference: float
    ours_core: float
    reference_core: float

    def summary(self) -> str:
        return (
            f"{self.phases} phases in a batch: a whole phase Agora {self.ours * 1e6:.0f} us, reference "
            f"{self.reference * 1e6:.0f} us ({self.reference / self.ours:.1f}x); movement resolution alone Agora "
            f"{self.ours_core * 1e6:.1f} us, reference {self.reference_core * 1e6:.1f} us "
            f"({self.reference_core / self.ours_core:.1f}x)"
        )


def sample_phases(rnd: random.Random, count: int, start: Mapping[int, ChesspolitikState]) -> list[Phase]:
    """Movement phases for timing: half from random positions, half from random games of both sizes."""
    phases: list[Phase] = []
    while len(phases) < count // 2:
        state = random_position(rnd, rnd.choice((2, 4)))
        phases.append((state, random_movement_orders(rnd, state)))
    while len(phases) < count:
        state = start[rnd.choice((2, 4))]
        for _ in range(rnd.randrange(30)):
            if state.ended is not None:
                break
            orders = random_adjustments(rnd, state) if state.season == WINTER else random_movement_orders(rnd, state)
            for seat in sorted(state.participants()):
                state = state.submit(seat, orders.get(seat, ()))
        if state.ended is None and state.season != WINTER:
            phases.append((state, random_movement_orders(rnd, state)))
    return phases


def measure_speed(phases: Sequence[Phase]) -> Speed:
    """Each side runs the phases in a loop of its own; the garbage collector is held off while timing, since a
    collection would fall on whichever side happens to be running."""
    from dataclasses import replace

    fresh = [replace(state) for state, _ in phases]  # no derived data computed yet, as for a new position
    inputs = [
        (
            {sq: seat for sq, _, seat in s.units},
            {o.square: o for os in orders.values() for o in os if isinstance(o, UNIT_ORDERS)},
        )
        for s, orders in phases
    ]
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        for state, (_, orders) in zip(fresh, phases, strict=True):
            for seat in sorted(state.participants()):
                state = state.submit(seat, orders.get(seat, ()))
        ours = time.perf_counter() - start
        start = time.perf_counter()
        for owner, given in inputs:
            adjudicate(owner, given)
        ours_core = time.perf_counter() - start
        reference = reference_core = 0.0
        for state, orders in phases:
            outcome = Reference(state).run(orders)  # only set_orders and process are timed
            reference += outcome.seconds
            reference_core += outcome.core_seconds
    finally:
        gc.enable()
    n = len(phases)
    return Speed(n, ours / n, reference / n, ours_core / n, reference_core / n)
