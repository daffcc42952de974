"""Djambi on the physical board: the net piece movements and touched squares each act makes the sensors expect."""

from __future__ import annotations

import json

import pytest

from controller.games import Piece, Step
from controller.games.djambi import Djambi
from controller.games.djambi.board import parse_square
from controller.games.djambi.diagram import position
from controller.games.djambi.state import DjambiState
from controller.games.physical import Effect, check_steps

GAME = Djambi()
CORNERS = {"A9": "RC", "I9": "BC", "I1": "YC", "A1": "GC"}
CORPSE = Piece("corpse", None)
sq = parse_square


def effect_of(state: DjambiState, text: str) -> Effect:
    move = GAME.parse(text, state)
    effect = state.effect(move)
    occ = state.occupancy()
    check_steps(occ, effect.decision)
    check_steps(effect.after_decision(occ), effect.chores)
    assert effect.after_chores(occ) == state.play(move).occupancy()
    json.dumps(effect.to_json())
    return effect


def test_a_plain_move_is_one_step() -> None:
    effect = effect_of(GAME.new(), "MC8-D7")
    assert effect == Effect((Step(Piece("M", 0), sq("C8"), sq("D7")),))


def test_a_kill_moves_the_killer_and_the_turned_over_victim_in_one_decision() -> None:
    state = position({**CORNERS, "A9": "..", "C3": "RC", "C6": "BM"})
    effect = effect_of(state, "CC3xC6>H2")
    assert effect.decision == (Step(Piece("C", 0), sq("C3"), sq("C6")), Step(CORPSE, sq("C6"), sq("H2")))
    assert effect.chores == () and not effect.chore_touch
    assert effect.must_touch(state.occupancy()) == 1 << sq("C6")  # lifted and filled again


def test_kills_that_leave_the_same_occupancy_differ_in_the_squares_touched() -> None:
    # The corpse back on the killer's origin: the board's occupancy does not change at all.
    state = position({**CORNERS, "A9": "..", "C3": "RC", "C4": "BM", "D4": "YM"})
    occ = state.occupancy()
    one, other = effect_of(state, "CC3xC4>C3"), effect_of(state, "CC3xD4>C3")
    assert one.after_chores(occ) == other.after_chores(occ) == occ
    assert one.must_touch(occ) == (1 << sq("C3")) | (1 << sq("C4"))
    assert other.must_touch(occ) == (1 << sq("C3")) | (1 << sq("D4"))


def test_the_assassin_swaps_places_with_its_victims_corpse() -> None:
    state = position({**CORNERS, "C3": "RA", "C6": "YR"})
    effect = effect_of(state, "AC3xC6")
    assert effect.decision == (Step(Piece("A", 0), sq("C3"), sq("C6")), Step(CORPSE, sq("C6"), sq("C3")))
    occ = state.occupancy()
    assert effect.after_decision(occ) == occ and effect.must_touch(occ) == (1 << sq("C3")) | (1 << sq("C6"))


def test_an_act_in_the_maze_shows_the_net_movement_out_of_it() -> None:
    state = position({**CORNERS, "I9": "..", "E5": "BC", "C3": "RA"})
    effect = effect_of(state, "AC3xE5~G5")
    assert effect.decision == (Step(Piece("A", 0), sq("C3"), sq("G5")), Step(CORPSE, sq("E5"), sq("C3")))
    state = position({**CORNERS, "I9": "..", "E5": "BC", "C3": "RD"})
    effect = effect_of(state, "DC3xE5>A5~F6")
    assert effect.decision == (Step(Piece("D", 0), sq("C3"), sq("F6")), Step(Piece("C", 1), sq("E5"), sq("A5")))


def test_leaving_the_maze_back_to_the_origin_touches_it() -> None:
    state = position({**CORNERS, "E5": "xx", "C3": "RN"})
    effect = effect_of(state, "NC3xE5>H5~C3")
    assert effect.decision == (Step(CORPSE, sq("E5"), sq("H5")),)
    assert effect.decision_touch == frozenset({sq("C3")})
    assert effect.must_touch(state.occupancy()) == 1 << sq("C3")


def test_the_reporters_victim_is_turned_over_where_it_stands() -> None:
    state = position({**CORNERS, "A3": "RR", "C4": "BM"})
    kill, no_kill = effect_of(state, "RA3-C3xC4"), effect_of(state, "RA3-C3")
    assert kill.decision == no_kill.decision == (Step(Piece("R", 0), sq("A3"), sq("C3")),)
    assert kill.decision_touch == frozenset({sq("C4")}) and not no_kill.decision_touch
    every = position({**CORNERS, "A3": "RR", "C4": "BM", "C2": "YM"}, reporter="all")
    forced = effect_of(every, "RA3-C3")
    assert not forced.decision_touch and forced.chore_touch == frozenset({sq("C4"), sq("C2")})


def test_the_diplomats_and_necromobiles_loads_keep_their_faces() -> None:
    state = position({**CORNERS, "C3": "RD", "C5": "YA", "E3": "RN", "E4": "xx"})
    assert effect_of(state, "DC3xC5>H5").decision[1] == Step(Piece("A", 2), sq("C5"), sq("H5"))
    assert effect_of(state, "NE3xE4>H6").decision[1] == Step(CORPSE, sq("E4"), sq("H6"))


def test_a_walled_in_chief_is_a_chore_to_turn_over() -> None:
    state = position({"E5": "RC", "I9": "BC", "I1": "YC", "A1": "GC", "A2": "xx", "B1": "xx", "C4": "RM", "C5": "YM"})
    effect = effect_of(state, "MC4xC5>B2")
    assert effect.chores == () and effect.chore_touch == frozenset({sq("A1")})
    assert effect.chore_must_touch(state.occupancy()) == 1 << sq("A1")
    assert effect_of(state, "MC4xC5>B3").chore_touch == frozenset()


def test_pieces_show_parties_and_corpses() -> None:
    state = position({**CORNERS, "E5": "xx"})
    pieces = state.pieces()
    assert pieces[sq("A9")] == Piece("C", 0) and pieces[sq("A1")] == Piece("C", 3) and pieces[sq("E5")] == CORPSE
    assert state.occupancy() == sum(1 << s for s in pieces)


@pytest.mark.parametrize("mode", ["no_necromobile", "region", "corpses"])
def test_a_chief_put_into_a_pocket_by_a_diplomat_dies_there(mode: str) -> None:
    pocket = {"B1": "xx", "B2": "xx", "A2": "xx"}
    state = position({"A9": "RC", "I9": "BC", "I1": "YC", "C3": "RD", "C5": "GC", **pocket}, walled_in=mode)
    assert effect_of(state, "DC3xC5>A1").chore_touch == frozenset({sq("A1")})
    after = state.play(GAME.parse("DC3xC5>A1", state))
    assert after.control[3] == -1 and after.board[sq("A1")] == 1
    assert effect_of(state, "DC3xC5>H5").chore_touch == frozenset()


def test_a_chief_that_shuts_itself_in_dies() -> None:
    # Red's Chief leaves the Maze to kill on B2 and drops the corpse on C3, the last way out of the corner.
    walls = {"A3": "xx", "B3": "xx", "C2": "xx", "C1": "xx"}
    state = position({"E5": "RC", "I9": "BC", "I1": "YC", "B2": "GM", "A9": "GC", **walls})
    effect = effect_of(state, "CE5xB2>C3")
    assert effect.chore_touch == frozenset({sq("B2")})
    assert effect_of(state, "CE5xB2>H3").chore_touch == frozenset()
