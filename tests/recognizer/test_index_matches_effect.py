"""The turn index repeats the physical-effect arithmetic in one pass for speed (`make_candidate`); here it is pinned
to `Effect`'s own definitions, over positions and moves of every game drawn with the shared strategies."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import Effect
from controller.games.physical import Step
from controller.games.squares import mask
from controller.recognizer.index import make_candidate
from tests.conftest import ALL
from tests.strategies import moves, states


def _sources(steps: tuple[Step, ...]) -> int:
    return mask(s.src for s in steps if s.src is not None)


def _destinations(steps: tuple[Step, ...]) -> int:
    return mask(s.dst for s in steps if s.dst is not None)


def expected(start: int, effect: Effect) -> dict[str, int]:
    """Every precomputed field of a candidate, from the Effect's definitions."""
    after = effect.after_decision(start)
    final = effect.after_chores(start)
    touch = mask(effect.decision_touch)
    must = effect.must_touch(start)
    chore = effect.chore_must_touch(start)
    involved = _sources(effect.decision) | _destinations(effect.decision)
    involved |= _sources(effect.chores) | _destinations(effect.chores)
    removed = mask(s.src for s in effect.decision + effect.chores if s.src is not None and s.dst is None)
    return {
        "decision_occ": after,
        "final_occ": final,
        "must_touch": must,
        "chore_touch": chore,
        "lifts": _sources(effect.decision) | _sources(effect.chores) | touch,
        "fills": _destinations(effect.decision) | _destinations(effect.chores) | touch,
        "decision_lifts": _sources(effect.decision),
        "final_touch": must | chore | (involved & ~(final ^ start)),
        "takes": removed | (must & start),
    }


@pytest.mark.parametrize("name", ALL.names())
@settings(max_examples=10)
@given(data=st.data())
def test_a_candidate_is_what_the_effect_says(name: str, data: st.DataObject) -> None:
    state = data.draw(states(name, registry=ALL, ongoing=True))
    start = state.occupancy()
    for seat in [None, *range(state.seats)] if isinstance(state.to_move, int) else [None]:
        if seat is not None and not state.legal_moves(seat):
            continue
        move = data.draw(moves(state, seat))
        effect = state.effect(move)
        candidate = make_candidate(start, move, effect)
        got = {key: getattr(candidate, key) for key in expected(start, effect)}
        assert got == expected(start, effect), f"{name}: the index disagrees with the effect of {move}"
    for miss in state.near_misses()[:5]:
        candidate = make_candidate(start, miss.move, miss.effect, miss)
        got = {key: getattr(candidate, key) for key in expected(start, miss.effect)}
        assert got == expected(start, miss.effect), f"{name}: the index disagrees with the near miss {miss.move}"
