"""The game API: a `Game` (what a game is, how to start it and read its notation) and its `State`s (positions).

The two refer to each other (a state's game, a game's states), so they share this module; a game package's state
module never imports its game module: the game names its state class and so binds `State.game` to itself.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache, cached_property
from typing import Any, ClassVar, Self

from controller.games import squares
from controller.games.errors import IllegalMoveError, InvalidMoveError, SetupError, StateFormatError
from controller.games.info import GameInfo, OptionValue
from controller.games.moves import Move, Orders
from controller.games.outcome import Outcome
from controller.games.physical import Effect, NearMiss, Piece
from controller.games.rng import fresh_seed
from controller.games.squares import Region, mask
from controller.games.turns import CHANCE, SIMULTANEOUS, ToMove

JSON = dict[str, Any]


@cache
def _derived(cls: type) -> tuple[str, ...]:
    """The names under which a state class keeps what it works out once (its `cached_property`s)."""
    return tuple(
        value.attrname or key
        for klass in cls.__mro__
        for key, value in vars(klass).items()
        if isinstance(value, cached_property)
    )


class State(ABC):
    """The game API's position. Subclasses are frozen dataclasses, so equal positions compare and hash equal."""

    __slots__ = ()

    # The game this class holds positions of, bound by that game's class (its `state_type`), so a state module
    # never imports its game: the game imports the state.
    _game_type: ClassVar[type[Game] | None] = None

    @property
    def game(self) -> Game:
        """The game this is a position of: the one shared instance of it."""
        game_type = type(self)._game_type
        if game_type is None:
            raise TypeError(f"{type(self).__name__} belongs to no game: name it as the `state_type` of its Game")
        return game_type.shared()

    # --- what a game must say -----------------------------------------------------------------------------

    @property
    @abstractmethod
    def seats(self) -> int:
        """How many seats play."""

    @property
    @abstractmethod
    def to_move(self) -> ToMove:
        """The seat to act, CHANCE, SIMULTANEOUS, or None once the game is over."""

    @abstractmethod
    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        """The moves `seat` (by default the seat to move) may make now.

        At a chance node (seat None) these are the chance outcomes; in a simultaneous phase, with a seat, the single
        orders that seat may give. A seat may also have moves out of turn (a Politrics declaration); a seat with
        nothing to do gets an empty tuple.
        """

    @abstractmethod
    def play(self, move: Move) -> State:
        """The position after `move`; raises IllegalMoveError when it is not legal here."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""

    @abstractmethod
    def pieces(self) -> Mapping[int, Piece]:
        """The pieces standing on the physical board, by square index."""

    @abstractmethod
    def effect(self, move: Move) -> Effect:
        """What `move` does to the physical pieces: the player's decision and the forced chores."""

    @abstractmethod
    def to_json(self) -> JSON:
        """Everything needed to rebuild this state with `game.from_json` (secrets included)."""

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """This state as `seat` may see it (None: a spectator): other seats' secrets are left out."""

    # --- shared behaviour ---------------------------------------------------------------------------------
    def occupancy(self) -> int:
        """The 81-bit occupancy of the physical board in this position."""
        return mask(self.pieces())

    def is_over(self) -> bool:
        return self.to_move is None

    def is_legal(self, move: Move) -> bool:
        try:
            self.play(move)
        except IllegalMoveError:
            return False
        return True

    def submit(self, seat: int, orders: Iterable[Move]) -> State:
        """Hand in `seat`'s secret orders for a simultaneous phase."""
        if self.to_move is not SIMULTANEOUS:
            raise IllegalMoveError("orders are only handed in during a phase of simultaneous orders")
        return self.play(Orders(seat, tuple(orders)))

    def waiting_for(self) -> frozenset[int]:
        """In a simultaneous phase, the seats whose orders are still missing."""
        return frozenset()

    def orders_go_on(self, seat: int | None, after: State) -> bool:
        """Whether `after`, reached by `seat` handing in orders here, is still this phase of orders. A phase ends
        only once every awaited seat has handed in, so within it the seats awaited are this state's less `seat`;
        the next phase opens awaiting a fresh set, which may be a subset of this one's (a Winter where only the
        last power of the Fall adjusts)."""
        if self.to_move is not SIMULTANEOUS or after.to_move is not SIMULTANEOUS:
            return False
        return after.waiting_for() == self.waiting_for() - {seat}

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """At a chance node, every outcome with its probability."""
        raise IllegalMoveError("nothing is left to chance here")

    def sample_chance(self) -> Move:
        """At a chance node, the outcome the state's own seeded generator draws (games replay exactly)."""
        raise IllegalMoveError("nothing is left to chance here")

    def listing(self) -> Iterator[None]:
        """The legal moves of the seat to move listed a part at a time, for a caller that spreads the work over
        slices of its own (the controller's loop at a turn's start) before it asks `legal_moves()`: each step of the
        iterator does a share of the work, kept for `legal_moves()`. By default no step: `legal_moves()` does all of
        it; a game with thousands of moves a turn that keeps its list lists them a few at a time."""
        yield from ()

    def page_moves(self, seat: int) -> tuple[Move, ...]:
        """`seat`'s legal moves with no physical decision (declarations, concessions, speech cards): they are made
        on the page, never read from the pieces. By default every legal move's effect is worked out; a game whose
        board moves always have a decision overrides this to work out only the others' (a wide Djambi turn has
        thousands of moves and two page moves)."""
        return tuple(m for m in self.legal_moves(seat) if not self.effect(m).has_decision)

    def outlines(self, moves: Sequence[Move]) -> list[tuple[int, int]] | None:
        """For each of `moves`, two masks read from the move alone, before its effect is worked out: the squares
        its decision lifts pieces from (the squares it taps when its decision moves no piece), and squares that
        include every square its steps lift or fill and its decision taps (0 when the player does nothing on the
        board: the move is said on the page). None: no cheaper than the effects themselves (the default).

        A game with thousands of moves a turn (Djambi's corpse placements) answers these, so the recognizer works
        out the effects only of the moves whose squares the board touches."""
        return None

    def near_misses(self) -> tuple[NearMiss, ...]:
        """Illegal moves a player may physically try now, each with its effect, reason and explaining squares."""
        return ()

    def marks(self) -> Mapping[int, int]:
        """Squares the LEDs colour dimly for a seat (a Politics state's leader, the acting Djambi player's Chief)."""
        return {}

    def signs(self) -> Mapping[int, str]:
        """Squares off the play that show the game's information in a colour of their own, as `#rrggbb` (the
        Politics die's group colour on its square). Drawn dim and steady, under every meaning of the LEDs."""
        return {}

    def record(self, move: Move) -> str:
        """The move as the move list shows it, with what it caused (Polis: 'b7-c6 (hops c7>c5; captures e5)').

        `game.parse` must read it back to the same move; by default it is the plain notation."""
        return str(move)

    def describe(self, move: Move) -> str:
        """A sentence for a player ('Place a Voter on 33'); the prompt and the move list use it."""
        return str(move)

    def forget(self) -> None:
        """Drop what this position worked out and keeps for later (its move list, its near misses: the games'
        `cached_property`s, no part of its value); asked again, it works them out again. A position kept only
        as history needs none of it, and its thousands of moves would otherwise be traversed by every full
        garbage collection for as long as the game lasts."""
        kept = getattr(self, "__dict__", None)
        if kept:
            for name in _derived(type(self)):
                kept.pop(name, None)

    def turn_text(self) -> str:
        """Whose turn it is, in words, for the page."""
        to_move = self.to_move
        if to_move is None:
            result = self.outcome()
            return result.reason if result else "The game is over"
        if not isinstance(to_move, int):
            return "Roll the dice" if to_move is CHANCE else "Waiting for orders"
        names = self.game.info.seat_names.get(self.seats, ())
        return f"{names[to_move] if to_move < len(names) else f'Seat {to_move}'} to move"


class Game(ABC):
    """One game (or variant: a subclass with its own name). Instances hold no state and are cheap."""

    info: ClassVar[GameInfo]
    # The class of this game's positions; naming it binds `State.game` of those positions to this game.
    state_type: ClassVar[type[State]]
    _shared: ClassVar[Game]  # set per class by `shared`

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        state_type = cls.__dict__.get("state_type")
        if state_type is None:
            return
        bound = state_type._game_type
        if bound is not None and bound is not cls:
            raise TypeError(f"{state_type.__name__} is already the state of {bound.__name__}")
        state_type._game_type = cls

    @classmethod
    def shared(cls) -> Self:
        """The one instance of this game that its states and the registry hand out (a Game holds no state, so one
        serves everyone; creating it twice in a race would only waste an object)."""
        instance = cls.__dict__.get("_shared")
        if not isinstance(instance, cls):
            instance = cls()
            cls._shared = instance
        return instance

    @property
    def name(self) -> str:
        return self.info.name

    def new(self, seats: int | None = None, seed: int | None = None, **options: object) -> State:
        """The starting position; SetupError for an impossible seat count or a bad option."""
        n = self.info.check_seats(seats)
        resolved = self.info.resolve_options(options)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
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
