"""Djambi's comeback rule (option comeback, docs/rules/djambi.md R15a): a walled-in Chief is turned over but kept on
the board, its pieces vassals; when a later move opens its wall it is turned back and its player plays again."""

from __future__ import annotations

import json

import pytest

from controller.games.djambi import Djambi, Go
from controller.games.djambi.board import CHIEF, CORPSE, KIND_OF, parse_square
from controller.games.djambi.diagram import position
from controller.games.djambi.order import VASSAL
from controller.games.djambi.state import DjambiState
from controller.games.errors import StateFormatError

GAME = Djambi()
RED, BLUE, YELLOW, GREEN = range(4)
# Red in power. Green's Chief on A1 with A2 behind a ring of corpses (B1 B2 B3) open on A3; Red's Militant closes it
# by killing on C5 and dropping the corpse on A3. Blue's Diplomat on G3 can then put Red's Militant on F3 into the
# ring, next to Green's Chief: another party's piece within reach opens the wall. No Necromobile is left.
RING = {"E5": "RC", "I9": "BC", "I1": "YC", "A1": "GC", "B1": "xx", "B2": "xx", "B3": "xx", "G5": "GM"}
SHUT = {**RING, "C4": "RM", "C5": "YM", "G3": "BD", "F3": "RM"}


def play(state: DjambiState, text: str) -> DjambiState:
    return state.play(GAME.parse(text, state))


def sq(name: str) -> int:
    return parse_square(name)


def test_without_the_rule_a_walled_in_chief_dies() -> None:
    after = play(position(SHUT), "MC4xC5>A3")
    assert after.board[sq("A1")] == CORPSE and after.held == (-1, -1, -1, -1)


def test_a_walled_in_chief_is_kept_turned_over_and_its_pieces_are_vassals() -> None:
    state = position(SHUT, comeback=True)
    move = GAME.parse("MC4xC5>A3", state)
    assert state.effect(move).chore_touch == frozenset({sq("A1")})  # turned over where it stands
    assert state.record(move) == "MC4xC5>A3 (kills Yellow's Militant; Green's Chief walled in on A1; Green vassal)"
    after = state.play(move)
    assert KIND_OF[after.board[sq("A1")]] == CHIEF
    assert after.control[GREEN] == VASSAL and after.held == (-1, -1, -1, GREEN)
    # On Green's turn the Chief in power plays Green's Militant, never its walled-in Chief.
    green = after
    while green.turn_party != GREEN:
        green = green.play(next(m for m in green.legal_moves() if isinstance(m, Go)))
    assert green.to_move == RED
    assert {m.src for m in green.legal_moves() if isinstance(m, Go)} == {sq("G5")}


def test_a_wall_opened_again_brings_the_chief_back() -> None:
    shut = play(position(SHUT, comeback=True), "MC4xC5>A3")
    assert shut.turn_party == BLUE
    move = GAME.parse("DG3xF3>A2", shut)
    assert shut.effect(move).chore_touch == frozenset({sq("A1")})  # turned back face up
    assert shut.record(move) == "DG3xF3>A2 (Green's Chief freed on A1; Green rejoins)"
    back = shut.play(move)
    assert back.control[GREEN] == GREEN and back.held == (-1, -1, -1, -1)
    assert GREEN in [u["party"] for u in back.view(None)["upcoming"]]


def test_the_chief_comes_back_with_every_party_its_player_held() -> None:
    # Green had inherited Yellow (Yellow's Chief dead, its Militant on C5): both wait for Green's Chief, both return.
    board = {**SHUT, "I1": "xx", "H3": "YM"}
    shut = play(position(board, control=(RED, BLUE, GREEN, GREEN), comeback=True), "MC4xC5>A3")
    assert shut.control == (RED, BLUE, VASSAL, VASSAL) and shut.held == (-1, -1, GREEN, GREEN)
    record = shut.record(GAME.parse("DG3xF3>A2", shut))
    assert record == "DG3xF3>A2 (Green's Chief freed on A1; Green takes back Yellow; Green rejoins)"
    back = play(shut, "DG3xF3>A2")
    assert back.control == (RED, BLUE, GREEN, GREEN)


def test_killing_a_walled_in_chief_takes_everything_it_held() -> None:
    # Green's own Militant inside the ring, played by Red (in power) on Green's turn, kills Green's walled-in Chief.
    state = position({**SHUT, "A2": "GM", "G5": ".."}, comeback=True)
    shut = play(state, "MC4xC5>A3")
    assert shut.held[GREEN] == GREEN
    green = shut
    while green.turn_party != GREEN:
        green = green.play(next(m for m in green.legal_moves() if isinstance(m, Go)))
    after = play(green, "MA2xA1>H5")
    assert after.control[GREEN] == RED and after.held == (-1, -1, -1, -1)


def test_with_first_vassals_the_first_chief_in_power_takes_them_and_the_walled_in_chief_dies() -> None:
    # Nobody in power when Green is walled in: it is kept. Blue's Chief then takes power and Green's pieces for good.
    board = {**SHUT, "E5": "..", "A9": "RC", "E6": "BC", "I9": ".."}
    state = position(board, comeback=True, vassals="first")
    shut = play(state, "MC4xC5>A3")
    assert shut.held[GREEN] == GREEN and shut.turn_party == BLUE
    move = GAME.parse("CE6-E5", shut)
    assert shut.effect(move).chore_touch == frozenset()  # the Chief lies turned over already
    assert shut.record(move) == "CE6-E5 (Green's Chief, walled in, dies; Blue takes Green; Blue in power)"
    after = shut.play(move)
    assert after.board[sq("A1")] == CORPSE and after.control[GREEN] == BLUE and after.held == (-1, -1, -1, -1)


def test_the_game_ends_when_one_chief_is_left_in_it() -> None:
    # Red and Green only; Green walled in and kept: Red is the last Chief in the game and wins.
    board = {"E5": "RC", "A1": "GC", "B1": "xx", "B2": "xx", "B3": "xx", "C4": "RM", "C5": "GM", "I9": "xx"}
    state = position(board, comeback=True)
    after = play(state, "MC4xC5>A3")
    result = after.outcome()
    assert result is not None and result.winners == (RED,) and after.to_move is None


def test_json_keeps_what_waits_for_whom_and_refuses_nonsense() -> None:
    shut = play(position(SHUT, comeback=True), "MC4xC5>A3")
    data = json.loads(json.dumps(shut.to_json()))
    assert data["held"] == [None, None, None, GREEN]
    assert GAME.from_json(data) == shut
    older = {k: v for k, v in position(SHUT).to_json().items() if k != "held"}
    assert GAME.from_json(older) == position(SHUT)
    for bad in (
        {**data, "options": {**data["options"], "comeback": False}},
        {**data, "held": [None, None, GREEN, GREEN]},
        {**data, "control": [0, 1, 2, 3]},
    ):
        with pytest.raises(StateFormatError):
            GAME.from_json(bad)
