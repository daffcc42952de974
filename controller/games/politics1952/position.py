"""What the JSON writer and the display read of a Politics position.

`PoliticsState` has all of it; those modules take this protocol instead of importing the state, so the state can
use them without an import cycle."""

from __future__ import annotations

import enum
from typing import Protocol

from controller.games.politics1952.moves import Roll
from controller.games.politics1952.votes import Board
from controller.games.turns import ToMove


class Phase(enum.StrEnum):
    """Where the game stands: the throw for the first player, a throw of the dice, claims and cards, over."""

    FIRST = "first"
    ROLL = "roll"
    PLAY = "play"
    OVER = "over"


PHASES = tuple(Phase)


class Position(Protocol):
    @property
    def n(self) -> int: ...
    @property
    def rng(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def turn(self) -> int: ...
    @property
    def active(self) -> tuple[int, ...]: ...
    @property
    def board(self) -> Board: ...
    @property
    def hands(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def played(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def dice(self) -> Roll | None: ...
    @property
    def left(self) -> int: ...
    @property
    def card_played(self) -> bool: ...
    @property
    def tabulations(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def to_move(self) -> ToMove: ...
    def claimable(self) -> tuple[int, ...]: ...
    def is_closed(self) -> bool: ...
