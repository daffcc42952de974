"""The referee fuzzed for every game (see tests/referee/fuzzing.py): requests drawn by hypothesis near real ones and
bent (Unicode digits, wrong types and shapes, values past every range, damaged states of reachable positions) never
crash it, never answer the `internal` kind, and every answer is valid JSON (no NaN or Infinity). The long run is
`make fuzz` (500,000 requests)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import DEFAULT
from controller.referee import Referee
from tests.referee.fuzzing import check, every_bend, run_one
from tests.strategies import states

T = TypeVar("T")


class DataChooser:
    """Every choice a hypothesis draw, so a failing sequence of requests shrinks to the simplest."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def pick(self, items: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(items))

    def number(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))


@pytest.mark.parametrize("name", DEFAULT.names())
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_fuzzed_requests_never_crash_the_referee(name: str, data: st.DataObject) -> None:
    positions: list[dict[str, Any]] = [data.draw(states(name, max_actions=40)).to_json() for _ in range(1)]
    run_one(name, DataChooser(data), positions, steps=20)


@pytest.mark.parametrize("name", DEFAULT.names())
@settings(max_examples=3, deadline=None)
@given(data=st.data())
def test_a_state_damaged_anywhere_is_refused_or_plays_on(name: str, data: st.DataObject) -> None:
    """Every place of a reachable position's JSON given every wrong type or value: `load` refuses it with a clear
    error, or, if it is still a position, the commands that read it all answer."""
    good = data.draw(states(name, max_actions=30)).to_json()
    referee = Referee(DEFAULT.load(name))
    for state in every_bend(good):
        line = json.dumps({"cmd": "load", "state": state})
        answer = referee.handle(line)
        check(answer, line)
        if answer["ok"]:
            for seat in [None, *range(referee.state.seats)]:
                for cmd in ("legal", "view"):
                    request = json.dumps({"cmd": cmd} if seat is None else {"cmd": cmd, "seat": seat})
                    check(referee.handle(request), f"{request} after {line}")
