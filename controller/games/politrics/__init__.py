"""Politrics: placement from the line-up, jump beats, declared rows of five, a match of boards to 100 points.

The rules are the seed text plus the rulings in docs/rules/politrics.md.
"""

from controller.games.politrics.game import Politrics
from controller.games.politrics.moves import Beat, Concede, Declare, Place, Shift
from controller.games.politrics.state import PolitricsState

__all__ = ["Beat", "Concede", "Declare", "Place", "Politrics", "PolitricsState", "Shift"]
