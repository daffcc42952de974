"""Djambi (Jean Anesto, 1975) for four players: rules engine behind the game API. See docs/rules/djambi.md."""

from controller.games.djambi.game import Djambi
from controller.games.djambi.moves import Act, AnswerDraw, Go, Master, OfferDraw, Pass, Report, Resign
from controller.games.djambi.rules import Rules
from controller.games.djambi.state import DjambiState

__all__ = [
    "Act",
    "AnswerDraw",
    "Djambi",
    "DjambiState",
    "Go",
    "Master",
    "OfferDraw",
    "Pass",
    "Report",
    "Resign",
    "Rules",
]
