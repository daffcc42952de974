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

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import NamedTuple

from controller.games.chesspolitik.orders import MoveTo, SupportHold, SupportMove, UnitOrder

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
        "owner",
        "result",
        "state",
        "void",
    )

    def __init__(self, owner: Mapping[int, int], orders: Mapping[int, UnitOrder]) -> None:
        self.owner = owner
        self.dst, self.attackers, supports = _moves_and_supports(orders)
        self.hold_supporters: dict[int, list[int]] = {}
        self.move_supporters: dict[int, list[int]] = {}
        self.void: set[int] = set()
        self.cut_static: set[int] = set()
        self.cut_by: dict[int, int] = {}
        for order in supports:
            self._add_support(order)
        self.result: dict[int, bool] = {}
        self.state: dict[int, int] = dict.fromkeys(self.dst, _UNRESOLVED)
        self.deps: list[int] = []

    def _add_support(self, order: SupportHold | SupportMove) -> None:
        """File a support under the unit it supports, or as void when that unit does not do what it supports."""
        sq = order.square
        if type(order) is SupportHold:
            into = order.target
            if into in self.dst:
                self.void.add(sq)
                return
            self.hold_supporters.setdefault(into, []).append(sq)
        else:
            assert isinstance(order, SupportMove)
            into = order.dst
            if self.dst.get(order.target) != into:
                self.void.add(sq)
                return
            self.move_supporters.setdefault(order.target, []).append(sq)
        attackers = self.attackers.get(sq)
        if attackers:
            self._cut(sq, into, attackers)

    def _cut(self, sq: int, into: int, attackers: list[int]) -> None:
        mine = self.owner[sq]
        # An attack from another power cuts a support, unless it comes from the square the support is given into:
        # that unit cuts it only by dislodging the supporter, which the adjudication decides.
        for attacker in attackers:
            if self.owner[attacker] == mine:
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
            if self.owner[s] != not_of and self.given(s):
                n += 1
        return n

    def hold_strength(self, square: int) -> int:
        if square not in self.owner:
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
        if target not in self.owner:
            return 1 + self.move_support(mover)
        if target in self.dst and self.dst[target] != mover and self.resolve(target):
            return 1 + self.move_support(mover)
        defender = self.owner[target]
        if defender == self.owner[mover]:
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
        resolve = self.resolve
        moved = {sq: d for sq, d in self.dst.items() if resolve(sq)}
        dislodged: dict[int, int] = {}
        owner = self.owner
        for target, movers in self.attackers.items():
            if target in owner and target not in moved:
                for m in movers:
                    if m in moved:
                        dislodged[target] = m
        # A support that counted is one not cut by an attack and whose supporter was not dislodged.
        cut = self.cut_static | {s for s, attacker in self.cut_by.items() if attacker in moved}
        return Resolution(moved, self.dst.keys() - moved.keys(), dislodged, cut, self.void)


def adjudicate(owner: Mapping[int, int], orders: Mapping[int, UnitOrder]) -> Resolution:
    """Resolve one movement phase. `owner` maps every unit's square to its seat; `orders` maps a unit's square to
    its (legal) order; units without one hold."""
    return _Resolver(owner, orders).run()


def _moves_and_supports(
    orders: Mapping[int, UnitOrder],
) -> tuple[dict[int, int], dict[int, list[int]], list[SupportHold | SupportMove]]:
    """Where each moving unit goes, the units moving into each square, and the support orders."""
    dst: dict[int, int] = {}
    attackers: dict[int, list[int]] = {}
    supports: list[SupportHold | SupportMove] = []
    for sq, order in orders.items():
        if type(order) is MoveTo:
            to = order.dst
            dst[sq] = to
            if to in attackers:
                attackers[to].append(sq)
            else:
                attackers[to] = [sq]
        elif type(order) is SupportHold or type(order) is SupportMove:
            supports.append(order)
    return dst, attackers, supports
