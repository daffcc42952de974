"""Polis (seed 001): one step makes the neighbours hop, then dogs flanked by enemies are captured.

The package: `board` (geometry and bitboard tables), `rules` (options), `turn` (resolving one step),
`state` (the position), `words` (explanations and annotations), `codec` (JSON), `game` (the Game).
"""

from controller.games.polis.game import Polis
from controller.games.polis.moves import PolisMove
from controller.games.polis.rules import Rules
from controller.games.polis.state import PolisState

__all__ = ["Polis", "PolisMove", "PolisState", "Rules"]
