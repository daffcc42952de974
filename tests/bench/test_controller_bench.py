"""Controller benchmarks: sensor event to decision and lights in every game, turn-start indexing, scene to frame.

Run with `make bench` (pytest-benchmark); in the normal suite they run once each as smoke tests.
"""

from __future__ import annotations

import random

import pytest

from controller.games import State, load
from controller.games.playout import random_step
from controller.lights import SceneInput, render
from controller.recognizer import Recognizer, build_index
from tests.bench import widest


def politrics_positions(n: int, placement: bool) -> list:
    game = load("politrics")
    rnd = random.Random(5)
    out: list[State] = []
    while len(out) < n:
        s = game.new(seed=rnd.randrange(1000))
        for _ in range(rnd.randrange(0, 20) if placement else rnd.randrange(40, 120)):
            if s.to_move is None:
                break
            s = random_step(s, rnd)
        if s.to_move is not None and isinstance(s.to_move, int):
            out.append(s)
    return out


@pytest.mark.parametrize("phase", ["placement", "movement"])
def test_turn_start_indexing(benchmark, phase: str) -> None:
    states = politrics_positions(20, placement=phase == "placement")

    def index_all() -> int:
        return sum(len(build_index(s, s.legal_moves()).candidates) for s in states)

    assert benchmark(index_all) > 0


@pytest.mark.parametrize("game", [g for g in widest.GAMES if g != "chesspolitik"])
def test_sensor_event_to_decision_and_lights(benchmark, game: str) -> None:
    """Every sensor event of a sample of moves in the game's widest positions, each as the controller's loop
    handles it, up to the LED frame of the new scene (tests.bench.widest.sensor_events)."""
    positions = widest.widest(game, games=3)
    seen = benchmark.pedantic(
        lambda: [t for p in positions for t in widest.sensor_events(p.state, moves=10)], rounds=1, iterations=1
    )
    benchmark.extra_info["events"] = len(seen)
    benchmark.extra_info["p99_ms"] = widest.percentile(seen, 0.99) * 1e3
    assert seen


def test_scene_to_frame(benchmark) -> None:
    for state in politrics_positions(20, placement=False):
        index = build_index(state, state.legal_moves())
        if any(c.decision_lifts for c in index.candidates):
            break
    rec = Recognizer()
    rec.begin_turn(index, state.occupancy(), 0.0)
    lifted = next(iter(c.decision_lifts for c in index.candidates if c.decision_lifts))
    rec.board(state.occupancy() & ~lifted, 0.1)
    scene = SceneInput(rec.guidance(), (1 << 81) - 1, marks={0: 0}, confirmed=lifted, confirmed_at=0.0)
    frame = benchmark(render, scene, 0.3)
    assert len(frame) == 81 and any(rgb != (0, 0, 0) for rgb in frame)
