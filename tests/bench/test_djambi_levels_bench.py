"""Djambi's levels as the arena plays them: the playouts each level's CPU time allows in the position, by the cost
model fitted on the development machine (`controller/ai/games/djambi.py`, `COST`). A think on an opening board of some
nine hundred moves costs a hundred times one near the end, which is why one playout count per level did not do.

`make bench` prints each think's CPU time: it should come near the level's (easy 0.04 s, normal 0.2 s, hard 0.6 s)
on every board, the widest included. In the normal suite (--benchmark-disable) each think runs once, and the tests
hold that it made exactly the playouts the model gives, that a level above makes more and that a wider board gets
fewer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from controller.ai import LEVELS, Budget, Level, knowledge_for
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


# Widest first: the playouts each level makes may only grow down this list.
BOARDS: dict[str, Callable[[], DjambiState]] = {
    "widest-random": WIDEST["widest-random"].state,
    "start": GAME.new,
    "after 40 moves": lambda: _played(40, 7),
    "after 80 moves": lambda: _played(80, 7),
}


@cache
def _board(name: str) -> tuple[DjambiState, int, dict[str, Any]]:
    """The board `name` (built once: a greedy game takes seconds), its seat to move and that seat's view."""
    state = BOARDS[name]()
    seat = state.to_move
    assert isinstance(seat, int)
    return state, seat, state.view(seat)


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("name", BOARDS)
def test_a_levels_think_by_its_playouts(benchmark: Any, name: str, level: Level) -> None:
    state, seat, view = _board(name)
    playouts = KNOWLEDGE.level_playouts(level, view)
    benchmark.extra_info.update(moves=len(KNOWLEDGE.moves(state, seat)), playouts=playouts, level_seconds=LEVELS[level])
    budget = Budget(playouts=playouts)
    result = benchmark(lambda: Search(GAME, view, seat, KNOWLEDGE, random.Random(1)).run(budget.clock()))
    assert result.iterations == playouts


@pytest.mark.parametrize("level", list(Level))
def test_a_level_makes_fewer_playouts_the_wider_the_board(level: Level) -> None:
    """What the cost model is for: one count per level made as many playouts on every board."""
    counts = [KNOWLEDGE.level_playouts(level, _board(name)[2]) for name in BOARDS]
    assert counts == sorted(counts) and counts[0] < counts[-1], counts


@pytest.mark.parametrize("name", BOARDS)
def test_each_level_makes_more_playouts_than_the_one_below(name: str) -> None:
    counts = [KNOWLEDGE.level_playouts(level, _board(name)[2]) for level in Level]
    assert counts == sorted(set(counts)), counts
