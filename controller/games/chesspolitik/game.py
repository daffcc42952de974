"""Chesspolitik: Diplomacy on a chessboard (seed 003). The game's metadata, options, notation and JSON entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from controller.games.api import Game, State
from controller.games.chesspolitik.board import BOARDS
from controller.games.chesspolitik.codec import NAME, state_from_json
from controller.games.chesspolitik.orders import NAMED_BY_SEATS, parse_order, read_canonical
from controller.games.chesspolitik.state import ChesspolitikState, start
from controller.games.errors import InvalidMoveError
from controller.games.info import Dynamics, GameInfo, Option, OptionValue
from controller.games.moves import Move
from controller.games.squares import Region, name


class Chesspolitik(Game):
    state_type = ChesspolitikState
    info = GameInfo(
        name=NAME,
        title="Chesspolitik",
        seat_counts=(2, 4),
        default_seats=4,
        seat_names={
            4: tuple(p.name for p in BOARDS[4].powers),
            2: tuple(p.name for p in BOARDS[2].powers),
        },
        regions={4: Region(8, 8), 2: Region(6, 6)},
        dynamics=Dynamics.SIMULTANEOUS,
        hidden_information=True,
        options=(
            Option(
                "max_years",
                0,
                "the game is drawn after the Fall of its last year: 10 ends a 1601 game after Fall 1610 (0: no limit)",
                minimum=0,
                maximum=1000,
            ),
            Option("draw_votes", True, "the surviving powers may end the game drawn by all voting Draw in one phase"),
        ),
        summary="Diplomacy on a chessboard: Kings step, Knights jump; secret orders, adjudicated together.",
        notation="K a4 H | K a4 - b4 | K a5 S K a4 - b4 | N a2 S K a4 | Build K d2 | Disband N a2 | Waive | Draw",
        rules="docs/rules/chesspolitik.md",
    )

    def new(self, seats: int | None = None, seed: int | None = None, **options: object) -> ChesspolitikState:
        state = super().new(seats, seed, **options)
        assert isinstance(state, ChesspolitikState)
        return state

    def initial(self, seats: int, seed: int, options: Mapping[str, OptionValue]) -> ChesspolitikState:
        max_years, draw_votes = options["max_years"], options["draw_votes"]
        assert isinstance(max_years, int) and isinstance(draw_votes, bool)
        # No chance in Chesspolitik: the seed changes nothing, so equal histories give equal states.
        return start(seats, max_years, draw_votes)

    def static_json(self, seats: int) -> dict[str, Any]:
        """What the page draws besides the position: the supply centres, each power's colour and build squares."""
        board = BOARDS[self.info.check_seats(seats)]
        return {
            "size": board.size,
            "solo": board.solo,
            "centres": [name(c) for c in sorted(board.centres)],
            "powers": [
                {"name": p.name, "colour": p.colour, "side": p.side, "homes": [name(h) for h in p.homes]}
                for p in board.powers
            ],
        }

    def parse(self, text: str, state: State, seat: int | None = None) -> Move:
        # The phones send each order in the canonical notation: read that by its words' places before the general
        # reader's checks and case folding (every text it reads is one they would pass unchanged).
        if type(text) is str and type(state) is ChesspolitikState:
            order = read_canonical(text, NAMED_BY_SEATS[state.nseats])
            if order is not None:
                return order
        return super().parse(text, state, seat)

    def parse_move(self, text: str, state: State, seat: int | None) -> Move:
        if not isinstance(state, ChesspolitikState):
            raise InvalidMoveError("a Chesspolitik order needs a Chesspolitik position")
        return parse_order(text, state.board, state.unit_map())

    def from_json(self, data: Mapping[str, Any]) -> ChesspolitikState:
        self.check_game_json(data, NAME)
        return state_from_json(data)
