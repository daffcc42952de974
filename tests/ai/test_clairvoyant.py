"""The arena's cheating reference player sees every hand and the dice to come; the fair players never can, and no
computer seat, hint or think can be one."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from controller.ai import greedy, knowledge_for, make_player, random_player
from controller.ai.arena import run
from controller.ai.clairvoyant import Clairvoyant, _standing, arena_player, clairvoyant, play_out
from controller.ai.search import Node, Search
from controller.games import CHANCE, State, load
from tests.strategies import states


def test_only_the_arena_seats_the_clairvoyant():
    for spec in ("clairvoyant:hard", "clairvoyant-vs-greedy"):
        with pytest.raises(ValueError):
            make_player(spec)
    assert isinstance(arena_player("clairvoyant-vs-greedy"), Clairvoyant)
    assert isinstance(arena_player("clairvoyant:40"), Clairvoyant)
    assert isinstance(arena_player("clairvoyant"), Clairvoyant)
    assert not isinstance(arena_player("mcts:hard"), Clairvoyant)


def _seat_to_move(data: st.DataObject) -> tuple[State, int]:
    """A drawn Politics position that waits for a seat's move, and that seat."""
    state = data.draw(states("politics1952", ongoing=True, max_actions=60))
    seat = state.to_move
    assume(isinstance(seat, int))
    assert isinstance(seat, int)
    return state, seat


@given(data=st.data())
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_fair_players_see_the_seat_view_and_the_clairvoyant_the_whole_state(data):
    state, seat = _seat_to_move(data)
    for fair in (greedy(), random_player(), make_player("mcts:hard", by_playouts=True)):
        assert fair.sees(state, seat) == state.view(seat)
    assert "rng" not in state.view(seat)
    whole = arena_player("clairvoyant:8").sees(state, seat)
    assert state.game.from_json(whole) == state
    with pytest.raises(ValueError):
        clairvoyant(knowledge_for("politics1952")).determinize(state.game, state.view(seat), seat, random.Random(0))


def chance_nodes(node: Node) -> list[tuple[State, set[object]]]:
    """Every chance position the search's tree holds, with the outcomes it went down from there."""
    found: list[tuple[State, set[object]]] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if n.state is not None and n.state.to_move is CHANCE:
            found.append((n.state, set(n.children)))
        stack.extend(n.children.values())
    return found


@given(data=st.data())
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_clairvoyant_searches_the_game_s_own_dice(data):
    state, seat = _seat_to_move(data)
    sighted = clairvoyant(knowledge_for("politics1952"))
    assert sighted.determinize(state.game, state.to_json(), seat, random.Random(1)) == state
    search = Search(state.game, state.to_json(), seat, sighted, random.Random(2))
    search.run(lambda i: i >= 60)
    nodes = chance_nodes(search._root)
    assume(nodes)
    # A fair search tries many throws at a chance node; the clairvoyant only ever the one the game will make.
    for position, outcomes in nodes:
        assert outcomes <= {position.sample_chance()}


def test_the_clairvoyant_plays_whole_arena_games():
    tally = run(load("politics1952"), [arena_player("clairvoyant:4"), greedy()], 1, seed=2, seats=2)
    assert tally.games == 1 and tally.unfinished == 0


def test_against_greedy_players_it_plays_a_move_whose_play_out_it_wins_when_there_is_one():
    game = load("politics1952")
    sighted = clairvoyant(knowledge_for("politics1952"))
    player = arena_player("clairvoyant-vs-greedy")
    assert isinstance(player, Clairvoyant)
    checked = 0
    for seed in range(3):
        state = game.new(2, seed)
        while not isinstance(state.to_move, int):
            state = state.play(state.sample_chance())
        seat = state.to_move
        chosen = player.decide(game, player.sees(state, seat), seat, seed).move
        won = {
            move: _standing(play_out(sighted, sighted.after(state, move), random.Random(seed), seat)[0], seat)[0]
            for move in sighted.moves(state, seat)
        }
        if any(won.values()):
            assert won[chosen] > 0
            # The winning line is kept and followed while the game keeps to it.
            position, planned = next(iter(player.plan.items()))
            assert isinstance(position.to_move, int)
            assert player.decide(game, player.sees(position, position.to_move), position.to_move, 99).move == planned
            checked += 1
    assert checked
