"""The few moves an inner node of the search weighs in Djambi are different moves: a kill's corpse may go to some
forty squares, and before, those forty copies of one kill (the same first look each) filled the 20 moves a node
weighs, so the search saw one kill where the position offered several and left out every other move; greedy's own
choice was among them in under a third of the positions of greedy games. Now a node keeps one move per act (its best
first look: a corpse walling an enemy Chief in) and the slots left go to the next moves by rank."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai.games.djambi import DjambiKnowledge
from controller.games.djambi.moves import Act
from controller.games.djambi.state import DjambiState
from tests.strategies import states


def _act(move: object) -> tuple[int, int, int] | None:
    return (move.kind, move.src, move.dst) if isinstance(move, Act) else None


@given(state=states("djambi", ongoing=True, max_actions=200), seed=st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_an_inner_node_weighs_one_move_per_act_and_every_act_that_ranks_above_its_last_move(
    state: DjambiState, seed: int
) -> None:
    seat = state.to_move
    if not isinstance(seat, int):
        return
    k = DjambiKnowledge()
    moves = k.moves(state, seat)
    weighed = k.candidates(state, seat, random.Random(seed), k.width)
    if len(moves) <= k.width:  # a narrow node weighs every move, every corpse square of a kill included
        assert sorted(map(str, weighed)) == sorted(map(str, moves))
        return
    acts = [_act(m) for m in weighed if _act(m) is not None]
    assert len(acts) == len(set(acts)), "two corpse squares of one act"
    assert len(weighed) == min(k.width, len({_act(m) or m for m in moves}))
    # Every act whose best first look ranks above the last move weighed is weighed (by one of its moves).
    last = min(k.prior(state, m) for m in weighed)
    best: dict[tuple[int, int, int], float] = {}
    for m in moves:
        a = _act(m)
        if a is not None:
            best[a] = max(best.get(a, float("-inf")), k.prior(state, m))
    assert {a for a, p in best.items() if p > last} <= set(acts)
    # The move kept of each act is one of its best by the first look.
    for m in weighed:
        a = _act(m)
        if a is not None:
            assert k.prior(state, m) == best[a]
