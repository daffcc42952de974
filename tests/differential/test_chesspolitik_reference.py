"""Agora's Chesspolitik against the reference adjudicator (PyPI `diplomacy`), on a bounded, seeded sample.

The long run is `python -m tests.differential.run_long` (by hand). Disagreements are printed with the position and
the orders, so a failure here is a ready-made adjudication test case.
"""

from __future__ import annotations

import random

import pytest

from controller.games.chesspolitik import Chesspolitik
from tests.differential.compare import Tally, run_games, run_positions

GAME = Chesspolitik()

# Every kind of event the comparison must have met for the run to mean something.
EXPECTED = {
    "moved": 1000,
    "bounced": 1000,
    "dislodged": 100,
    "supported": 500,
    "cut": 100,
    "void": 500,
    "held": 500,
    "circular movement": 20,
    "centre changes": 500,
    "solo": 10,
    "built": 100,
    "disbanded": 20,
    "waived": 100,
    "civil disorder disband": 3,
}


@pytest.fixture(scope="module")
def tally() -> Tally:
    result = Tally()
    rnd = random.Random(20240601)
    run_positions(rnd, 4, 1100, result, validate=3)
    run_positions(rnd, 2, 700, result, validate=3)
    run_games(rnd, 4, 25, 12, result, GAME.new(4))
    run_games(rnd, 2, 25, 12, result, GAME.new(2))
    print(result.summary())
    return result


def test_agora_and_the_reference_decide_every_phase_alike(tally: Tally) -> None:
    assert tally.phases >= 3000
    assert not tally.disagreements, "\n".join(tally.disagreements[:5])


def test_agora_refuses_exactly_the_orders_the_reference_drops(tally: Tally) -> None:
    assert tally.checked_orders >= 4000
    assert not tally.validation_disagreements, "\n".join(tally.validation_disagreements[:5])


def test_the_sample_covers_every_rule(tally: Tally) -> None:
    missing = {k: (tally.events[k], n) for k, n in EXPECTED.items() if tally.events[k] < n}
    assert not missing, f"seen fewer than expected (seen, expected): {missing}"


def test_the_known_disagreement_is_the_references_head_to_head_rule() -> None:
    from tests.differential.compare import play_phase
    from tests.differential.positions import position
    from tests.differential.reference import Reference

    state = position("France K c3, France N b5, England K d3, England N d5, England K d2", seats=2)
    parse = GAME.parse
    orders = {
        0: [parse("K c3 - d3", state), parse("N b5 S K d3 - c3", state)],
        1: [parse("K d3 - c3", state), parse("N d5 S K d3 - c3", state), parse("K d2 S K c3 - d3", state)],
    }
    tally = Tally()
    assert play_phase(state, orders, Reference(state), tally) is None
    assert not tally.disagreements and len(tally.known_deviations) == 1
    assert "dislodged: Agora [] reference ['c3']" in tally.known_deviations[0]
