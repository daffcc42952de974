"""How a Politrics board ends (beaten President, incapacitated or immobilized opponent, repetition), what the board
looks like between boards, the match to the target, options, and the state as JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from controller.games import SetupError, StateFormatError
from controller.games.physical import check_steps
from controller.games.politrics import Politrics, Shift
from controller.games.politrics.setup import position
from controller.games.politrics.state import PolitricsState

GAME = Politrics()
DARK_PARKED = "V11 M21 D31 C61"
LIGHT_PARKED = "V99 M89 D79 C49"


def sq(name: str) -> int:
    return GAME.parse_square(name)


def play(state: PolitricsState, *moves: str) -> PolitricsState:
    for text in moves:
        state = state.play(GAME.parse(text, state))
    return state


def results(state: PolitricsState) -> list[tuple[int | None, int, str]]:
    return [(b.winner, b.points, b.reason) for b in state.boards]


# --- beaten President ----------------------------------------------------------------------------------------
def test_beating_the_president_ends_the_board_and_scores_the_best_combination() -> None:
    # The seed's example: M54 M64 C74 is Dark's best run, 11 x 2 = 22.
    state = position(f"P22 M54 M64 C74 V36 {DARK_PARKED}", f"P47 V88 {LIGHT_PARKED}", lineup="placed")
    after = play(state, "V36-58")
    assert results(after) == [(0, 22, "president")]
    assert after.totals == (0 + 22, 0)


def test_a_board_ending_move_clears_the_board_as_chores_and_the_other_player_begins() -> None:
    state = position(f"P22 M54 M64 C74 V36 {DARK_PARKED}", f"P47 V88 {LIGHT_PARKED}", lineup="placed")
    move = GAME.parse("V36-58", state)
    effect = state.effect(move)
    after = state.play(move)
    assert len(effect.decision) == 1
    assert effect.decision[0].src == sq("36") and effect.decision[0].dst == sq("58")
    lifted = {s.src for s in effect.chores}
    assert lifted == (set(state.pieces()) - {sq("36")}) | {sq("58")}
    assert all(s.dst is None for s in effect.chores)
    check_steps(effect.after_decision(state.occupancy()), effect.chores)
    assert effect.after_chores(state.occupancy()) == after.occupancy() == 0
    assert after.to_move == 1
    assert after.lineup == ((1, 4, 4, 4, 4), (1, 4, 4, 4, 4))
    assert len(after.legal_moves()) == 373


@pytest.mark.parametrize(("finished", "first"), [(0, 1), (1, 0), (2, 1), (3, 0)])
def test_the_first_player_alternates_from_board_to_board(finished: int, first: int) -> None:
    # Board k (counting from 0) is begun by Dark when k is even; a void board counts as a board.
    earlier = [{"winner": None, "points": 0, "reason": "repetition"}] * finished
    state = play(cycle_position(repetitions=2, boards=earlier), *CYCLE)
    assert len(state.boards) == finished + 1
    assert state.to_move == first


# --- incapacitation ------------------------------------------------------------------------------------------
def test_an_opponent_left_with_four_figures_besides_the_president_is_incapacitated() -> None:
    state = position(f"P22 V32 {DARK_PARKED}", "P88 V33 M19 D91 C59 C15", lineup="placed")
    after = play(state, "V32-34")
    assert [(w, r) for w, _, r in results(after)] == [(0, "incapacitated")]


def test_figures_still_in_the_line_up_count_against_incapacitation() -> None:
    # Light has four figures on the board and two in the line-up: one beaten leaves five.
    state = position(f"P22 V32 {DARK_PARKED}", "P88 V33 M19 D91 C59", lineup=[[0, 0, 0, 0, 0], [0, 1, 0, 0, 1]])
    after = play(state, "V32-34")
    assert after.boards == ()


# --- immobilization ------------------------------------------------------------------------------------------
IMMOBILE = ("P22 V32 V71 M81 D13 C17", "P66 V33 V19 V29 V39 M49 D91 D92 C99")


def test_an_opponent_who_can_move_only_the_president_is_immobilized() -> None:
    state = position(*IMMOBILE, lineup="placed")
    after = play(state, "V32-34")
    assert [(w, r) for w, _, r in results(after)] == [(0, "immobilized")]


def test_with_the_option_president_steps_save_a_player_from_immobilization() -> None:
    state = position(*IMMOBILE, lineup="placed", president_moves_count=True)
    after = play(state, "V32-34")
    assert after.boards == ()
    assert {m.kind for m in after.legal_moves() if isinstance(m, Shift)} == {0}


def test_a_president_who_cannot_be_placed_immobilizes_his_player() -> None:
    # Eight Civil Servants' Auras and Dark's President on 88 leave no square of the field for Light's President.
    dark, light = "P88 C33 C36 C63 C66", "C93 C96 C39 C69"
    after = play(position(dark, light), "V11")
    assert [(w, r) for w, _, r in results(after)] == [(0, "immobilized")]
    waiting = play(position(dark, light, unplaceable_president="waits"), "V11")
    assert waiting.boards == () and waiting.to_move == 1


# --- repetition ----------------------------------------------------------------------------------------------
CYCLE = ["V55-56", "V27-26", "V56-55", "V26-27"]


def cycle_position(**options: Any) -> PolitricsState:
    return position("P22 V55 V64 M73 D37 C91", "P88 V27 V18 M83 D49 C59", lineup="placed", **options)


def test_the_third_time_the_same_position_comes_up_the_board_is_void() -> None:
    state = play(cycle_position(), *CYCLE)
    assert state.boards == () and len(state.history) == 4
    almost = play(state, *CYCLE[:3])
    assert almost.boards == ()
    void = play(almost, CYCLE[3])
    assert results(void) == [(None, 0, "repetition")]
    assert void.totals == (0, 0)
    assert void.to_move == 1 and void.occupancy() == 0


def test_the_repetition_option_voids_at_the_second_time() -> None:
    state = play(cycle_position(repetitions=2), *CYCLE)
    assert results(state) == [(None, 0, "repetition")]


def test_a_beat_or_placement_starts_the_history_afresh() -> None:
    state = play(cycle_position(), "V55-56")
    assert len(state.history) == 1
    beat = position(f"P22 V32 V73 {DARK_PARKED}", f"P66 V33 V47 {LIGHT_PARKED}", lineup="placed")
    assert len(play(beat, "V73-74", "V47-48").history) == 2
    assert play(beat, "V73-74", "V47-48", "V32-34").history == ()


def test_the_history_is_part_of_the_position() -> None:
    start = cycle_position()
    again = play(start, *CYCLE)
    assert again.board == start.board and again.turn == start.turn
    assert again != start


# --- the match -----------------------------------------------------------------------------------------------
def test_the_match_ends_when_a_player_reaches_the_target_and_the_pieces_stay() -> None:
    state = position(f"P22 M54 M64 C74 V36 {DARK_PARKED}", f"P47 V88 {LIGHT_PARKED}", lineup="placed", target=20)
    move = GAME.parse("V36-58", state)
    effect = state.effect(move)
    final = state.play(move)
    assert final.to_move is None
    outcome = final.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (22, 0)
    assert "Dark wins the match 22 to 0" in outcome.reason
    assert final.occupancy() != 0 and effect.after_chores(state.occupancy()) == final.occupancy()
    assert final.legal_moves() == () and final.legal_moves(1) == ()
    assert final.turn_text() == outcome.reason


def test_scores_add_up_over_the_boards() -> None:
    earlier = [{"winner": 1, "points": 64, "reason": "row"}, {"winner": 0, "points": 60, "reason": "row"}]
    state = position(f"P22 M54 M64 C74 V36 {DARK_PARKED}", f"P47 V88 {LIGHT_PARKED}", lineup="placed", boards=earlier)
    after = play(state, "V36-58")
    assert after.totals == (82, 64)
    assert after.outcome() is None and after.to_move == 1  # nobody has 100 yet: Light begins the fourth board


# --- options -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [{"target": 0}, {"aura": "mine"}, {"repetitions": 1}, {"president_moves_count": "yes"}, {"colour": "red"}],
)
def test_bad_options_are_refused_with_a_setup_error(options: dict[str, object]) -> None:
    with pytest.raises(SetupError):
        GAME.new(2, 0, **options)


# --- JSON ----------------------------------------------------------------------------------------------------
def test_a_state_with_a_declared_row_history_and_finished_boards_survives_json() -> None:
    state = play(cycle_position(target=150), *CYCLE)
    state = PolitricsState(state.rules, state.board, state.lineup, state.turn, None, (), state.history)
    text = json.dumps(state.to_json())
    assert GAME.from_json(json.loads(text)) == state
    declared = play(position("P22 C35 D45 V55 V65", "P88 V44"), "M75", "declare 35-75")
    assert GAME.from_json(json.loads(json.dumps(declared.to_json()))) == declared
    assert declared.to_json()["declared"] == "35-75"


def _doc(**changes: Any) -> dict[str, Any]:
    data = position("P22 V33", "P88 V77").to_json()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    "doc",
    [
        _doc(game="polis"),
        _doc(board=["........."] * 8),
        _doc(board=["........X"] + ["........."] * 8),
        _doc(lineup=[[1, 4, 4, 4, 4], [1, 4, 4, 4]]),
        _doc(lineup=[[1, 5, 4, 4, 4], [1, 4, 4, 4, 4]]),
        _doc(turn=2),
        _doc(declared="35-75"),
        _doc(declared="35-76"),
        _doc(boards=[{"winner": 0, "points": 101, "reason": "row"}]),
        _doc(boards=[{"winner": 0, "points": 10, "reason": "luck"}]),
        _doc(history=["0" + "." * 80]),
        _doc(options={"aura": "mine"}),
        _doc(options={"colour": "red"}),
        position("C44", "V77").to_json()
        | {
            "board": [
                ".........",
                ".........",
                ".........",
                ".........",
                "....P....",
                "...C.....",
                ".........",
                ".........",
                ".........",
            ]
        },
        position("V33", "V77").to_json() | {"board": ["P........"] + ["........."] * 8},
    ],
)
def test_broken_json_is_refused_with_a_state_format_error(doc: dict[str, Any]) -> None:
    with pytest.raises(StateFormatError):
        GAME.from_json(doc)


def test_a_position_whose_player_to_move_is_immobilized_is_refused() -> None:
    data = position(*IMMOBILE, lineup="placed").to_json()
    data["board"] = [row.replace("v", ".") if i == 6 else row for i, row in enumerate(data["board"])]
    with pytest.raises(StateFormatError, match="immobilized"):
        GAME.from_json(data | {"turn": 1})
