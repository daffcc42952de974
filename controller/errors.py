"""Agora's errors: one hierarchy under `AgoraError`, and one table from each error to what a client is answered.

    AgoraError
    ├── GameError            the game's rules say no (controller.games.errors)
    │   ├── InvalidMoveError, IllegalMoveError, AmbiguousMoveError
    │   └── SetupError, StateFormatError, UnknownGameError
    ├── SessionError         not now: the session's state refuses the request (nothing asked, nothing to undo,
    │                        the game is over, not a phase of orders)
    ├── StoreError           the games file cannot be used
    │   └── GameNotStoredError
    ├── BoardError           the board cannot be used as configured
    └── ProtocolError        a referee request that is not one (not JSON, an unknown command, a missing field)

The referee protocol answers `{"kind": ...}` and the web API the same kind with an HTTP status: `answer_for` is the
one place that decides both. The hardware package keeps errors of its own (`hardware.errors`): it may not depend on
the controller's packages. Theirs and `BoardError` are all the port's `BoardTrouble` (controller.ports), which the
commands turn into messages without importing a backend.
"""

from __future__ import annotations

from enum import StrEnum

from controller.games.errors import (
    AgoraError,
    AmbiguousMoveError,
    GameError,
    IllegalMoveError,
    InvalidMoveError,
    SetupError,
    StateFormatError,
    UnknownGameError,
)
from controller.ports import BoardTrouble
from controller.values import dataclass


class SessionError(AgoraError):
    """A request the session cannot do now (nothing to undo, no question asked, the game is over); the message is
    for a player."""


class StoreError(AgoraError):
    """The games file cannot be used (another program holds it, the disk is full, it is not an Agora file)."""


class GameNotStoredError(StoreError):
    """No game of that number is in the games file."""


class BoardError(AgoraError, RuntimeError, BoardTrouble):
    """The board cannot be used as configured (an unknown `--board`, a missing library, no device)."""


class ProtocolError(AgoraError):
    """The request itself is wrong: not JSON, not an object, an unknown command, a missing or mistyped field."""


class ErrorKind(StrEnum):
    """What went wrong, as the referee protocol and the web API name it."""

    INVALID = "invalid"  # not a move (or a request) at all
    ILLEGAL = "illegal"  # well formed, but the rules or the session refuse it now
    AMBIGUOUS = "ambiguous"  # fits more than one move
    PROTOCOL = "protocol"  # the request itself is wrong, or the board cannot serve it
    INTERNAL = "internal"  # a bug


@dataclass(frozen=True, slots=True)
class Answer:
    kind: ErrorKind
    status: int  # the HTTP status the web API answers with


# The one table: the nearest class of an error in it decides its answer. GameError is about the request (400);
# SessionError about the moment (409, the request conflicts with the game's current state).
TABLE: dict[type[AgoraError], Answer] = {
    AgoraError: Answer(ErrorKind.INVALID, 400),
    GameError: Answer(ErrorKind.INVALID, 400),
    InvalidMoveError: Answer(ErrorKind.INVALID, 400),
    IllegalMoveError: Answer(ErrorKind.ILLEGAL, 400),
    AmbiguousMoveError: Answer(ErrorKind.AMBIGUOUS, 400),
    SetupError: Answer(ErrorKind.INVALID, 400),
    StateFormatError: Answer(ErrorKind.INVALID, 400),
    UnknownGameError: Answer(ErrorKind.INVALID, 404),
    SessionError: Answer(ErrorKind.ILLEGAL, 409),
    StoreError: Answer(ErrorKind.PROTOCOL, 503),
    GameNotStoredError: Answer(ErrorKind.PROTOCOL, 404),
    BoardError: Answer(ErrorKind.PROTOCOL, 503),
    ProtocolError: Answer(ErrorKind.PROTOCOL, 400),
}


def answer_for(exc: AgoraError) -> Answer:
    """The kind and HTTP status of `exc`: those of the nearest of its classes in `TABLE`."""
    for cls in type(exc).__mro__:
        found = TABLE.get(cls)
        if found is not None:
            return found
    return TABLE[AgoraError]


__all__ = [
    "TABLE",
    "AgoraError",
    "AmbiguousMoveError",
    "Answer",
    "BoardError",
    "ErrorKind",
    "GameError",
    "GameNotStoredError",
    "IllegalMoveError",
    "InvalidMoveError",
    "ProtocolError",
    "SessionError",
    "SetupError",
    "StateFormatError",
    "StoreError",
    "UnknownGameError",
    "answer_for",
]
