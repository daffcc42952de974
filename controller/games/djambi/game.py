"""Djambi, Machiavelli's chessboard: the game's metadata, start, notation and JSON (docs/rules/djambi.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from controller.games.api import Game, State
from controller.games.djambi import notation
from controller.games.djambi.board import NAMES, PARTIES, parse_square, start_board
from controller.games.djambi.jsonio import state_from_json
from controller.games.djambi.rules import OPTIONS, Rules
from controller.games.djambi.state import DjambiState
from controller.games.info import GameInfo, OptionValue
from controller.games.moves import Move
from controller.games.squares import FULL_BOARD


class Djambi(Game):
    state_type = DjambiState
    info = GameInfo(
        name="djambi",
        title="Djambi",
        seat_counts=(4,),
        seat_names={4: PARTIES},
        regions={4: FULL_BOARD},
        options=OPTIONS,
        default_seats=4,
        summary="Four parties fight for the Maze at E5; the dead stay on the board as corpses that block and protect",
        notation="MC8-D7 move; MC8xD7>F5 kill, corpse to F5; AB9xC8 Assassin; RA8-C6xC7 Reporter; DB8xE6>G4 "
        "Diplomat; NC7xD4>G6 Necromobile; ~F6 leaves the Maze; pass; resign; offer/accept/decline draw",
        rules="docs/rules/djambi.md",
    )

    def new(self, seats: int | None = None, seed: int | None = None, **options: object) -> DjambiState:
        state = super().new(seats, seed, **options)
        assert isinstance(state, DjambiState)
        return state

    def initial(self, seats: int, seed: int, options: Mapping[str, OptionValue]) -> DjambiState:
        rules = Rules.from_options(options)
        return DjambiState(start_board(rules.setup, rules.layout), tuple(range(seats)), 0, 0, rules)

    def parse_move(self, text: str, state: State, seat: int | None) -> Move:
        assert isinstance(state, DjambiState)
        return notation.parse(text, state, seat)

    def from_json(self, data: Mapping[str, Any]) -> DjambiState:
        self.check_game_json(data, "djambi")
        return state_from_json(data)

    def square_name(self, square: int) -> str:
        if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square < len(NAMES):
            raise ValueError(f"no square {square!r} on the Djambi board")
        return NAMES[square]

    def parse_square(self, text: str) -> int:
        return parse_square(text)
