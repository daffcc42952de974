"""The Polis game: metadata, the starting position, the notation `b7-c6`, states from JSON."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from controller.games.api import Game, State
from controller.games.errors import IllegalMoveError, InvalidMoveError
from controller.games.info import GameInfo, OptionValue
from controller.games.moves import Move
from controller.games.polis.board import BY_NAME, PHYSICAL, RANK_MASKS, SEAT_NAMES, square
from controller.games.polis.codec import state_from_json
from controller.games.polis.moves import PolisMove
from controller.games.polis.rules import OPTIONS, Rules
from controller.games.polis.state import PolisState
from controller.games.squares import Region

_SQUARE = r"([a-z]\d+)"
_MOVE = re.compile(rf"^{_SQUARE}\s*-\s*{_SQUARE}\s*(?:\((.*)\))?$", re.IGNORECASE)
_SPACES = re.compile(r"\s+")


class Polis(Game):
    state_type = PolisState
    info = GameInfo(
        name="polis",
        title="Polis",
        seat_counts=(2,),
        seat_names={2: SEAT_NAMES},
        regions={2: Region(8, 8)},
        options=OPTIONS,
        summary=(
            "Fifteen dogs and a chariot a side on an 8x8 board. A piece steps one square; the pieces around it hop "
            "over it, then every dog caught between two enemies is captured. Bring your chariot to the far rank."
        ),
        notation=(
            "b7-c6: the piece on b7 steps to c6. The move list adds what followed, e.g. "
            "'b7-c6 (hops c7>c5, d6>b6; captures e5; stuns f4; wins)'; that form is read back too."
        ),
        rules="docs/rules/polis.md",
    )

    def new(self, seats: int | None = None, seed: int | None = None, **options: object) -> PolisState:
        state = super().new(seats, seed, **options)
        assert isinstance(state, PolisState)
        return state

    def initial(self, seats: int, seed: int, options: Mapping[str, OptionValue]) -> PolisState:
        blue_chariot, red_chariot = square(0, 7), square(7, 0)
        blue = (RANK_MASKS[6] | RANK_MASKS[7]) & ~(1 << blue_chariot)
        red = (RANK_MASKS[0] | RANK_MASKS[1]) & ~(1 << red_chariot)
        rules = Rules.from_options(options)
        return PolisState((blue, red), (blue_chariot, red_chariot), (False, False), 0, None, rules)

    def parse_square(self, text: str) -> int:
        """A Polis square name (a1..h8) as its physical index."""
        sq = BY_NAME.get(text.strip().lower()) if isinstance(text, str) else None
        if sq is None:
            raise InvalidMoveError(f"{text!r} is not a square of the Polis board: use a file a-h and a rank 1-8")
        return PHYSICAL[sq]

    def parse_move(self, text: str, state: State, seat: int | None) -> Move:
        found = _MOVE.match(text)
        if found is None:
            raise InvalidMoveError(f"{text!r} is not a Polis move: write the step as from-to, like b7-c6")
        move = PolisMove(self.parse_square(found[1]), self.parse_square(found[2]))
        if not isinstance(state, PolisState):
            raise IllegalMoveError(f"{text}: this is not a Polis position")
        if seat is not None and state.to_move is not None and seat != state.to_move:
            raise IllegalMoveError(f"{text}: it is {SEAT_NAMES[state.turn]}'s turn, not {SEAT_NAMES[seat]}'s")
        claimed = found[3]
        actual = state.annotated(move)  # raises IllegalMoveError when the step is not legal here
        if claimed is not None and _SPACES.sub(" ", f"{move} ({claimed.strip()})").lower() != actual.lower():
            raise IllegalMoveError(f"{text}: here the step does this: {actual}")
        return move

    def from_json(self, data: Mapping[str, Any]) -> PolisState:
        self.check_game_json(data, "polis")
        return state_from_json(data, self.info)
