"""Politics (1952): notation, errors, JSON, and what the physical board, the LEDs and the page get."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from controller.games import (
    CHANCE,
    FULL_BOARD,
    Effect,
    IllegalMoveError,
    InvalidMoveError,
    SetupError,
    StateFormatError,
    load,
)
from controller.games.politics1952 import Claim, FirstPlayer, Pass, PlayCard, Politics1952, Roll
from controller.games.politics1952.codec import board_json
from controller.games.politics1952.data import BY_ABBR, BY_SQUARE
from controller.games.politics1952.moves import parse
from controller.games.politics1952.position import Phase
from controller.games.squares import parse as square
from tests.games.test_politics1952_support import GAME, play, started, with_hands, with_pins


def test_the_registry_finds_the_game() -> None:
    game = load("politics1952")
    assert isinstance(game, Politics1952)
    assert game.info.seat_counts == (2, 3, 4, 5, 6)
    assert all(game.region(k) == FULL_BOARD for k in range(2, 7))
    assert game.info.chance and game.info.hidden_information


@pytest.mark.parametrize("seats", [1, 7, 0])
def test_two_to_six_candidates(seats: int) -> None:
    with pytest.raises(SetupError, match="2, 3, 4, 5, 6"):
        GAME.new(seats)


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("NY", Claim("NY")),
        ("ny", Claim("NY")),
        ("New York", Claim("NY")),
        ("  new   york ", Claim("NY")),
        ("card 7", PlayCard(7)),
        ("CARD 7", PlayCard(7)),
        ("pass", Pass()),
        ("roll 6 3-1", Roll(6, 3, 1)),
        ("roll 6 1-3", Roll(6, 3, 1)),
        ("roll 6 1 3", Roll(6, 3, 1)),
        ("first 1", FirstPlayer(1)),
        ("first blue", FirstPlayer(1)),
    ],
)
def test_notation_reads_moves(text: str, move: Any) -> None:
    assert parse(text) == move
    assert parse(str(move)) == move


@pytest.mark.parametrize(
    "text",
    ["XX", "card", "card 19", "card 0", "card x", "roll 7 1-1", "roll 6 0-1", "roll 6 3", "roll", "first", "go NY"],
)
def test_bad_text_is_an_invalid_move(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        GAME.parse(text, started())


def test_well_formed_moves_out_of_place_are_illegal_with_a_reason() -> None:
    start = GAME.new(3, seed=1)
    with pytest.raises(IllegalMoveError, match="throw for the first player first"):
        GAME.parse("NY", start)
    with pytest.raises(IllegalMoveError, match="numbered 0 to 2"):
        GAME.parse("first 5", start)
    rolling = started(3)
    with pytest.raises(IllegalMoveError, match="throw the dice first"):
        GAME.parse("card 1", rolling)
    with pytest.raises(IllegalMoveError, match="first player is already known"):
        GAME.parse("first 1", rolling)
    playing = play(rolling, "roll 6 1-1")
    with pytest.raises(IllegalMoveError, match="not to be thrown now"):
        GAME.parse("roll 6 1-1", playing)


def test_no_move_after_the_game_is_over() -> None:
    over = replace(play(started(), "roll 6 1-1"), phase=Phase.OVER, winner=0, tabulations=((300, 231),))
    assert over.to_move is None and over.legal_moves() == ()
    with pytest.raises(IllegalMoveError, match="game is over"):
        over.play(Claim("NY"))


# --- the physical board -----------------------------------------------------------------------------------------
def test_a_claim_is_a_touch_on_the_states_square_and_nothing_else_touches_the_board() -> None:
    state = play(with_hands(started(), (7,), ()), "roll 6 1-1")
    assert state.effect(Claim("NY")) == Effect(decision_touch=frozenset({square("g7")}))
    assert state.effect(PlayCard(7)).is_empty
    assert started().effect(Roll(6, 1, 1)).is_empty
    assert GAME.new(2, seed=0).effect(FirstPlayer(0)).is_empty
    assert state.pieces() == {} and state.occupancy() == 0
    with pytest.raises(IllegalMoveError):
        state.effect(Claim("WA"))


def test_touching_a_state_the_throw_does_not_allow_is_a_near_miss_with_its_reason() -> None:
    state = with_pins(play(started(), "roll 6 1-1"), OH=("", 1))
    misses = {m.move: m for m in state.near_misses()}
    assert set(misses) == {Claim(a) for a in BY_ABBR} - {Claim(a) for a in ("NY", "CA", "PA", "IL", "TX", "MI")}
    assert "group 2" in misses[Claim("ME")].reason
    assert "capital of Ohio" in misses[Claim("OH")].reason
    assert misses[Claim("OH")].effect.decision_touch == frozenset({BY_ABBR["OH"].square})
    assert started().near_misses() == ()


def test_marks_show_each_states_leader_on_its_square() -> None:
    state = with_pins(started(3), NY="0|2", WA="1")
    on_states = {sq: seat for sq, seat in state.marks().items() if sq in BY_SQUARE}
    assert on_states == {BY_ABBR["NY"].square: 2, BY_ABBR["WA"].square: 1}


# --- what the page shows ----------------------------------------------------------------------------------------
def test_the_view_shows_pins_leaders_allowed_states_dice_and_tally() -> None:
    state = with_pins(play(started(3), "roll 6 2-1"), NY="0|21", OH=("2", 1), WY="2")
    view = state.view(None)
    assert view["to_move"] == 0 and view["turn"] == 0
    assert view["dice"] == {"group": 6, "white": [2, 1]}
    assert view["left"] == 3
    assert view["allowed"] == ["CA", "IL", "MI", "NY", "PA", "TX"]
    assert view["pins"]["NY"] == [[0], [2, 1]]
    assert view["leaders"] == {"NY": 2, "OH": 1, "WY": 2}
    assert view["capitals"] == {"OH": 1}
    assert view["tally"] == [0, 25, 48]
    assert view["closed"] is False
    json.dumps(view)


def test_the_printed_board_is_given_once_for_the_page() -> None:
    board = board_json()
    assert board["states"]["NY"] == {
        "name": "New York",
        "capital": "Albany",
        "votes": 45,
        "group": 6,
        "lines": 7,
        "square": "g7",
    }
    assert len(board["cards"]) == 18 and board["majority"] == 266
    assert board["groups"]["6"]["colour"] == "green"


def test_words_for_the_page() -> None:
    state = play(with_hands(started(), (7,), ()), "roll 6 2-1")
    assert state.turn_text() == "Red: place 3 counties in group 6 (green)"
    assert state.describe(Claim("NY")) == "Capture a county in New York"
    assert state.describe(PlayCard(7)) == "Play speech card 7, The Empire State: NY 3, NJ 2"
    assert started().turn_text() == "Red: throw the dice"
    assert GAME.new(2, seed=0).turn_text().startswith("Everyone throws")
    assert play(state, "NY", "NY", "NY").turn_text() == "Red: play a speech card or pass"


# --- JSON -------------------------------------------------------------------------------------------------------
def test_json_round_trip_keeps_everything() -> None:
    state = with_pins(play(with_hands(started(3), (1, 2), (3,), ()), "roll 6 2-1", "card 1"), OH=("2", 1))
    data = json.loads(json.dumps(state.to_json()))
    assert data["pins"]["OH"] == "2" and data["capitals"] == {"OH": 1}
    assert GAME.from_json(data) == state


def _broken(change: dict[str, Any]) -> dict[str, Any]:
    data = play(started(3), "roll 6 2-1", "NY").to_json()
    data.update(change)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "polis"}, "game 'polis'"),
        ({"seats": 9}, "seats"),
        ({"phase": "lunch"}, "phase"),
        ({"turn": 7}, "turn"),
        ({"active": [0]}, "active"),
        ({"pins": {"XX": "0"}}, "no state 'XX'"),
        ({"pins": {"NY": "0|0"}}, "two pins"),
        ({"pins": {"DE": "0|||||1"}}, "DE"),
        ({"pins": {"NY": "a"}}, "NY"),
        ({"capitals": {"NY": True}}, "capital"),
        ({"hands": [[1], [1], []]}, "two places"),
        ({"hands": [[19], [], []]}, "hands"),
        ({"dice": None}, "dice"),
        ({"dice": {"group": 6, "white": [1]}}, "two white dice"),
        ({"left": 9}, "left"),
        ({"card_played": "no"}, "card_played"),
        ({"tabulations": [[1, 2]]}, "tabulations"),
        ({"winner": 1}, "over"),
        ({"rng": -1}, "rng"),
    ],
)
def test_bad_json_is_a_state_format_error(change: dict[str, Any], message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        GAME.from_json(_broken(change))


def test_a_missing_key_is_named() -> None:
    data = started().to_json()
    del data["hands"]
    with pytest.raises(StateFormatError, match="'hands' is missing"):
        GAME.from_json(data)


def test_chance_nodes_list_their_outcomes_as_legal_moves() -> None:
    state = started()
    assert state.to_move is CHANCE
    assert len(state.legal_moves()) == 126 and state.legal_moves(0) == ()
    assert set(GAME.new(2, seed=0).legal_moves()) == {FirstPlayer(0), FirstPlayer(1)}
