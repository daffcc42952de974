"""Chesspolitik through the game API: setup, phases, submissions, notation, effects, secrets, JSON, Winter, the end."""

from __future__ import annotations

import json
import random
from dataclasses import fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import (
    SIMULTANEOUS,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Orders,
    Outcome,
    SetupError,
    StateFormatError,
    Termination,
)
from controller.games.chesspolitik import Chesspolitik
from controller.games.chesspolitik.board import FOUR, TWO, home_distance
from controller.games.chesspolitik.orders import Build, Disband, DrawVote, Hold, MoveTo, SupportHold, SupportMove, Waive
from controller.games.chesspolitik.phases import FALL, SPRING, WINTER, Season
from controller.games.chesspolitik.state import ChesspolitikState
from controller.games.physical import Piece, Step, check_steps
from controller.games.playout import random_orders
from controller.games.registry import load
from controller.games.squares import name, parse
from tests.differential.generate import random_adjustments, random_movement_orders, random_position
from tests.differential.positions import GAME, position, resolve, results, units


def names(squares: object) -> set[str]:
    return {name(s) for s in squares}  # type: ignore[attr-defined]


# --- setup --------------------------------------------------------------------------------------------------
# The rules' tables, transcribed here independently of the board module.
SETUP4 = {
    "Russia": ("N b8, K d8, K e8, N g8", "b8 c7 d8 e7 f8", "a7 b8 c7 d8 e7 f8 g7 h8"),
    "Ottoman": ("N a2, K a4, K a5, N a7", "a3 a5 a7 b4 b6", "a1 a3 a5 a7 b2 b4 b6 b8"),
    "Mughal": ("N b1, K d1, K e1, N g1", "c1 d2 e1 f2 g1", "a1 b2 c1 d2 e1 f2 g1 h2"),
    "Ming": ("N h2, K h4, K h5, N h7", "g3 g5 h2 h4 h6", "g1 g3 g5 g7 h2 h4 h6 h8"),
}
SETUP2 = {
    "France": ("N b1, K c1, K d1", "c1 b2 d2", "a1 c1 e1 b2 d2 f2"),
    "England": ("N e6, K d6, K c6", "d6 e5 c5", "b6 d6 f6 a5 c5 e5"),
}


@pytest.mark.parametrize(
    ("seats", "setup", "year", "centres", "solo"), [(4, SETUP4, 1601, 32, 17), (2, SETUP2, 1401, 18, 12)]
)
def test_the_starting_position_is_the_rules_table(seats, setup, year, centres, solo) -> None:
    state = GAME.new(seats)
    board = state.board
    assert (state.year, state.season, len(board.centres), board.solo) == (year, SPRING, centres, solo)
    assert GAME.info.seat_names[seats] == tuple(setup)
    expected_units = {f"{p} {u.split()[0]} {u.split()[1]}" for p, (us, _, _) in setup.items() for u in us.split(", ")}
    assert units(state) == expected_units
    owners = {name(c): state.powers[s] for c, s in state.owner_map().items()}
    assert owners == {c: p for p, (_, cs, _) in setup.items() for c in cs.split()}
    for seat, (_, _, homes) in enumerate(setup.values()):
        assert names(board.powers[seat].homes) == set(homes.split())
    assert all((s % 9 + s // 9) % 2 == 0 for s in board.centres) and parse("a1") in board.centres


def test_the_seeds_build_examples() -> None:
    ming, mughal = FOUR.powers[3], FOUR.powers[2]
    assert names(ming.homes) == {"g7", "g5", "g3", "g1", "h8", "h6", "h4", "h2"}
    assert names(mughal.homes) == {"a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2"}
    assert names(TWO.powers[0].homes) == {"a1", "c1", "e1", "b2", "d2", "f2"}
    assert names(TWO.powers[1].homes) == {"b6", "d6", "f6", "a5", "c5", "e5"}


def test_metadata_regions_and_defaults() -> None:
    game = load("chesspolitik")
    assert game.info.seat_names[4] == ("Russia", "Ottoman", "Mughal", "Ming")
    assert game.info.seat_names[2] == ("France", "England")
    assert (game.region(4).files, game.region(2).files) == (8, 6)
    assert game.new().seats == 4
    with pytest.raises(SetupError):
        game.new(3)
    with pytest.raises(SetupError, match="max_years"):
        game.new(4, max_years=-1)
    assert GAME.new(2, max_years=10).last_year == 1410
    assert GAME.new(4, max_years=10).last_year == 1610


# --- phases and submissions -----------------------------------------------------------------------------------
def test_orders_are_collected_until_the_last_power_submits() -> None:
    state = GAME.new(4)
    assert state.to_move is SIMULTANEOUS and state.waiting_for() == {0, 1, 2, 3}
    state = state.submit(0, [GAME.parse("K d8 - d7", state)])
    assert state.waiting_for() == {1, 2, 3} and state.season == SPRING
    state = state.submit(0, [GAME.parse("K e8 - e7", state)])  # a new set replaces the old one
    for seat in (1, 2, 3):
        state = state.submit(seat, [])
    assert state.season == FALL and "Russia K e7" in units(state) and "Russia K d8" in units(state)


def test_an_empty_order_set_holds_every_unit() -> None:
    state = GAME.new(2)
    after = resolve(state, {})
    assert units(after) == units(state) and set(results(after).values()) == {"held"}


@pytest.mark.parametrize(
    ("seat", "orders", "message"),
    [
        (0, ["K d8 H", "K d8 - d7"], "the King on d8 has two orders"),
        (0, ["K a4 H"], "Russia has no unit on a4"),
        (0, ["N d8 H"], "the unit on d8 is a King, not a Knight"),
        (0, ["K d8 S N e8"], "the unit on e8 is a King, not a Knight"),
        (0, ["K d8 S K d7"], "there is no unit on d7 to support"),
        (0, ["K d8 S K e8 - e8"], "the King on e8 cannot move to e8"),
        (0, ["K d8 S K d8 - d7"], "cannot support its own move"),
        (0, ["Build K c7"], "Build K c7 is a Winter order"),
        (0, ["Draw", "Draw"], "Draw is given twice"),
        (7, [], "there is no seat 7"),
    ],
)
def test_illegal_order_sets_are_refused_with_the_reason(seat, orders, message) -> None:
    state = GAME.new(4)
    parsed = [GAME.parse(t, state) for t in orders]
    with pytest.raises(IllegalMoveError, match=message):
        state.submit(seat, parsed)


def test_only_order_sets_are_played_and_not_after_the_end() -> None:
    state = GAME.new(2)
    with pytest.raises(IllegalMoveError, match="order sets"):
        state.play(Hold("K", parse("c1")))
    over = resolve(state, {"France": ["Draw"], "England": ["Draw"]})
    assert over.to_move is None and over.legal_moves(0) == ()
    with pytest.raises(IllegalMoveError, match="the game is over: Drawn by agreement"):
        over.play(Orders(0, ()))


def test_legal_moves_of_a_seat_are_its_single_orders() -> None:
    state = GAME.new(2)
    moves = state.legal_moves(0)
    assert len(set(moves)) == len(moves)
    assert all(state.submit(0, [m]) for m in moves)
    assert Hold("N", parse("b1")) in moves and DrawVote() in moves
    assert MoveTo("K", parse("c1"), parse("c2")) in moves
    assert SupportMove("N", parse("b1"), "K", parse("c1"), parse("d2")) in moves
    assert SupportHold("K", parse("c1"), "K", parse("d1")) in moves
    assert not any(getattr(m, "square", None) == parse("c6") for m in moves)
    assert state.legal_moves(None) == () and GAME.new(2, draw_votes=False).legal_moves(0)[-1] != DrawVote()


# --- notation -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("K a4 H", "K a4 H"),
        ("k A4 hold", "K a4 H"),
        ("Army a4 - b4", "K a4 - b4"),
        ("A a4-b4", "K a4 - b4"),
        ("Monarch a4 -> b4", "K a4 - b4"),
        ("M a5 S K a4 - b4", "K a5 S K a4 - b4"),
        ("King a5 supports King a4 to b4", "K a5 S K a4 - b4"),
        ("Knight a2 S K a4", "N a2 S K a4"),
        ("Fleet a2 S King a4 H", "N a2 S K a4"),
        ("Horse a2 H", "N a2 H"),
        ("H a2 - c3", "N a2 - c3"),
        ("F a2 - c3", "N a2 - c3"),
        ("a4 - b4", "K a4 - b4"),
        ("a5 S a4 - b4", "K a5 S K a4 - b4"),
        ("Build K H2", "Build K h2"),
        ("build knight d2", "Build N d2"),
        ("Build Horse d2", "Build N d2"),
        ("Disband N a2", "Disband N a2"),
        ("remove a2", "Disband N a2"),
        ("N a2 D", "Disband N a2"),
        ("waive", "Waive"),
        ("DRAW", "Draw"),
    ],
)
def test_order_texts_and_the_seeds_other_names(text, canonical) -> None:
    state = GAME.new(4)
    order = GAME.parse(text, state)
    assert str(order) == canonical
    assert GAME.parse(canonical, state) == order


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("", InvalidMoveError, "empty"),
        ("K a4", InvalidMoveError, "the order is missing"),
        ("K a4 X b4", InvalidMoveError, "'x' is not an order"),
        ("K a4 - b4 c5", InvalidMoveError, "left over"),
        ("K a9 H", InvalidMoveError, "not on this board"),
        ("K z4 H", InvalidMoveError, "z4 is not on this board; its squares run from a1 to h8"),
        ("K 44 H", InvalidMoveError, "not a square"),
        ("Build d2", AmbiguousMoveError, "a King or a Knight"),
        ("Build Q d2", InvalidMoveError, "a build names a unit kind"),
        ("d4 - d5", IllegalMoveError, "there is no unit on d4"),
    ],
)
def test_bad_order_texts_get_clear_errors(text, error, message) -> None:
    with pytest.raises(error, match=message):
        GAME.parse(text, GAME.new(4))


def test_squares_of_the_small_board_stop_at_f6() -> None:
    with pytest.raises(InvalidMoveError, match="a1 to f6"):
        GAME.parse("K g1 H", GAME.new(2))


def test_every_legal_order_reads_back_from_its_text() -> None:
    for seats in (2, 4):
        state = GAME.new(seats)
        for seat in range(seats):
            for order in state.legal_moves(seat):
                assert GAME.parse(str(order), state, seat) == order
        orders = Orders(0, state.legal_moves(0)[:3])
        assert GAME.parse(str(orders), state) == orders


# --- physical effect ---------------------------------------------------------------------------------------------
def test_only_the_last_submission_has_chores_and_they_give_the_next_position() -> None:
    state = position("Russia K d4, Ottoman K e5, Ottoman K e4, Ming K a1")
    first = Orders(1, (GAME.parse("K e5 - d4", state), GAME.parse("K e4 S K e5 - d4", state)))
    assert state.effect(first).is_empty
    state = state.play(first).submit(3, [GAME.parse("K a1 - a2", state)])
    last = Orders(0, ())
    effect = state.effect(last)
    assert set(effect.chores) == {
        Step(Piece("K", 0), parse("d4"), None),
        Step(Piece("K", 1), parse("e5"), parse("d4")),
        Step(Piece("K", 3), parse("a1"), parse("a2")),
    }
    assert effect.after_chores(state.occupancy()) == state.play(last).occupancy()


def test_builds_and_disbands_are_chores_with_the_unit_kind() -> None:
    state = position(
        "Russia K d8, Ottoman K a4, Ottoman K b5, Ottoman N h1",
        season=WINTER,
        owners={"b8": "Russia", "c7": "Russia", "a5": "Ottoman"},
    )
    assert state.participants() == {0, 1}
    state = state.submit(0, [GAME.parse("Build N c7", state)])
    effect = state.effect(Orders(1, (GAME.parse("Disband K a4", state),)))
    assert set(effect.chores) == {
        Step(Piece("N", 0), None, parse("c7")),
        Step(Piece("K", 1), parse("a4"), None),
        Step(Piece("N", 1), parse("h1"), None),
    }


# --- secrets and JSON --------------------------------------------------------------------------------------------
def test_a_seat_sees_its_own_pending_orders_and_only_that_the_others_submitted() -> None:
    state = GAME.new(4)
    state = state.submit(0, [GAME.parse("K d8 - d7", state)]).submit(1, [GAME.parse("K a4 - b3", state)])
    assert state.view(0)["pending"] == {"0": ["K d8 - d7"], "1": "submitted"}
    assert state.view(2)["pending"] == {"0": "submitted", "1": "submitted"}
    assert state.view(None)["waiting_for"] == [2, 3]
    assert state.to_json()["pending"] == {"0": ["K d8 - d7"], "1": ["K a4 - b3"]}
    assert "K d8 - d7" not in json.dumps(state.view(1))


def test_the_last_phase_is_reported_with_results_and_in_words() -> None:
    state = position("Russia K d4, Ottoman K e5, Ottoman K e4")
    after = resolve(state, {"Ottoman": ["K e5 - d4", "K e4 S K e5 - d4"]})
    last = after.view(2)["last"]
    assert last["phase"] == "Spring 1601"
    assert {"power": 0, "order": "K d4 H", "result": "held", "dislodged_by": "e5", "civil_disorder": True} in last[
        "orders"
    ]
    assert {"power": 1, "order": "K e5 - d4", "result": "moved", "dislodged_by": None, "civil_disorder": False} in last[
        "orders"
    ]
    words = after.view(None)["last_phase"]
    assert (
        "Russia: King d4 holds (given by the rules: no order): held; dislodged by the unit from e5 and removed."
        in words
    )
    assert "Ottoman: King e5 moves to d4: moved." in words


def test_json_round_trip_with_pending_orders_and_a_report() -> None:
    state = resolve(GAME.new(4), {"Russia": ["K d8 - d7", "Draw"]}).submit(2, [])
    back = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert back == state and hash(back) == hash(state)
    assert back.waiting_for() == state.waiting_for()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(game="polis"), "not 'chesspolitik'"),
        (lambda d: d.update(seats=3), "played by 2 or 4"),
        (lambda d: d.update(season="summer"), "season"),
        (lambda d: d["units"].append({"square": "i9", "kind": "K", "power": 0}), "not on the 8x8 board"),
        (lambda d: d["units"].append({"square": "d8", "kind": "K", "power": 0}), "two units"),
        (lambda d: d["units"].append({"square": "d5", "kind": "Q", "power": 0}), "K or an N"),
        (lambda d: d["centres"].update(d4=9), "owner"),
        (lambda d: d["centres"].update(d5=0), "not a supply centre"),
        (lambda d: d["pending"].update({"0": ["K a4 H"]}), "not acceptable"),
        (lambda d: d["pending"].update({str(s): [] for s in range(4)}), "every power"),
        (lambda d: d.pop("units"), "not a Chesspolitik state"),
        (lambda d: d.update(year=1500), "the year"),
    ],
)
def test_bad_json_is_refused(change, message) -> None:
    data = GAME.new(4).to_json()
    change(data)
    with pytest.raises(StateFormatError, match=message):
        GAME.from_json(data)


# --- Winter ------------------------------------------------------------------------------------------------------
def winter_russia_builds() -> ChesspolitikState:
    owners = dict.fromkeys(("b8", "c7", "d8", "e7", "f8", "d4"), "Russia") | {"a7": "Ottoman"}
    return position("Russia K d8, Ottoman K a4", season=WINTER, owners=owners)


def test_builds_go_on_owned_vacant_centres_of_the_home_rows() -> None:
    state = winter_russia_builds()
    assert state.participants() == {0}  # Ottoman has one unit and one centre: nothing to do
    builds = {str(m) for m in state.legal_moves(0)}
    assert builds == {f"Build {k} {sq}" for k in "KN" for sq in ("b8", "c7", "e7", "f8")} | {"Waive"}
    after = resolve(state, {"Russia": ["Build K c7", "Build N f8", "Waive"]})
    assert after.season == SPRING and after.year == state.year + 1
    assert units(after) == {"Russia K d8", "Russia K c7", "Russia N f8", "Ottoman K a4"}
    assert [r.result for r in after.report.results] == ["built", "built", "waived", "waived"]  # type: ignore[union-attr]
    assert after.report.results[-1].civil_disorder  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("orders", "message"),
    [
        (["Build K d4"], "builds only on the centres of its home rows"),
        (["Build K a7"], "does not control a7"),
        (["Build K d8"], "d8 is occupied"),
        (["Build K c7", "Build N c7"], "c7 has two builds"),
        (["Build K c7", "Build K e7", "Build K b8", "Build K f8", "Waive"], "too many"),
        (["Disband K d8"], "nothing to disband"),
        (["K d8 H"], "Winter takes builds"),
        (["Draw"], "not in Winter"),
    ],
)
def test_builds_elsewhere_are_refused(orders, message) -> None:
    state = winter_russia_builds()
    with pytest.raises(IllegalMoveError, match=message):
        state.submit(0, [GAME.parse(t, state) for t in orders])


def test_a_power_without_orders_for_winter_is_not_asked() -> None:
    state = winter_russia_builds()
    with pytest.raises(IllegalMoveError, match="Ottoman has no orders to give in Winter 1601"):
        state.submit(1, [])


def test_civil_disorder_disbands_the_units_farthest_from_home() -> None:
    # Russia (home rows 7 and 8) owns one centre and has four units: it must disband three and orders none.
    # Distances: King h1 3 (Kings count King steps and Knight jumps, DATC 4.D.8 with Kings as armies; by King steps
    # alone it would be 6), Knight a4 3, King b1 3, King d6 1. Ties go Knights first, then by square name.
    state = position("Russia K h1, Russia N a4, Russia K b1, Russia K d6", season=WINTER, owners={"d8": "Russia"})
    assert home_distance(FOUR, 0, "K", parse("h1")) == 3 and home_distance(FOUR, 0, "N", parse("a4")) == 3
    after = resolve(state, {})
    assert units(after) == {"Russia K d6"}
    report = after.report
    assert report is not None
    assert [str(r.order) for r in report.results] == ["Disband N a4", "Disband K b1", "Disband K h1"]
    assert all(r.civil_disorder for r in report.results)


def test_too_few_disbands_are_completed_by_civil_disorder_and_too_many_refused() -> None:
    state = position("Russia K h1, Russia N a4, Russia K d6", season=WINTER, owners={"d8": "Russia"})
    after = resolve(state, {"Russia": ["Disband K d6"]})
    assert units(after) == {"Russia K h1"}
    with pytest.raises(IllegalMoveError, match="must disband 2 unit"):
        resolve(state, {"Russia": ["Disband K d6", "Disband K h1", "Disband N a4"]})
    with pytest.raises(IllegalMoveError, match="cannot build"):
        resolve(state, {"Russia": ["Waive"]})


def test_winter_is_skipped_when_nobody_adjusts() -> None:
    state = GAME.new(2)
    fall = resolve(state, {})
    after = resolve(fall, {})
    assert (after.season, after.year) == (SPRING, 1402)  # both own 3 centres with 3 units


def test_winter_follows_a_fall_with_centre_changes() -> None:
    state = GAME.new(2)
    fall = resolve(state, {"France": ["N b1 - a3"]})
    after = resolve(fall, {})
    assert after.season == WINTER and after.participants() == {0}
    assert after.report is not None and after.report.centres == ((parse("a3"), None, 0),)


# --- the end -----------------------------------------------------------------------------------------------------
def test_a_power_with_17_centres_after_a_fall_wins() -> None:
    centres = sorted(name(c) for c in FOUR.centres)
    owners = dict.fromkeys(centres[:16], "Russia") | dict.fromkeys(centres[16:], "Ming")
    target = centres[16]
    start = next(name(s) for s in FOUR.king[parse(target)] if name(s) not in centres)
    state = position(f"Russia K {start}", season=FALL, owners=owners)
    after = resolve(state, {"Russia": [f"K {start} - {target}"]})
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == (0,) and after.to_move is None
    assert outcome.scores == (17, 0, 0, 15) and "Russia wins with 17 of 32" in outcome.reason


def test_in_spring_17_centres_do_not_end_the_game() -> None:
    centres = sorted(name(c) for c in FOUR.centres)
    state = position("Russia K h7", owners=dict.fromkeys(centres[:17], "Russia"))
    assert resolve(state, {}).outcome() is None


def test_twelve_of_eighteen_win_the_two_player_game() -> None:
    centres = sorted(name(c) for c in TWO.centres)
    owners = dict.fromkeys(centres[:11], "France") | dict.fromkeys(centres[11:], "England")
    target = centres[11]
    start = next(name(s) for s in TWO.king[parse(target)])
    state = position(f"France K {start}, England K {centres[12]}", seats=2, season=FALL, owners=owners)
    after = resolve(state, {"France": [f"K {start} - {target}"]})
    assert after.outcome() is not None and after.outcome().winners == (0,)  # type: ignore[union-attr]


def test_a_unanimous_draw_vote_ends_the_game_drawn() -> None:
    state = GAME.new(4)
    state = resolve(
        state, {p: ["Draw", *o] for p, o in {"Russia": ["K d8 - d7"], "Ottoman": [], "Mughal": [], "Ming": []}.items()}
    )
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == () and outcome.is_draw
    assert outcome.reason == "Drawn by agreement of Russia, Ottoman, Mughal, Ming in Spring 1601"
    assert outcome.scores == (5, 5, 5, 5)
    assert units(state) == units(GAME.new(4))  # the orders of that phase are not carried out


def test_a_draw_vote_short_of_unanimity_is_reported_and_play_goes_on() -> None:
    state = resolve(GAME.new(4), {"Russia": ["Draw"], "Ottoman": ["Draw"], "Mughal": ["Draw"]})
    assert state.outcome() is None and state.season == FALL
    assert state.report is not None and state.report.draw_votes == (0, 1, 2)


def test_a_power_with_centres_but_no_units_is_asked_and_votes() -> None:
    state = position("Russia K d4", owners={"a1": "Ottoman"})
    assert state.waiting_for() == {0, 1} and state.legal_moves(1) == (DrawVote(),)
    assert resolve(state, {"Russia": ["Draw"], "Ottoman": ["Draw"]}).outcome() is not None


def test_draw_votes_can_be_switched_off() -> None:
    state = GAME.new(2, draw_votes=False)
    with pytest.raises(IllegalMoveError, match="switched off"):
        state.submit(0, [DrawVote()])


def test_the_game_is_drawn_after_the_fall_of_the_last_year() -> None:
    state = GAME.new(2, max_years=1)
    spring = resolve(state, {})
    assert spring.outcome() is None
    fall = resolve(spring, {"France": ["K c1 - c2"]})
    assert fall.outcome() is not None and fall.outcome().reason == "Drawn: 1401 was the last year to be played"  # type: ignore[union-attr]
    assert fall.outcome().scores == (3, 3)  # type: ignore[union-attr]


def test_words_for_the_page() -> None:
    state = GAME.new(4)
    assert state.turn_text() == "Spring 1601: waiting for the orders of Russia, Ottoman, Mughal, Ming"
    orders = Orders(0, (GAME.parse("K d8 - d7", state),))
    assert state.describe(orders) == "Russia: King d8 moves to d7"
    assert state.describe(Orders(1, ())) == "Ottoman: no orders (every unit holds)"
    assert state.describe(Build("N", parse("c7"))) == "build a Knight on c7"
    assert state.describe(Disband("K", parse("a4"))) == "disband the King on a4"
    assert state.describe(Waive()) == "waive a build"


# --- whole games ---------------------------------------------------------------------------------------------------
def check_phase_step(state: ChesspolitikState, rnd: random.Random) -> ChesspolitikState:
    """One random submission with the checks of tests/games/test_every_game.py (kept here: importing that module
    loads every registered game)."""
    seat = rnd.choice(sorted(state.waiting_for()))
    orders = Orders(seat, random_orders(state, seat, rnd))
    assert GAME.parse(str(orders), state, seat) == orders
    before = json.dumps(state.to_json(), sort_keys=True)
    nxt = state.play(orders)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    effect = state.effect(orders)
    check_steps(state.occupancy(), effect.chores)
    assert effect.after_chores(state.occupancy()) == nxt.occupancy()
    back = GAME.from_json(json.loads(json.dumps(nxt.to_json())))
    assert back == nxt and hash(back) == hash(nxt)
    for viewer in [None, *range(nxt.seats)]:
        json.dumps(nxt.view(viewer))
    assert nxt.occupancy() & ~GAME.region(nxt.seats).mask == 0
    assert isinstance(nxt, ChesspolitikState)
    return nxt


@pytest.mark.parametrize("seats", [2, 4])
def test_random_games_keep_the_api_invariants(seats: int) -> None:
    """Playouts that last (no draw votes, a last year), so Falls, Winters and civil disorder all happen; the
    default options end random games at once, since every random order set votes Draw."""
    for seed in range(3):
        rnd = random.Random(seed)
        state = GAME.new(seats, draw_votes=False, max_years=6)
        seen = set()
        while state.to_move is not None:
            seen.add(state.season)
            state = check_phase_step(state, rnd)
        assert seen == {SPRING, FALL, WINTER}
        assert state.outcome() is not None


def test_malformed_order_sets_are_refused_and_lists_are_kept_as_tuples() -> None:
    state = GAME.new(2)
    with pytest.raises(IllegalMoveError, match="not a Chesspolitik order"):
        state.submit(0, ["K c1 H"])  # type: ignore[list-item]
    with pytest.raises(IllegalMoveError, match="a list of orders"):
        state.play(Orders(0, None))  # type: ignore[arg-type]
    after = state.play(Orders(0, [GAME.parse("K c1 H", state)]))  # type: ignore[arg-type]
    assert after.pending == ((0, (Hold("K", parse("c1")),)),) and hash(after)


def test_a_bounced_unit_is_pointed_out_while_the_others_are_carried_out() -> None:
    from controller.games import load
    from controller.games.squares import parse as sq

    game = load("chesspolitik")
    state = game.new(2, seed=0)
    # France's King c1 and England's... no: two French units ordered to the same square bounce each other.
    state = state.submit(0, [game.parse("K c1 - c2", state, 0), game.parse("K d1 - c2", state, 0)])
    last = game.parse("orders 1:", state)
    effect = state.effect(last)
    assert effect.chore_show == frozenset({sq("c1"), sq("d1")})
    assert not effect.chores  # nobody moved


@pytest.mark.parametrize(
    ("winners", "reason", "termination"),
    [
        ((0,), "France wins with 4 of 6 supply centres", Termination.SOLO),
        ((), "Drawn by agreement of France, England in Fall 1901", Termination.AGREEMENT),
        ((), "Drawn: 1901 was the last year to be played", Termination.TURN_LIMIT),
    ],
)
def test_why_a_game_ended_reads_back_and_is_inferred_for_older_documents(
    winners: tuple[int, ...], reason: str, termination: Termination
) -> None:
    game = Chesspolitik()
    ended = Outcome(winners, reason, (3, 3), termination=termination)
    data = replace(game.new(2, seed=0), ended=ended).to_json()
    assert data["outcome"]["termination"] == termination.value
    assert game.from_json(data).ended == ended
    del data["outcome"]["termination"]  # written before outcomes said why as a value
    assert game.from_json(data).ended == ended
    data["outcome"]["termination"] = "boredom"
    with pytest.raises(StateFormatError, match="termination"):
        game.from_json(data)


def test_what_a_state_derives_follows_its_own_units_whatever_it_was_handed() -> None:
    start = GAME.new(4)
    state = start
    for seat in sorted(state.participants()):
        moved = [o for o in random_orders(state, seat, random.Random(seat)) if isinstance(o, MoveTo)]
        state = state.submit(seat, moved)
    assert state.units != start.units
    # Built with the derived data of another position (as a hand-over gone wrong would be): it is not taken.
    forged = ChesspolitikState(state.nseats, state.year, state.season, state.units, state.owners, known=start._derived)
    assert forged.unit_map() == {sq: (kind, seat) for sq, kind, seat in state.units}
    assert forged == replace(state, report=None) and hash(forged) == hash(replace(state, report=None))
    # Handed over with other orders only: the same data, and equal states whether or not it was computed.
    waiting = start.submit(0, [])
    assert waiting.unit_map() == start.unit_map() and replace(waiting) == waiting


@pytest.mark.parametrize("season", list(Season))
def test_the_season_is_a_member_in_the_state_and_its_text_in_the_json(season: Season) -> None:
    state = position("Russia K d4", season=season.value)
    data = state.to_json()
    assert data["season"] == season.value and type(data["season"]) is str
    assert GAME.from_json(data).season is season
    with pytest.raises(StateFormatError, match="season"):
        GAME.from_json({**data, "season": season.value.upper()})


def test_the_states_a_phase_makes_are_the_states_the_constructor_makes() -> None:
    """Submissions and resolutions build their states directly (controller.games.chesspolitik.state._made): every
    field the dataclass has, equal and hashing alike, with the same derived data, through random games."""
    rng = random.Random(3)
    for seats in (2, 4):
        state = GAME.new(seats, seed=1)
        for _ in range(12):
            if state.to_move is None:
                break
            for seat in sorted(state.participants()):
                state = state.submit(seat, random_orders(state, seat, rng))
                assert isinstance(state, ChesspolitikState)
                made = ChesspolitikState(*(getattr(state, f.name) for f in fields(state)))
                assert set(vars(state)) - {"_derived"} == {f.name for f in fields(state)}
                assert made == state and hash(made) == hash(state) and made.to_json() == state.to_json()
                assert (made.unit_map(), made.owner_map(), made.participants()) == (
                    state.unit_map(),
                    state.owner_map(),
                    state.participants(),
                )


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from((2, 4)), landless=st.booleans())
def test_what_a_resolved_phase_hands_on_is_what_its_state_would_derive(seed: int, seats: int, landless: bool) -> None:
    """Resolving a phase hands the next state its units by square, owners and the powers giving orders (computed
    on the way: a unit dislodged, a centre changing hands, a Winter or none): the same, in the same order, as the
    state works out from its own fields, over crowded random positions and the phases that follow them. `landless`:
    one power owns no centre, so losing its units ends it."""
    rnd = random.Random(seed)
    state = random_position(rnd, seats)
    if landless:
        gone = rnd.randrange(seats)
        state = replace(state, owners=tuple((c, s) for c, s in state.owners if s != gone), season=SPRING)
    for _ in range(3):
        if state.to_move is None:
            return
        orders = random_adjustments(rnd, state) if state.season == WINTER else random_movement_orders(rnd, state)
        for seat in sorted(state.participants()):
            state = state.submit(seat, orders.get(seat, ()))
        # Handed on by every phase that did not end the game (a Winter's too), not worked out again in the next one.
        assert state.ended is not None or "_derived" in vars(state)
        fresh = ChesspolitikState(*(getattr(state, f.name) for f in fields(state)))
        assert list(state.unit_map().items()) == list(fresh.unit_map().items())
        assert state.owner_map() == fresh.owner_map()
        assert state.participants() == fresh.participants()
        assert state.units == tuple(sorted(state.units))
