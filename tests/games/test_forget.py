"""A position that forgets what it worked out (`State.forget`, for positions kept only as history) stays the same
value and answers every question as before, working the answers out again."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games import DEFAULT, State
from controller.games.api import _derived
from tests.strategies import histories


def _answers(state: State) -> tuple[object, ...]:
    moves = state.legal_moves() if isinstance(state.to_move, int) else ()
    return (
        state.to_move,
        state.outcome(),
        moves,
        tuple(state.effect(m) for m in moves[:40]),
        state.near_misses(),
        dict(state.marks()),
        state.to_json(),
    )


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(DEFAULT.names()))
def test_a_position_that_forgets_answers_as_before(data: st.DataObject, name: str) -> None:
    state = data.draw(histories(name, max_actions=8)).final
    before = _answers(state)
    kept = {n for n in _derived(type(state)) if n in getattr(state, "__dict__", {})}
    assert kept or not _derived(type(state)) or state.to_move is None or not isinstance(state.to_move, int)
    same = state.game.from_json(state.to_json())
    state.forget()
    assert not {n for n in _derived(type(state)) if n in getattr(state, "__dict__", {})}  # nothing kept
    assert state == same and hash(state) == hash(same)
    assert _answers(state) == before
