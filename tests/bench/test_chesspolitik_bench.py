"""Chesspolitik speed (the target: the same results as the `diplomacy` package and at least 15x faster: the
Numbers table's row, which `tests/bench/phase.py` measures from order texts in to results out).

The same 200 movement phases (random positions and random games of both sizes) go through Agora's adjudicator,
through a whole phase of Agora's game API, and through the reference's set_orders + process; the group shows the
three side by side under `pytest --benchmark-only`. In the normal test run each body runs once, untimed.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from typing import Any

from controller.games.chesspolitik import Chesspolitik
from controller.games.chesspolitik.adjudicator import adjudicate
from tests.differential.compare import UNIT_ORDERS, Phase, sample_phases
from tests.differential.reference import Reference

GAME = Chesspolitik()


@cache
def phases() -> list[Phase]:
    return sample_phases(random.Random(5), 200, {n: GAME.new(n) for n in (2, 4)})


def _adjudicate_all() -> None:
    for state, orders in phases():
        owner = {sq: seat for sq, _, seat in state.units}
        adjudicate(owner, {o.square: o for os in orders.values() for o in os if isinstance(o, UNIT_ORDERS)})


def _play_all(states: list[Any]) -> None:
    for state, (_, orders) in zip(states, phases(), strict=True):
        for seat in sorted(state.participants()):
            state = state.submit(seat, orders.get(seat, ()))
        assert state.report is not None


def _reference_all(refs: list[Reference]) -> None:
    for ref, (_, orders) in zip(refs, phases(), strict=True):
        ref.run(orders)


def test_bench_adjudication(benchmark: Any) -> None:
    benchmark.group = "chesspolitik: 200 movement phases"
    benchmark(_adjudicate_all)


def _states() -> tuple[tuple[list[Any]], dict[str, Any]]:
    """Fresh states, each with the data its previous phase hands on (as `tests/bench/phase.py` starts them)."""
    states = [replace(s) for s, _ in phases()]
    for state in states:
        state.participants()
    return (states,), {}


def _references() -> tuple[tuple[list[Reference]], dict[str, Any]]:
    refs = [Reference(s) for s, _ in phases()]
    for ref in refs:
        ref.game.build_caches()  # what its previous phase's process() leaves
    return (refs,), {}


def test_bench_whole_phase_through_the_api(benchmark: Any) -> None:
    benchmark.group = "chesspolitik: 200 movement phases"
    benchmark.pedantic(_play_all, setup=_states, rounds=10)


def test_bench_reference_whole_phase(benchmark: Any) -> None:
    benchmark.group = "chesspolitik: 200 movement phases"
    benchmark.pedantic(_reference_all, setup=_references, rounds=3)
