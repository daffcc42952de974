"""Politics (1952) speed: the recognizer's turn-start index (the target: under 10 ms), a whole random game, the
JSON round trip written after every move. Run with `make bench`; in the normal test run each body runs once, untimed."""

from __future__ import annotations

import json
import random
from typing import Any

from controller.games import CHANCE
from controller.games.playout import random_playout, random_step
from controller.games.politics1952 import Politics1952, PoliticsState
from controller.games.politics1952.data import STATES
from controller.recognizer import build_index

GAME = Politics1952()


def _midgame(seats: int = 6, seed: int = 11, actions: int = 400) -> PoliticsState:
    """A busy position with a seat to move: many pins, some capitals, the board probably closed."""
    rnd = random.Random(seed)
    state = GAME.new(seats, seed=seed)
    for _ in range(actions):
        state = random_step(state, rnd)
    while state.to_move is CHANCE or state.to_move is None:
        if state.to_move is None:
            return _midgame(seats, seed + 1, actions)
        state = random_step(state, rnd)
    assert isinstance(state, PoliticsState)
    return state


def _stat_mean(benchmark: Any) -> float | None:
    stats = getattr(benchmark, "stats", None)
    return None if stats is None else float(stats.stats.mean)


def test_turn_start_indexing(benchmark: Any) -> None:
    """The recognizer's turn-start index: every legal claim and near miss."""
    state = _midgame()
    index = benchmark(lambda: build_index(state, state.legal_moves()))
    # Every state's square is either a legal claim or a near miss with its reason.
    assert {c.must_touch for c in index.candidates} >= {1 << s.square for s in STATES}
    mean = _stat_mean(benchmark)
    assert mean is None or mean < 0.010


def test_a_whole_random_game(benchmark: Any) -> None:
    def game() -> int:
        _, actions = random_playout(GAME.new(4, seed=3), random.Random(3))
        return actions

    actions = benchmark(game)
    assert actions > 0
    mean = _stat_mean(benchmark)
    assert mean is None or mean < 1.0


def test_json_round_trip(benchmark: Any) -> None:
    state = _midgame()

    def round_trip() -> PoliticsState:
        back = GAME.from_json(json.loads(json.dumps(state.to_json())))
        assert isinstance(back, PoliticsState)
        return back

    assert benchmark(round_trip) == state
    mean = _stat_mean(benchmark)
    assert mean is None or mean < 0.002


def test_view_for_the_page(benchmark: Any) -> None:
    state = _midgame()
    view = benchmark(state.view, 0)
    assert "tally" in view
    mean = _stat_mean(benchmark)
    assert mean is None or mean < 0.001
