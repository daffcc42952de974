"""Movement adjudication: which moves succeed, which units are dislodged, which supports count.

Lucas Kruijswijk's algorithm ("The Math of Adjudication", DATC): every move is a decision that succeeds or fails,
computed from attack, hold, defend and prevent strengths, each of which may depend on other decisions. `_resolve`
guesses a decision, adjudicates it, and when the answer depends on its own guess tries the other guess: one stable
answer is the answer; two (or none) mean a cycle, settled by the backup rule. Without convoys the only cycle that
can occur is circular movement (every unit of a ring moves into the next one's square), whose moves all succeed.

Orders reaching this module are legal (the state checks geometry and ownership first); a unit without an order
holds. Supports that do not match what the supported unit does are void.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import NamedTuple, cast

from controller.games.chesspolitik.orders import DrawVote, Hold, MoveTo, SupportHold, SupportMove, UnitOrder
from controller.games.moves import Move

_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2


class Resolution(NamedTuple):
    """What happened: successful moves (origin -> destination), failed moves, dislodged units (square -> the square
    the dislodging unit came from), supports that were cut and supports that were void. Read-only by contract; a
    named tuple of plain containers because building it is part of every adjudication's cost."""

    moved: Mapping[int, int]
    bounced: AbstractSet[int]
    dislodged: Mapping[int, int]
    cut: AbstractSet[int]
    void: AbstractSet[int]


class _Resolver:
    __slots__ = (
        "attackers",
        "cut_by",
        "cut_static",
        "deps",
        "dst",
        "hold_supporters",
        "move_supporters",
        "result",
        "state",
        "supporters",
        "units",
        "void",
    )

    def __init__(self, units: Mapping[int, tuple[str, int]], orders: Mapping[int, UnitOrder]) -> None:
        dst: dict[int, int] = {}
        attackers: dict[int, list[int]] = {}
        supporters: list[UnitOrder] = []  # the supports' orders
        for sq, order in orders.items():
            if type(order) is MoveTo:
                to = order.dst
                dst[sq] = to
                if to in attackers:
                    attackers[to].append(sq)
                else:
                    attackers[to] = [sq]
            elif type(order) is not Hold:
                supporters.append(order)
        self._begin(units, dst, attackers, supporters)

    def _begin(
        self,
        units: Mapping[int, tuple[str, int]],
        dst: dict[int, int],
        attackers: dict[int, list[int]],
        supporters: list[UnitOrder],
    ) -> None:
        self.units = units  # square -> (kind, seat): a unit's seat is its [1]
        self.dst, self.attackers, self.supporters = dst, attackers, supporters
        self.hold_supporters: dict[int, list[int]] = {}
        self.move_supporters: dict[int, list[int]] = {}
        self.void: set[int] = set()
        self.cut_static: set[int] = set()
        self.cut_by: dict[int, int] = {}
        if supporters:
            self._file_supports()
        self.result: dict[int, bool] = {}
        self.state: dict[int, int] = {}
        self.deps: list[int] = []
        self._decide_alone()

    def _file_supports(self) -> None:
        """File each support under the unit it supports, or as void when that unit does not do what it supports;
        then see which attacks cut it."""
        dst, attackers, void = self.dst, self.attackers, self.void
        hold_supporters, move_supporters = self.hold_supporters, self.move_supporters
        for order in self.supporters:
            sq = order.square
            if type(order) is SupportHold:
                into = order.target
                if into in dst:
                    void.add(sq)
                    continue
                if into in hold_supporters:
                    hold_supporters[into].append(sq)
                else:
                    hold_supporters[into] = [sq]
            else:
                assert type(order) is SupportMove
                into = order.dst
                target = order.target
                if dst.get(target) != into:
                    void.add(sq)
                    continue
                if target in move_supporters:
                    move_supporters[target].append(sq)
                else:
                    move_supporters[target] = [sq]
            if sq in attackers:
                self._cut(sq, into, attackers[sq])

    def _decide_alone(self) -> None:
        """Decide the moves whose fate depends on no other decision, so they are no guess for the others. A move
        into an empty square that no other unit enters succeeds (an attack of at least 1 on a hold strength of 0,
        nothing to prevent it). An attack of 1 at most (no support of the move can count) fails against any
        other unit: the units of a standoff over an empty square prevent one another with at least 1, a unit that
        stays holds with at least 1, and one in a head-to-head battle defends with at least 1. So does a move onto
        its own power's unit that stays or meets it head to head (no self-dislodgement)."""
        units, attackers, result, state = self.units, self.attackers, self.result, self.state
        dst, move_supporters, cut_static = self.dst, self.move_supporters, self.cut_static
        for sq, to in dst.items():
            if to not in units:
                if len(attackers[to]) == 1:
                    result[sq] = True
                    state[sq] = _RESOLVED
                    continue
            elif to in dst and dst[to] != sq:
                state[sq] = _UNRESOLVED  # onto a unit that moves on: its fate decides
                continue
            elif units[to][1] == units[sq][1]:
                result[sq] = False
                state[sq] = _RESOLVED
                continue
            supporters = move_supporters.get(sq)
            if not supporters or all(s in cut_static for s in supporters):
                result[sq] = False
                state[sq] = _RESOLVED
            else:
                state[sq] = _UNRESOLVED

    def _cut(self, sq: int, into: int, attackers: list[int]) -> None:
        mine = self.units[sq][1]
        # An attack from another power cuts a support, unless it comes from the square the support is given into:
        # that unit cuts it only by dislodging the supporter, which the adjudication decides.
        for attacker in attackers:
            if self.units[attacker][1] == mine:
                continue
            if attacker != into:
                self.cut_static.add(sq)
                return
            self.cut_by[sq] = attacker

    # --- strengths ----------------------------------------------------------------------------------------
    def given(self, supporter: int) -> bool:
        if supporter in self.cut_static:
            return False
        attacker = self.cut_by.get(supporter)
        return attacker is None or not self.resolve(attacker)

    def move_support(self, mover: int, not_of: int | None = None) -> int:
        supporters = self.move_supporters.get(mover)
        if not supporters:
            return 0
        n = 0
        for s in supporters:
            if self.units[s][1] != not_of and self.given(s):
                n += 1
        return n

    def hold_strength(self, square: int) -> int:
        if square not in self.units:
            return 0
        if square in self.dst:
            return 0 if self.resolve(square) else 1
        supporters = self.hold_supporters.get(square)
        if not supporters:
            return 1
        strength = 1
        for s in supporters:
            if self.given(s):
                strength += 1
        return strength

    def attack_strength(self, mover: int) -> int:
        target = self.dst[mover]
        if target not in self.units:
            return 1 + self.move_support(mover)
        if target in self.dst and self.dst[target] != mover and self.resolve(target):
            return 1 + self.move_support(mover)
        defender = self.units[target][1]
        if defender == self.units[mover][1]:
            return 0  # no self-dislodgement
        return 1 + self.move_support(mover, not_of=defender)

    def defend_strength(self, mover: int) -> int:
        """What a unit in a head-to-head battle opposes to the attack on its square: every support of its move
        counts, also one given by the attacker's own power (DATC 6.E.3, 6.E.12: such a support cannot help to
        dislodge that power's unit, but it still serves every other purpose)."""
        return 1 + self.move_support(mover)

    def prevent_strength(self, mover: int) -> int:
        target = self.dst[mover]
        if self.dst.get(target) == mover and self.resolve(target):
            return 0  # lost the head-to-head battle it was part of
        return 1 + self.move_support(mover)

    def adjudicate(self, mover: int) -> bool:
        target = self.dst[mover]
        attack = self.attack_strength(mover)
        if self.dst.get(target) == mover:
            if attack <= self.defend_strength(target):
                return False
        elif attack <= self.hold_strength(target):
            return False
        rivals = self.attackers[target]
        if len(rivals) == 1:
            return True
        return all(other == mover or attack > self.prevent_strength(other) for other in rivals)

    # --- guess and check ----------------------------------------------------------------------------------
    def resolve(self, mover: int) -> bool:
        state = self.state[mover]
        if state == _RESOLVED:
            return self.result[mover]
        if state == _GUESSING:
            if mover not in self.deps:
                self.deps.append(mover)
            return self.result[mover]
        mark = len(self.deps)
        self.result[mover] = False
        self.state[mover] = _GUESSING
        first = self.adjudicate(mover)
        if len(self.deps) == mark:
            # Nothing depended on a guess: final (unless the backup rule already settled it deeper down).
            if self.state[mover] != _RESOLVED:
                self.result[mover] = first
                self.state[mover] = _RESOLVED
            return self.result[mover]
        if self.deps[mark] != mover:
            # Depends on someone else's guess: that decision's resolve will come back to this one.
            self.deps.append(mover)
            self.result[mover] = first
            return first
        self._forget(mark)
        self.result[mover] = True
        self.state[mover] = _GUESSING
        second = self.adjudicate(mover)
        if first == second:
            self._forget(mark)
            self.result[mover] = first
            self.state[mover] = _RESOLVED
            return first
        self._backup_rule(mover, mark)
        return self.resolve(mover)

    def _forget(self, mark: int) -> None:
        for sq in self.deps[mark:]:
            self.state[sq] = _UNRESOLVED
        del self.deps[mark:]

    def _backup_rule(self, mover: int, mark: int) -> None:
        """Both guesses hold up: circular movement, where every move of the ring succeeds."""
        ring = [mover]
        square = self.dst[mover]
        while square != mover:
            # A cycle that is not a ring of moves would be a paradox, which needs convoys.
            assert square in self.dst and len(ring) <= len(self.dst), "a paradox without convoys"
            ring.append(square)
            square = self.dst[square]
        self._forget(mark)
        for sq in ring:
            self.result[sq] = True
            self.state[sq] = _RESOLVED

    def run(self) -> Resolution:
        result, state, resolve = self.result, self.state, self.resolve
        moved: dict[int, int] = {}
        for sq, to in self.dst.items():
            if result[sq] if state[sq] == _RESOLVED else resolve(sq):
                moved[sq] = to
        # A unit that stays where a move succeeded into is dislodged (by the one move that can succeed there).
        units = self.units
        dislodged = {to: sq for sq, to in moved.items() if to in units and to not in moved}
        # A support that counted is one not cut by an attack and whose supporter was not dislodged.
        cut_by, cut = self.cut_by, self.cut_static
        if cut_by:
            cut = cut | {s for s, attacker in cut_by.items() if attacker in moved}
        return _new(Resolution, (moved, self.dst.keys() - moved.keys(), dislodged, cut, self.void))


_new = tuple.__new__  # a named tuple's own constructor is a Python function


def adjudicate(owner: Mapping[int, int], orders: Mapping[int, UnitOrder]) -> Resolution:
    """Resolve one movement phase. `owner` maps every unit's square to its seat; `orders` maps a unit's square to
    its (legal) order; units without one hold."""
    return _Resolver({sq: ("", seat) for sq, seat in owner.items()}, orders).run()


def adjudicate_units(units: Mapping[int, tuple[str, int]], orders: Mapping[int, UnitOrder]) -> Resolution:
    """`adjudicate` with the units by square as a position keeps them, (kind, seat): a phase has them at hand."""
    return _Resolver(units, orders).run()


class PhaseOrders(NamedTuple):
    """A movement phase's order sets read once for everything resolving needs: the unit orders by the unit's square,
    the powers voting for a draw (in seat order), and the adjudicator's own view of the moves (destination by
    origin, origins by destination) and of the supports."""

    given: dict[int, UnitOrder]
    votes: tuple[int, ...]
    dst: dict[int, int]
    attackers: dict[int, list[int]]
    supporters: list[UnitOrder]


def read_orders(pending: Iterable[tuple[int, Iterable[Move]]]) -> PhaseOrders:
    """The order sets (seat, orders) as a position keeps them, checked on submission, read in one pass: each order
    is looked at once for the phase's report and for the adjudicator."""
    given: dict[int, UnitOrder] = {}
    votes: list[int] = []
    dst: dict[int, int] = {}
    attackers: dict[int, list[int]] = {}
    supporters: list[UnitOrder] = []
    for seat, orders in pending:
        for order in orders:
            if type(order) is MoveTo:
                sq = order.square
                to = order.dst
                given[sq] = order
                dst[sq] = to
                if to in attackers:
                    attackers[to].append(sq)
                else:
                    attackers[to] = [sq]
            elif type(order) is Hold:
                given[order.square] = order
            elif type(order) is DrawVote:
                votes.append(seat)
            else:  # a support: the only other order a movement phase takes
                support = cast("SupportHold | SupportMove", order)
                given[support.square] = support
                supporters.append(support)
    return _new(PhaseOrders, (given, tuple(votes), dst, attackers, supporters))


def adjudicate_orders(units: Mapping[int, tuple[str, int]], orders: PhaseOrders) -> Resolution:
    """`adjudicate_units` with the orders as `read_orders` read them."""
    resolver: _Resolver = object.__new__(_Resolver)
    resolver._begin(units, orders.dst, orders.attackers, orders.supporters)
    return resolver.run()
