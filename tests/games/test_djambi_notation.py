"""Djambi notation, square names, options and JSON: every bad input gets a clear error of the API's classes."""

from __future__ import annotations

import json

import pytest

from controller.games import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    SetupError,
    StateFormatError,
    load,
)
from controller.games.djambi import Act, AnswerDraw, Djambi, Go, OfferDraw, Pass, Report
from controller.games.djambi.board import parse_square
from controller.games.djambi.diagram import position
from controller.games.djambi.rules import Layout, Reporter, Setup, Sleeping, Vassals, WalledIn

GAME = Djambi()
CORNERS = {"A9": "RC", "I9": "BC", "I1": "YC", "A1": "GC"}
sq = parse_square


def test_the_registry_finds_djambi_and_its_square_names() -> None:
    game = load("djambi")
    assert isinstance(game, Djambi)
    assert game.square_name(0) == "A1" and game.square_name(40) == "E5" and game.square_name(80) == "I9"
    assert game.parse_square("e5") == 40 and game.parse_square("I9") == 80
    with pytest.raises(InvalidMoveError):
        game.parse_square("J1")
    with pytest.raises(ValueError):
        game.square_name(81)


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("MC8-D7", Go(5, sq("C8"), sq("D7"))),
        ("CA9-E5", Go(0, sq("A9"), sq("E5"))),
        ("MC8xD7>F5", Act(5, sq("C8"), sq("D7"), sq("F5"))),
        ("AB9xC8", Act(1, sq("B9"), sq("C8"), sq("B9"))),
        ("AB9xE5~F6", Act(1, sq("B9"), sq("E5"), sq("B9"), sq("F6"))),
        ("RA8-C6xC7", Report(sq("A8"), sq("C6"), (sq("C7"),))),
        ("DB8xE6>G4", Act(3, sq("B8"), sq("E6"), sq("G4"))),
        ("NC7xE5>G6~F5", Act(4, sq("C7"), sq("E5"), sq("G6"), sq("F5"))),
        ("pass", Pass()),
        ("offer draw", OfferDraw()),
        ("accept draw", AnswerDraw(True)),
        ("decline draw", AnswerDraw(False)),
    ],
)
def test_notation_of_every_kind_of_move(text: str, move: object) -> None:
    assert str(move) == text


def test_short_forms_and_any_case_parse_to_the_full_move() -> None:
    state = position({**CORNERS, "C3": "RA", "C6": "YR", "D2": "RM", "D4": "BM", "I9": "..", "E5": "BC"})
    assert GAME.parse("c3xc6", state) == GAME.parse("AC3xC6", state) == Act(1, sq("C3"), sq("C6"), sq("C3"))
    assert GAME.parse(" md2 - d3 ", state) == Go(5, sq("D2"), sq("D3"))
    assert GAME.parse("AC3xC6>C3", state) == Act(1, sq("C3"), sq("C6"), sq("C3"))
    assert GAME.parse("Draw?", state) == OfferDraw()


def test_a_kill_without_its_corpse_square_is_ambiguous() -> None:
    state = position({**CORNERS, "D2": "RM", "D4": "BM"})
    with pytest.raises(AmbiguousMoveError, match="with '>'"):
        GAME.parse("MD2xD4", state)
    state = position({**CORNERS, "I9": "..", "E5": "BC", "C3": "RA"})
    with pytest.raises(AmbiguousMoveError, match="with '~'"):
        GAME.parse("AC3xE5", state)


def test_a_maze_exit_may_be_left_out_when_only_one_exists() -> None:
    walls = dict.fromkeys(("D5", "D6", "E6", "F6", "F5", "F4", "E4"), "xx")
    state = position({**CORNERS, "I9": "..", "E5": "BC", "C3": "RA", **walls})
    assert GAME.parse("AC3xE5", state) == Act(1, sq("C3"), sq("E5"), sq("C3"), sq("D4"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("MC8-D7-E6", "not a Djambi move"),
        ("hello", "not a Djambi move"),
        ("MJ8-D7", "not a Djambi move"),
        ("MC8-D7>F5", "no '>' or '~'"),
        ("MC8xD7xE6", "only a Reporter"),
        ("XC8-D7", "not a Djambi move"),
    ],
)
def test_malformed_texts_are_invalid(text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError, match=message):
        GAME.parse(text, GAME.new())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("MD5-D6", "no piece on D5"),
        ("NG5-G6", "G5 holds a corpse"),
        ("MI5-H5", "Red's pieces that move now, not Blue's Militant"),
        ("CC3-C4", "holds Red's Militant, not a Chief"),
        ("MC3-C6", "one or two squares"),
        ("MC3-D5", "not on one straight line"),
        ("MB2-B4", "blocked"),
        ("MC3-C4", "C4 is occupied"),
        ("MC3xC4>A5", "only a Necromobile acts on corpses"),
        ("MC3xB4>A5", "B4 is empty"),
        ("MC3xD2>B2", "B2 is not empty"),
        ("MC3xD2>E5", "into the Maze"),
        ("MA8xA9>A5", "own Chief"),
        ("DH3xH4>A5", "is not a legal move here"),
    ],
)
def test_impossible_moves_are_illegal_with_a_reason(text: str, message: str) -> None:
    state = position(
        {**CORNERS, "C3": "RM", "C4": "xx", "E3": "RN", "D3": "xx", "B2": "RM", "B3": "xx"}
        | {"G5": "xx", "I5": "BM", "D2": "BM", "A8": "RM", "H3": "RD", "H4": "RM"}
    )
    with pytest.raises(IllegalMoveError, match=message):
        GAME.parse(text, state)


def test_out_of_turn_and_after_the_end() -> None:
    state = GAME.new()
    with pytest.raises(IllegalMoveError, match="Red's turn, not Blue's"):
        GAME.parse("MC8-D7", state, seat=1)
    assert GAME.parse("MC8-D7", state, seat=0) == Go(5, sq("C8"), sq("D7"))
    with pytest.raises(IllegalMoveError, match="nobody has offered"):
        GAME.parse("accept draw", state)
    over = position({"A9": "RC", "I9": "xx", "I1": "xx", "A1": "xx"})
    with pytest.raises(IllegalMoveError, match="over"):
        GAME.parse("CA9-A8", over)
    with pytest.raises(IllegalMoveError):
        state.play(Go(5, sq("C8"), sq("C4")))
    with pytest.raises(IllegalMoveError):
        state.effect(Go(5, sq("C8"), sq("C4")))


def test_options_are_checked() -> None:
    assert GAME.new(reporter="all", kill_own=False, setup="files", walled_in="corpses", vassals="first").rules
    for bad in ({"reporter": "some"}, {"kill_own": 1}, {"draw_turns": 0}, {"nonsense": True}):
        with pytest.raises(SetupError):
            GAME.new(**bad)
    with pytest.raises(SetupError):
        GAME.new(seats=2)


def test_an_option_with_fixed_values_is_held_as_its_enum_member_and_written_as_text() -> None:
    chosen = {"reporter": "all", "setup": "files", "layout": "rotated", "walled_in": "region", "vassals": "first"}
    rules = GAME.new(None, None, **chosen, sleeping_vassals="immune").rules
    assert (rules.reporter, rules.setup, rules.layout, rules.walled_in, rules.vassals, rules.sleeping_vassals) == (
        Reporter.ALL,
        Setup.FILES,
        Layout.ROTATED,
        WalledIn.REGION,
        Vassals.FIRST,
        Sleeping.IMMUNE,
    )
    assert rules.walled_in is WalledIn.REGION
    written = rules.to_json()
    assert {k: written[k] for k in chosen} == chosen
    assert all(type(v) in (bool, int, str) for v in written.values())
    state = GAME.new(None, None, **chosen)
    assert GAME.from_json(json.loads(json.dumps(state.to_json()))).rules.layout is Layout.ROTATED


def test_json_round_trip_keeps_everything() -> None:
    state = position({**CORNERS, "E5": "xx", "C3": "RM"}, quiet=7, vassals="first", turn=2)
    data = json.loads(json.dumps(state.to_json()))
    assert data["board"]["E5"] == "corpse" and data["board"]["C3"] == "RM"
    assert GAME.from_json(data) == state
    offered = state.play(OfferDraw())
    assert GAME.from_json(json.loads(json.dumps(offered.to_json()))) == offered


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "polis"}, "not 'djambi'"),
        ({"board": []}, "maps squares"),
        ({"board": {"Z9": "RC"}}, "not a Djambi square"),
        ({"board": {"A9": "QQ"}}, "not a piece"),
        ({"board": {"A9": "RC", "A8": "RC", "I9": "BC"}}, "more than one Chief"),
        ({"board": {"A9": "RC", "I9": "BC", "E5": "RM"}}, "only a Chief"),
        ({"control": [0, 1]}, "lists 4"),
        ({"control": [0, 1, 2, 7]}, "from 0 to 3"),
        ({"control": [1, 1, 2, 3]}, "plays its own pieces"),
        ({"turn": "red"}, "whole number"),
        ({"quiet": -1}, "whole number"),
        ({"offered": "no"}, "true or false"),
        ({"options": {"reporter": "some"}}, "'reporter'"),
        ({"options": []}, "an object"),
        ({"accepted": 3}, "lists players"),
    ],
)
def test_bad_json_is_a_state_format_error(change: dict[str, object], message: str) -> None:
    data = {**GAME.new().to_json(), **change}
    with pytest.raises(StateFormatError, match=message):
        GAME.from_json(data)
    with pytest.raises(StateFormatError, match="needs 'turn'"):
        GAME.from_json({k: v for k, v in GAME.new().to_json().items() if k != "turn"})


def test_describe_says_what_happens() -> None:
    state = position({**CORNERS, "C3": "RA", "C6": "YR", "D2": "RM", "D4": "BM"})
    assert state.describe(GAME.parse("AC3xC6", state)) == (
        "Red's Assassin on C3 kills Yellow's Reporter on C6, leaving the corpse on C3"
    )
    assert state.describe(GAME.parse("MD2xD4>H4", state)) == (
        "Red's Militant on D2 kills Blue's Militant on D4, corpse to H4"
    )
    assert state.describe(GAME.parse("CA9-B8", state)) == "Red's Chief from A9 to B8"


def test_the_move_list_records_what_a_move_caused_and_reads_back() -> None:
    state = position({"A9": "RC", "I9": "BC", "H8": "RM", "I1": "xx", "A1": "xx"})
    move = GAME.parse("MH8xI9>E1", state)
    record = state.record(move)
    assert record == "MH8xI9>E1 (kills Blue's Chief; Red takes Blue; Red wins: the last Chief standing)"
    assert GAME.parse(record, state) == move
    quiet = GAME.new()
    assert quiet.record(GAME.parse("MC8-D7", quiet)) == "MC8-D7"


def test_draw_offers_can_be_switched_off() -> None:
    assert OfferDraw() not in GAME.new(draw_offers=False).legal_moves()
    with pytest.raises(IllegalMoveError):
        GAME.parse("offer draw", GAME.new(draw_offers=False))
