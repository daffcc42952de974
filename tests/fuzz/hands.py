"""Human hands carrying out a move on the board: a random, physically possible order of lifts and places.

The pieces a move displaces (its decision's and its chores' steps, interleaved in any order), the squares it turns
over, at most two pieces in the air at once, and now and then a hover over an empty square on the way, a wrong piece
lifted and put back, or a piece knocked over and set back. A chore that carries on from where the decision put a
piece (a Politrics mover cleared off with the board) waits for it to land there.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from controller.games import Effect, Piece, Step

PIN = Piece("pin")  # a piece set down and lifted again to tap a square that stays empty (a Politics claim)


@dataclass(frozen=True, slots=True)
class Act:
    """One change a hand makes: `piece` set down on `square`, or (None) the piece there lifted."""

    square: int
    piece: Piece | None
    stray: bool = False  # no part of the move: a knock, a wrong piece, a hover


@dataclass
class _Trip:
    step: Step
    after: _Trip | None = None  # a trip that must have landed first (the same piece carried on)
    lifted: bool = False
    landed: bool = False


def _trips(effect: Effect, direct: bool) -> list[_Trip]:
    decision = [_Trip(s) for s in effect.decision]
    chores = []
    for s in effect.chores:
        before = next((t for t in decision if s.src is not None and t.step.dst == s.src), None)
        if before is None or not direct:
            chores.append(_Trip(s, before))
            continue
        # Told the move elsewhere, nobody sets a piece down where the chores take it off again: it goes straight to
        # where they leave it (a figure placed on the page as a Politrics board's last beat goes nowhere at all).
        decision.remove(before)
        if before.step.src is not None or s.dst is not None:
            decision.append(_Trip(Step(s.piece, before.step.src, s.dst)))
    return decision + chores


class _Hands:
    """The state of the hands while they carry out one move."""

    def __init__(
        self, rng: random.Random, occupancy: int, effect: Effect, after: dict[int, Piece], direct: bool
    ) -> None:
        self.rng = rng
        self.effect = effect
        self.after = after
        self.trips = _trips(effect, direct)
        self.touches = sorted(effect.decision_touch | effect.chore_touch)
        self.occ = occupancy
        self.air: list[_Trip] = []
        self.acts: list[Act] = []

    def _liftable(self, t: _Trip) -> bool:
        if t.lifted or (t.after is not None and not t.after.landed):
            return False
        return t.step.src is None or bool(self.occ >> t.step.src & 1)

    def options(self) -> list[tuple[str, _Trip | int]]:
        free_hand = len(self.air) < 2
        out: list[tuple[str, _Trip | int]] = []
        if free_hand:
            out += [("lift", t) for t in self.trips if self._liftable(t)]
            # A piece is turned over once it stands there (a Djambi Chief walled in where it killed).
            out += [("touch", sq) for sq in self.touches if all(t.landed for t in self.trips if t.step.dst == sq)]
        out += [("land", t) for t in self.air if t.step.dst is None or not self.occ >> t.step.dst & 1]
        if not out and (self.air or self.touches or any(not t.landed for t in self.trips)):
            # Three pieces would have to be in the air (a cycle): lift the next one all the same.
            waiting = [t for t in self.trips if not t.lifted and (t.step.src is None or self.occ >> t.step.src & 1)]
            if not waiting:
                raise AssertionError(f"no way to carry out {self.effect}")
            out.append(("lift", waiting[0]))
        return out

    def lift(self, t: _Trip) -> None:
        t.lifted = True
        self.air.append(t)
        if t.step.src is not None:
            self.occ &= ~(1 << t.step.src)
            self.acts.append(Act(t.step.src, None))

    def land(self, t: _Trip, hover: int, noise: float) -> None:
        self.air.remove(t)
        t.landed = True
        if t.step.dst is None:
            return
        # Over a square on the way: set down on its own square and lifted again, held up a second, the piece would
        # be a takeback of a move the board already took (one told on the page is taken as soon as the piece lands).
        free = hover & ~self.occ & ~(1 << t.step.dst)
        if free and self.rng.random() < noise:
            sq = _pick(self.rng, free)
            self.acts += [Act(sq, t.step.piece, stray=True), Act(sq, None, stray=True)]
        self.occ |= 1 << t.step.dst
        self.acts.append(Act(t.step.dst, t.step.piece))

    def touch(self, sq: int) -> None:
        self.touches.remove(sq)
        piece = self.after.get(sq, PIN)
        if self.occ >> sq & 1:
            self.acts += [Act(sq, None), Act(sq, piece)]
        else:
            self.acts += [Act(sq, piece), Act(sq, None)]

    def stray(self, ok: Callable[[int], bool]) -> None:
        candidates = [sq for sq in _squares(self.occ) if ok(sq)]
        if candidates:
            sq = self.rng.choice(candidates)
            self.acts += [Act(sq, None, stray=True), Act(sq, _STRAY, stray=True)]


def carry(
    rng: random.Random,
    occupancy: int,
    effect: Effect,
    after: dict[int, Piece],
    *,
    stray: Callable[[int], bool] | None = None,
    hover: int = 0,
    noise: float = 0.15,
    direct: bool = False,
) -> list[Act]:
    """The acts that carry out `effect` from `occupancy`; `after` gives the pieces as they stand afterwards (a piece
    turned over). `stray(square)` says whether a wrong piece may be lifted there; `hover` are empty squares a piece
    in the air may pass over. `direct`: the board was told the move (the page, the phones), so a piece the chores
    carry on from where the decision puts it is carried straight to where the chores leave it: set down on the way,
    it could only read as the next turn's start once the board shows the chores done."""
    hands = _Hands(rng, occupancy, effect, after, direct)
    for _ in range(10_000):
        options = hands.options()
        if not options:
            return hands.acts
        kind, what = options[rng.randrange(len(options))]
        if isinstance(what, int):
            hands.touch(what)
        elif kind == "lift":
            hands.lift(what)
        else:
            hands.land(what, hover, noise)
        if stray is not None and len(hands.air) < 2 and rng.random() < noise:
            hands.stray(stray)
    raise AssertionError(f"carrying out {effect} does not end")


_STRAY = Piece("?")  # stands for "the piece that was there": the table puts the same piece back


def _squares(occ: int) -> list[int]:
    out = []
    while occ:
        low = occ & -occ
        out.append(low.bit_length() - 1)
        occ ^= low
    return out


def _pick(rng: random.Random, squares: int) -> int:
    return rng.choice(_squares(squares))


def is_put_back(act: Act) -> bool:
    return act.piece is _STRAY
