"""Chesspolitik (seed 003): Diplomacy on an 8x8 board for four powers or a 6x6 board for two.

Modules: `board` (maps and setups), `orders` (order values and notation), `checks` (is an order set acceptable),
`adjudicator` (movement resolution), `adjustments` (ownership, builds, disbands), `phases` (resolving a phase),
`report` (the last phase's results), `state` (the position as the game API sees it), `codec` (JSON), `game`
(metadata and entry points). Rulings: docs/rules/chesspolitik.md.
"""

from controller.games.chesspolitik.game import Chesspolitik

__all__ = ["Chesspolitik"]
