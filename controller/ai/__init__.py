"""Computer players for every game through the game API alone: one search engine (IS-MCTS with chance and
simultaneous nodes, a reward per seat), per-game knowledge behind one small interface, and the simple players the
arena measures it against. Pure: it imports nothing of the project but controller.games.

Only the levels are loaded with the package: a board with no computer seat names them (its seats, its hints) but
never searches, so the search and the players load when first asked for (a few milliseconds of the board's start).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from controller.ai.budget import LEVELS, Budget, Level

if TYPE_CHECKING:
    from controller.ai.knowledge import Knowledge
    from controller.ai.players import Player, follow_up, greedy, make_player, mcts, random_player, think
    from controller.ai.registry import knowledge_for

_LOADED_WHEN_ASKED = {
    "Knowledge": "controller.ai.knowledge",
    "Player": "controller.ai.players",
    "follow_up": "controller.ai.players",
    "greedy": "controller.ai.players",
    "make_player": "controller.ai.players",
    "mcts": "controller.ai.players",
    "random_player": "controller.ai.players",
    "think": "controller.ai.players",
    "knowledge_for": "controller.ai.registry",
}

__all__ = [
    "LEVELS",
    "Budget",
    "Knowledge",
    "Level",
    "Player",
    "follow_up",
    "greedy",
    "knowledge_for",
    "make_player",
    "mcts",
    "random_player",
    "think",
]


def __getattr__(name: str) -> Any:
    module = _LOADED_WHEN_ASKED.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
