"""The errors of the game API, and the base of every error of Agora.

`AgoraError` is defined here, with the rules engines, because they import nothing else of the project; the rest of
the hierarchy (sessions, the store, the board) and the table that maps each error to what the referee and the web
API answer are in `controller.errors`. Every message is one a player can read: the page and the referee show it.
"""

from __future__ import annotations


class AgoraError(Exception):
    """Base of every error Agora raises on purpose; its message is for the person at the board."""


class GameError(AgoraError, ValueError):
    """Base of every error the game API raises (a ValueError too: the text or the request is wrong)."""


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
