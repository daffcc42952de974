"""Computer players for every game through the game API alone: one search engine (IS-MCTS with chance and
simultaneous nodes, a reward per seat), per-game knowledge behind one small interface, and the simple players the
arena measures it against. Pure: it imports nothing of the project but controller.games."""

from controller.ai.budget import LEVELS, Budget, Level
from controller.ai.knowledge import Knowledge
from controller.ai.players import Player, greedy, make_player, mcts, random_player, think
from controller.ai.registry import knowledge_for

__all__ = [
    "LEVELS",
    "Budget",
    "Knowledge",
    "Level",
    "Player",
    "greedy",
    "knowledge_for",
    "make_player",
    "mcts",
    "random_player",
    "think",
]
