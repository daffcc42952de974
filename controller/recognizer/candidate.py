"""A move the board may see, with what the recognizer needs of its physical effect worked out once."""

from __future__ import annotations

from controller.games import Effect, Move, NearMiss
from controller.games.squares import mask
from controller.values import dataclass


@dataclass(slots=True, eq=False)
class Candidate:
    """One move the board may see, with everything the state machine needs precomputed."""

    move: Move
    effect: Effect
    decision_occ: int
    final_occ: int
    must_touch: int  # decision: lifted-and-refilled or tapped squares
    chore_touch: int
    lifts: int  # squares the whole move may lift (decision and chores)
    fills: int  # squares the whole move may fill
    decision_lifts: int
    # Squares the whole move must be seen touching when the board already shows its end (chores done too): each
    # part's own, and squares one part empties and the other fills again (a Polis hop into the square the mover
    # left), which end as they began.
    final_touch: int = 0
    # Squares whose piece the move takes: off the board, or lifted for another piece to land there.
    takes: int = 0
    near_miss: NearMiss | None = None
    actor: int = 0  # the square of the piece that acts (the decision's first step); 0 when none is lifted
    actor_dst: int = 0  # where that piece lands; 0 when it leaves the board

    @property
    def is_legal(self) -> bool:
        return self.near_miss is None

    @property
    def involved(self) -> int:
        """Every square the move lifts, fills or touches."""
        return self.lifts | self.fills | self.must_touch | self.chore_touch

    def partly_done(self, occupancy: int, touched: int) -> bool:
        """The board shows the decision with some of the chores carried out too (each chore square as before the
        chores or as after them), and every square the decision and the chores done so far must touch was."""
        moving = self.decision_occ ^ self.final_occ
        if not moving or (occupancy ^ self.decision_occ) & ~moving:
            return False
        done = moving & ~(occupancy ^ self.final_occ)
        return not (self.must_touch | (self.final_touch & done)) & ~touched

    def whole(self, occupancy: int, touched: int) -> bool:
        """The board shows the whole move, its chores done, with every square it must touch touched: only then may
        the next player start (a change that cannot extend a move with chores still open is no quick reply)."""
        return occupancy == self.final_occ and not self.final_touch & ~touched

    def on_the_way(self, start: int, occupancy: int) -> bool:
        """Could the board still become this move: every square changed so far is one the move changes?"""
        return not ((start & ~occupancy) & ~self.lifts) and not ((occupancy & ~start) & ~self.fills)

    def explains(self, start: int, occupancy: int, touched: int) -> bool:
        """Every touched square is one this move involves, or a square a sliding piece passed over."""
        transit = touched & ~start & ~occupancy
        return not (touched & ~(self.lifts | self.fills | self.must_touch | self.chore_touch | transit))


def make_candidate(start: int, move: Move, effect: Effect, near_miss: NearMiss | None = None) -> Candidate:
    # One pass over the steps: this runs for every move a turn's board touches (thousands in Djambi), and the
    # Effect methods each walk the steps again.
    dsrc = ddst = removed = 0
    for s in effect.decision:
        if s.src is not None:
            dsrc |= 1 << s.src
            if s.dst is None:
                removed |= 1 << s.src
        if s.dst is not None:
            ddst |= 1 << s.dst
    touch = mask(effect.decision_touch) if effect.decision_touch else 0
    decision_occ = (start & ~dsrc) | ddst
    must_touch = ((dsrc | ddst) & ~(decision_occ ^ start)) | touch
    first = effect.decision[0] if effect.decision else None
    csrc = cdst = 0
    for s in effect.chores:
        if s.src is not None:
            csrc |= 1 << s.src
            if s.dst is None:
                removed |= 1 << s.src
        if s.dst is not None:
            cdst |= 1 << s.dst
    final_occ = (decision_occ & ~csrc) | cdst
    chore_touch = (csrc | cdst) & ~(final_occ ^ decision_occ)
    if effect.chore_touch:
        chore_touch |= mask(effect.chore_touch)
    involved = dsrc | ddst | csrc | cdst
    # Positional: keyword arguments cost a measurable share of a turn start with thousands of moves.
    return Candidate(
        move,
        effect,
        decision_occ,
        final_occ,
        must_touch,
        chore_touch,
        dsrc | csrc | touch,
        ddst | cdst | touch,
        dsrc,
        must_touch | chore_touch | (involved & ~(final_occ ^ start)),
        removed | (must_touch & start),
        near_miss,
        0 if first is None or first.src is None else 1 << first.src,
        0 if first is None or first.dst is None else 1 << first.dst,
    )
