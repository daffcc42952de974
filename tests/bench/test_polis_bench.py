"""Polis speed: listing the legal moves (each one a full resolution of hops, captures and stuns), turn-start
indexing for the recognizer, and a whole random game. Run with `make bench`; in the normal test run each body runs
once, untimed.

Positions per second = 200 / the mean time of `test_bench_legal_move_listing`.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from controller.games.playout import random_playout
from controller.games.polis import Polis, PolisState
from controller.recognizer import build_index

GAME = Polis()
POSITIONS = 200


@cache
def middle_games() -> tuple[PolisState, ...]:
    """Positions 10 to 60 plies into seeded random games, each with a seat to move."""
    out: list[PolisState] = []
    seed = 0
    while len(out) < POSITIONS:
        rnd = random.Random(seed)
        state = GAME.new(seed=seed)
        for _ in range(rnd.randint(10, 60)):
            if state.to_move is None:
                break
            state = state.play(rnd.choice(state.legal_moves()))
        if state.to_move is not None:
            out.append(state)
        seed += 1
    return tuple(out)


def fresh() -> tuple[tuple[list[PolisState]], dict[str, Any]]:
    # New state objects each round: the legal moves are remembered per state and would be warm otherwise.
    return ([GAME.from_json(s.to_json()) for s in middle_games()],), {}


def _list_moves(states: list[PolisState]) -> int:
    return sum(len(s.legal_moves()) for s in states)


def _index_turns(states: list[PolisState]) -> int:
    """The recognizer's turn-start index (every legal move and near miss) of each position."""
    return sum(len(build_index(state, state.legal_moves()).candidates) for state in states)


def test_bench_legal_move_listing(benchmark: Any) -> None:
    benchmark.group = f"polis: {POSITIONS} middle-game positions"
    benchmark.extra_info["positions"] = POSITIONS
    moves = benchmark.pedantic(_list_moves, setup=fresh, rounds=10)
    assert moves > 20 * POSITIONS


def test_bench_turn_start_indexing(benchmark: Any) -> None:
    benchmark.group = f"polis: {POSITIONS} middle-game positions"
    benchmark.extra_info["positions"] = POSITIONS
    entries = benchmark.pedantic(_index_turns, setup=fresh, rounds=10)
    assert entries > 20 * POSITIONS


def test_bench_random_game(benchmark: Any) -> None:
    benchmark.group = "polis: one random game"
    final, plies = benchmark(lambda: random_playout(GAME.new(seed=3), random.Random(3)))
    assert final.outcome() is not None and plies > 0
