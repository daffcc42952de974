"""Which knowledge each game has; a game without any plays by its rules alone. A game's knowledge (and with it the
game's rules engine) is imported the first time a computer plays it: a board playing one game never loads the
others' (a tenth of a second of start-up here, a second on a Raspberry Pi Zero 2 W)."""

from __future__ import annotations

import importlib

from controller.ai.knowledge import Knowledge

# game -> "module:Class" of its knowledge
_KNOWLEDGE: dict[str, str] = {
    "politrics": "controller.ai.games.politrics:PolitricsKnowledge",
    "polis": "controller.ai.games.polis:PolisKnowledge",
    "politics1952": "controller.ai.games.politics1952:PoliticsKnowledge",
    "chesspolitik": "controller.ai.games.chesspolitik:ChesspolitikKnowledge",
    "djambi": "controller.ai.games.djambi:DjambiKnowledge",
}
_GENERIC = Knowledge()
_LOADED: dict[str, Knowledge] = {}


def knowledge_for(game: str) -> Knowledge:
    known = _LOADED.get(game)
    if known is None:
        entry = _KNOWLEDGE.get(game)
        if entry is None:
            return _GENERIC
        module, _, name = entry.partition(":")
        made = getattr(importlib.import_module(module), name)()
        assert isinstance(made, Knowledge)
        known = _LOADED[game] = made
    return known
