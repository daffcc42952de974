"""A move whose pieces the order of the hands proves wrong is never committed, in every game (the piece tracker
during a turn, controller.recognizer.pieces).

A drawn position and a drawn legal move that carries a piece from one square to an empty one: the hands set a piece
down on that empty square first, while every piece of the turn's start still stands (so it comes from off the
board: the line-up, or the box), and only then lift the moving piece's square (a stray lift, or the piece taken off
to the hand). The occupancy is the move's, but no order of the hands puts the lifted piece where the move needs it:
no move that brings that square a piece from the board may be committed; a move that brings it a piece from off the
board may (a Politrics placement), and the board may ask which.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, State
from controller.recognizer import PromptRaised, Recognized, Recognizer, Signal, build_index
from tests.fuzz.recognition import GAMES
from tests.strategies import histories

PLAYOUT = {"chesspolitik": 8}


def _playable(state: State) -> State:
    while state.to_move is CHANCE:
        state = state.play(state.sample_chance())
    return state


def _from_the_board(signals: list[Signal], square: int) -> list[str]:
    """Moves committed or asked about that bring `square` a piece that stood on the board."""
    out = []
    for s in signals:
        candidates = (
            [s.candidate] if isinstance(s, Recognized) else list(s.candidates) if isinstance(s, PromptRaised) else []
        )
        for c in candidates:
            if any(step.dst == square and step.src is not None for step in c.effect.decision):
                out.append(str(c.move))
    return out


def _near(a: int, b: int) -> bool:
    return abs(a % 9 - b % 9) <= 1 and abs(a // 9 - b // 9) <= 1


def _steps(state: State) -> dict[tuple[int, int], list[str]]:
    """The moves whose whole decision is one piece's step to an empty square the chores leave alone, by step."""
    start = state.occupancy()
    out: dict[tuple[int, int], list[str]] = {}
    for move in state.legal_moves():
        e = state.effect(move)
        chores = {sq for s in e.chores for sq in (s.src, s.dst) if sq is not None}
        if len(e.decision) != 1:
            continue
        s = e.decision[0]
        if s.src is not None and s.dst is not None and not start >> s.dst & 1 and s.dst not in chores:
            out.setdefault((s.src, s.dst), []).append(str(move))
    return out


def _position(name: str, data: st.DataObject) -> State | None:
    playout = histories(name, ongoing=True, max_actions=PLAYOUT.get(name, 60))
    state = _playable(data.draw(playout, label="playout").final)
    return state if isinstance(state.to_move, int) else None


def _begin(
    name: str, data: st.DataObject, near: bool
) -> tuple[int, int, int, list[str], Recognizer, list[Signal]] | None:
    """A drawn position's turn begun on a fresh recognizer, and one of its steps, to a neighbouring square (`near`)
    or not: the start's occupancy, the step's squares, the moves made of it and the turn's first signals."""
    state = _position(name, data)
    steps = {} if state is None else {step: moves for step, moves in _steps(state).items() if _near(*step) == near}
    if state is None or not steps:
        return None
    start = state.occupancy()
    src, dst = data.draw(st.sampled_from(sorted(steps)), label="step")
    rec = Recognizer()
    signals = rec.begin_turn(build_index(state, state.legal_moves()), start, 0.0, state.pieces())
    return start, src, dst, steps[(src, dst)], rec, signals


def _offered(signals: list[Signal]) -> list[str]:
    out = [str(s.candidate.move) for s in signals if isinstance(s, Recognized)]
    return out + [str(c.move) for s in signals if isinstance(s, PromptRaised) for c in s.candidates]


@pytest.mark.parametrize("name", [g for g in GAMES if g != "chesspolitik"])  # its board never chooses a move
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_piece_set_down_before_the_mover_is_lifted_is_not_the_mover(name: str, data: st.DataObject) -> None:
    began = _begin(name, data, near=False)
    if began is None:
        return
    start, src, dst, _, rec, signals = began
    empty = [sq for sq in range(81) if not start >> sq & 1 and sq != dst]
    hover = data.draw(st.sampled_from([None, *empty]), label="hover")
    if hover is not None:  # a piece from off the board hovers over an empty square first
        signals += rec.board(start | 1 << hover, 0.1)
        signals += rec.board(start, 0.15)
    occ = start | 1 << dst
    signals += rec.board(occ, 0.2)  # a piece from off the board set down where the move would go
    occ &= ~(1 << src)
    signals += rec.interrupted(occ, 0.4)
    signals += rec.board(occ, 0.4)  # then the square of the piece that would move is lifted
    for t in (0.8, 2.0, 5.0):
        signals += rec.tick(t)
    wrong = _from_the_board(signals, dst)
    assert not wrong, f"took or asked about {wrong}: the piece on {dst} was set down while {src} still stood"


@pytest.mark.parametrize("name", [g for g in GAMES if g != "chesspolitik"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_piece_slid_to_the_next_square_is_the_mover_whichever_switch_goes_first(
    name: str, data: st.DataObject
) -> None:
    began = _begin(name, data, near=True)
    if began is None:
        return
    start, src, dst, moves, rec, signals = began
    signals += rec.board(start | 1 << dst, 0.2)  # the magnet closes the next square's switch first
    occ = start & ~(1 << src) | 1 << dst
    signals += rec.interrupted(occ, 0.25)
    signals += rec.board(occ, 0.25)
    for t in (0.8, 2.0, 5.0):
        signals += rec.tick(t)
    offered = _offered(signals)
    assert set(offered) & set(moves), f"the slide {src}->{dst} was not taken (offered {offered})"
