"""The board asks only when the touches cannot tell (issue 21's rule), in every game, over drawn positions and hands.

A drawn legal move is carried out by drawn hands (tests.fuzz.hands: any order, two pieces in the air, hovers over
empty squares, wrong pieces lifted and put back, knocks) with drawn pauses, straight into the recognizer. Whenever it
asks, the question is judged from the game's moves (tests.fuzz.oracle, which shares no code with the recognizer) and
from what the hands really did:

- every move asked about ends on the board as it stands, with every square it must touch touched;
- every move asked about is consistent with every touch of the turn, ignoring the touches undone in place: a stray
  (a wrong piece put back, a knock, a hover) and anything touched before the board last stood as the turn began (a
  piece lifted and put back where it stood changes nothing);
- when only one of the moves that fit explains every such touch, there is no question at all.

The stray touches are judged only where no fitting move involves their square: a knock on the very square a move
would touch reads as that move's touch (the README's known limits), and the board is right to ask then.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, State
from controller.recognizer import PromptRaised, Recognized, Recognizer, Signal, build_index
from tests.fuzz.hands import Act, carry
from tests.fuzz.oracle import Shape, read, shapes
from tests.fuzz.recognition import GAMES
from tests.games.test_djambi_properties import favoured
from tests.strategies import histories

PLAYOUT = {"chesspolitik": 8}  # its phases of orders are dear to draw, and its board never chooses anyway


def _playable(state: State) -> State:
    while state.to_move is CHANCE:
        state = state.play(state.sample_chance())
    return state


class Turn:
    """What the hands did so far in the turn, as the sensors and as the hands know it."""

    def __init__(self, start: int) -> None:
        self.start = start
        self.occupancy = start
        self.touched = 0  # every square touched in the turn
        self.real = 0  # squares touched by the move's own acts since the board last stood as the turn began
        self.stray = 0  # squares touched by strays since then

    def do(self, act: Act) -> None:
        bit = 1 << act.square
        self.occupancy = self.occupancy | bit if act.piece is not None else self.occupancy & ~bit
        self.touched |= bit
        if act.stray:
            self.stray |= bit
        else:
            self.real |= bit
        if self.occupancy == self.start:
            self.real = self.stray = 0  # back as the turn began: whatever was touched is undone in place

    def judge(self, all_shapes: list[Shape], asked: list[str]) -> None:
        fitting = read(all_shapes, self.start, self.occupancy, self.touched).fitting
        names = {str(s.move) for s in fitting}
        assert set(asked) <= names, f"asked about moves that do not fit the board: {sorted(set(asked) - names)}"
        strays = self.stray & ~self.real
        if any(s.involved & strays for s in fitting):
            return  # a stray on a square some fitting move touches: the sensors cannot tell it from that move
        transit = self.touched & ~self.start & ~self.occupancy  # passed over: explains nothing, rules out nothing
        every = self.real & ~transit
        explaining = [s for s in fitting if not every & ~s.involved]
        for s in fitting:
            if str(s.move) in asked:
                assert not every & ~s.involved, f"asked about {s.move}, which leaves touched squares unexplained"
        assert len(explaining) != 1, f"asked although only {explaining[0].move} explains every touch"


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(data=st.data())
def test_a_question_lists_only_moves_every_touch_allows(name: str, data: st.DataObject) -> None:
    favour = favoured if name == "djambi" else None
    history = data.draw(histories(name, ongoing=True, max_actions=PLAYOUT.get(name, 80), favour=favour))
    state = _playable(history.final)
    if not isinstance(state.to_move, int):
        return  # secret orders (Chesspolitik): the board only carries out their chores, it never has to choose
    all_shapes = shapes(state)
    if not all_shapes:
        return
    mine = data.draw(st.sampled_from(all_shapes))
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    start = state.occupancy()
    region = state.game.region(state.seats).mask
    acts = carry(
        rng,
        start,
        state.effect(mine.move),
        dict(state.play(mine.move).pieces()),
        stray=lambda sq: True,
        hover=region & ~start,
        noise=data.draw(st.sampled_from([0.0, 0.2, 0.5])),
    )
    recognizer = Recognizer()
    recognizer.begin_turn(build_index(state, state.legal_moves()), start, 0.0)
    turn, t = Turn(start), 0.0
    for act in [*acts, None]:
        t += rng.uniform(0.02, 0.3) if rng.random() < 0.7 else rng.uniform(0.4, 2.0)
        if act is None:
            t += 10.0  # the hands are done: whatever the board settles on
        # The board stood still until now: what its deadlines bring first, then what the hand does.
        while (deadline := recognizer.deadline()) is not None and deadline <= t:
            if _over(turn, all_shapes, recognizer.tick(deadline)):
                return
        if act is not None:
            turn.do(act)
            if _over(turn, all_shapes, recognizer.board(turn.occupancy, t)):
                return


def _over(turn: Turn, all_shapes: list[Shape], signals: list[Signal]) -> bool:
    """Judge the board's questions; True once it took a move (perhaps another than the hands meant)."""
    for signal in signals:
        if isinstance(signal, PromptRaised):
            turn.judge(all_shapes, [str(c.move) for c in signal.candidates])
        elif isinstance(signal, Recognized):
            return True
    return False
