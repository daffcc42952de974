"""A computer seat decides from its own view only: the states it imagines agree with everything its seat sees, and
two positions that differ only in what the seat cannot see (the other hands, the dice generator, the orders other
seats handed in) get the same decision."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from controller.ai import knowledge_for, think
from controller.games import SIMULTANEOUS, State, load
from controller.games.playout import random_orders
from controller.games.politics1952.data import CARDS
from tests.strategies import states


def twin_politics(state: State, seat: int, rnd: random.Random) -> State:
    """The same position with the other seats' hands dealt again from the cards `seat` has not seen."""
    data = state.to_json()
    hands = data["hands"]
    seen = set(hands[seat]).union(*(set(p) for p in data["played"]))
    unseen = [c.number for c in CARDS if c.number not in seen]
    rnd.shuffle(unseen)
    for k, hand in enumerate(hands):
        if k != seat:
            hands[k] = sorted(unseen[: len(hand)])
            del unseen[: len(hand)]
    data["rng"] = rnd.getrandbits(64)
    return state.game.from_json(data)


def twin_chesspolitik(state: State, seat: int, rnd: random.Random) -> State:
    """The same phase with other orders handed in by the seats that already handed theirs in."""
    again = state.game.from_json({**state.to_json(), "pending": {}})
    for k, _ in state.to_json()["pending"].items():
        if int(k) != seat:
            again = again.submit(int(k), random_orders(again, int(k), rnd))
    return again


@pytest.mark.parametrize("name", ["politics1952", "chesspolitik"])
@given(data=st.data())
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_imagined_states_show_the_seat_exactly_what_it_sees(name, data):
    state = data.draw(states(name, ongoing=True, max_actions=80))
    seats = [state.to_move] if isinstance(state.to_move, int) else sorted(state.waiting_for())
    assume(seats)
    seat = data.draw(st.sampled_from(seats))
    view = state.view(seat)
    knowledge = knowledge_for(name)
    rnd = random.Random(data.draw(st.integers(0, 2**32)))
    # Orders other seats handed in are sealed: the imagined state leaves them (and so who is still to hand some in)
    # to be decided again by the search.
    sealed = ("pending", "waiting_for", "turn") if name == "chesspolitik" else ()
    for _ in range(3):
        imagined = knowledge.determinize(state.game, view, seat, rnd)
        seen = imagined.view(seat)
        assert {k: v for k, v in seen.items() if k not in sealed} == {k: v for k, v in view.items() if k not in sealed}
        assert imagined.legal_moves(seat) == state.legal_moves(seat)


@given(seed=st.integers(0, 2**32), data=st.data())
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_other_hands_do_not_change_the_decision(seed, data):
    state = data.draw(states("politics1952", ongoing=True, max_actions=80))
    seat = state.to_move
    assume(isinstance(seat, int))
    assert isinstance(seat, int)
    twin = twin_politics(state, seat, random.Random(seed))
    assume(twin.to_json() != state.to_json())
    assert twin.view(seat) == state.view(seat)
    mine = think(state.game, state.view(seat), seat, playouts=8, seed=seed).move
    assert think(twin.game, twin.view(seat), seat, playouts=8, seed=seed).move == mine


def test_orders_handed_in_by_others_do_not_change_the_decision():
    game = load("chesspolitik")
    rnd = random.Random(3)
    for seed in range(4):
        state = game.new(4, seed)
        for k in (1, 2):
            state = state.submit(k, random_orders(state, k, rnd))
        twin = twin_chesspolitik(state, 0, rnd)
        assert twin != state and twin.view(0) == state.view(0)
        assert state.to_move is SIMULTANEOUS and 0 in state.waiting_for()
        mine = think(game, state.view(0), 0, playouts=6, seed=seed).move
        assert think(game, twin.view(0), 0, playouts=6, seed=seed).move == mine
