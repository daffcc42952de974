"""Politics (Parker Brothers, 1952): the rules engine. The 48 states lie one per square on the 9x9 board; the pins
are virtual, so the board is a display and a touch input. Data: board.toml; rulings: docs/rules/politics1952.md."""

from controller.games.politics1952.game import Politics1952
from controller.games.politics1952.moves import Claim, FirstPlayer, Pass, PlayCard, Roll
from controller.games.politics1952.state import PoliticsState

__all__ = ["Claim", "FirstPlayer", "Pass", "PlayCard", "Politics1952", "PoliticsState", "Roll"]
