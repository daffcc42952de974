"""Replay scenarios: data files of sensor events and what the controller must answer.

A scenario is a JSON-lines file in tests/scenarios/<game>/:
- the first line: {"scenario": {"about": ..., "start": STATE_JSON?, "moves": [TEXT]?, "seats": N?, "seed": S?,
  "options": {}?, "seat_kinds": [..]?, "bounce": FLIPS?, "dice": "auto"|"manual"?}}
- input lines, exactly as `agora replay` reads them ({"t": 0.5, "lift": "c3"}, {"t": 1, "move": "NY", "seat": 0},
  {"t": 2, "orders": [...], "seat": 1}, {"t": 3, "answer": {"choice": 0}}, ...);
- {"expect": EVENT, "not_before": T?}: an output event matching EVENT (fields as given; a list of objects matches
  element by element from the start) must follow the previous expectation's match;
- {"forbid": "kind"} or {"forbid": EVENT}: no output event may match.
"""

from __future__ import annotations

import asyncio
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from controller.boards import sim_options
from controller.commands.replay import replay
from controller.games import Game, load
from controller.session.core import Session, SessionSettings
from controller.session.seats import SeatKind
from controller.session.sources import Dice
from tests.boards import open_board

ROOT = Path(__file__).resolve().parent


@dataclass
class Scenario:
    path: Path
    header: dict[str, Any]
    inputs: list[str] = field(default_factory=list)
    expects: list[tuple[dict[str, Any], float]] = field(default_factory=list)
    forbids: list[Any] = field(default_factory=list)

    @property
    def game(self) -> str:
        return self.path.parent.name


def load_scenario(path: Path) -> Scenario:
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    first = json.loads(lines[0])
    scenario = Scenario(path, first["scenario"])
    for line in lines[1:]:
        item = json.loads(line)
        if "expect" in item:
            scenario.expects.append((item["expect"], float(item.get("not_before", -1))))
        elif "forbid" in item:
            scenario.forbids.append(item["forbid"])
        else:
            scenario.inputs.append(line)
    return scenario


def all_scenarios() -> list[Path]:
    return sorted(ROOT.glob("*/*.jsonl"))


def matches(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list) and expected and isinstance(expected[0], dict):
        return (
            isinstance(actual, list)
            and len(actual) >= len(expected)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=False))
        )
    return bool(expected == actual)


def start_session(game: Game, header: dict[str, Any]) -> Session:
    if "start" in header:
        state = game.from_json(header["start"])
    else:
        state = game.new(header.get("seats"), seed=header.get("seed", 0), **header.get("options", {}))
    for text in header.get("moves", []):
        state = state.play(game.parse(text, state))
    kinds = [SeatKind.parse(k) for k in header.get("seat_kinds", ["board"] * state.seats)]
    dice = Dice(header.get("dice", "auto"))
    return Session(game, state, seat_kinds=kinds, settings=SessionSettings(dice=dice), seed=header.get("seed", 0))


def run_scenario(scenario: Scenario) -> list[dict[str, Any]]:
    session = start_session(load(scenario.game), scenario.header)
    out = io.StringIO()
    sim = sim_options(bounce_flips=int(scenario.header.get("bounce", 0)))
    errors = asyncio.run(replay(open_board, session, scenario.inputs, out, sim))
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    assert errors == 0, [e for e in events if e["event"] == "error"]
    return events


def check(scenario: Scenario, events: list[dict[str, Any]]) -> None:
    position = 0
    for expected, not_before in scenario.expects:
        for i in range(position, len(events)):
            if events[i]["t"] >= not_before and matches(expected, events[i]):
                position = i + 1
                break
        else:
            shown = "\n".join(json.dumps(e) for e in events)
            raise AssertionError(f"{scenario.path.name}: expected {expected} after event {position}; events:\n{shown}")
    for forbidden in scenario.forbids:
        pattern = {"event": forbidden} if isinstance(forbidden, str) else forbidden
        bad = [e for e in events if matches(pattern, e)]
        assert not bad, f"{scenario.path.name}: forbidden {forbidden} happened: {bad}"
