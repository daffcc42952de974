"""Politics (1952) on the board and the pages: what the LEDs show (leaders, the states to claim, the counties left as
pips, the seats' legend), the square names, and the static data the page draws (the map, never a hand)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from controller.games import InvalidMoveError
from controller.games.politics1952 import PoliticsState
from controller.games.politics1952.data import BY_ABBR, BY_SQUARE, SPARE
from controller.games.squares import SQUARES, name
from controller.lights import SceneInput, render
from controller.lights.language import LANGUAGE, Meaning
from controller.lights.palette import SEAT_COLOURS
from controller.session.core import Session
from controller.session.seats import SeatKind
from tests.games.test_politics1952_support import GAME, play, started, with_pins


def pip_squares(state: PoliticsState) -> list[str]:
    rows = {*SPARE.pips[0], *SPARE.pips[1]}
    return sorted(name(sq) for sq in state.marks() if sq in rows)


def test_the_pips_are_the_white_dice_and_go_out_one_per_county_placed() -> None:
    state = play(started(3), "roll 6 3-2")
    assert state.left == 5
    assert pip_squares(state) == ["a8", "a9", "b8", "b9", "c9"]  # high die 3 north, low die 2 south
    assert {state.marks()[sq] for sq in (*SPARE.pips[0][:3], *SPARE.pips[1][:2])} == {0}  # the mover's colour
    state = play(state, "NY")
    assert pip_squares(state) == ["a8", "a9", "b9", "c9"]  # the low die's pips go out first, from the east
    state = play(state, "NY", "NY", "NY")
    assert pip_squares(state) == ["a9"]
    state = play(state, "NY")
    assert pip_squares(state) == [] and state.to_move == 0  # all placed; a card or pass is left


def test_doubles_show_as_two_equal_rows_and_no_pips_outside_a_throw() -> None:
    assert pip_squares(play(started(2), "roll 1 6-6")) == sorted(name(q) for q in (*SPARE.pips[0], *SPARE.pips[1]))
    assert pip_squares(started(2)) == []


def test_each_candidate_in_the_game_has_its_square_in_its_colour() -> None:
    state = started(4)
    assert {sq: seat for sq, seat in state.marks().items() if sq in SPARE.tally} == {
        SPARE.tally[k]: k for k in range(4)
    }
    out = replace(state, active=(0, 2, 3))
    assert SPARE.tally[1] not in out.marks()


def test_signs_give_the_coloured_die_and_the_closed_board_their_colours() -> None:
    state = play(started(2), "roll 3 2-1")
    assert state.signs() == {SPARE.die: "#56B4E9"}  # group 3, sky blue
    assert started(2).signs() == {}


def test_the_leds_show_leaders_the_states_to_claim_and_the_pips() -> None:
    """The real scene for a candidate at the board: allowed states lit "to move", leaders and pips in seat colours."""
    state = with_pins(play(started(3), "roll 3 1-1"), NY="1", IA="2")
    session = Session(GAME, state, seat_kinds=[SeatKind.BOARD] * 3)
    session.start(0, 0.0)
    scene = SceneInput(guidance=session.recognizer.guidance(), region=(1 << SQUARES) - 1, marks=state.marks())
    frame = render(scene, 5.0)
    colour, _, peak = LANGUAGE[Meaning.TO_MOVE]
    to_move = tuple(int(c * peak) for c in colour)
    lit = {name(sq) for sq in range(SQUARES) if frame[sq] == to_move}
    assert lit == {name(BY_ABBR[a].square) for a in ("FL", "IA", "KY", "LA", "MD", "WA")}

    def dim(seat: int) -> tuple[int, int, int]:
        r, g, b = SEAT_COLOURS[seat]
        return int(r * 0.15), int(g * 0.15), int(b * 0.15)

    assert frame[BY_ABBR["NY"].square] == dim(1)
    assert frame[SPARE.pips[0][0]] == frame[SPARE.pips[1][0]] == dim(0)
    assert frame[SPARE.pips[0][1]] == (0, 0, 0)


def test_square_names_are_state_abbreviations_and_read_back() -> None:
    for sq in range(SQUARES):
        text = GAME.square_name(sq)
        assert GAME.parse_square(text) == sq
        assert text == (BY_SQUARE[sq].abbr if sq in BY_SQUARE else name(sq))
    assert GAME.parse_square("ny") == GAME.parse_square("New York") == GAME.parse_square("g7")
    with pytest.raises(InvalidMoveError):
        GAME.parse_square("XX")


@pytest.mark.parametrize("seats", [2, 6])
def test_the_static_data_is_the_printed_board_and_no_hand(seats: int) -> None:
    data = GAME.static_json(seats)
    assert data["states"]["NY"] == {
        "name": "New York",
        "capital": "Albany",
        "votes": 45,
        "group": 6,
        "lines": 7,
        "square": "g7",
    }
    assert [c["number"] for c in data["cards"]] == list(range(1, 19))
    assert data["spare"]["pips"][0] == ["a9", "b9", "c9", "d9", "e9", "f9"]
    assert data["majority"] == 266 and data["total"] == 531
    text = json.dumps(data)
    assert "hand" not in text and "rng" not in text
