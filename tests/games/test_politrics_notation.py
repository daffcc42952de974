"""Politrics notation (the score sheet's), readable errors, sentences for the page, and the views."""

from __future__ import annotations

import pytest

from controller.games import IllegalMoveError, InvalidMoveError, Move
from controller.games.politrics import Beat, Concede, Declare, Place, Politrics, Shift
from controller.games.politrics.board import ROWS
from controller.games.politrics.figures import DELEGATE, MINISTER, VOTER
from controller.games.politrics.setup import position

GAME = Politrics()


def sq(name: str) -> int:
    return GAME.parse_square(name)


def test_the_score_sheet_notation_reads_and_writes_every_kind_of_move() -> None:
    state = position("V33", "D34 M44 C43 M53")
    assert GAME.parse("V35", state) == Place(VOTER, sq("35"))
    assert GAME.parse("V33-35", state) == Beat(VOTER, sq("33"), sq("35"))
    assert str(Beat(VOTER, sq("33"), sq("35"))) == "V33-35"
    assert str(Place(DELEGATE, sq("34"))) == "D34"
    assert str(Shift(MINISTER, sq("44"), sq("55"))) == "M44-55"
    assert str(Concede()) == "concede"
    assert str(Declare(ROWS.index(tuple(sq(n) for n in ("35", "45", "55", "65", "75"))))) == "declare 35-75"


def test_a_step_or_beat_may_leave_out_the_kind_and_letters_may_be_lower_case() -> None:
    state = position("V33", "D34 M44 C43 M53")
    assert GAME.parse("33-35", state) == GAME.parse("v33-35", state) == Beat(VOTER, sq("33"), sq("35"))
    assert GAME.parse("  m22 ", state) == Place(MINISTER, sq("22"))


def test_a_declaration_names_the_row_by_its_ends_in_either_order() -> None:
    light_moved = position("P22 C35 D45 V55 V65", "P88 V44").play(Place(MINISTER, sq("75")))
    assert GAME.parse("declare 75-35", light_moved) == GAME.parse("DECLARE 35 - 75", light_moved)
    assert str(GAME.parse("declare 75-35", light_moved)) == "declare 35-75"


@pytest.mark.parametrize(
    "text",
    ["Z33", "V3", "V33-36", "V33-33", "V00", "declare 35-76", "declare 35", "hello", "V33--35", "33"],
)
def test_text_that_is_no_politrics_move_is_an_invalid_move(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        GAME.parse(text, GAME.new())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("V34-35", "34 holds a Light Delegate, not a Dark Voter"),
        ("D34-35", "34 holds a Light Delegate, not a Dark Delegate"),
        ("V22-23", "no figure on 22"),
        ("22-23", "no figure on 22"),
        ("V33-32", "16 figures are still in your line-up"),
        ("M33-55", "33 holds a Dark Voter, not a Dark Minister"),
        ("V34", "34 is taken"),
    ],
)
def test_illegal_moves_say_why(text: str, message: str) -> None:
    state = position("V33", "D34 M44 C43 M53")
    with pytest.raises(IllegalMoveError, match=message):
        GAME.parse(text, state)


def test_a_move_out_of_turn_is_refused() -> None:
    with pytest.raises(IllegalMoveError, match="Dark's turn"):
        GAME.parse("V33", GAME.new(), seat=1)


def test_describe_says_what_a_move_does_in_a_sentence() -> None:
    state = position("V33", "D34 M44 C43 M53")
    assert state.describe(GAME.parse("V35", state)) == "Dark places a Voter on 35"
    assert state.describe(GAME.parse("C77", state)) == "Dark places a Civil Servant on 77"
    assert state.describe(GAME.parse("V33-35", state)) == (
        "Dark's Voter jumps from 33 to 35 and beats Light's Delegate on 34"
    )
    moved = position("P22 V55 V64 M73 D37 C91", "P88 V27 V18 M83 D49 C59", lineup="placed")
    assert moved.describe(GAME.parse("M73-84", moved)) == "Dark moves the Minister from 73 to 84"
    declared = position("P22 C35 D45 V55 V65", "P88 V44").play(Place(MINISTER, sq("75")))
    assert declared.describe(GAME.parse("declare 35-75", declared)) == "Dark declares the row 35-75 worth 60 points"
    answer = declared.play(GAME.parse("declare 35-75", declared))
    assert answer.describe(Concede()) == "Light lets Dark's declared row stand"


def test_turn_text_tells_whose_turn_and_what_phase() -> None:
    assert GAME.new().turn_text() == "Board 1, Dark 0 : Light 0. Dark to place a figure (17 in the line-up) or beat"
    moved = position("P22 V55 V64 M73 D37 C91", "P88 V27 V18 M83 D49 C59", lineup="placed", turn=1)
    assert moved.turn_text().endswith("Light to move a figure or beat")


def test_every_seat_sees_everything_and_the_totals() -> None:
    state = position("V33", "D34", boards=[{"winner": 1, "points": 12, "reason": "president"}])
    views = [state.view(seat) for seat in (None, 0, 1)]
    assert views[0] == views[1] == views[2]
    assert views[0]["totals"] == [0, 12]
    assert views[0]["board"] == state.to_json()["board"]


@pytest.mark.parametrize(
    "move", [Place(VOTER, 81), Place(7, 20), Shift(VOTER, -1, 0), Beat(VOTER, 20, 99), Declare(140), Declare(-1)]
)
def test_moves_built_with_impossible_squares_or_kinds_are_illegal_moves(move: Move) -> None:
    with pytest.raises(IllegalMoveError, match="does not exist"):
        GAME.new().play(move)
