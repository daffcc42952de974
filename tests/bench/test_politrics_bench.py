"""Politrics speed: listing legal moves (the widest placement position under 1 ms), playing moves in both phases,
and the recognizer's turn-start index (the target: under 10 ms). Run with `make bench`; in the normal test run each body
runs once, untimed, as a smoke test."""

from __future__ import annotations

import random
from typing import Any

from controller.games.moves import Move
from controller.games.politrics import Politrics, PolitricsState
from controller.recognizer import TurnIndex, build_index

GAME = Politrics()


def _fresh(state: PolitricsState) -> PolitricsState:
    """An equal state without the cached move list, so each round lists the moves anew."""
    return PolitricsState(
        state.rules, state.board, state.lineup, state.turn, state.declared, state.boards, state.history
    )


def _positions(placing: bool, count: int = 200, seed: int = 5) -> list[tuple[PolitricsState, Move]]:
    """Positions of random matches in one phase, each with a random legal move."""
    rnd = random.Random(seed)
    out: list[tuple[PolitricsState, Move]] = []
    state = GAME.new()
    while len(out) < count:
        if state.to_move is None:
            state = GAME.new()
        moves = state.legal_moves()
        move = rnd.choice(moves)
        if state.placing == placing and rnd.random() < 0.3:
            out.append((_fresh(state), move))
        nxt = state.play(move)
        assert isinstance(nxt, PolitricsState)
        state = nxt
    return out


def _mean(benchmark: Any) -> float | None:
    stats = getattr(benchmark, "stats", None)
    return None if stats is None else float(stats.stats.mean)


def test_the_widest_placement_position_lists_its_moves(benchmark: Any) -> None:
    start = GAME.new()
    moves = benchmark.pedantic(lambda s: s.legal_moves(), setup=lambda: ((_fresh(start),), {}), rounds=2000)
    assert len(moves) == 373
    mean = _mean(benchmark)
    assert mean is None or mean < 0.001


def _list_all(states: list[PolitricsState]) -> int:
    return sum(len(s.legal_moves()) for s in states)


def _bench_listing(benchmark: Any, placing: bool) -> None:
    states = [s for s, _ in _positions(placing)]
    total = benchmark.pedantic(_list_all, setup=lambda: (([_fresh(s) for s in states],), {}), rounds=30)
    assert total > 0


def test_listing_moves_in_the_placement_phase(benchmark: Any) -> None:
    _bench_listing(benchmark, placing=True)


def test_listing_moves_in_the_movement_phase(benchmark: Any) -> None:
    _bench_listing(benchmark, placing=False)


def _play_all(pairs: list[tuple[PolitricsState, Move]]) -> int:
    return sum(1 for state, move in pairs if state.play(move) is not None)


def test_playing_moves_in_the_placement_phase(benchmark: Any) -> None:
    pairs = _positions(placing=True)
    assert benchmark(_play_all, pairs) == len(pairs)


def test_playing_moves_in_the_movement_phase(benchmark: Any) -> None:
    pairs = _positions(placing=False)
    assert benchmark(_play_all, pairs) == len(pairs)


def test_turn_start_indexing_of_the_widest_position(benchmark: Any) -> None:
    """The recognizer's own index (every legal move and near miss) of the start, the widest placement position."""
    start = GAME.new()

    def index() -> TurnIndex:
        state = _fresh(start)
        return build_index(state, state.legal_moves())

    built = benchmark(index)
    # 81 squares a figure can be set on; the President's 49 share them with the others (a prompt asks which).
    assert len({c.decision_occ for c in built.candidates}) == 81
    mean = _mean(benchmark)
    assert mean is None or mean < 0.010
