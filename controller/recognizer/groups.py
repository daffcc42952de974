"""One square's candidates, grouped the ways the recognizer asks for them, and the lights for the pieces in the air.

Many candidates share their whole lift: a Djambi kill with each of sixty squares for the corpse, an act in the Maze
with each way out. While the hands have only lifted pieces, such a group is on its way or not as one, and explains
the touches or not as one: the lights then come from what the group's moves add up to, worked out once per group,
not from each of its thousands of moves.
"""

from __future__ import annotations

from collections.abc import Iterable

from controller.recognizer.candidate import Candidate


class Summary:
    """What a group's legal moves add up to: by the square of the piece that acts, where it lands, what the boards
    after its decisions fill and what it takes; and the same over all of them. Also every square any of them may
    fill, and every square any of them involves: a board that has filled another, or touches that none involves,
    is none of them, and the group is passed over without weighing its moves one by one."""

    __slots__ = ("by_actor", "decisions", "fills", "involved", "takes")

    def __init__(self, group: Iterable[Candidate]) -> None:
        self.by_actor: dict[int, tuple[int, int, int]] = {}
        self.decisions = self.takes = self.fills = self.involved = 0
        for c in group:
            if c.near_miss is not None:
                continue
            dst, dec, takes = self.by_actor.get(c.actor, (0, 0, 0))
            self.by_actor[c.actor] = (dst | c.actor_dst, dec | c.decision_occ, takes | c.takes)
            self.decisions |= c.decision_occ
            self.takes |= c.takes
            self.fills |= c.fills
            self.involved |= c.lifts | c.fills | c.must_touch | c.chore_touch


class Square:
    """One square's candidates (those that may lift, fill or tap it), in the turn's order, and by what they end in."""

    __slots__ = ("_summaries", "by_decision", "by_final", "by_lifts", "chored", "exact", "pool")

    def __init__(self, pool: list[Candidate], exact: bool, summarized: bool = True) -> None:
        self.pool = pool
        self.exact = exact  # also the candidates that only tap the square as a chore
        self.by_decision: dict[int, list[Candidate]] = {}
        self.by_final: dict[int, list[Candidate]] = {}
        self.chored: list[Candidate] = []  # legal moves with chores (the board may show them partly done)
        self.by_lifts: dict[int, list[Candidate]] = {}
        self._summaries: dict[int, Summary] = {}
        for c in pool:
            self.by_lifts.setdefault(c.lifts, []).append(c)
            self.by_decision.setdefault(c.decision_occ, []).append(c)
            if c.final_occ != c.decision_occ:
                self.by_final.setdefault(c.final_occ, []).append(c)
                if c.near_miss is None:
                    self.chored.append(c)
        if exact and summarized:  # built while the loop is idle: what the lights need too
            self.summarize()

    def summarize(self) -> None:
        """Every group's summary worked out now (`summary` otherwise works each out when first asked)."""
        for lifts, group in self.by_lifts.items():
            if lifts not in self._summaries:
                self._summaries[lifts] = Summary(group)

    def summary(self, lifts: int) -> Summary:
        found = self._summaries.get(lifts)
        if found is None:
            found = self._summaries[lifts] = Summary(self.by_lifts[lifts])
        return found


def lights(start: int, occupancy: int, touched: int, square: Square | None, others: list[Candidate]) -> tuple[int, int]:
    """Destinations and capture targets of the pieces in the air, from the moves of `square` (or `others`): those
    on their way to `occupancy` that explain the squares `touched`.

    The moves in which a lifted piece acts say where it may go and what it would take; a move in which it is only
    moved by another piece (a Djambi victim whose corpse a killer may put anywhere, a Polis dog that would hop) is
    not one the player is making, and guides only when no lifted piece can act (a Politrics victim taken off first)
    or once the acting piece is in the air too.
    """
    lifted = start & ~occupancy
    added = occupancy & ~start
    transit = touched & ~start & ~occupancy
    # Where the acting piece may land (its victims show as captures); once more has happened, every square the rest
    # of its move fills (the corpse going home, the ways out of the Maze).
    just_lifted = touched == lifted
    acting = own_dst = own_takes = all_dst = all_takes = 0
    rest: list[Candidate] = list(others)
    if square is not None:
        for lifts, group in square.by_lifts.items():
            if lifted & ~lifts:
                continue
            summary = square.summary(lifts)
            if added or touched & ~lifts & ~transit:
                if not (added & ~summary.fills or touched & ~(summary.involved | transit)):
                    rest += group  # weighed move by move
                continue
            for actor, (dst, dec, takes) in summary.by_actor.items():
                if actor & lifted:
                    acting = 1
                    own_dst |= dst if just_lifted else dec
                    own_takes |= takes
            all_dst |= summary.decisions
            all_takes |= summary.takes
    for c in rest:
        # Candidate.on_the_way and Candidate.explains, written out: this loop weighs hundreds of moves per event.
        lifts, fills = c.lifts, c.fills
        if c.near_miss is not None or lifted & ~lifts or added & ~fills:
            continue
        if touched & ~(lifts | fills | c.must_touch | c.chore_touch | transit):
            continue
        if c.actor & lifted:
            acting = 1
            own_dst |= c.actor_dst if just_lifted else c.decision_occ
            own_takes |= c.takes
        all_dst |= c.decision_occ
        all_takes |= c.takes
    if acting:
        return own_dst & ~occupancy, own_takes & occupancy & ~touched
    return all_dst & ~occupancy, all_takes & occupancy & ~touched
