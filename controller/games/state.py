"""A game position: an immutable value. `play` returns a new state and never changes this one."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from controller.games.errors import IllegalMoveError
from controller.games.moves import Move, Orders
from controller.games.outcome import Outcome
from controller.games.physical import Effect, NearMiss, Piece
from controller.games.squares import mask
from controller.games.turns import CHANCE, SIMULTANEOUS, ToMove

if TYPE_CHECKING:
    from controller.games.game import Game

JSON = dict[str, Any]


class State(ABC):
    """The game API's position. Subclasses are frozen dataclasses, so equal positions compare and hash equal."""

    __slots__ = ()

    # --- what a game must say -----------------------------------------------------------------------------
    @property
    @abstractmethod
    def game(self) -> Game:
        """The game this is a position of."""

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

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """At a chance node, every outcome with its probability."""
        raise IllegalMoveError("nothing is left to chance here")

    def sample_chance(self) -> Move:
        """At a chance node, the outcome the state's own seeded generator draws (games replay exactly)."""
        raise IllegalMoveError("nothing is left to chance here")

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
