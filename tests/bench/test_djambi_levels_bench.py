"""Djambi's levels as the arena plays them: the playouts each level's CPU time allows in the position, by the cost
model fitted on the development machine (`controller/ai/games/djambi.py`, `COST`). A think on an opening board of some
nine hundred moves costs a hundred times one near the end, which is why one playout count per level did not do.

`make bench` prints each think's CPU time: it should come near the level's (easy 0.04 s, normal 0.2 s, hard 0.6 s)
on every board, the widest included. In the normal suite (--benchmark-disable) each think runs once, and the test
holds that it made exactly the playouts the model gives and that a level above thinks longer.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from controller.ai import LEVELS, Level, knowledge_for
from controller.ai.players import greedy_move
from controller.ai.search import Search
from controller.games.djambi import Djambi
from controller.games.djambi.state import DjambiState
from tests.bench.djambi_widest import WIDEST

GAME = Djambi()
KNOWLEDGE = knowledge_for("djambi")


def _played(plies: int, seed: int) -> DjambiState:
    """A position `plies` moves into a seeded game of greedy players (fewer pieces, fewer moves, as a game goes on)."""
    state = GAME.new(None, seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        assert state.to_move is not None
        state = state.play(greedy_move(KNOWLEDGE, state, state.to_move, rnd).move)
    assert isinstance(state, DjambiState) and state.to_move is not None
    return state


@cache
def _positions() -> dict[str, DjambiState]:
    return {
        "start": GAME.new(),
        "widest-random": WIDEST["widest-random"].state(),
        "after 40 moves": _played(40, 7),
        "after 80 moves": _played(80, 7),
    }


NAMES = ["start", "widest-random", "after 40 moves", "after 80 moves"]


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("name", NAMES)
def test_a_levels_think_by_its_playouts(benchmark: Any, name: str, level: Level) -> None:
    state = _positions()[name]
    seat = state.to_move
    assert isinstance(seat, int)
    view = state.view(seat)
    playouts = KNOWLEDGE.level_playouts(level, view)
    benchmark.extra_info.update(moves=len(KNOWLEDGE.moves(state, seat)), playouts=playouts, level_seconds=LEVELS[level])
    result = benchmark(lambda: Search(GAME, view, seat, KNOWLEDGE, random.Random(1)).run(_stop_at(playouts)))
    assert result.iterations == playouts
    if level is not Level.HARD:
        above = Level.NORMAL if level is Level.EASY else Level.HARD
        assert KNOWLEDGE.level_playouts(above, view) > playouts


def _stop_at(playouts: int) -> Any:
    return lambda iterations: iterations >= playouts
