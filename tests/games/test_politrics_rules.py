"""Politrics: the board, placement, movement, beats, retirement squares, the President and the Aura, on positions
built for each rule. Positions are written the score sheet's way: upper-case kind letter and the square `xy`."""

from __future__ import annotations

import pytest

from controller.games import IllegalMoveError, InvalidMoveError, load
from controller.games.physical import Step
from controller.games.politrics import Beat, Place, Politrics, PolitricsState, Shift
from controller.games.politrics.board import square
from controller.games.politrics.figures import CIVIL_SERVANT, DELEGATE, MINISTER, PRESIDENT, VOTER
from controller.games.politrics.rules import Answer, Aura, Unplaceable
from controller.games.politrics.setup import position

GAME = Politrics()
# Figures parked on retirement squares, to give a position enough figures without getting in the way.
DARK_PARKED = "V11 M21 D31 C61"
LIGHT_PARKED = "V99 M89 D79 C49"


def sq(name: str) -> int:
    return GAME.parse_square(name)


def play(state: PolitricsState, *moves: str) -> PolitricsState:
    for text in moves:
        state = state.play(GAME.parse(text, state))
    return state


# --- squares -------------------------------------------------------------------------------------------------
def test_squares_are_named_xy_and_lie_where_the_lead_placed_them() -> None:
    assert GAME.parse_square("11") == 0
    assert GAME.parse_square("91") == 8
    assert GAME.parse_square("19") == 72
    assert GAME.parse_square("33") == square(3, 3) == 20
    assert [GAME.square_name(i) for i in (0, 8, 72, 80, 40)] == ["11", "91", "19", "99", "55"]


@pytest.mark.parametrize("text", ["10", "a1", "3", "333", "", "0 1"])
def test_a_bad_square_name_is_an_invalid_move(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        GAME.parse_square(text)


def test_the_game_is_registered_under_its_name() -> None:
    game = load("politrics")
    assert isinstance(game, Politrics)
    assert game.info.seat_names[2] == ("Dark", "Light")
    assert {o.name: o.default for o in game.info.options}["target"] == 100


# --- placement -----------------------------------------------------------------------------------------------
def test_dark_begins_and_may_place_any_figure_on_any_square_but_the_president_only_on_the_field() -> None:
    state = GAME.new()
    assert state.to_move == 0
    moves = state.legal_moves()
    presidents = {m.dst for m in moves if isinstance(m, Place) and m.kind == PRESIDENT}
    assert presidents == {square(x, y) for x in range(2, 9) for y in range(2, 9)}
    for kind in (VOTER, MINISTER, DELEGATE, CIVIL_SERVANT):
        assert {m.dst for m in moves if isinstance(m, Place) and m.kind == kind} == set(range(81))


def test_placing_takes_the_figure_from_the_line_up_and_passes_the_turn() -> None:
    state = play(GAME.new(), "V33")
    assert state.board[sq("33")] == "V"
    assert state.lineup[0] == (1, 3, 4, 4, 4)
    assert state.to_move == 1
    state = play(state, "D34")
    assert state.board[sq("34")] == "d"
    assert state.lineup[1] == (1, 4, 4, 3, 4)


def test_a_taken_square_or_a_used_up_kind_cannot_be_placed() -> None:
    state = play(GAME.new(), "P55")
    with pytest.raises(IllegalMoveError, match="55 is taken"):
        state.play(Place(VOTER, sq("55")))
    state = play(state, "V11")
    with pytest.raises(IllegalMoveError, match="No President of yours is left"):
        state.play(Place(PRESIDENT, sq("33")))


def test_the_president_cannot_be_placed_on_a_retirement_square() -> None:
    with pytest.raises(IllegalMoveError, match="only on the playing field"):
        GAME.new().play(Place(PRESIDENT, sq("15")))


def test_a_plain_step_is_illegal_while_figures_are_still_in_the_line_up() -> None:
    state = play(GAME.new(), "V33", "V77")
    with pytest.raises(IllegalMoveError, match="16 figures are still in your line-up"):
        state.play(Shift(VOTER, sq("33"), sq("34")))


# --- the seed's beating example ------------------------------------------------------------------------------
def seed_example():
    return position("V33", "D34 M44 C43 M53")


def test_the_seed_example_v33_beats_d34_by_moving_to_35() -> None:
    state = seed_example()
    after = play(state, "V33-35")
    assert after.board[sq("34")] == "." and after.board[sq("33")] == "."
    assert after.board[sq("35")] == "V"
    # Beating replaces placing: no figure left the line-up.
    assert after.lineup == state.lineup
    assert after.to_move == 1


def test_the_seed_example_v33_could_also_beat_m44_by_moving_to_55() -> None:
    after = play(seed_example(), "V33-55")
    assert after.board[sq("44")] == "." and after.board[sq("55")] == "V"


def test_the_seed_example_v33_cannot_beat_c43_as_53_is_occupied() -> None:
    state = seed_example()
    with pytest.raises(IllegalMoveError, match="53 is taken"):
        play(state, "V33-53")
    beats = {str(m) for m in state.legal_moves() if isinstance(m, Beat)}
    assert beats == {"V33-35", "V33-55"}


def test_the_effect_of_a_beat_lifts_the_jumper_and_removes_the_victim_as_a_chore() -> None:
    state = seed_example()
    effect = state.effect(GAME.parse("V33-35", state))
    dark_voter, light_delegate = state.pieces()[sq("33")], state.pieces()[sq("34")]
    assert effect.decision == (Step(dark_voter, sq("33"), sq("35")),)
    assert effect.chores == (Step(light_delegate, sq("34"), None),)
    assert effect.after_chores(state.occupancy()) == play(state, "V33-35").occupancy()


def test_the_effect_of_a_placement_sets_the_figure_down_from_the_line_up() -> None:
    state = GAME.new()
    effect = state.effect(Place(MINISTER, sq("44")))
    assert [(s.piece.kind, s.piece.owner, s.src, s.dst) for s in effect.decision] == [("M", 0, None, sq("44"))]
    assert effect.chores == ()


# --- beats ---------------------------------------------------------------------------------------------------
def beat_position(jumper: str) -> PolitricsState:
    """A Dark figure on 55 with a Light figure on each of its eight neighbours and free squares behind them."""
    return position(
        f"P22 {jumper}55 V27 {DARK_PARKED}",
        f"P88 V44 V45 V46 M54 M56 D64 D65 D66 {LIGHT_PARKED}",
        lineup="placed",
    )


@pytest.mark.parametrize(
    ("jumper", "landings"),
    [
        ("V", {"33", "35", "37", "53", "57", "73", "75", "77"}),
        ("M", {"33", "37", "73", "77"}),
        ("D", {"35", "53", "57", "75"}),
        ("C", set()),
    ],
)
def test_each_kind_beats_in_its_own_directions(jumper: str, landings: set[str]) -> None:
    state = beat_position(jumper)
    assert {GAME.square_name(m.dst) for m in state.legal_moves() if isinstance(m, Beat)} == landings


def test_the_president_never_beats() -> None:
    state = position(f"P44 V73 {DARK_PARKED}", f"P88 V45 M83 {LIGHT_PARKED}", lineup="placed")
    assert not any(isinstance(m, Beat) and m.kind == PRESIDENT for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="President never beats"):
        state.play(Beat(PRESIDENT, sq("44"), sq("46")))


def test_no_figure_beats_its_own_side() -> None:
    state = position(f"P22 V55 D56 {DARK_PARKED}", f"P88 V33 {LIGHT_PARKED}", lineup="placed")
    with pytest.raises(IllegalMoveError, match="opponent figures only"):
        state.play(Beat(VOTER, sq("55"), sq("57")))


def test_a_beat_may_land_on_a_retirement_square_and_the_figure_then_stays_there() -> None:
    state = position(f"P22 V73 {DARK_PARKED}", f"P66 V83 M84 {LIGHT_PARKED}", lineup="placed")
    after = play(state, "V73-93")
    assert after.board[sq("93")] == "V" and after.board[sq("83")] == "."
    after = play(after, "M84-73")
    assert not any(getattr(m, "src", None) == sq("93") for m in after.legal_moves())


# --- movement ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "targets"),
    [
        ("V", {"44", "45", "46", "54", "56", "64", "65", "66"}),
        ("M", {"44", "46", "64", "66"}),
        ("D", {"45", "54", "56", "65"}),
        ("C", set()),
    ],
)
def test_once_all_are_placed_each_kind_steps_its_own_way(kind: str, targets: set[str]) -> None:
    state = position(f"P22 {kind}55 V37 {DARK_PARKED}", f"P88 V82 {LIGHT_PARKED}", lineup="placed")
    steps = {GAME.square_name(m.dst) for m in state.legal_moves() if isinstance(m, Shift) and m.src == sq("55")}
    assert steps == targets
    assert not any(isinstance(m, Place) for m in state.legal_moves())


def test_a_civil_servant_never_moves() -> None:
    state = position(f"P22 C55 V73 {DARK_PARKED}", f"P88 V82 {LIGHT_PARKED}", lineup="placed")
    with pytest.raises(IllegalMoveError, match="Civil Servant never moves"):
        state.play(Shift(CIVIL_SERVANT, sq("55"), sq("56")))


def test_figures_move_only_once_their_own_line_up_is_empty() -> None:
    # Dark has placed everything, Light has not: Dark steps, Light still places.
    state = position(f"P22 V55 {DARK_PARKED}", "P88 V82", lineup=[[0, 0, 0, 0, 0], [0, 2, 4, 4, 4]])
    assert any(isinstance(m, Shift) for m in state.legal_moves())
    light = play(state, "V55-56")
    assert {type(m) for m in light.legal_moves()} == {Place}


def test_a_step_must_go_to_a_free_neighbouring_square() -> None:
    state = position(f"P22 V55 {DARK_PARKED}", f"P88 V56 {LIGHT_PARKED}", lineup="placed")
    with pytest.raises(IllegalMoveError, match="56 is taken"):
        state.play(Shift(VOTER, sq("55"), sq("56")))
    state = position(f"P22 M55 {DARK_PARKED}", f"P88 V82 {LIGHT_PARKED}", lineup="placed")
    with pytest.raises(IllegalMoveError, match="one square diagonally"):
        state.play(Shift(MINISTER, sq("55"), sq("56")))


def test_a_figure_may_step_onto_a_retirement_square_and_never_moves_again() -> None:
    state = position(f"P44 V82 V73 {DARK_PARKED}", f"P66 V37 M28 {LIGHT_PARKED}", lineup="placed")
    after = play(state, "V82-92", "V37-36")
    assert after.board[sq("92")] == "V"
    assert not any(getattr(m, "src", None) == sq("92") for m in after.legal_moves())
    with pytest.raises(IllegalMoveError, match="retirement square and never moves"):
        after.play(Shift(VOTER, sq("92"), sq("82")))


def test_a_figure_placed_on_a_retirement_square_never_beats() -> None:
    state = position(f"P44 V91 V33 {DARK_PARKED}", f"P66 V82 M28 {LIGHT_PARKED}", lineup="placed")
    with pytest.raises(IllegalMoveError, match="retirement square"):
        state.play(Beat(VOTER, sq("91"), sq("73")))


# --- the President and the Aura ------------------------------------------------------------------------------
def test_the_president_steps_one_square_any_way_but_stays_on_the_field() -> None:
    state = position(f"P22 V73 {DARK_PARKED}", f"P88 V37 {LIGHT_PARKED}", lineup="placed")
    steps = {GAME.square_name(m.dst) for m in state.legal_moves() if isinstance(m, Shift) and m.kind == PRESIDENT}
    assert steps == {"23", "32", "33"}
    with pytest.raises(IllegalMoveError, match="stays on the playing field"):
        state.play(Shift(PRESIDENT, sq("22"), sq("12")))


@pytest.mark.parametrize("servant", ["C56", "c56"])
def test_the_president_cannot_enter_the_aura_of_a_civil_servant_of_either_colour(servant: str) -> None:
    dark, light = f"P44 V73 {DARK_PARKED}", f"P88 V37 {LIGHT_PARKED}"
    if servant.isupper():
        dark += f" {servant}"
    else:
        light += f" C{servant[1:]}"
    state = position(dark, light, lineup="placed")
    steps = {GAME.square_name(m.dst) for m in state.legal_moves() if isinstance(m, Shift) and m.kind == PRESIDENT}
    assert steps == {"33", "34", "35", "43", "53", "54"}
    with pytest.raises(IllegalMoveError, match="Aura of the Civil Servant on 56") as err:
        state.play(Shift(PRESIDENT, sq("44"), sq("45")))
    assert err.value.squares == frozenset({sq("56")})


def test_the_president_cannot_be_placed_inside_an_aura() -> None:
    state = position("C46", "V11")
    with pytest.raises(IllegalMoveError, match="Aura of the Civil Servant on 46"):
        state.play(Place(PRESIDENT, sq("55")))
    presidents = {m.dst for m in state.legal_moves() if isinstance(m, Place) and m.kind == PRESIDENT}
    assert presidents.isdisjoint({sq(n) for n in ("35", "36", "37", "45", "47", "55", "56", "57")})


def test_a_civil_servant_cannot_be_placed_with_a_president_in_his_aura() -> None:
    state = position("V11", "P55")
    with pytest.raises(IllegalMoveError, match="President on 55 in his Aura") as err:
        state.play(Place(CIVIL_SERVANT, sq("64")))
    assert err.value.squares == frozenset({sq("55")})
    servants = {m.dst for m in state.legal_moves() if isinstance(m, Place) and m.kind == CIVIL_SERVANT}
    assert len(servants) == 81 - 2 - 8


def test_under_the_opponent_aura_option_a_civil_servant_may_stand_next_to_his_own_president() -> None:
    state = position("P55 V11", "P33 V99", aura="opponent")
    servants = {GAME.square_name(m.dst) for m in state.legal_moves() if isinstance(m, Place) and m.kind == 4}
    assert "56" in servants  # next to Dark's own President
    assert "42" not in servants  # next to Light's President
    with pytest.raises(IllegalMoveError, match="President on 33 in his Aura"):
        state.play(Place(CIVIL_SERVANT, sq("42")))


def test_near_misses_explain_the_president_placed_inside_an_aura() -> None:
    misses = [n for n in position("C46", "V11").near_misses() if isinstance(n.move, Place) and n.move.kind == 0]
    assert {GAME.square_name(n.move.dst) for n in misses if isinstance(n.move, Place)} == {
        "35",
        "36",
        "37",
        "45",
        "47",
        "55",
        "56",
        "57",
    }
    assert all(n.squares == frozenset({sq("46")}) for n in misses)


def test_the_aura_holds_on_a_retirement_square_too() -> None:
    state = position("C91", "V11")
    with pytest.raises(IllegalMoveError, match="Aura of the Civil Servant on 91"):
        state.play(Place(PRESIDENT, sq("82")))


@pytest.mark.parametrize(("aura", "own_blocks", "other_blocks"), [("own", True, False), ("opponent", False, True)])
def test_the_aura_option_says_whose_civil_servants_keep_a_president_out(
    aura: str, own_blocks: bool, other_blocks: bool
) -> None:
    state = position("C46", "C64 V11", aura=aura)
    presidents = {GAME.square_name(m.dst) for m in state.legal_moves() if isinstance(m, Place) and m.kind == 0}
    assert ("55" not in presidents) == (own_blocks or other_blocks)
    assert ("37" not in presidents) == own_blocks  # next to Dark's own Civil Servant only
    assert ("73" not in presidents) == other_blocks  # next to Light's Civil Servant only


# --- near misses ---------------------------------------------------------------------------------------------
def test_near_misses_explain_the_president_stepping_into_an_aura() -> None:
    state = position(f"P44 V73 C56 {DARK_PARKED}", f"P88 V37 {LIGHT_PARKED}", lineup="placed")
    misses = {str(n.move): n for n in state.near_misses()}
    for target in ("45", "55"):
        miss = misses[f"P44-{target}"]
        assert miss.squares == frozenset({sq("56")})
        assert "Aura" in miss.reason
        assert miss.effect.decision[0].src == sq("44") and miss.effect.decision[0].dst == sq(target)
    assert "P44-34" not in misses  # a legal step is no near miss
    legal = set(state.legal_moves())
    assert not any(n.move in legal for n in state.near_misses())


def test_near_misses_explain_a_civil_servant_placed_next_to_a_president() -> None:
    state = position("V11", "P55")
    misses = [n for n in state.near_misses() if isinstance(n.move, Place) and n.move.kind == CIVIL_SERVANT]
    assert {n.move.dst for n in misses if isinstance(n.move, Place)} == {
        sq(x) for x in ("44", "45", "46", "54", "56", "64", "65", "66")
    }
    assert all(n.squares == frozenset({sq("55")}) for n in misses)


def test_near_misses_explain_a_plain_step_during_the_placement_phase() -> None:
    state = play(GAME.new(), "V33", "V77")
    steps = [n for n in state.near_misses() if isinstance(n.move, Shift)]
    targets = {GAME.square_name(n.move.dst) for n in steps if isinstance(n.move, Shift)}
    assert targets == {"22", "23", "24", "32", "34", "42", "43", "44"}
    assert all("line-up" in n.reason for n in steps)


def test_an_option_with_fixed_values_is_held_as_its_enum_member() -> None:
    rules = Politrics().new(aura="own", unplaceable_president="waits", decisive_answer="beat").rules
    assert (rules.aura, rules.unplaceable_president, rules.decisive_answer) == (
        Aura.OWN,
        Unplaceable.WAITS,
        Answer.BEAT,
    )
    assert rules.aura is Aura.OWN and rules.to_json()["aura"] == "own"
