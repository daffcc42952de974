"""Djambi speed: listing the legal moves and their physical effects at turn start (the recognizer's index).

Target: turn-start indexing under 20 ms even for the widest positions. Run the numbers with
`make bench`; in the normal suite (--benchmark-disable) these are quick smoke tests of the same code.

Two indexes are measured: the engine's share (every legal move's effect, and with the near misses theirs too, into a
dictionary by occupancy) and the recognizer's real `build_index` (which adds its own per-candidate work: touched
squares, square indexes), each with and without the near misses.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from controller.games.djambi import Djambi
from controller.games.djambi.state import DjambiState
from controller.games.physical import Effect
from controller.recognizer import TurnIndex, build_index
from tests.bench.djambi_widest import WIDEST, fresh

GAME = Djambi()

# The start, and the widest positions (tests/bench/djambi_widest.py): (state, legal moves of the seat to move).
POSITIONS: dict[str, tuple[DjambiState, int]] = {
    "start": (GAME.new(), 891),
    **{name: (w.state(), w.moves) for name, w in WIDEST.items()},
}
NEAR_MISSES = {"start": 57, **{name: w.near_misses for name, w in WIDEST.items()}}


def index(state: DjambiState, near_misses: bool = False) -> dict[int, list[Effect]]:
    """What the recognizer does at turn start: every legal move's effect, indexed by the occupancy it leads to."""
    occ = state.occupancy()
    out: dict[int, list[Effect]] = {}
    for move in state.legal_moves():
        effect = state.effect(move)
        out.setdefault(effect.after_decision(occ), []).append(effect)
    if near_misses:
        for miss in state.near_misses():
            out.setdefault(miss.effect.after_decision(occ), []).append(miss.effect)
    return out


@pytest.mark.parametrize("name", POSITIONS)
def test_list_moves(benchmark: Any, name: str) -> None:
    state, expected = POSITIONS[name]
    benchmark.extra_info["legal_moves"] = expected
    moves = benchmark(lambda: fresh(state).legal_moves())
    assert len(moves) == expected


@pytest.mark.parametrize("name", POSITIONS)
def test_list_moves_and_effects(benchmark: Any, name: str) -> None:
    state, expected = POSITIONS[name]
    benchmark.extra_info["legal_moves"] = expected

    def run() -> list[Effect]:
        fresh_state = fresh(state)
        return [fresh_state.effect(m) for m in fresh_state.legal_moves()]

    assert len(benchmark(run)) == expected


@pytest.mark.parametrize("name", POSITIONS)
def test_turn_start_index(benchmark: Any, name: str) -> None:
    """Listing and effects plus the recognizer's own share: each effect's occupancy, into a dictionary."""
    state, expected = POSITIONS[name]
    benchmark.extra_info["legal_moves"] = expected
    indexed = benchmark(lambda: index(fresh(state)))
    assert sum(len(v) for v in indexed.values()) == expected


@pytest.mark.parametrize("name", POSITIONS)
def test_list_near_misses(benchmark: Any, name: str) -> None:
    state, _ = POSITIONS[name]
    benchmark.extra_info["near_misses"] = NEAR_MISSES[name]
    misses = benchmark(lambda: fresh(state).near_misses())
    assert len(misses) == NEAR_MISSES[name]


@pytest.mark.parametrize("name", POSITIONS)
def test_turn_start_index_with_near_misses(benchmark: Any, name: str) -> None:
    state, expected = POSITIONS[name]
    benchmark.extra_info["candidates"] = expected + NEAR_MISSES[name]
    indexed = benchmark(lambda: index(fresh(state), near_misses=True))
    assert sum(len(v) for v in indexed.values()) == expected + NEAR_MISSES[name]


@pytest.mark.parametrize("near_misses", [False, True], ids=["legal", "with-near-misses"])
@pytest.mark.parametrize("name", POSITIONS)
def test_recognizer_build_index(benchmark: Any, name: str, near_misses: bool) -> None:
    """The recognizer's whole turn-start work (controller.recognizer.build_index) on this game's moves."""
    state, expected = POSITIONS[name]

    def run() -> TurnIndex:
        fresh_state = fresh(state)
        return build_index(fresh_state, fresh_state.legal_moves(), with_near_misses=near_misses)

    built = benchmark(run)
    # Moves said on the page (pass, resign, draws) have no physical decision and are left out of the index.
    assert len(built.candidates) == expected - 2 + (NEAR_MISSES[name] if near_misses else 0)


def test_random_game(benchmark: Any) -> None:
    """A whole random game, listing every position's moves on the way (the playout tests' cost)."""

    def game(seed: int = 3) -> int:
        rnd = random.Random(seed)
        state = GAME.new(seed=seed)
        plies = 0
        while state.to_move is not None:
            state = state.play(rnd.choice(state.legal_moves()))
            plies += 1
        return plies

    assert benchmark(game) > 0
