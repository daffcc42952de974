"""The errors of the game API.

Every one is a ValueError whose message a player can read: the web page and the referee show it as it is.
"""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error the game API raises."""


class InvalidMoveError(GameError):
    """The text is not a move in this game's notation at all."""


class IllegalMoveError(GameError):
    """The move is well formed but not legal in this position (or not this seat's to make).

    `squares` are physical squares that show why (the pieces that would capture a Polis dog, the Civil Servant
    whose Aura the President would enter); the LEDs mark them while the page says the message.
    """

    def __init__(self, message: str, squares: frozenset[int] = frozenset()) -> None:
        super().__init__(message)
        self.squares = squares


class AmbiguousMoveError(GameError):
    """The text fits more than one legal move; say which."""


class SetupError(GameError):
    """A new game was asked for with an impossible seat count, an unknown option or a bad option value."""


class StateFormatError(GameError):
    """A JSON document does not describe a valid state of this game."""


class UnknownGameError(GameError):
    """No game of that name is registered."""
