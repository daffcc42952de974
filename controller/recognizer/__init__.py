"""Recognizing moves from occupancy: the turn index and the state machine.

It works only through the game API's physical effects; no game is named here.
"""

from controller.recognizer.index import Candidate, TurnIndex, build_index
from controller.recognizer.machine import Recognizer, RecognizerSettings
from controller.recognizer.signals import (
    Cancelled,
    ChoresDone,
    IllegalTried,
    MismatchCleared,
    MismatchShown,
    PromptCleared,
    PromptRaised,
    Recognized,
    Signal,
    TakebackSeen,
)

__all__ = [
    "Cancelled",
    "Candidate",
    "ChoresDone",
    "IllegalTried",
    "MismatchCleared",
    "MismatchShown",
    "PromptCleared",
    "PromptRaised",
    "Recognized",
    "Recognizer",
    "RecognizerSettings",
    "Signal",
    "TakebackSeen",
    "TurnIndex",
    "build_index",
]
