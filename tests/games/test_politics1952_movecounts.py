"""The move counts in tests/data/movecounts/politics1952.json, derived by hand from the group sizes.

The generic test (tests/games/test_movecounts.py) checks the file against perft; this one checks the file against
counting done without the engine, so a wrong engine and a wrong file cannot agree by accident.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from controller.games.politics1952.data import IN_GROUP
from tests.games.test_politics1952_support import GAME

DATA = Path(__file__).resolve().parent.parent / "data" / "movecounts" / "politics1952.json"

ROLLS = 126  # coloured die 6 x unordered white pair 21
PAIRS = 21  # unordered white pairs per coloured face
DOUBLES = 6 * 6  # coloured face x double
SIZES = [len(IN_GROUP[g]) for g in range(1, 7)]
CARDS = 3
# After a throw on a board with nothing captured and 3 cards in hand: a claim in any state of the group, or a card.
AFTER_ANY_THROW = sum(PAIRS * (size + CARDS) for size in SIZES)
G6 = len(IN_GROUP[6])


def _expected() -> dict[str, list[int]]:
    return {
        "start-2": [2, 2 * ROLLS, 2 * AFTER_ANY_THROW],
        "start-6": [6, 6 * ROLLS, 6 * AFTER_ANY_THROW],
        # Four counties in group 6 and three cards: claims, and one card at any point (then claims only).
        "after-roll-6-3-1": [
            G6 + CARDS,
            G6 * (G6 + CARDS) + CARDS * G6,
            G6 * G6 * (G6 + CARDS) + G6 * CARDS * G6 + CARDS * G6 * G6,
        ],
        # Dice counties placed: three cards or pass, each ending the turn; then Blue throws and may do anything.
        "cards-or-pass": [CARDS + 1, (CARDS + 1) * ROLLS, (CARDS + 1) * AFTER_ANY_THROW],
        # Closed board, Red has a majority: doubles end the game (a leaf), other throws are played as usual.
        "closed-doubles-elect": [ROLLS, DOUBLES + sum(15 * (size + CARDS) for size in SIZES)],
        # Closed board, the thrower is third: doubles eliminate him and the next seat throws.
        "closed-doubles-eliminate-thrower": [ROLLS, DOUBLES * ROLLS + sum(15 * (size + CARDS) for size in SIZES)],
        # Every group 1 capital is Blue's and Red holds no card: a group 1 throw is lost and Blue throws.
        "group-1-captured-no-cards": [ROLLS, PAIRS * sum(SIZES[1:]) + PAIRS * ROLLS],
    }


def _positions() -> list[dict[str, Any]]:
    doc = json.loads(DATA.read_text())
    assert doc["game"] == "politics1952"
    positions: list[dict[str, Any]] = doc["positions"]
    return positions


def test_every_position_is_counted_by_hand() -> None:
    assert {p["name"] for p in _positions()} == set(_expected())


@pytest.mark.parametrize("pos", _positions(), ids=lambda p: str(p["name"]))
def test_counts_match_the_hand_count(pos: dict[str, Any]) -> None:
    assert pos["counts"] == _expected()[str(pos["name"])]


def test_the_positions_are_what_the_hand_counts_assume() -> None:
    by_name = {str(p["name"]): p for p in _positions()}
    elect = GAME.from_json(by_name["closed-doubles-elect"]["state"])
    assert elect.to_json()["hands"] == [[2, 7, 12], [3, 6, 13]]
    eliminate = GAME.from_json(by_name["closed-doubles-eliminate-thrower"]["state"])
    view = eliminate.view(None)
    assert view["closed"] and view["turn"] == 1
    assert sorted(view["tally"])[0] == view["tally"][1]
    captured = GAME.from_json(by_name["group-1-captured-no-cards"]["state"])
    assert captured.view(0)["hand"] == [] and len(captured.view(None)["capitals"]) == len(IN_GROUP[1])
