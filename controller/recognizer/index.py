"""The turn index: built once at the start of a turn so each sensor event costs a dictionary lookup.

For every move the seat at the board may make (and every near miss the game reports) it precomputes the
occupancy after the decision and after the chores, the squares the sensors must see touched, and the squares the
move may lift or fill at all, and indexes them by occupancy and by square.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from controller.games import Effect, Move, NearMiss, State
from controller.games.squares import mask, squares_of


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

    def on_the_way(self, start: int, occupancy: int) -> bool:
        """Could the board still become this move: every square changed so far is one the move changes?"""
        return not ((start & ~occupancy) & ~self.lifts) and not ((occupancy & ~start) & ~self.fills)

    def explains(self, start: int, occupancy: int, touched: int) -> bool:
        """Every touched square is one this move involves, or a square a sliding piece passed over."""
        transit = touched & ~start & ~occupancy
        return not (touched & ~(self.lifts | self.fills | self.must_touch | self.chore_touch | transit))


def make_candidate(start: int, move: Move, effect: Effect, near_miss: NearMiss | None = None) -> Candidate:
    # One pass over the steps: this runs for every move at every turn start (thousands in Djambi), and the Effect
    # methods each walk the steps again.
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


def _by_square(sets: dict[int, list[Candidate]]) -> dict[int, list[Candidate]]:
    out: defaultdict[int, list[Candidate]] = defaultdict(list)
    for squares, group in sets.items():
        for sq in squares_of(squares):
            out[sq].extend(group)
    return dict(out)


@dataclass(slots=True)
class TurnIndex:
    """Candidates of one turn by decision occupancy, by final occupancy and by the squares they lift or fill."""

    start: int
    candidates: list[Candidate]
    by_decision: dict[int, list[Candidate]] = field(default_factory=dict)
    by_final: dict[int, list[Candidate]] = field(default_factory=dict)
    by_lift: dict[int, list[Candidate]] = field(default_factory=dict)
    by_fill: dict[int, list[Candidate]] = field(default_factory=dict)
    earlier: dict[int, int] = field(default_factory=dict)  # occupancy of an earlier position -> plies back
    undo: dict[int, int] = field(default_factory=dict)  # earlier occupancy -> squares taking the moves back touches
    movable: int = 0  # squares of pieces some legal decision lifts (shown while the board waits)
    # decision-lift set -> how many distinct (decision occupancy, must-touch) results legal moves lifting exactly
    # those squares have: more than one means the move could still go on (a slide, a piece still to turn over).
    reach: dict[int, int] = field(default_factory=dict)
    _same_piece: dict[int, list[Candidate]] = field(default_factory=dict)
    _with_chores: list[Candidate] = field(default_factory=list)

    def __post_init__(self) -> None:
        by_decision: defaultdict[int, list[Candidate]] = defaultdict(list)
        by_final: defaultdict[int, list[Candidate]] = defaultdict(list)
        # Candidates by their whole lift (fill) set first, spread over the squares once per set: many moves share
        # one (a Djambi kill's corpse squares), and extending a list is far cheaper than appending one by one.
        lift_sets: defaultdict[int, list[Candidate]] = defaultdict(list)
        fill_sets: defaultdict[int, list[Candidate]] = defaultdict(list)
        movable = 0
        same_piece: defaultdict[int, list[Candidate]] = defaultdict(list)
        with_chores: list[Candidate] = []
        for c in self.candidates:
            by_decision[c.decision_occ].append(c)
            if c.final_occ != c.decision_occ:
                by_final[c.final_occ].append(c)
                if c.near_miss is None:
                    with_chores.append(c)
            lift_sets[c.lifts].append(c)
            fill_sets[c.fills].append(c)
            if c.near_miss is None:
                # What the player can act on: pieces to lift, and squares to tap (a Politics state to claim).
                movable |= c.decision_lifts or (c.must_touch if not c.effect.decision else 0)
                same_piece[c.decision_lifts].append(c)
        self.by_decision = dict(by_decision)
        self.by_final = dict(by_final)
        self.by_lift = _by_square(lift_sets)
        self.by_fill = _by_square(fill_sets)
        self.movable = movable
        self._same_piece = dict(same_piece)
        self._with_chores = with_chores

    def partly_done(self, occupancy: int, touched: int) -> list[Candidate]:
        """Legal moves whose decision the board shows with part of their chores done (hands in another order)."""
        return [c for c in self._with_chores if c.partly_done(occupancy, touched)]

    def extendable(self, c: Candidate) -> bool:
        """Could the board still turn into another move of the same piece (a slide not yet finished)?"""
        # Counted on first need: only a handful of moves are ever matched in a turn, out of thousands indexed.
        key = c.decision_lifts
        count = self.reach.get(key)
        if count is None:
            count = len({(o.decision_occ, o.must_touch) for o in self._same_piece.get(key, ())})
            self.reach[key] = count
        return count > 1

    def on_the_way(self, occupancy: int) -> list[Candidate]:
        """Candidates the board could still become, narrowed through the square index."""
        lifted = self.start & ~occupancy
        added = occupancy & ~self.start
        # A board that has lost (or gained) a square's piece can only be on the way to moves that lift (fill) it.
        if lifted:
            pool: Iterable[Candidate] = self.by_lift.get((lifted & -lifted).bit_length() - 1, ())
        elif added:
            pool = self.by_fill.get((added & -added).bit_length() - 1, ())
        else:
            pool = self.candidates
        return [c for c in pool if c.on_the_way(self.start, occupancy)]


def build_index(
    state: State,
    moves: Sequence[Move],
    earlier: Sequence[State] = (),
    with_near_misses: bool = True,
    undo: Sequence[int] = (),
) -> TurnIndex:
    """The index for `state` with the seat at the board choosing among `moves`.

    Moves without a physical decision (a declaration, a speech card) are left out: they come from the page.
    `earlier` are previous positions, newest first, recognized as a takeback when the board returns to one; `undo`
    the squares the moves since each of them involve (taking them back touches only those).
    """
    start = state.occupancy()
    candidates: list[Candidate] = []
    for m in moves:
        effect = state.effect(m)
        if effect.decision or effect.decision_touch:
            candidates.append(make_candidate(start, m, effect))
    if with_near_misses:
        for nm in state.near_misses():
            if nm.effect.decision or nm.effect.decision_touch:
                candidates.append(make_candidate(start, nm.move, nm.effect, nm))
    past: dict[int, int] = {}
    touches: dict[int, int] = {}
    for plies, s in enumerate(earlier, start=1):
        occ = s.occupancy()
        if occ != start and occ not in past:
            past[occ] = plies
            touches[occ] = (undo[plies - 1] if plies <= len(undo) else ~0) | (occ ^ start)
    return TurnIndex(start=start, candidates=candidates, earlier=past, undo=touches)
