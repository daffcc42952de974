"""How Polis's search spends its playouts: every root move weighed from the start, and the visits following the best
replies rather than spreading evenly over steps that change nothing."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from controller.ai import Budget
from controller.ai.games.polis import PolisKnowledge
from controller.ai.search import Search
from controller.games import State, load
from controller.games.playout import random_step

# Red to move, its chariot on e4 four ranks from home; Blue's chariot on d3 is two steps from rank 1. Every quiet step
# loses the race; a dog to e3 (from f3 or f4) blocks the chariot's way at the price of a dog, so one ply ahead it looks
# worst of all.
BLOCK: dict[str, Any] = {
    "game": "polis",
    "pieces": {
        "c1": "RD", "f2": "BD", "g2": "RD", "b3": "RD", "c3": "BD", "d3": "BC", "f3": "RD", "g3": "RD", "h3": "RD",
        "a4": "RD", "c4": "RD", "e4": "RC", "f4": "RD", "g4": "RD", "h4": "RD", "d5": "BD", "a6": "BD", "g6": "BD",
        "b7": "BD", "d8": "BD", "e8": "BD", "f8": "BD", "g8": "BD", "h8": "BD",
    },
    "turn": 1,
    "stunned": [False, False],
    "winner": None,
}  # fmt: skip


class RootWidening(PolisKnowledge):
    """Polis's knowledge with the root weighing only its best few first looks, as every node below it does."""

    root_widening = True


class Spreading(PolisKnowledge):
    """Polis's knowledge with the search's default exploration."""

    exploration = 0.5


def position(seed: int, plies: int) -> State:
    state, rnd = load("polis").new(None, seed), random.Random(seed)
    for _ in range(plies):
        if state.to_move is None:
            break
        state = random_step(state, rnd)
    return state


def test_a_block_that_looks_worst_one_ply_ahead_is_found_at_normals_playouts():
    game = load("polis")
    seat = BLOCK["turn"]
    for seed in range(4):
        found = Search(game, BLOCK, seat, PolisKnowledge(), random.Random(seed)).run(Budget(200).clock())
        assert str(found.move) in ("f3-e3", "f4-e3")
    # The root widening by first look kept the block out of reach: the same playouts chose a quiet step.
    missed = [
        str(Search(game, BLOCK, seat, RootWidening(), random.Random(seed)).run(Budget(200).clock()).move)
        for seed in range(4)
    ]
    assert not {"f3-e3", "f4-e3"} & set(missed)


@given(seed=st.integers(0, 2**32), plies=st.integers(0, 30), playouts=st.integers(5, 60))
@settings(max_examples=6, deadline=None)
def test_the_polis_root_weighs_every_move_at_every_playout(seed, plies, playouts):
    state = position(seed, plies)
    seat = state.to_move
    assume(isinstance(seat, int))
    assert isinstance(seat, int)
    run = Search(state.game, state.view(seat), seat, PolisKnowledge(), random.Random(seed))
    run.run(Budget(playouts).clock())
    assert {arm.available for arm in run._root.arms.values()} == {playouts}


def test_less_exploration_follows_the_best_replies_deeper():
    """The same playouts from the same positions: with Polis's exploration the most visited root move gets a larger
    share of them than with the default constant, which spreads them over steps that change nothing."""
    game = load("polis")
    focused = spread = 0
    for seed in range(6):
        state = position(seed, 12 + seed)
        seat = state.to_move
        assert isinstance(seat, int)
        for knowledge in (PolisKnowledge(), Spreading()):
            run = Search(game, state.view(seat), seat, knowledge, random.Random(seed))
            top = run.run(Budget(300).clock()).visits
            if isinstance(knowledge, Spreading):
                spread += top
            else:
                focused += top
    assert focused > 2 * spread
