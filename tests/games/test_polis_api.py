"""Polis through the game API: notation and its errors, the physical effect, near misses, texts, JSON, options."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from controller.games import (
    IllegalMoveError,
    InvalidMoveError,
    Piece,
    SetupError,
    StateFormatError,
    Step,
    load,
)
from controller.games.moves import Orders
from controller.games.polis import Polis, PolisMove
from controller.games.squares import parse
from tests.games.test_polis_rules import FAR, move, pos

GAME = Polis()
BD, RD, BC = Piece("D", 0), Piece("D", 1), Piece("C", 0)


def sq(name: str) -> int:
    return parse(name)


# --- registry, metadata, squares -------------------------------------------------------------------------------
def test_registry_loads_polis_with_its_region_seats_and_options() -> None:
    game = load("polis")
    assert isinstance(game, Polis)
    assert game.info.seat_counts == (2,) and game.region(2).files == 8 and game.region(2).ranks == 8
    assert {o.name: o.default for o in game.info.options} == {
        "win_by_hop": True,
        "stunned_arrival_wins": False,
        "stunned_chariot_defends": True,
        "hop_stun": "previous",
        "mutual_stun": "both",
    }


def test_polis_squares_are_the_same_named_physical_squares() -> None:
    state = GAME.new()
    assert set(state.pieces()) == {parse(f"{f}{r}") for f in "abcdefgh" for r in "1278"}
    assert state.pieces()[sq("a8")] == BC and state.pieces()[sq("h1")] == Piece("C", 1)
    assert GAME.parse_square("h8") == sq("h8")
    with pytest.raises(InvalidMoveError, match="not a square of the Polis board"):
        GAME.parse_square("i3")


def test_bad_seats_and_options_are_setup_errors() -> None:
    with pytest.raises(SetupError):
        GAME.new(3)
    with pytest.raises(SetupError, match="no option 'chariots'"):
        GAME.new(chariots=2)
    with pytest.raises(SetupError, match="one of"):
        GAME.new(hop_stun="later")
    with pytest.raises(SetupError, match="true or false"):
        GAME.new(win_by_hop="yes")


# --- notation ----------------------------------------------------------------------------------------------------
def test_notation_round_trip_and_lenient_spelling() -> None:
    state = GAME.new()
    for m in state.legal_moves():
        assert GAME.parse(str(m), state) == m
    assert GAME.parse(" B7 - c6 ", state) == move("b7-c6")


@pytest.mark.parametrize("text", ["b7c6", "b7-", "b7xc6", "pass", "b7-c6-d5", "b7-c6 hops"])
def test_text_that_is_no_step_is_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="like b7-c6"):
        GAME.parse(text, GAME.new())


@pytest.mark.parametrize("text", ["i7-h6", "b9-b8", "a0-a1"])
def test_squares_off_the_polis_board_are_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="not a square of the Polis board"):
        GAME.parse(text, GAME.new())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("c5-c4", "c5-c4: there is no piece on c5"),
        ("b2-b3", "b2-b3: the red dog on b2 is not Blue's"),
        ("b7-b5", "b7-b5: a piece moves one square in any of the 8 directions"),
        ("b7-b7", "b7-b7: a piece moves one square in any of the 8 directions"),
        ("a8-a7", "a8-a7: a7 is occupied"),
    ],
)
def test_steps_that_are_not_legal_say_why(text: str, message: str) -> None:
    state = GAME.new()
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse(text, state)
    assert str(err.value) == message
    with pytest.raises(IllegalMoveError) as err:
        state.play(move(text))
    assert str(err.value) == message


def test_a_move_by_the_wrong_seat_is_illegal() -> None:
    with pytest.raises(IllegalMoveError, match="it is Blue's turn, not Red's"):
        GAME.parse("b7-b6", GAME.new(), seat=1)
    assert GAME.new().legal_moves(1) == ()


def test_the_annotated_form_reads_back_and_must_tell_the_truth() -> None:
    state = pos(FAR, "a4 RD, b4 RD, d4 BD", turn=1)
    assert GAME.parse("b4-c4 (hops d4>b4; captures b4)", state) == move("b4-c4")
    assert GAME.parse("b4-c4 ( hops d4>b4;  captures b4 )", state) == move("b4-c4")
    with pytest.raises(IllegalMoveError, match=r"here the step does this: b4-c4 \(hops d4>b4; captures b4\)"):
        GAME.parse("b4-c4 (hops d4>b4)", state)


def test_play_refuses_what_is_not_a_polis_step_and_anything_after_the_end() -> None:
    with pytest.raises(IllegalMoveError, match="not a Polis move"):
        GAME.new().play(Orders(0, ()))
    with pytest.raises(IllegalMoveError, match="not on the Polis board"):
        GAME.new().play(PolisMove(sq("i7"), sq("h6")))
    over = pos("b2 BC, h1 RC, a8 BD").play(move("b2-b1"))
    with pytest.raises(IllegalMoveError, match="the game is over: Blue's chariot reached rank 1"):
        over.play(move("h1-g1"))


# --- physical effect -------------------------------------------------------------------------------------------
def test_effect_is_the_step_then_hops_and_captures_as_net_movements() -> None:
    # The blue dog on d4 hops to b4 and is captured there: one chore, from d4 off the board.
    state = pos(FAR, "a4 RD, b4 RD, d4 BD", turn=1)
    effect = state.effect(move("b4-c4"))
    assert effect.decision == (Step(RD, sq("b4"), sq("c4")),)
    assert effect.chores == (Step(BD, sq("d4"), None),)
    assert effect.after_chores(state.occupancy()) == state.play(move("b4-c4")).occupancy()


def test_effect_of_the_seed_hop_example() -> None:
    state = pos(FAR, "c5 BD, d5 BD, c4 BD, e3 RD")
    effect = state.effect(move("c5-d4"))
    assert effect.decision == (Step(BD, sq("c5"), sq("d4")),)
    assert set(effect.chores) == {
        Step(BD, sq("d5"), sq("d3")),
        Step(BD, sq("c4"), sq("e4")),
        Step(RD, sq("e3"), sq("c5")),
    }


def test_effect_removes_a_captured_piece_that_did_not_hop_from_where_it_stands() -> None:
    # Besides the hopped-and-captured dog of d4, the blue dog on g6 (between f6 and h6) falls on this turn too.
    state = pos(FAR, "a4 RD, b4 RD, d4 BD, f6 RD, g6 BD, h6 RD", turn=1)
    effect = state.effect(move("b4-c4"))
    assert sorted(effect.chores, key=str) == [Step(BD, sq("d4"), None), Step(BD, sq("g6"), None)]
    assert effect.after_chores(state.occupancy()) == state.play(move("b4-c4")).occupancy()


# --- near misses -----------------------------------------------------------------------------------------------
def test_near_misses_explain_refused_steps_with_squares_and_the_step_as_effect() -> None:
    state = pos(FAR, "d4 BD, d6 RD, f4 RD, b2 RD")
    (miss,) = state.near_misses()
    assert miss.move == move("d4-e5")
    assert miss.reason == "the dog on e5 would be captured between d6 and f4"
    assert miss.squares == {sq("d6"), sq("f4")}
    assert miss.effect.decision == (Step(BD, sq("d4"), sq("e5")),) and miss.effect.chores == ()
    with pytest.raises(IllegalMoveError) as err:
        state.play(miss.move)
    assert str(err.value) == miss.reason and err.value.squares == miss.squares


def test_a_stunned_chariots_steps_are_near_misses() -> None:
    state = pos("h1 RC, c4 RD, d4 BC, e4 RD, a7 BD")
    misses = {str(m.move): m for m in state.near_misses()}
    assert {"d4-c3", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e5"} <= set(misses)
    assert misses["d4-d5"].reason == "the chariot on d4 is stunned between c4 and e4 and cannot move"
    assert misses["d4-d5"].squares == {sq("c4"), sq("e4")}


def test_no_near_misses_where_every_step_is_legal() -> None:
    state = GAME.new()
    assert state.near_misses() == ()
    assert all(m.move not in state.legal_moves() for m in pos(FAR, "d4 BD, d6 RD, f4 RD").near_misses())


# --- texts -----------------------------------------------------------------------------------------------------
def test_describe_tells_the_whole_turn_in_words() -> None:
    state = pos(FAR, "a4 RD, b4 RD, d4 BD", turn=1)
    assert state.describe(move("b4-c4")) == (
        "Red moves the dog from b4 to c4; the blue dog on d4 hops to b4; the blue dog on b4 is captured."
    )
    win = pos("c3 BC, h5 RC, a8 BD, b1 RD", turn=1)
    assert win.describe(move("b1-c2")) == (
        "Red moves the dog from b1 to c2; the blue chariot on c3 hops to c1; Blue wins."
    )


def test_turn_text_mentions_a_stunned_chariot() -> None:
    assert GAME.new().turn_text() == "Blue to move"
    assert pos("h1 RC, c4 RD, d4 BC, e4 RD, a7 BD").turn_text() == "Blue to move (its chariot is stunned)"


# --- JSON ------------------------------------------------------------------------------------------------------
def test_json_round_trip_keeps_the_stun_flags_and_options() -> None:
    state = pos("h1 RC, c4 RD, d4 BC, e4 RD, a7 BD", hop_stun="current")
    data = json.loads(json.dumps(state.to_json()))
    assert data["stunned"] == [True, False] and data["options"]["hop_stun"] == "current"
    back = GAME.from_json(data)
    assert back == state and hash(back) == hash(state)
    assert back.rules != GAME.new().rules


def test_states_differing_only_in_options_differ() -> None:
    assert GAME.new() != GAME.new(win_by_hop=False)


def _start() -> dict[str, Any]:
    return GAME.new().to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(game="djambi"), "of game 'djambi'"),
        (lambda d: d.pop("pieces"), "a Polis state has 'pieces'"),
        (lambda d: d["pieces"].update(i9="BD"), "'i9' is not a square of the Polis board"),
        (lambda d: d["pieces"].update(d4="XD"), "'XD' on d4 is not a piece"),
        (lambda d: d["pieces"].update(d4="BC"), "Blue has 2 chariots on the board, not 1"),
        (lambda d: d["pieces"].pop("h1"), "Red has 0 chariots"),
        (lambda d: d["pieces"].update(A8="BD"), "A8 is given twice"),
        (lambda d: d["pieces"].update(d4="BD"), "Blue has more than 15 dogs"),
        (lambda d: d.update(turn=2), "'turn' is 0 (Blue) or 1 (Red)"),
        (lambda d: d.update(winner=0), "Blue cannot have won"),
        (lambda d: d.update(stunned=[True, False]), "'stunned' is [True, False]"),
        (lambda d: d.update(options={"speed": 1}), "no option 'speed'"),
        (lambda d: d.update(options=[]), "'options' is a JSON object"),
    ],
)
def test_bad_json_is_a_state_format_error(change: Any, message: str) -> None:
    data = _start()
    change(data)
    with pytest.raises(StateFormatError, match=re.escape(message)):
        GAME.from_json(data)


def test_a_chariot_on_its_goal_rank_needs_a_winner_unless_win_by_hop_is_off() -> None:
    data = pos("c3 BC, h5 RC, a8 BD, b1 RD", turn=1, win_by_hop=False).play(move("b1-c2")).to_json()
    assert data["pieces"]["c1"] == "BC" and data["winner"] is None
    GAME.from_json(data)
    data["options"]["win_by_hop"] = True
    with pytest.raises(StateFormatError, match="'winner' must say who won"):
        GAME.from_json(data)


def test_the_rules_page_documents_every_option() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / GAME.info.rules).read_text()
    for option in GAME.info.options:
        assert f"`{option.name}`" in page, f"docs/rules/polis.md does not describe option {option.name}"


def test_describe_lists_several_hops_and_a_stun() -> None:
    state = pos(FAR, "c5 BD, d5 BD, c4 BD, e3 RD")
    assert state.describe(move("c5-d4")) == (
        "Blue moves the dog from c5 to d4; the blue dog on c4 hops to e4, the blue dog on d5 hops to d3 and the red "
        "dog on e3 hops to c5."
    )
    stun = pos("a7 BD, h1 RC, c4 RD, d4 BC, e5 RD", turn=1, hop_stun="current")
    assert stun.describe(move("e5-e4")) == "Red moves the dog from e5 to e4; the blue chariot on d4 is stunned."
