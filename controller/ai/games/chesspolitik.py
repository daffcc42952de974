"""Chesspolitik: supply centres decide, units hold them. Order sets come from a policy that sends units at centres
it does not own, backed by a supporting unit where one reaches (the coordinated attack a random set never finds).
Orders other seats handed in are secret: the search draws them again."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from controller.ai.budget import Level
from controller.ai.knowledge import Knowledge
from controller.games import Game, IllegalMoveError, Move, Orders, State
from controller.games.chesspolitik.orders import Build, DrawVote, Hold, MoveTo, SupportHold, SupportMove, Waive
from controller.games.chesspolitik.state import ChesspolitikState

CENTRE_VALUE = 1.0
UNIT_VALUE = 0.4
ATTACK = 0.7  # how often a unit that can reach a centre it does not own goes for it


class ChesspolitikKnowledge(Knowledge):
    playouts = {Level.EASY: 40, Level.NORMAL: 210, Level.HARD: 450}
    scale = 1.0
    orders_per_seat = 8

    def scores(self, state: State) -> Sequence[float] | None:
        assert isinstance(state, ChesspolitikState)
        out = [0.0] * state.seats
        for _, seat in state.owners:
            out[seat] += CENTRE_VALUE
        for _, _, seat in state.units:
            out[seat] += UNIT_VALUE
        return out

    def avoid(self, state: State, move: Move) -> bool:
        return isinstance(move, DrawVote)

    def determinize(self, game: Game, view: Mapping[str, Any], seat: int, rnd: random.Random) -> State:
        data = dict(view)
        # Another seat's handed-in orders show as "submitted": the search decides them again for that seat.
        data["pending"] = {k: v for k, v in view["pending"].items() if isinstance(v, list)}
        return game.from_json(data)

    def orders(self, state: State, seat: int, rnd: random.Random) -> Orders:
        assert isinstance(state, ChesspolitikState)
        legal = [m for m in state.legal_moves(seat) if not isinstance(m, DrawVote)]
        if any(isinstance(m, Build | Waive) for m in legal):
            return self._adjust(state, seat, legal, rnd)
        owners = state.owner_map()
        centres = state.board.centres
        by_unit: dict[int, list[Move]] = {}
        for m in legal:
            by_unit.setdefault(getattr(m, "square", -1), []).append(m)
        squares = list(by_unit)
        rnd.shuffle(squares)
        chosen: dict[int, Move] = {}
        for sq in squares:
            if sq in chosen:
                continue
            options = by_unit[sq]
            attacks = [m for m in options if isinstance(m, MoveTo) and m.dst in centres and owners.get(m.dst) != seat]
            if attacks and rnd.random() < ATTACK:
                attack = rnd.choice(attacks)
                chosen[sq] = attack
                helper = self._support(by_unit, chosen, attack, rnd)
                if helper is not None:
                    chosen[helper.square] = helper
                continue
            holds = [m for m in options if isinstance(m, Hold | MoveTo | SupportHold)]
            chosen[sq] = rnd.choice(holds or options)
        picked = tuple(chosen[sq] for sq in sorted(chosen))
        try:
            state.submit(seat, picked)
        except IllegalMoveError:
            return super().orders(state, seat, rnd)
        return Orders(seat, picked)

    @staticmethod
    def _support(
        by_unit: Mapping[int, list[Move]], chosen: Mapping[int, Move], attack: MoveTo, rnd: random.Random
    ) -> SupportMove | None:
        helpers = [
            m
            for sq, options in by_unit.items()
            if sq not in chosen
            for m in options
            if isinstance(m, SupportMove) and m.target == attack.square and m.dst == attack.dst
        ]
        return rnd.choice(helpers) if helpers else None

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
