"""The lazy turn index recognizes exactly as the eager one did (tests/recognizer/eager_index.py), in every game.

A position of every game is drawn by playing; hands carry out one of its legal moves or near misses in a drawn
physically possible order with stray touches (tests/fuzz/hands.py), or a run of drawn lifts and set-downs anywhere;
a drawn prefix of those acts reaches two recognizers, one on each index, with drawn pauses between the acts and the
loop's idle slices (`prepare`) drawn in between, the turn's start itself (its moves listed, their outlines, the near
misses) worked out at the first question or a slice at a time. Every signal, every LED guidance and every answer of
the index must be the same."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games import DEFAULT, State
from controller.games.djambi.effects import outlines
from controller.games.djambi.state import DjambiState
from controller.recognizer import Recognizer, Signal, TurnIndex, build_index
from controller.recognizer.index import Candidate
from tests.fuzz.hands import carry
from tests.games.test_djambi_properties import favoured
from tests.recognizer.eager_index import EagerIndex, build_eager
from tests.strategies import histories

GAMES = [n for n in DEFAULT.names() if n != "chesspolitik"]  # Chesspolitik's moves are orders from the phones
GAPS = (0.02, 0.1, 0.3, 0.5, 1.1, 4.0)  # seconds between two acts: faster and slower than each of the settles


def _key(c: Candidate) -> tuple[str, bool]:
    return str(c.move), c.is_legal


def _said(signals: list[Signal]) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for s in signals:
        fields = []
        for f in s.__slots__:
            v = getattr(s, f)
            if isinstance(v, Candidate):
                v = _key(v)
            elif isinstance(v, tuple) and v and isinstance(v[0], Candidate):
                v = tuple(_key(c) for c in v)
            fields.append(v)
        out.append((type(s).__name__, *fields))
    return out


def _turn(history: tuple[State, ...]) -> tuple[State, list[State], list[int]] | None:
    """The last position of the playout with a seat at the board to move, and the one before it."""
    for n in range(len(history) - 1, -1, -1):
        if isinstance(history[n].to_move, int) and history[n].legal_moves():
            earlier = [history[n - 1]] if n else []
            undo = [history[n - 1].occupancy() ^ history[n].occupancy()] if n else []
            return history[n], earlier, undo
    return None


def _acts(state: State, data: st.DataObject, rng: random.Random) -> list[tuple[int, bool]]:
    """(square, lifted) acts: a move or near miss carried out by hands, or lifts and set-downs anywhere."""
    start = state.occupancy()
    if data.draw(st.integers(0, 4), label="anywhere") == 0:
        acts, occ = [], start
        for sq in data.draw(st.lists(st.integers(0, 80), max_size=6), label="squares"):
            acts.append((sq, bool(occ >> sq & 1)))
            occ ^= 1 << sq
        return acts
    moves = [(m, state.effect(m)) for m in state.legal_moves()]
    moves += [(nm.move, nm.effect) for nm in state.near_misses()]
    moves = [(m, e) for m, e in moves if e.decision or e.decision_touch]
    if not moves:
        return []
    _, effect = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]
    empty = ~start & ((1 << 81) - 1)
    carried = carry(rng, start, effect, dict(state.pieces()), stray=lambda sq: True, hover=empty, noise=0.2)
    return [(a.square, a.piece is None) for a in carried]


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_lazy_index_recognizes_as_the_eager_one(name: str, data: st.DataObject) -> None:
    favour = favoured if name == "djambi" else None
    history = data.draw(histories(name, ongoing=True, max_actions=60, favour=favour))
    found = _turn(history.states)
    if found is None:
        return
    state, earlier, undo = found
    # The turn's start itself put off (the moves listed and outlined at the first question or slice), or not.
    moves = None if data.draw(st.booleans(), label="moves listed later") else state.legal_moves()
    lazy = build_index(state, moves, earlier=earlier, undo=undo)
    eager = build_eager(state, earlier, undo)
    if data.draw(st.booleans(), label="movable asked first"):
        assert lazy.movable == eager.movable
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="hands"))
    acts = _acts(state, data, rng)
    acts = acts[: data.draw(st.integers(0, len(acts)), label="prefix")]
    recognizers = (Recognizer(), Recognizer())
    t = 0.0
    occ = state.occupancy()
    indexes = (lazy, cast(TurnIndex, eager))
    said = [rec.begin_turn(index, occ, t) for rec, index in zip(recognizers, indexes, strict=True)]
    for square, lifted in acts:
        if data.draw(st.booleans(), label="idle"):
            lazy.prepare()
        t += data.draw(st.sampled_from(GAPS), label="gap")
        occ = occ & ~(1 << square) if lifted else occ | 1 << square
        for n, rec in enumerate(recognizers):
            said[n] = rec.tick(t) + rec.interrupted(occ, t) + rec.board(occ, t)
        extra = sum(1 << sq for sq in data.draw(st.lists(st.integers(0, 80), max_size=3), label="touched"))
        _same(lazy, eager, recognizers, said, occ, extra)
        if recognizers[0].mode.value != "turn" and recognizers[0].mode.value != "prompt":
            assert lazy.movable == eager.movable
            return  # a move was taken: its chores are the recognizer's, not the index's
    t += 5.0
    said = [rec.tick(t) for rec in recognizers]
    _same(lazy, eager, recognizers, said, occ, 0)
    assert lazy.movable == eager.movable


def _same(
    lazy: TurnIndex,
    eager: EagerIndex,
    recognizers: tuple[Recognizer, Recognizer],
    said: list[list[Signal]],
    occ: int,
    extra: int,
) -> None:
    """The same signals, lights and state, and the same answers from both indexes (also had the hands touched
    `extra` squares more)."""
    a, b = recognizers
    assert _said(said[0]) == _said(said[1])
    assert a.guidance() == b.guidance()
    assert a.mode == b.mode and a.deadline() == b.deadline() and a.touched == b.touched
    for touched in (a.touched, a.touched | a.tapped, a.touched | extra, extra, 0):
        assert [_key(c) for c in lazy.consistent(occ, touched)] == [_key(c) for c in eager.consistent(occ, touched)]
    assert sorted(map(_key, lazy.on_the_way(occ))) == sorted(map(_key, eager.on_the_way(occ)))
    if occ != lazy.start:
        for touched in (a.touched, a.touched | extra, lazy.start & ~occ):
            assert lazy.lights(occ, touched) == eager.lights(occ, touched)
    for c in lazy.on_the_way(occ)[:20]:
        twin = next(e for e in eager.candidates if _key(e) == _key(c))
        assert lazy.extendable(c) == eager.extendable(twin)


@pytest.mark.parametrize("name", ["djambi", "politrics"])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_outlines_are_what_the_effects_say(name: str, data: st.DataObject) -> None:
    """Each move's outline (read before its effect is worked out) holds the squares its effect lifts, fills and
    taps, and says exactly which pieces its decision lifts: a Djambi move's from the move alone, a Politrics move's
    (which may end the board and clear it) from the move and the layout."""
    favour = favoured if name == "djambi" else None
    state = data.draw(histories(name, ongoing=True, max_actions=80, favour=favour)).final
    moves = state.legal_moves()
    found = state.outlines(moves)
    assert found is not None
    if isinstance(state, DjambiState):
        assert found == outlines(moves)
    for move, (acts, reach) in zip(moves, found, strict=True):
        e = state.effect(move)
        lifts = {s.src for s in (*e.decision, *e.chores) if s.src is not None} | e.decision_touch
        fills = {s.dst for s in (*e.decision, *e.chores) if s.dst is not None} | e.decision_touch
        assert all(reach >> sq & 1 for sq in lifts | fills), move
        assert (reach == 0) == (not (e.decision or e.decision_touch)), move
        sources = sum(1 << s.src for s in e.decision if s.src is not None)
        assert acts == (sources if e.decision else sum(1 << sq for sq in e.decision_touch)), move
