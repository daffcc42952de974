"""Politrics as a game of the API: metadata, options, the starting position, notation and JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from controller.games.api import Game, State
from controller.games.info import GameInfo, OptionValue
from controller.games.moves import Move
from controller.games.politrics import codec
from controller.games.politrics.board import parse_square, square_name
from controller.games.politrics.moves import NOTATION, parse_notation
from controller.games.politrics.rules import OPTIONS, Rules
from controller.games.politrics.state import EMPTY_BOARD, FULL_LINEUP, PolitricsState
from controller.games.squares import FULL_BOARD


class Politrics(Game):
    state_type = PolitricsState
    info = GameInfo(
        name="politrics",
        title="Politrics",
        seat_counts=(2,),
        seat_names={2: ("Dark", "Light")},
        regions={2: FULL_BOARD},
        options=OPTIONS,
        summary=(
            "Place 17 figures each, then move them; beat by jumping; declare a row of five safe to score it. "
            "Boards are played until a player has 100 points."
        ),
        notation=NOTATION,
        rules="docs/rules/politrics.md",
    )

    def new(self, seats: int | None = None, seed: int | None = None, **options: object) -> PolitricsState:
        state = super().new(seats, seed, **options)
        assert isinstance(state, PolitricsState)
        return state

    def initial(self, seats: int, seed: int, options: Mapping[str, OptionValue]) -> PolitricsState:
        # Nothing in Politrics is left to chance: the seed is not needed.
        return PolitricsState(Rules.of(options), EMPTY_BOARD, FULL_LINEUP, 0)

    def parse_move(self, text: str, state: State, seat: int | None) -> Move:
        if not isinstance(state, PolitricsState):
            raise TypeError("a Politrics move is read against a Politrics state")
        move = parse_notation(text, state.board)
        state.check(move, seat)
        return move

    def from_json(self, data: Mapping[str, Any]) -> PolitricsState:
        return codec.from_json(data, self.info.options)

    def square_name(self, square: int) -> str:
        return square_name(square)

    def parse_square(self, text: str) -> int:
        return parse_square(text)
