"""Writes tests/data/chesspolitik_orders.json: how many single orders each unit (Spring, Fall) or each power
(Winter) may give in a few positions, counted by the reference adjudicator (`get_all_possible_orders`), not by
Agora, so the data checks Agora's `legal_moves` from outside. A few units' lists were also written out by hand.

    .venv/bin/python -m tests.differential.order_counts
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from tests.differential.positions import position
from tests.differential.reference import Reference, our_square
from tests.differential.refmap import REF_POWERS

DATA = Path(__file__).resolve().parent.parent / "data" / "chesspolitik_orders.json"

POSITIONS: list[dict[str, Any]] = [
    {"name": "start, four powers", "seats": 4, "start": True},
    {"name": "start, two powers", "seats": 2, "start": True},
    {
        "name": "crowded centre, four powers",
        "seats": 4,
        "units": "Russia K d4, Russia N e6, Ottoman K c3, Ottoman N b5, Mughal K e3, Mughal N f2, Ming K e4, "
        "Ming N g5, Ming K d5",
        "owners": {"d4": "Russia", "c3": "Ottoman"},
    },
    {
        "name": "corners and edges, four powers",
        "seats": 4,
        "units": "Mughal N a1, Ming N h8, Russia K h1, Ottoman K a8, Ottoman N b3, Russia N g6",
        "owners": {"a1": "Mughal"},
    },
    {
        "name": "crowded, two powers",
        "seats": 2,
        "units": "France N c3, France K d3, France K c2, England N d4, England K c4, England K e5",
        "owners": {"c3": "France", "e5": "England"},
    },
    {
        "name": "Winter: Russia builds, Ottoman owes nothing",
        "seats": 4,
        "season": "winter",
        "units": "Russia K d8, Ottoman K a4",
        "owners": {
            "b8": "Russia",
            "c7": "Russia",
            "d8": "Russia",
            "e7": "Russia",
            "f8": "Russia",
            "d4": "Russia",
            "a7": "Ottoman",
        },
    },
    {
        "name": "Winter: England disbands, France builds",
        "seats": 2,
        "season": "winter",
        "units": "France K c1, England K d6, England N a3, England K f4",
        "owners": {"c1": "France", "e1": "France", "a1": "France", "d6": "England"},
    },
]

BY_HAND = {
    "start, four powers": {
        "b8": [
            "N b8 H",
            "N b8 - a6",
            "N b8 - c6",
            "N b8 - d7",
            "N b8 S K a5 - a6",
            "N b8 S N a7 - c6",
            "N b8 S K d8 - d7",
            "N b8 S K e8 - d7",
        ],
        "d8": [
            "K d8 H",
            "K d8 - c7",
            "K d8 - d7",
            "K d8 - e7",
            "K d8 - c8",
            "K d8 - e8",
            "K d8 S K e8",
            "K d8 S N a7 - c8",
            "K d8 S N b8 - d7",
            "K d8 S K e8 - d7",
            "K d8 S K e8 - e7",
            "K d8 S N g8 - e7",
        ],
    },
    "start, two powers": {
        "b1": ["N b1 H", "N b1 - a3", "N b1 - c3", "N b1 - d2", "N b1 S K c1 - d2", "N b1 S K d1 - d2"],
    },
}


def _state(entry: dict[str, Any]) -> Any:
    from controller.games.chesspolitik import Chesspolitik

    if entry.get("start"):
        return Chesspolitik().new(entry["seats"])
    return position(entry["units"], entry["seats"], entry.get("season", "spring"), owners=entry.get("owners"))


def counts(entry: dict[str, Any]) -> dict[str, Any]:
    state = _state(entry)
    ref = Reference(state)
    possible = ref.game.get_all_possible_orders()
    if state.season == "winter":
        per_power: Counter[str] = Counter()
        for power, locations in ref.game.get_orderable_locations().items():
            orders = {o for loc in locations for o in possible[loc]}
            per_power[power] = len(orders)
        names = REF_POWERS[state.seats]
        return {"seat_totals": {str(names.index(p)): n for p, n in sorted(per_power.items()) if n}}
    per_unit = {our_square(loc): len(orders) for loc, orders in possible.items() if orders}
    return {"unit_counts": dict(sorted(per_unit.items()))}


def main() -> None:
    out = []
    for entry in POSITIONS:
        out.append({**entry, **counts(entry), "by_hand": BY_HAND.get(entry["name"], {})})
    doc = {"game": "chesspolitik", "counted_by": "diplomacy 1.1.2 get_all_possible_orders", "positions": out}
    DATA.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {DATA}")


if __name__ == "__main__":
    main()
