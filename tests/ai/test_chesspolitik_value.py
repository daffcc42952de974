"""How the computer judges a four-seat Chesspolitik position for itself, where only a solo wins: a race to the solo
in which a power far behind still has something to win, a leader near the solo takes the others' shares over, and
centres count where the units stand; the other powers' values (the search's model of them) stay the softmax."""

from __future__ import annotations

import dataclasses
import itertools

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from controller.ai.games.chesspolitik import ChesspolitikKnowledge, projected, solo_race
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


def own(state: ChesspolitikState, seat: int) -> float:
    return KNOWLEDGE.own_value(state, seat, KNOWLEDGE.evaluate(state))


def test_a_unit_walked_onto_a_centre_in_spring_counts_for_the_thinker_as_holding_it():
    start = GAME.new(4)
    assert isinstance(start, ChesspolitikState)
    ottoman = start.powers.index("Ottoman")
    after = start.submit(ottoman, [GAME.parse("N a2 - c3", start, ottoman)])
    for seat in sorted(after.waiting_for()):
        after = after.submit(seat, ())  # the others hold
    assert isinstance(after, ChesspolitikState) and after.season == "fall"
    assert after.unit_map()[index(2, 2)] == ("N", ottoman) and index(2, 2) not in after.owner_map()
    # Nobody owns c3 yet (that waits for the Fall), but standing on it is what takes it.
    assert own(after, ottoman) > own(start, ottoman) == 0.25
    # The search's model of the other powers is the softmax of what they hold, as before.
    assert KNOWLEDGE.evaluate(after) == KNOWLEDGE.evaluate(start)


def test_a_power_far_behind_still_has_something_to_win():
    assert own(holding([4, 12, 8, 8]), 0) > 0.03  # a softmax of the lead gives it e^-8 of the leader's share
    assert own(holding([5, 11, 8, 8]), 0) - own(holding([4, 12, 8, 8]), 0) > 0.01
    assert KNOWLEDGE.evaluate(holding([4, 12, 8, 8]))[0] < 0.001


def test_a_leader_near_the_solo_takes_the_others_shares_over():
    others = [1 - own(holding([5, c, 5, 5]), 1) for c in range(10, 18)]
    assert all(a > b for a, b in itertools.pairwise(others))
    assert own(holding([5, 17, 5, 5]), 1) == 1.0  # 17 as they stand: only the Fall is left to play


def test_stopping_the_leader_near_the_solo_is_worth_about_as_much_as_growing():
    base = own(holding([8, 5, 5, 13]), 0)
    stopped = own(holding([8, 6, 5, 12]), 0)  # the leader's centre went to a third power
    grown = own(holding([9, 5, 5, 12]), 0)
    assert stopped > base
    assert stopped - base > (grown - base) / 2


def test_two_seats_judge_for_themselves_as_they_judge_the_other():
    state = GAME.new(2)
    assert isinstance(state, ChesspolitikState)
    values = KNOWLEDGE.evaluate(state)
    assert [KNOWLEDGE.own_value(state, seat, values) for seat in (0, 1)] == list(values)


@given(state=states("chesspolitik", seats=4, ongoing=True, max_actions=40), data=st.data())
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_centre_passing_from_the_leader_to_another_power_is_good_for_that_power(state, data):
    assert isinstance(state, ChesspolitikState)
    values = solo_race(state, projected(state))
    assert abs(sum(values) - 1) < 1e-9 and all(0 <= v <= 1 for v in values)
    if state.season != "fall":  # after a Fall the owners are where the units stand
        assert projected(state) == dict(state.owner_map())
    occupied = {sq for sq, _, _ in state.units}
    owners = state.owner_map()
    counts = [0] * 4
    for seat in owners.values():
        counts[seat] += 1
    leader = max(range(4), key=counts.__getitem__)
    free = sorted(c for c, seat in owners.items() if seat == leader and c not in occupied)
    assume(free)
    held = [0] * 4
    for seat in projected(state).values():
        held[seat] += 1
    assume(max(held) < state.board.solo)  # else the others have nothing left to lose
    centre = data.draw(st.sampled_from(free))
    other = data.draw(st.sampled_from([k for k in range(4) if k != leader]))
    moved = dataclasses.replace(state, owners=tuple(sorted({**owners, centre: other}.items())))
    assert own(moved, other) > own(state, other)
    assert own(moved, leader) < own(state, leader)
