"""Which knowledge each game has; a game without any plays by its rules alone."""

from __future__ import annotations

from controller.ai.games import chesspolitik, djambi, polis, politics1952, politrics
from controller.ai.knowledge import Knowledge

_KNOWLEDGE: dict[str, Knowledge] = {
    "politrics": politrics.PolitricsKnowledge(),
    "polis": polis.PolisKnowledge(),
    "politics1952": politics1952.PoliticsKnowledge(),
    "chesspolitik": chesspolitik.ChesspolitikKnowledge(),
    "djambi": djambi.DjambiKnowledge(),
}
_GENERIC = Knowledge()


def knowledge_for(game: str) -> Knowledge:
    return _KNOWLEDGE.get(game, _GENERIC)
