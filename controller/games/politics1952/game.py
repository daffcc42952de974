"""The Politics (1952) game object: metadata, the deal, the notation and rebuilding states from JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from controller.games import squares
from controller.games.api import Game, State
from controller.games.errors import IllegalMoveError
from controller.games.info import GameInfo, OptionValue
from controller.games.moves import Move
from controller.games.politics1952 import codec, moves, pins
from controller.games.politics1952.data import BY_ABBR, BY_NAME, BY_SQUARE, CARDS, CARDS_EACH, STATES
from controller.games.politics1952.moves import SEAT_NAMES
from controller.games.politics1952.position import Phase
from controller.games.politics1952.state import PoliticsState
from controller.games.rng import shuffled
from controller.games.squares import FULL_BOARD

SEAT_COUNTS = (2, 3, 4, 5, 6)


class Politics1952(Game):
    state_type = PoliticsState
    info = GameInfo(
        name="politics1952",
        title="Politics (1952)",
        seat_counts=SEAT_COUNTS,
        seat_names={k: SEAT_NAMES[:k] for k in SEAT_COUNTS},
        regions=dict.fromkeys(SEAT_COUNTS, FULL_BOARD),
        chance=True,
        hidden_information=True,
        default_seats=4,
        summary=(
            "Elect yourself President: dice and speech cards win counties, the most counties win a State's "
            "electoral votes, and 266 of the 531 votes win the election."
        ),
        notation="NY (a county in New York), card 7, pass; chance: roll 6 3-1, first 2",
        rules="docs/rules/politics1952.md",
    )

    def initial(self, seats: int, seed: int, options: Mapping[str, OptionValue]) -> PoliticsState:
        # The seed: "He is then dealt three Speech Cards. Any Speech Cards left over after the deal are not used."
        # The deal is the state's generator shuffling the 18 cards; seat k gets the (3k+1)-th to (3k+3)-th.
        deck, rng = shuffled(seed, tuple(c.number for c in CARDS))
        numbers = [cast(int, c) for c in deck]
        hands = tuple(tuple(sorted(numbers[CARDS_EACH * k : CARDS_EACH * (k + 1)])) for k in range(seats))
        return PoliticsState(
            n=seats,
            rng=rng,
            phase=Phase.FIRST,
            turn=-1,
            active=tuple(range(seats)),
            board=tuple(pins.empty(s.lines) for s in STATES),
            hands=hands,
            played=((),) * seats,
        )

    def parse_move(self, text: str, state: State, seat: int | None) -> Move:
        move = moves.parse(text)
        if not isinstance(state, PoliticsState):
            raise IllegalMoveError("that is not a Politics position")
        state.check(move, seat)
        return move

    def from_json(self, data: Mapping[str, Any]) -> PoliticsState:
        self.check_game_json(data, self.name)
        return codec.decode(data)

    def static_json(self, seats: int) -> dict[str, Any]:
        """The printed board for the page: the map, the group colours, the spare squares and the card texts (the
        deck is public; who holds which card is not, so no hand is here)."""
        return codec.board_json()

    def square_name(self, square: int) -> str:
        """A state's square by its abbreviation (NY); the spare squares keep their physical names (a9)."""
        state = BY_SQUARE.get(square)
        return state.abbr if state is not None else squares.name(square)

    def parse_square(self, text: str) -> int:
        """A square by a state's abbreviation or name (any case), or by its physical name."""
        state = BY_ABBR.get(text.strip().upper()) or BY_NAME.get(" ".join(text.lower().split()))
        return state.square if state is not None else squares.parse(text)
