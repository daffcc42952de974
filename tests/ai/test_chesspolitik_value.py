"""How the computer judges a four-seat Chesspolitik position, where only a solo wins: centres counted as they will
stand after the next Fall, every power's share kept alive however far behind it is, and a leader near the solo
taking the others' shares over."""

from __future__ import annotations

import dataclasses
import itertools

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from controller.ai.games.chesspolitik import ChesspolitikKnowledge, projected
from controller.games import load
from controller.games.chesspolitik.state import ChesspolitikState
from controller.games.squares import index
from tests.strategies import states

KNOWLEDGE = ChesspolitikKnowledge()
GAME = load("chesspolitik")


def holding(counts: list[int]) -> ChesspolitikState:
    """A four-seat Spring position without units where seat k owns counts[k] centres (the rest neutral)."""
    start = GAME.new(4)
    assert isinstance(start, ChesspolitikState)
    centres = sorted(start.board.centres)
    assert sum(counts) <= len(centres)
    owners: list[tuple[int, int]] = []
    for seat, count in enumerate(counts):
        owners += [(centres.pop(), seat) for _ in range(count)]
    return dataclasses.replace(start, units=(), owners=tuple(sorted(owners)))


def test_a_unit_walked_onto_a_centre_in_spring_counts_as_holding_it():
    start = GAME.new(4)
    assert isinstance(start, ChesspolitikState)
    ottoman = start.powers.index("Ottoman")
    after = start.submit(ottoman, [GAME.parse("N a2 - c3", start, ottoman)])
    for seat in sorted(after.waiting_for()):
        after = after.submit(seat, ())  # the others hold
    assert isinstance(after, ChesspolitikState) and after.season == "fall"
    assert after.unit_map()[index(2, 2)] == ("N", ottoman) and index(2, 2) not in after.owner_map()
    values = KNOWLEDGE.evaluate(after)
    # Nobody owns c3 yet (that waits for the Fall), but standing on it is what takes it.
    assert all(values[ottoman] > values[k] for k in range(4) if k != ottoman)


def test_a_power_far_behind_still_has_something_to_win():
    behind = KNOWLEDGE.evaluate(holding([4, 12, 8, 8]))
    gained = KNOWLEDGE.evaluate(holding([5, 11, 8, 8]))
    assert behind[0] > 0.03  # a softmax of the lead gives it e^-8 of the leader's share
    assert gained[0] - behind[0] > 0.01


def test_a_leader_near_the_solo_takes_the_others_shares_over():
    others = [1 - KNOWLEDGE.evaluate(holding([5, c, 5, 5]))[1] for c in range(10, 18)]
    assert all(a > b for a, b in itertools.pairwise(others))
    assert KNOWLEDGE.evaluate(holding([5, 17, 5, 5]))[1] == 1.0  # 17 as they stand: only the Fall is left to play


def test_stopping_the_leader_near_the_solo_is_worth_about_as_much_as_growing():
    base = KNOWLEDGE.evaluate(holding([8, 5, 5, 13]))[0]
    stopped = KNOWLEDGE.evaluate(holding([8, 6, 5, 12]))[0]  # the leader's centre went to a third power
    grown = KNOWLEDGE.evaluate(holding([9, 5, 5, 12]))[0]
    assert stopped > base
    assert stopped - base > (grown - base) / 2


@given(state=states("chesspolitik", seats=4, ongoing=True, max_actions=40), data=st.data())
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_centre_passing_from_the_leader_to_another_power_is_good_for_that_power(state, data):
    assert isinstance(state, ChesspolitikState)
    values = KNOWLEDGE.evaluate(state)
    assert abs(sum(values) - 1) < 1e-9 and all(0 <= v <= 1 for v in values)
    occupied = {sq for sq, _, _ in state.units}
    owners = state.owner_map()
    counts = [0] * 4
    for seat in owners.values():
        counts[seat] += 1
    leader = max(range(4), key=counts.__getitem__)
    free = sorted(c for c, seat in owners.items() if seat == leader and c not in occupied)
    assume(free)
    projected_counts = [0] * 4
    for seat in projected(state).values():
        projected_counts[seat] += 1
    assume(max(projected_counts) < state.board.solo)  # else the others have nothing left to lose
    centre = data.draw(st.sampled_from(free))
    other = data.draw(st.sampled_from([k for k in range(4) if k != leader]))
    moved = dataclasses.replace(state, owners=tuple(sorted({**owners, centre: other}.items())))
    after = KNOWLEDGE.evaluate(moved)
    assert after[other] > values[other]
    assert after[leader] < values[leader]
