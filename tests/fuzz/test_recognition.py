"""The recognition fuzzer as a property over all five games (make test's sample; `make recognition-fuzz` runs it
long): from a drawn reachable position, drawn hands carry out random moves through the real session, and now and
then put the last move back; no move is committed that nobody made, none is missed, every takeback is taken back,
the board asks only when the touches cannot tell the moves apart (and then only among moves consistent with every
touch), and chores are never done while a piece stands wrong.

Half the examples start from a playout hypothesis draws; the others aim at a class of positions of issue 12's list
that such playouts reach too seldom (a Politrics board's last beat, a closed Politics board, a Djambi Chief in the
Maze among many corpses, a Chesspolitik phase with a bounce or a dislodgement), from a drawn seed, and must reach
it."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, Move, State
from tests.fuzz.recognition import GAMES, Episode
from tests.fuzz.starts import AIMS, aimed_start
from tests.fuzz.table import Tally
from tests.games.test_djambi_properties import favoured
from tests.strategies import histories

EXAMPLES = 20
MOVES = 25  # moves per example: 500 per game
PLAYOUT = {"chesspolitik": 8}  # its phases of orders make long playouts dear to draw


def _playable(state: State) -> State:
    while state.to_move is CHANCE:
        state = state.play(state.sample_chance())
    return state


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])
@given(data=st.data())
def test_hands_in_any_order_are_followed(name: str, data: st.DataObject) -> None:
    aim = data.draw(st.sampled_from((None, *AIMS.get(name, ()))))
    # The hands draw from a seeded generator: hundreds of small choices a move, each a draw of its own would make
    # every example slow to run and to shrink.
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    script: list[Move] = []
    if aim is None:
        favour = favoured if name == "djambi" else None
        playout = histories(name, ongoing=True, max_actions=PLAYOUT.get(name, 120), favour=favour)
        if name == "chesspolitik":  # random orders would vote a draw at once and end the game
            playout = histories(name, ongoing=True, max_actions=PLAYOUT[name], draw_votes=False)
        state = _playable(data.draw(playout).final)
    else:
        state, script = aimed_start(name, aim, rng)
    tally = Tally()
    episode = Episode(state, rng, tally, script)
    for _ in range(MOVES):
        if not episode.step():
            break
    episode.finish()
    assert tally.clean, tally.failures
    assert aim is None or tally.seen[aim], f"aimed at {aim}, reached only {dict(tally.seen)}"
