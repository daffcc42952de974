"""Which of the moves that fit the board the touches single out.

Among the moves that end on the board as it stands, the sensors prefer those that explain more of the squares
touched in the turn. A move explains the squares of its decision and of the chores the board shows done (a chore
square as it will be after the chores, or a piece to turn over): a chore not yet begun explains nothing, so a piece
lifted and put back where that chore would later lift it is not that chore. A square a piece only passed over (empty
before and after) counts for every move; a touch no fitting move explains (a knock, a wrong piece lifted and put
back in place) counts for none. The moves left are those whose explained touches no other fitting move's include:
one is committed, several (which the touches cannot separate: a figure's kind, which neighbour a Reporter killed)
are asked about.

So a Polis step whose neighbour hops into the square it left, carried at once, is told from that neighbour's own
step (whose hop sends the mover back): the board shows the neighbour's step with its hop not begun, but the square
the hop would empty was lifted and filled again, which only the first step's done hop explains.
"""

from __future__ import annotations

from collections.abc import Sequence

from controller.games.squares import mask
from controller.recognizer.index import Candidate, TurnIndex
from controller.recognizer.inplace import InPlace


def fitting(index: TurnIndex, occupancy: int, touched: int, in_place: InPlace | None = None) -> list[Candidate]:
    """The moves (and near misses) the board may show: a decision, a whole move, or a decision with part of its
    chores done, each with every square it must touch so far touched; none that needs another piece where the
    hands provably set a piece back in place (`in_place`)."""
    found = index.consistent(occupancy, touched)
    if in_place is None or not in_place.kept:
        return found
    return [c for c in found if not in_place.refutes(c, occupancy)]


def done_part(c: Candidate, start: int, occupancy: int) -> int:
    """The squares of `c` that the board shows done: its decision's, and its chores' that are as after them."""
    moving = c.decision_occ ^ c.final_occ
    done = moving & ~(occupancy ^ c.final_occ)
    return (c.decision_occ ^ start) | c.must_touch | done | c.chore_touch


def moved(c: Candidate) -> int:
    """The squares a piece of `c` leaves or reaches (not those it only turns over or taps)."""
    out = 0
    for step in (*c.effect.decision, *c.effect.chores):
        if step.src is not None:
            out |= 1 << step.src
        if step.dst is not None:
            out |= 1 << step.dst
    return out


def turned_where_set(c: Candidate, start: int) -> int:
    """Squares where the chores turn over a piece the decision set down or touched (a Djambi Chief walled in on the
    square where it killed): only a touch after the decision can be that turn."""
    return mask(c.effect.chore_touch) & c.decision_occ & ((c.decision_occ ^ start) | c.must_touch) & ~moved_by_chores(c)


def moved_by_chores(c: Candidate) -> int:
    out = 0
    for step in c.effect.chores:
        if step.src is not None:
            out |= 1 << step.src
        if step.dst is not None:
            out |= 1 << step.dst
    return out


def decision_changes(c: Candidate, start: int, square: int) -> int:
    """How often the decision changes `square`'s occupancy: once if it ends changed, twice if lifted and refilled."""
    return 1 if (c.decision_occ ^ start) >> square & 1 else 2


def best(candidates: Sequence[Candidate], start: int, occupancy: int, touched: int) -> list[Candidate]:
    if len(candidates) < 2:
        return list(candidates)
    counted = touched & (start | occupancy)  # a square passed over on the way explains nothing
    explained = [counted & done_part(c, start, occupancy) for c in candidates]
    return [
        c
        for c, e in zip(candidates, explained, strict=True)
        if not any(other != e and other & e == e for other in explained)
    ]


UNSEEN_LIMIT = 4
"""Untrusted squares beyond which every way they could read is not weighed: the board then takes no move at all."""


def unseen_fits(
    index: TurnIndex, chosen: list[Candidate], untrusted: int, fresh: int, occupancy: int, touched: int
) -> bool:
    """Whether another legal move would fit the board if the untrusted squares held anything else than what they
    are shown as (touched, since hands may have been there), or if those distrusted during this turn (`fresh`) were
    tapped unseen (one untrusted since an earlier turn, a switch that keeps flapping, is not taken for a tap: the
    board would never take a claim while it flaps)."""
    squares = [s for s in range(81) if untrusted >> s & 1]
    if len(squares) > UNSEEN_LIMIT:
        return True
    for subset in range(0 if untrusted & fresh else 1, 1 << len(squares)):
        flip = sum(1 << s for i, s in enumerate(squares) if subset >> i & 1)
        seen = touched | (untrusted if flip else untrusted & fresh)
        if any(c.is_legal and c not in chosen for c in fitting(index, occupancy ^ flip, seen)):
            return True
    return False
