"""Order counts in a few positions (tests/data/chesspolitik_orders.json): the generic move-count test covers only
sequential games, so a Chesspolitik phase is counted here as the single orders each unit (Spring, Fall) or each
power (Winter) may give. The counts come from the reference adjudicator (tests/differential/order_counts.py); a few
units' lists were written out by hand and are compared order by order."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from controller.games.chesspolitik.orders import DrawVote
from controller.games.chesspolitik.state import ChesspolitikState
from controller.games.squares import name
from tests.differential.positions import GAME, position

DATA = json.loads((Path(__file__).resolve().parent.parent / "data" / "chesspolitik_orders.json").read_text())


def state_of(entry: dict[str, Any]) -> ChesspolitikState:
    if entry.get("start"):
        return GAME.new(entry["seats"])
    return position(entry["units"], entry["seats"], entry.get("season", "spring"), owners=entry.get("owners"))


@pytest.mark.parametrize("entry", DATA["positions"], ids=lambda e: e["name"])
def test_order_counts(entry: dict[str, Any]) -> None:
    state = state_of(entry)
    if "unit_counts" in entry:
        per_unit: Counter[str] = Counter()
        for seat in range(state.seats):
            orders = state.legal_moves(seat)
            assert orders.count(DrawVote()) == (1 if seat in state.participants() else 0)
            for order in orders:
                if not isinstance(order, DrawVote):
                    per_unit[name(order.square)] += 1  # type: ignore[attr-defined]
        assert dict(per_unit) == entry["unit_counts"]
    else:
        totals = {str(seat): len(state.legal_moves(seat)) for seat in range(state.seats) if state.legal_moves(seat)}
        assert totals == entry["seat_totals"]
    for square, texts in entry["by_hand"].items():
        seat = state.unit_map()[GAME.parse_square(square)][1]
        mine = [str(o) for o in state.legal_moves(seat) if getattr(o, "square", None) == GAME.parse_square(square)]
        assert sorted(mine) == sorted(texts)


def test_the_data_has_positions_of_both_boards_and_of_winter() -> None:
    entries = DATA["positions"]
    assert {e["seats"] for e in entries} == {2, 4}
    assert any(e.get("season") == "winter" for e in entries)
    assert sum(len(e["by_hand"]) for e in entries) >= 3
