"""The turn index as it was built before it became lazy: every candidate made at the turn's start and indexed by
decision occupancy, final occupancy and square. Kept as the reference the lazy index must answer exactly like
(tests/recognizer/test_lazy_index.py); the candidates themselves are the product's (`make_candidate`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from controller.games import State
from controller.games.squares import squares_of
from controller.recognizer.index import Candidate, earlier_boards, make_candidate


def _by_square(sets: dict[int, list[Candidate]]) -> dict[int, list[Candidate]]:
    out: defaultdict[int, list[Candidate]] = defaultdict(list)
    for squares, group in sets.items():
        for sq in squares_of(squares):
            out[sq].extend(group)
    return dict(out)


class EagerIndex:
    def __init__(self, start: int, candidates: list[Candidate], earlier: dict[int, int], undo: dict[int, int]) -> None:
        self.start = start
        self.candidates = candidates
        self.earlier = earlier
        self.undo = undo
        by_decision: defaultdict[int, list[Candidate]] = defaultdict(list)
        by_final: defaultdict[int, list[Candidate]] = defaultdict(list)
        lift_sets: defaultdict[int, list[Candidate]] = defaultdict(list)
        fill_sets: defaultdict[int, list[Candidate]] = defaultdict(list)
        self.movable = 0
        self.same_piece: defaultdict[int, list[Candidate]] = defaultdict(list)
        self.with_chores: list[Candidate] = []
        for c in candidates:
            by_decision[c.decision_occ].append(c)
            if c.final_occ != c.decision_occ:
                by_final[c.final_occ].append(c)
                if c.near_miss is None:
                    self.with_chores.append(c)
            lift_sets[c.lifts].append(c)
            fill_sets[c.fills].append(c)
            if c.near_miss is None:
                self.movable |= c.decision_lifts or (c.must_touch if not c.effect.decision else 0)
                self.same_piece[c.decision_lifts].append(c)
        self.by_decision = dict(by_decision)
        self.by_final = dict(by_final)
        self.by_lift = _by_square(lift_sets)
        self.by_fill = _by_square(fill_sets)

    def prepare(self) -> bool:
        return False

    def lights(self, occupancy: int, touched: int) -> tuple[int, int]:
        return _lights(self, occupancy, touched)

    def partly_done(self, occupancy: int, touched: int) -> list[Candidate]:
        return [c for c in self.with_chores if c.partly_done(occupancy, touched)]

    def consistent(self, o: int, touched: int) -> list[Candidate]:
        out = [c for c in self.by_decision.get(o, ()) if not (c.must_touch & ~touched)]
        out += [c for c in self.by_final.get(o, ()) if not (c.final_touch & ~touched)]
        seen = {id(c) for c in out}
        out += [c for c in self.partly_done(o, touched) if id(c) not in seen]
        return out

    def extendable(self, c: Candidate) -> bool:
        return len({(o.decision_occ, o.must_touch) for o in self.same_piece.get(c.decision_lifts, ())}) > 1

    def on_the_way(self, occupancy: int) -> list[Candidate]:
        lifted = self.start & ~occupancy
        added = occupancy & ~self.start
        if lifted:
            pool: Iterable[Candidate] = self.by_lift.get((lifted & -lifted).bit_length() - 1, ())
        elif added:
            pool = self.by_fill.get((added & -added).bit_length() - 1, ())
        else:
            pool = self.candidates
        return [c for c in pool if c.on_the_way(self.start, occupancy)]


def build_eager(state: State, earlier: Sequence[State] = (), undo: Sequence[int] = ()) -> EagerIndex:
    start = state.occupancy()
    candidates: list[Candidate] = []
    for m in state.legal_moves():
        effect = state.effect(m)
        if effect.decision or effect.decision_touch:
            candidates.append(make_candidate(start, m, effect))
    for nm in state.near_misses():
        if nm.effect.decision or nm.effect.decision_touch:
            candidates.append(make_candidate(start, nm.move, nm.effect, nm))
    return EagerIndex(start, candidates, *earlier_boards(start, earlier, undo))


def _lights(index: EagerIndex, occupancy: int, touched: int) -> tuple[int, int]:
    """The lights for the pieces in the air, as guidance.lifted_piece worked them out from the eager index."""
    expected = index.start
    lifted = expected & ~occupancy
    ways = [c for c in index.on_the_way(occupancy) if c.is_legal and c.explains(expected, occupancy, touched)]
    own = [c for c in ways if c.actor & lifted]
    destinations = captures = 0
    just_lifted = touched == lifted
    for c in own:
        destinations |= (c.actor_dst if just_lifted else c.decision_occ) & ~occupancy
        captures |= c.takes & occupancy & ~touched
    for c in () if own else ways:
        destinations |= c.decision_occ & ~occupancy
        captures |= c.takes & occupancy & ~touched
    return destinations, captures
