"""Politrics scoring (the seed's four examples), the best run, and declaring a row with the opponent's answer."""

from __future__ import annotations

import pytest

from controller.games import IllegalMoveError
from controller.games.politrics import Concede, Declare, Politrics
from controller.games.politrics.board import ROWS
from controller.games.politrics.scoring import best_run, score
from controller.games.politrics.setup import position
from controller.games.politrics.state import PolitricsState

GAME = Politrics()


def sq(name: str) -> int:
    return GAME.parse_square(name)


def points(figures: str) -> int:
    """The score of the (Dark) figures given, all on one line; the board need not be a legal position."""
    board = ["."] * 81
    for item in figures.split():
        board[sq(item[1:])] = item[0]
    return score("".join(board), [sq(item[1:]) for item in figures.split()])


def play(state: PolitricsState, *moves: str) -> PolitricsState:
    for text in moves:
        state = state.play(GAME.parse(text, state))
    return state


# --- the formula ---------------------------------------------------------------------------------------------
def test_seed_example_a_row_through_the_centre_scores_60() -> None:
    # 2 x 6 + 2 x 4 = 20 points; two Voters and the centre 55 make three multipliers.
    assert points("C35 D45 V55 V65 M75") == 60


def test_seed_example_the_president_acts_as_the_centre_and_scores_80() -> None:
    assert points("D34 D44 D54 P64 D74") == 80


@pytest.mark.parametrize("where", ["34", "44", "54", "74"])
@pytest.mark.parametrize("kind", ["V", "M", "C"])
def test_seed_example_replacing_any_delegate_scores_64(where: str, kind: str) -> None:
    figures = " ".join(f"{kind if s == where else 'D'}{s}" for s in ("34", "44", "54", "74"))
    assert points(f"{figures} P64") == 64


def test_seed_example_beaten_president_scores_the_best_combination_22() -> None:
    assert points("M54 M64 C74") == 22


@pytest.mark.parametrize("kind", ["V", "M", "D", "C"])
def test_four_of_one_kind_and_the_centre_covering_20_make_the_maximum_100(kind: str) -> None:
    other = "V" if kind != "V" else "M"
    assert points(f"{kind}35 {kind}45 {other}55 {kind}65 {kind}75") == 100
    assert points(f"{kind}35 {kind}45 P55 {kind}65 {kind}75") == 100


def test_the_multiplier_never_exceeds_five() -> None:
    # Five Voters and the centre would make six multipliers.
    assert points("V35 V45 V55 V65 V75") == 100


def test_the_president_and_the_centre_together_add_one_multiplier_only() -> None:
    # Two Voters, the centre, and the President: 2 + 1 = 3, not 4.
    assert points("V35 D45 V55 P65 M75") == 60


def test_a_president_alone_or_on_white_squares_scores_by_the_formula() -> None:
    assert points("P45") == 6  # no kind, but a multiplier of one as the President
    assert points("V34 V24") == 0  # white squares have no value


def test_best_run_is_the_best_of_one_to_five_consecutive_figures_on_any_line() -> None:
    state = position("M54 M64 C74 V22 V11", "V65 V45")
    total, run = best_run(state.board, state.layout.occ[0])
    assert total == 22 and {sq("54"), sq("64")} <= set(run)


def test_in_a_row_of_six_only_five_count() -> None:
    # Six from 35 to 85: 35..75 makes 4 Delegates and the centre on 20 points; 45..85 only 4 x 18.
    state = position("P22 D35 D45 V55 D65 D75", "P28 V11", turn=0)
    total, run = best_run(play(state, "M85").board, play(state, "M85").layout.occ[0])
    assert total == 100 and len(run) == 5
    declarations = {str(m) for m in play(state, "M85").legal_moves(0)}
    assert declarations == {"declare 35-75", "declare 45-85"}


# --- declaring -----------------------------------------------------------------------------------------------
# Dark completes C35 D45 V55 V65 M75 by placing M75; Light's Voter on 44 can answer by beating.
ROW_DARK = "P22 C35 D45 V55 V65"


def row_ready(light: str = "P88 V44") -> PolitricsState:
    return position(ROW_DARK, light, turn=0)


def test_after_moving_a_player_with_a_row_may_declare_it_before_the_answer() -> None:
    state = play(row_ready(), "M75")
    assert state.to_move == 1
    assert [str(m) for m in state.legal_moves(0)] == ["declare 35-75"]
    assert not any(isinstance(m, Declare) for m in state.legal_moves(1))
    assert not any(isinstance(m, Declare) for m in state.legal_moves())


def test_a_declaration_keeps_the_opponent_to_move_and_offers_concede() -> None:
    state = play(row_ready(), "M75", "declare 35-75")
    assert state.to_move == 1
    assert state.declared is not None
    assert Concede() in state.legal_moves()
    assert state.legal_moves(0) == ()  # one declaration at a time
    assert "answer Dark's declared row 35-75 (60 points)" in state.turn_text()


def test_beating_one_of_the_five_cancels_the_declaration_and_play_goes_on() -> None:
    state = play(row_ready(), "M75", "declare 35-75", "V44-46")
    assert state.boards == ()
    assert state.declared is None
    assert state.board[sq("45")] == "."
    assert state.to_move == 0


def test_any_other_answer_ends_the_board_with_the_row_scored() -> None:
    state = play(row_ready(), "M75", "declare 35-75", "V11")
    assert [(b.winner, b.points, b.reason) for b in state.boards] == [(0, 60, "row")]
    assert state.totals == (60, 0)
    assert state.occupancy() == 0
    assert state.to_move == 1  # Light begins the second board


def test_conceding_ends_the_board_with_the_row_scored_and_clears_the_board() -> None:
    state = play(row_ready(), "M75", "declare 35-75")
    effect = state.effect(Concede())
    assert effect.decision == ()
    assert {s.src for s in effect.chores} == set(state.pieces())
    assert all(s.dst is None for s in effect.chores)
    after = state.play(Concede())
    assert after.totals == (60, 0)
    assert effect.after_chores(state.occupancy()) == after.occupancy() == 0


def test_a_row_nobody_can_beat_into_ends_the_board_at_once() -> None:
    state = play(row_ready("P88 V11"), "M75")
    effect = state.effect(GAME.parse("declare 35-75", state))
    after = play(state, "declare 35-75")
    assert [(b.winner, b.points) for b in after.boards] == [(0, 60)]
    assert effect.after_chores(state.occupancy()) == 0 == after.occupancy()


def test_an_answer_beating_the_president_outside_the_row_lets_the_row_stand() -> None:
    state = play(position(ROW_DARK, "P88 V44 V32"), "M75", "declare 35-75", "V32-12")
    assert [(b.winner, b.points, b.reason) for b in state.boards] == [(0, 60, "row")]


def test_with_the_option_an_answer_beating_the_president_decides_the_board() -> None:
    state = play(position(ROW_DARK, "P88 V44 V32", decisive_answer="beat"), "M75", "declare 35-75", "V32-12")
    # Light's best run after the beat: the Voter on 44 alone, 5 points.
    assert [(b.winner, b.points, b.reason) for b in state.boards] == [(1, 5, "president")]


def test_with_the_option_an_answer_that_decides_nothing_still_lets_the_row_stand() -> None:
    dark = f"{ROW_DARK} V42"
    state = play(position(dark, "P88 V44 V32", decisive_answer="beat"), "M75", "declare 35-75", "V32-52")
    assert [(b.winner, b.points, b.reason) for b in state.boards] == [(0, 60, "row")]


def test_a_row_may_run_over_retirement_squares() -> None:
    state = play(position("P22 V15 V25 V35 V45", "P88 V77"), "M55")
    assert "declare 15-55" in {str(m) for m in state.legal_moves(0)}


def test_only_a_row_of_the_player_who_just_moved_can_be_declared() -> None:
    state = play(row_ready(), "M75")
    with pytest.raises(IllegalMoveError, match="no row of five on 36-76"):
        GAME.parse("declare 36-76", state)
    with pytest.raises(IllegalMoveError, match="Only the player who has just moved"):
        GAME.parse("declare 35-75", state, seat=1)
    # Once Light has answered with a move, Dark's chance to declare is gone until Dark moves again.
    later = play(state, "V12")
    assert not any(isinstance(m, Declare) for m in later.legal_moves(0))
    with pytest.raises(IllegalMoveError):
        later.play(Declare(ROWS.index((sq("35"), sq("45"), sq("55"), sq("65"), sq("75")))))


def test_concede_needs_a_declared_row() -> None:
    with pytest.raises(IllegalMoveError, match="no declared row"):
        GAME.new().play(Concede())
