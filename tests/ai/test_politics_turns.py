"""Politics' turn of many counties in the search: the counties of one throw commute, so the search looks at them in
one order, and a leaf is judged once the turn it stands in is over."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.ai.budget import Budget
from controller.ai.games.politics1952 import PoliticsKnowledge
from controller.ai.search import Search
from controller.games import Move, State
from controller.games.politics1952 import pins
from controller.games.politics1952.data import BY_ABBR, IN_GROUP, STATES
from controller.games.politics1952.moves import Claim, PlayCard
from controller.games.politics1952.position import Phase
from controller.games.politics1952.state import PoliticsState
from tests.strategies import states


def _mid_throw(state: PoliticsState, counties: int) -> bool:
    return state.phase is Phase.PLAY and state.left >= counties and len(state.claimable()) >= 2


@given(state=states("politics1952", ongoing=True, max_actions=120), data=st.data())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
def test_two_counties_of_one_throw_reach_the_same_position_in_either_order(
    state: PoliticsState, data: st.DataObject
) -> None:
    """What lets the search look at one order only: the seat's own pin is the only one moving, so it arrives last
    on each line whichever county it places first."""
    if not _mid_throw(state, 2):
        return
    a, b = data.draw(st.lists(st.sampled_from(state.claimable()), min_size=2, max_size=2, unique=True))
    first, second = Claim(STATES[a].abbr), Claim(STATES[b].abbr)
    one, other = state.play(first), state.play(second)
    if second in one.legal_moves() and first in other.legal_moves():
        assert one.play(second) == other.play(first)


class Watched(PoliticsKnowledge):
    """Politics' knowledge noting every list of moves the search expands, with the position and the move before."""

    def __init__(self) -> None:
        self.seen: list[tuple[State, Move | None, list[Move]]] = []

    def candidates(
        self, state: State, seat: int, rnd: random.Random, width: int | None, last: Move | None = None
    ) -> list[Move]:
        moves = super().candidates(state, seat, rnd, width, last)
        self.seen.append((state, last, moves))
        return moves


@given(state=states("politics1952", ongoing=True, max_actions=100), seed=st.integers(0, 2**16))
@settings(max_examples=8, deadline=None)
def test_the_search_looks_at_the_counties_of_a_throw_in_the_order_of_the_states(state: PoliticsState, seed: int):
    """After a county in one State the search goes on only with States no earlier (while one of those is open),
    and a speech card only before the first county or after the last: each set of counties is one line of play,
    not one per order."""
    if not _mid_throw(state, 3):
        return
    watched = Watched()
    game: Any = state.game
    Search(game, state.view(state.turn), state.turn, watched, random.Random(seed)).run(Budget(80).clock())
    after_claims = [(s, last, moves) for s, last, moves in watched.seen if isinstance(last, Claim)]
    assert after_claims, "the search never went on with a turn after one of its counties"
    for s, last, _ in after_claims:
        # The county being decided is followed by every State: were it not, the first State in the order would lead
        # to more sets of counties than the last and the search would favour it.
        assert isinstance(s, PoliticsState) and isinstance(last, Claim)
        assert not (s.left == state.left - 1 and s.board == state.play(last).board), str(last)
    for s, last, moves in after_claims:
        assert isinstance(s, PoliticsState) and isinstance(last, Claim)
        since = BY_ABBR[last.state].index
        later_open = any(i >= since for i in s.claimable())
        if not later_open:  # the States from the last one on are all won outright: any order is the only one left
            continue
        for move in moves:
            if isinstance(move, Claim):
                assert BY_ABBR[move.state].index >= since, (str(last), str(move))
            assert not isinstance(move, PlayCard), (str(last), str(move))


@given(state=states("politics1952", ongoing=True, max_actions=150))
@settings(max_examples=40, deadline=None)
def test_a_leaf_is_judged_once_its_turn_is_over(state: PoliticsState) -> None:
    """Part of the way through a turn the mover still has counties to place: the judged position has them all
    placed in the rolled group (as many as its open States take), nobody else's pins moved, no speech card played,
    and the next candidate to throw."""
    if state.phase is not Phase.PLAY:
        return
    seat = state.turn
    judged = PoliticsKnowledge().quiet(state, random.Random(0))
    assert isinstance(judged, PoliticsState)
    assert judged.phase is Phase.ROLL and judged.turn != seat and judged.turn in judged.active
    assert judged.hands == state.hands and judged.played == state.played
    assert state.dice is not None
    room = sum(
        STATES[i].lines + 1 - pins.counties(state.board[i], seat)
        for i in IN_GROUP[state.dice.group]
        if not pins.is_locked(state.board[i])
    )
    placed = sum(
        pins.counties(after, seat) - pins.counties(before, seat)
        for before, after in zip(state.board, judged.board, strict=True)
    )
    assert placed == min(state.left, room)
    for k in state.active:
        if k != seat:
            for before, after in zip(state.board, judged.board, strict=True):
                assert pins.counties(after, k) == pins.counties(before, k)
