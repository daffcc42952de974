"""A game: its metadata, how to start it, how to read its notation, how to rebuild a state from JSON."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from controller.games import squares
from controller.games.errors import InvalidMoveError, StateFormatError
from controller.games.info import GameInfo, OptionValue
from controller.games.moves import Move, Orders
from controller.games.rng import fresh_seed
from controller.games.squares import Region
from controller.games.state import State


class Game(ABC):
    """One game (or variant: a subclass with its own name). Instances hold no state and are cheap."""

    info: ClassVar[GameInfo]

    @property
    def name(self) -> str:
        return self.info.name

    def new(self, seats: int | None = None, seed: int | None = None, **options: object) -> State:
        """The starting position; SetupError for an impossible seat count or a bad option."""
        n = self.info.check_seats(seats)
        resolved = self.info.resolve_options(options)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            from controller.games.errors import SetupError

            raise SetupError(f"a seed is a whole number, not {seed!r}")
        return self.initial(n, fresh_seed() if seed is None else seed, resolved)

    @abstractmethod
    def initial(self, seats: int, seed: int, options: Mapping[str, OptionValue]) -> State:
        """The starting position for a checked seat count and resolved options."""

    @abstractmethod
    def parse_move(self, text: str, state: State, seat: int | None) -> Move:
        """Read one move (or one order, or a chance outcome) in this game's notation."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state written by `State.to_json`; StateFormatError when it is not one."""

    def parse(self, text: str, state: State, seat: int | None = None) -> Move:
        """Read a move in this game's notation; Invalid-, Illegal- or AmbiguousMoveError with a readable message."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is a text, not {text!r}")
        stripped = text.strip()
        if not stripped:
            raise InvalidMoveError("an empty text is not a move")
        if stripped.lower().startswith("orders"):
            return self._parse_orders(stripped, state)
        return self.parse_move(stripped, state, seat)

    def _parse_orders(self, text: str, state: State) -> Orders:
        head, sep, body = text.partition(":")
        parts = head.split()
        if not sep or len(parts) != 2 or not parts[1].isdigit():
            raise InvalidMoveError(f"{text!r}: write orders as 'orders SEAT: ORDER; ORDER; ...'")
        seat = int(parts[1])
        items = [t.strip() for t in body.split(";") if t.strip()]
        return Orders(seat, tuple(self.parse_move(t, state, seat) for t in items))

    def static_json(self, seats: int) -> dict[str, Any]:
        """Data that never changes during a game and the page may draw (a map, card texts); empty by default."""
        return {}

    def region(self, seats: int) -> Region:
        return self.info.region(seats)

    def square_name(self, square: int) -> str:
        """A physical square in this game's own naming (chess-like by default)."""
        return squares.name(square)

    def parse_square(self, text: str) -> int:
        return squares.parse(text)

    @staticmethod
    def check_game_json(data: Mapping[str, Any], name: str) -> None:
        """The common head of every state's JSON: the game's name."""
        if not isinstance(data, Mapping):
            raise StateFormatError("a state is a JSON object")
        if data.get("game") != name:
            raise StateFormatError(f"this state is of game {data.get('game')!r}, not {name!r}")
