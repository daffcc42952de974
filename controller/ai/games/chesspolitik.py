"""Chesspolitik: supply centres decide, units hold them. Order sets come from a policy that sends units at centres
it does not own, backed by a supporting unit where one reaches (the coordinated attack a random set never finds).
Orders other seats handed in are secret: the search draws them again."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from controller.ai.budget import Level
from controller.ai.knowledge import Knowledge
from controller.games import Game, IllegalMoveError, Move, Orders, State
from controller.games.chesspolitik.orders import Build, DrawVote, Hold, MoveTo, SupportHold, SupportMove, Waive
from controller.games.chesspolitik.phases import FALL
from controller.games.chesspolitik.state import ChesspolitikState

CENTRE_VALUE = 1.0
UNIT_VALUE = 0.4
ATTACK = 0.7  # how often a unit that can reach a centre it does not own goes for it


class ChesspolitikKnowledge(Knowledge):
    # Two seats; four seats' playouts cost about twice as much (more units, and order sets for four seats).
    playouts = {Level.EASY: 120, Level.NORMAL: 600, Level.HARD: 1650}
    playouts_four = {Level.EASY: 70, Level.NORMAL: 290, Level.HARD: 790}
    scale = 1.0
    orders_per_seat = 8
    draws_secrets = False  # the only secrets are orders handed in, and the search decides them again

    def level_playouts(self, level: Level, view: Mapping[str, Any]) -> int:
        return (self.playouts if view.get("seats", 2) == 2 else self.playouts_four)[level]

    def scores(self, state: State) -> Sequence[float] | None:
        assert isinstance(state, ChesspolitikState)
        out = [0.0] * state.seats
        for _, seat in state.owners:
            out[seat] += CENTRE_VALUE
        for _, _, seat in state.units:
            out[seat] += UNIT_VALUE
        return out

    def quiet(self, state: State, rnd: random.Random) -> State:
        """A leaf after the Spring is judged after a Fall played by the quick policy: centres change hands only in
        the Fall, so a Spring judged where it stands sees nothing of the centres its moves win or leave open."""
        assert isinstance(state, ChesspolitikState)
        if state.season is not FALL or state.ended is not None:
            return state
        for seat in sorted(state.waiting_for()):
            state = state.submit(seat, _quick_orders(state, seat, rnd))
        return state

    def avoid(self, state: State, move: Move) -> bool:
        return isinstance(move, DrawVote)

    def determinize(self, game: Game, view: Mapping[str, Any], seat: int, rnd: random.Random) -> State:
        data = dict(view)
        # Another seat's handed-in orders show as "submitted": the search decides them again for that seat.
        data["pending"] = {k: v for k, v in view["pending"].items() if isinstance(v, list)}
        return game.from_json(data)

    def orders(self, state: State, seat: int, rnd: random.Random) -> Orders:
        return self.drawer(state, seat)(rnd)

    def drawer(self, state: State, seat: int) -> Callable[[random.Random], Orders]:
        assert isinstance(state, ChesspolitikState)
        legal = [m for m in state.legal_moves(seat) if not isinstance(m, DrawVote)]
        if any(isinstance(m, Build | Waive) for m in legal):
            return lambda rnd: self._adjust(state, seat, legal, rnd)
        # What each unit may do is worked out once for all the sets a node draws: it was most of a playout's cost.
        options = _Options.of(state, seat, legal)
        return lambda rnd: self._draw(state, seat, options, rnd)

    def varier(self, state: State, seat: int) -> Callable[[Orders, random.Random], Orders]:
        assert isinstance(state, ChesspolitikState)
        legal = [m for m in state.legal_moves(seat) if not isinstance(m, DrawVote)]
        if any(isinstance(m, Build | Waive) for m in legal):
            return lambda _best, rnd: self._adjust(state, seat, legal, rnd)
        options = _Options.of(state, seat, legal)
        return lambda best, rnd: self._vary(state, seat, options, best, rnd)

    def _vary(self, state: ChesspolitikState, seat: int, options: _Options, best: Orders, rnd: random.Random) -> Orders:
        """`best` with one unit's order changed: to back another unit's move in the set, to another plain order,
        or to an attack on a centre, then often with a supporting unit (the pair changed together)."""
        chosen: dict[int, Move] = {getattr(o, "square", -1): o for o in best.orders}
        squares = list(options.by_unit)
        if not squares:
            return best
        sq = rnd.choice(squares)
        current = chosen.get(sq)
        backing = [
            m
            for m in options.by_unit[sq]
            if isinstance(m, SupportMove)
            and m != current
            and isinstance(move := chosen.get(m.target), MoveTo)
            and move.dst == m.dst
        ]
        attacks = [m for m in options.attacks[sq] if m != current]
        pick = rnd.random()
        if backing and pick < 0.3:
            chosen[sq] = rnd.choice(backing)
        elif attacks and pick < 0.65:
            attack = rnd.choice(attacks)
            chosen[sq] = attack
            helpers = [m for m in options.helpers(attack) if m.square != sq]
            if helpers and rnd.random() < 0.5:
                helper = rnd.choice(helpers)
                chosen[helper.square] = helper
        else:
            plain = [m for m in options.holds[sq] or options.by_unit[sq] if m != current]
            if not plain:
                return best
            chosen[sq] = rnd.choice(plain)
        picked = tuple(chosen[k] for k in sorted(chosen))
        try:
            state.submit(seat, picked)
        except IllegalMoveError:
            return best
        return Orders(seat, picked)

    def _draw(self, state: ChesspolitikState, seat: int, options: _Options, rnd: random.Random) -> Orders:
        squares = list(options.by_unit)
        rnd.shuffle(squares)
        chosen: dict[int, Move] = {}
        for sq in squares:
            if sq in chosen:
                continue
            attacks = options.attacks[sq]
            if attacks and rnd.random() < ATTACK:
                attack = rnd.choice(attacks)
                chosen[sq] = attack
                helpers = [m for m in options.helpers(attack) if m.square not in chosen]
                if helpers:
                    helper = rnd.choice(helpers)
                    chosen[helper.square] = helper
                continue
            chosen[sq] = rnd.choice(options.holds[sq] or options.by_unit[sq])
        picked = tuple(chosen[sq] for sq in sorted(chosen))
        try:
            state.submit(seat, picked)
        except IllegalMoveError:
            return super().orders(state, seat, rnd)
        return Orders(seat, picked)

    def _adjust(self, state: State, seat: int, legal: list[Move], rnd: random.Random) -> Orders:
        """Winter: build wherever allowed (waive only what cannot be built), disband as the rules demand."""
        options = [m for m in legal if not isinstance(m, Waive)]
        rnd.shuffle(options)
        options.sort(key=lambda m: not isinstance(m, Build))
        chosen: list[Move] = []
        for order in [*options, *(m for m in legal if isinstance(m, Waive))]:
            try:
                state.submit(seat, [*chosen, order])
            except IllegalMoveError:
                continue
            chosen.append(order)
        return Orders(seat, tuple(chosen))


class _Options:
    """A seat's movement orders by unit, sorted for the policy: attacks on centres it does not own, quiet orders,
    and the supports each attack can get (found at its first use)."""

    __slots__ = ("_helpers", "attacks", "by_unit", "holds")

    def __init__(self, by_unit: dict[int, list[Move]], owners: Mapping[int, int], centres: frozenset[int], seat: int):
        self.by_unit = by_unit
        self.attacks = {
            sq: [m for m in options if isinstance(m, MoveTo) and m.dst in centres and owners.get(m.dst) != seat]
            for sq, options in by_unit.items()
        }
        self.holds = {
            sq: [m for m in options if isinstance(m, Hold | MoveTo | SupportHold)] for sq, options in by_unit.items()
        }
        self._helpers: dict[MoveTo, list[SupportMove]] = {}

    @classmethod
    def of(cls, state: ChesspolitikState, seat: int, legal: list[Move]) -> _Options:
        by_unit: dict[int, list[Move]] = {}
        for m in legal:
            by_unit.setdefault(getattr(m, "square", -1), []).append(m)
        return cls(by_unit, state.owner_map(), state.board.centres, seat)

    def helpers(self, attack: MoveTo) -> list[SupportMove]:
        """Every other unit's support of `attack`, in the order of the legal moves."""
        found = self._helpers.get(attack)
        if found is None:
            found = self._helpers[attack] = [
                m
                for options in self.by_unit.values()
                for m in options
                if isinstance(m, SupportMove) and m.target == attack.square and m.dst == attack.dst
            ]
        return found


def _quick_orders(state: ChesspolitikState, seat: int, rnd: random.Random) -> tuple[Move, ...]:
    """The order policy's attacks without working out every legal order: each unit goes for a centre it does not own
    (ATTACK of the time, backed by one of the seat's free units that reaches it) or holds."""
    board = state.board
    owners = state.owner_map()
    mine = [(sq, kind) for sq, kind, s in state.units if s == seat]
    rnd.shuffle(mine)
    chosen: dict[int, Move] = {}
    for sq, kind in mine:
        if sq in chosen:
            continue
        targets = [d for d in board.reach(kind, sq) if d in board.centres and owners.get(d) != seat]
        if not targets or rnd.random() >= ATTACK:
            chosen[sq] = Hold(kind, sq)
            continue
        dst = rnd.choice(sorted(targets))
        chosen[sq] = MoveTo(kind, sq, dst)
        helpers = [(hsq, hkind) for hsq, hkind in mine if hsq not in chosen and dst in board.reach(hkind, hsq)]
        if helpers:
            hsq, hkind = rnd.choice(helpers)
            chosen[hsq] = SupportMove(hkind, hsq, kind, sq, dst)
    return tuple(chosen[sq] for sq in sorted(chosen))
