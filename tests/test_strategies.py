"""The shared strategies draw what they promise: reachable positions of every game, legal actions, and examples
that shrink to the simplest playout."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, SIMULTANEOUS, Move, Orders, State
from tests.conftest import ALL
from tests.strategies import History, histories, moves, options, states


@pytest.mark.parametrize("name", ALL.names())
@settings(max_examples=8)
@given(data=st.data())
def test_a_history_is_a_chain_of_legal_actions(name: str, data: st.DataObject) -> None:
    history: History = data.draw(histories(name, registry=ALL, max_actions=30))
    assert len(history.states) == len(history.actions) + 1 <= 31
    assert history.start.outcome() is None
    for before, action, after in zip(history.states[:-1], history.actions, history.states[1:], strict=True):
        assert before.is_legal(action)
        assert before.play(action) == after
        if before.to_move is SIMULTANEOUS:
            assert isinstance(action, Orders) and action.seat in before.waiting_for()
        elif before.to_move is CHANCE:
            assert action in {m for m, _ in before.chance_outcomes()}
    assert history.final is history.states[-1]


@pytest.mark.parametrize("name", ALL.names())
@settings(max_examples=6)
@given(data=st.data())
def test_an_ongoing_state_has_someone_to_act_and_a_drawn_move_is_legal(name: str, data: st.DataObject) -> None:
    state = data.draw(states(name, registry=ALL, ongoing=True))
    assert state.to_move is not None and state.outcome() is None
    move = data.draw(moves(state))
    assert state.is_legal(move)
    if isinstance(state.to_move, int):
        assert move in state.legal_moves()


@settings(max_examples=10)
@given(data=st.data())
def test_fixed_options_and_seats_are_kept(data: st.DataObject) -> None:
    state = data.draw(states("djambi", setup="files", kill_own=False, max_actions=3))
    assert state.to_json()["options"]["setup"] == "files"
    assert data.draw(states("politics1952", seats=5, max_actions=3)).seats == 5


@settings(max_examples=30)
@given(data=st.data())
def test_drawn_options_are_allowed_by_the_metadata(data: st.DataObject) -> None:
    game = ALL.load(data.draw(st.sampled_from(ALL.names())))
    drawn = data.draw(options(game.info))
    assert game.info.resolve_options(drawn) == drawn
    assert game.new(seed=0, **drawn).to_json()  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [n for n in ("politrics", "politics1952", "race", "standoff") if n in ALL.names()])
def test_a_failing_example_shrinks_to_the_shortest_simplest_playout(name: str) -> None:
    """A property broken after three actions shrinks to three actions, the first choice at every step, the default
    options and seed 0: what a developer reads first when a property test fails."""
    game = ALL.load(name)
    found = find(
        histories(name, registry=ALL),
        lambda h: len(h.actions) >= 3,
        settings=settings(database=None, max_examples=200),
    )
    assert len(found.actions) == 3
    start = game.new(min(game.info.seat_counts), seed=0)
    assert found.start == start
    state = start
    for action in found.actions:
        if state.to_move is SIMULTANEOUS:
            assert action == Orders(min(state.waiting_for()), ())
        elif state.to_move is CHANCE:
            assert action == state.chance_outcomes()[0][0]
        else:
            assert action == state.legal_moves()[0]
        state = state.play(action)


@pytest.mark.parametrize("name", [n for n in ("politrics", "jumps") if n in ALL.names()])
def test_favoured_moves_are_drawn_and_a_failure_still_shrinks_past_them(name: str) -> None:
    """`favour` makes its moves reachable on purpose (here the last listed move, which a uniform draw at the first
    choice never shrinks to), and a property broken by it shrinks to the shortest run of favoured moves."""
    game = ALL.load(name)
    asked: list[State] = []

    def last(state: State) -> Sequence[Move]:
        asked.append(state)
        return state.legal_moves()[-1:]

    def all_favoured(h: History) -> bool:
        return len(h.actions) >= 2 and all(
            isinstance(s.to_move, int) and a == s.legal_moves()[-1] for s, a in zip(h.states, h.actions, strict=False)
        )

    found = find(
        histories(name, registry=ALL, favour=last), all_favoured, settings=settings(database=None, max_examples=300)
    )
    assert len(found.actions) == 2 and found.start == game.new(min(game.info.seat_counts), seed=0)
    assert asked and all(isinstance(s.to_move, int) for s in asked)  # asked at the turns of a seat only
    # Unfavoured draws also reach other moves: the coin does not always pick the favoured one.
    other = find(
        histories(name, registry=ALL, favour=last),
        lambda h: any(a != s.legal_moves()[-1] for s, a in zip(h.states, h.actions, strict=False)),
        settings=settings(database=None, max_examples=300),
    )
    assert other.actions


PROBE = "agora_constants_probe"


def _drawn() -> list[list[int]]:
    """What a derandomized test draws: the same function each time, so the same seed."""
    seen: list[list[int]] = []

    @settings(derandomize=True, max_examples=30, database=None)
    @given(st.lists(st.integers(0, 2**32 - 1), min_size=20, max_size=20))
    def inner(numbers: list[int]) -> None:
        seen.append(numbers)

    inner()
    return seen


def test_a_derandomized_test_draws_the_same_examples_whatever_was_imported_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module of the project loaded in between (as a test that ran before may load one) changes nothing: the
    Djambi recognition sample drew another example in the full suite than alone."""
    first = _drawn()
    (tmp_path / f"{PROBE}.py").write_text(f"NUMBERS = {[1_000_003 * k + 17 for k in range(300)]}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, PROBE, raising=False)
    importlib.import_module(PROBE)
    try:
        assert _drawn() == first
    finally:
        sys.modules.pop(PROBE, None)
