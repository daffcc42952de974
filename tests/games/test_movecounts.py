"""Move counts (perft) at depth 1, 2 and 3 for positions of every game, from data files checked in CI.

A data file tests/data/movecounts/<game>.json holds
    {"game": NAME, "positions": [{"name": ..., "seats": N, "options": {...}, "seed": S,
                                  "moves": [TEXT, ...] or "state": {...}, "counts": [d1, d2, d3]}]}
A position is the starting state played forward by `moves`, or a state JSON. Chance outcomes count as actions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from controller.games import State
from controller.games.playout import perft
from tests.conftest import ALL

DATA = Path(__file__).resolve().parent.parent / "data" / "movecounts"


def _cases() -> list[tuple[str, dict[str, Any], int]]:
    out = []
    for path in sorted(DATA.glob("*.json")):
        doc = json.loads(path.read_text())
        if doc["game"] not in ALL.names():
            continue
        for pos in doc["positions"]:
            for depth, _ in enumerate(pos["counts"], start=1):
                out.append((doc["game"], pos, depth))
    return out


def position(game_name: str, pos: dict[str, Any]) -> State:
    game = ALL.load(game_name)
    if "state" in pos:
        return game.from_json(pos["state"])
    state = game.new(pos.get("seats"), seed=pos.get("seed", 0), **pos.get("options", {}))
    for text in pos.get("moves", []):
        state = state.play(game.parse(text, state))
    return state


@pytest.mark.parametrize(
    ("game_name", "pos", "depth"), _cases(), ids=lambda v: v["name"] if isinstance(v, dict) else str(v)
)
def test_move_count(game_name: str, pos: dict[str, Any], depth: int) -> None:
    state = position(game_name, pos)
    assert perft(state, depth) == pos["counts"][depth - 1]


def test_every_sequential_game_has_move_count_data() -> None:
    have = {json.loads(p.read_text())["game"] for p in DATA.glob("*.json")}
    for name in ALL.names():
        if ALL.load(name).info.dynamics.value == "sequential":
            assert name in have, f"no move-count data for {name}"
