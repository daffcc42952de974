"""Controller benchmarks (issue 4's numbers): sensor event to decision, turn-start indexing, scene to frame.

Run with `make bench` (pytest-benchmark); in the normal suite they run once each as smoke tests.
"""

from __future__ import annotations

import random

import pytest

from controller.games import State, load
from controller.games.playout import random_step
from controller.games.squares import bit
from controller.lights import SceneInput, render
from controller.recognizer import Recognizer, build_index
from controller.recognizer.machine import Mode


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


def test_sensor_event_to_decision(benchmark) -> None:
    """One lift and one place through the recognizer, in the widest Politrics position (the start)."""
    state = load("politrics").new(seed=1)
    index = build_index(state, state.legal_moves())
    square = 40  # e5
    rec = Recognizer()
    rec.begin_turn(index, state.occupancy(), 0.0)
    t = [0.0]

    def place_and_lift() -> None:
        t[0] += 1.0
        rec.board(bit(square), t[0])
        rec.board(0, t[0] + 0.1)

    benchmark(place_and_lift)
    assert rec.mode is Mode.TURN


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
