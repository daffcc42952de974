"""What the sensors can tell: the fuzzer's own reading of a board, from the game API alone (no recognizer code).

For the seat to move, every legal move with a physical decision is reduced to its occupancies (after the decision,
after the chores) and the squares it must see touched. A move fits a board when the board equals the position after
its decision with any part of its chores done (each chore square either as before the chores or as after them) and
every square it must touch so far was touched. Among the moves that fit, the sensors tell apart those whose squares
explain more of the touches: a touch no fitting move explains is a stray (a knock, a wrong piece put back) and counts
for none; a square passed over on the way (empty before and after) counts for all. The moves left, those whose
explained touches no other fitting move's include, are what the board may commit (one) or must ask about (several).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from controller.games import Effect, Move, State
from controller.games.squares import mask


@dataclass(frozen=True, slots=True)
class Shape:
    """One legal move as the sensors may see it."""

    move: Move
    decision: int  # occupancy after the decision
    final: int  # occupancy after the chores
    must: int  # squares the decision touches without changing them
    final_must: int  # squares the whole move touches without changing them (decision and chores)
    involved: int  # every square the move lifts, fills or touches
    actor: int  # the square of the piece that acts (the decision's first step), 0 if none


def _ends(steps: Iterable[object]) -> tuple[int, int]:
    src = dst = 0
    for s in steps:
        a, b = getattr(s, "src", None), getattr(s, "dst", None)
        if a is not None:
            src |= 1 << a
        if b is not None:
            dst |= 1 << b
    return src, dst


def shape(start: int, move: Move, effect: Effect) -> Shape:
    dsrc, ddst = _ends(effect.decision)
    csrc, cdst = _ends(effect.chores)
    decision = (start & ~dsrc) | ddst
    final = (decision & ~csrc) | cdst
    dtouch, ctouch = mask(effect.decision_touch), mask(effect.chore_touch)
    must = ((dsrc | ddst) & ~(decision ^ start)) | dtouch
    chore_must = ((csrc | cdst) & ~(final ^ decision)) | ctouch
    involved = dsrc | ddst | csrc | cdst | dtouch | ctouch
    final_must = must | chore_must | (involved & ~(final ^ start))
    first = effect.decision[0].src if effect.decision else None
    return Shape(move, decision, final, must, final_must, involved, 0 if first is None else 1 << first)


def shapes(state: State) -> list[Shape]:
    """The legal moves of the seat to move that the board can see."""
    start = state.occupancy()
    out = []
    for m in state.legal_moves():
        e = state.effect(m)
        if e.decision or e.decision_touch:
            out.append(shape(start, m, e))
    return out


def fits(s: Shape, occupancy: int, touched: int) -> bool:
    if occupancy == s.decision and not s.must & ~touched:
        return True
    if occupancy == s.final and not s.final_must & ~touched:
        return True
    moving = s.decision ^ s.final  # squares the chores change
    if not moving or (occupancy ^ s.decision) & ~moving:
        return False
    done = moving & ~(occupancy ^ s.final)  # chore squares already as after the chores
    return not (s.must | (s.final_must & done)) & ~touched


@dataclass(frozen=True, slots=True)
class Reading:
    fitting: tuple[Shape, ...]
    best: tuple[Shape, ...]  # what the board may commit (one) or must ask about (several)


def read(all_shapes: Iterable[Shape], start: int, occupancy: int, touched: int) -> Reading:
    """The moves that fit `occupancy` with the squares `touched` this turn, and the best of them."""
    fitting = tuple(s for s in all_shapes if fits(s, occupancy, touched))
    transit = touched & ~start & ~occupancy
    counted = touched & ~transit
    explained = [counted & s.involved for s in fitting]
    best = tuple(
        s for s, e in zip(fitting, explained, strict=True) if not any(o != e and o & e == e for o in explained)
    )
    return Reading(fitting, best)
