"""Pure rules engines behind one API (docs/game-api.md). No I/O, nothing else of the project."""

from controller.games.api import JSON, Game, State
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
from controller.games.info import Dynamics, GameInfo, Option
from controller.games.moves import Move, Orders
from controller.games.outcome import Outcome, Termination
from controller.games.physical import NO_EFFECT, Effect, NearMiss, Piece, Step
from controller.games.registry import DEFAULT, Registry, load, names
from controller.games.squares import FULL_BOARD, Region
from controller.games.turns import CHANCE, SIMULTANEOUS, Node, ToMove, to_move_json

__all__ = [
    "CHANCE",
    "DEFAULT",
    "FULL_BOARD",
    "JSON",
    "NO_EFFECT",
    "SIMULTANEOUS",
    "AgoraError",
    "AmbiguousMoveError",
    "Dynamics",
    "Effect",
    "Game",
    "GameError",
    "GameInfo",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "NearMiss",
    "Node",
    "Option",
    "Orders",
    "Outcome",
    "Piece",
    "Region",
    "Registry",
    "SetupError",
    "State",
    "StateFormatError",
    "Step",
    "Termination",
    "ToMove",
    "UnknownGameError",
    "load",
    "names",
    "to_move_json",
]
