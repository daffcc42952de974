"""Chesspolitik adjudication, rule by rule, on positions built for each rule (8x8 board, four powers).

Every case goes through the game API (each power submits, the last submission resolves the phase) and checks the
results in the phase report, the dislodged units and the units standing afterwards.
"""

from __future__ import annotations

import pytest

from controller.games import IllegalMoveError
from controller.games.chesspolitik.adjudicator import adjudicate
from controller.games.chesspolitik.orders import MoveTo
from controller.games.chesspolitik.phases import FALL
from tests.differential.positions import GAME, dislodged, position, resolve, results, units


def test_an_unsupported_attack_bounces_off_a_holding_unit() -> None:
    state = position("Russia K d4, Ottoman K e5")
    after = resolve(state, {"Ottoman": ["K e5 - d4"]})
    assert results(after) == {"d4": "held", "e5": "bounced"}
    assert units(after) == units(state)


def test_a_supported_attack_dislodges_and_the_dislodged_unit_is_removed() -> None:
    state = position("Russia K d4, Ottoman K e5, Ottoman K e4")
    after = resolve(state, {"Ottoman": ["K e5 - d4", "K e4 S K e5 - d4"]})
    assert results(after)["e5"] == "moved"
    assert dislodged(after) == {"d4": "e5"}
    assert units(after) == {"Ottoman K d4", "Ottoman K e4"}


def test_an_attack_on_the_supporter_cuts_the_support() -> None:
    state = position("Russia K d4, Ottoman K e5, Ottoman K e4, Ming K f5")
    after = resolve(state, {"Ottoman": ["K e5 - d4", "K e4 S K e5 - d4"], "Ming": ["K f5 - e4"]})
    assert results(after) == {"d4": "held", "e5": "bounced", "e4": "cut", "f5": "bounced"}
    assert dislodged(after) == {}


def test_an_attack_from_the_square_the_support_goes_into_does_not_cut_it() -> None:
    state = position("Russia K d4, Ottoman K e5, Ottoman K e4")
    after = resolve(state, {"Russia": ["K d4 - e4"], "Ottoman": ["K e5 - d4", "K e4 S K e5 - d4"]})
    assert results(after) == {"d4": "bounced", "e5": "moved", "e4": "supported"}
    assert dislodged(after) == {"d4": "e5"}


def test_that_attack_cuts_the_support_by_dislodging_the_supporter() -> None:
    state = position("Russia K d4, Russia K d3, Ottoman K e5, Ottoman K e4")
    orders = {"Russia": ["K d4 - e4", "K d3 S K d4 - e4"], "Ottoman": ["K e5 - d4", "K e4 S K e5 - d4"]}
    after = resolve(state, orders)
    assert results(after) == {"d4": "moved", "d3": "supported", "e5": "moved", "e4": "cut"}
    assert dislodged(after) == {"e4": "d4"}
    assert units(after) == {"Russia K e4", "Russia K d3", "Ottoman K d4"}


def test_a_support_is_not_cut_by_its_own_power() -> None:
    state = position("Russia K d4, Ottoman K e5, Ottoman K e4, Ottoman K f5")
    after = resolve(state, {"Ottoman": ["K e5 - d4", "K e4 S K e5 - d4", "K f5 - e4"]})
    assert results(after)["e4"] == "supported"
    assert dislodged(after) == {"d4": "e5"}


def test_head_to_head_battle_of_equal_strength_bounces_both() -> None:
    state = position("Russia K d4, Ottoman K e4")
    after = resolve(state, {"Russia": ["K d4 - e4"], "Ottoman": ["K e4 - d4"]})
    assert results(after) == {"d4": "bounced", "e4": "bounced"}
    assert units(after) == units(state)


def test_the_stronger_side_of_a_head_to_head_battle_dislodges_the_other() -> None:
    state = position("Russia K d4, Ottoman K e4, Ottoman K e5")
    after = resolve(state, {"Russia": ["K d4 - e4"], "Ottoman": ["K e4 - d4", "K e5 S K e4 - d4"]})
    assert results(after) == {"d4": "bounced", "e4": "moved", "e5": "supported"}
    assert dislodged(after) == {"d4": "e4"}


def test_two_units_of_one_power_cannot_swap_places() -> None:
    state = position("Russia K d4, Russia K e4")
    after = resolve(state, {"Russia": ["K d4 - e4", "K e4 - d4"]})
    assert results(after) == {"d4": "bounced", "e4": "bounced"}


def test_the_loser_of_a_head_to_head_battle_cannot_stop_a_third_unit() -> None:
    state = position("Russia K d4, Russia K d3, Ottoman K e4, Ming K c5")
    orders = {"Russia": ["K d4 - e4", "K d3 S K d4 - e4"], "Ottoman": ["K e4 - d4"], "Ming": ["K c5 - d4"]}
    after = resolve(state, orders)
    assert results(after) == {"d4": "moved", "d3": "supported", "e4": "bounced", "c5": "moved"}
    assert dislodged(after) == {"e4": "d4"}
    assert units(after) == {"Russia K e4", "Russia K d3", "Ming K d4"}


def test_equal_attacks_on_an_empty_square_stand_off() -> None:
    state = position("Russia K c4, Ottoman K e4")
    after = resolve(state, {"Russia": ["K c4 - d4"], "Ottoman": ["K e4 - d4"]})
    assert results(after) == {"c4": "bounced", "e4": "bounced"}
    assert units(after) == units(state)


def test_beleaguered_garrison_survives_two_equal_attacks() -> None:
    state = position("Russia K d4, Ottoman K c5, Ottoman K c4, Ming K e5, Ming K e4")
    orders = {"Ottoman": ["K c5 - d4", "K c4 S K c5 - d4"], "Ming": ["K e5 - d4", "K e4 S K e5 - d4"]}
    after = resolve(state, orders)
    assert results(after)["c5"] == results(after)["e5"] == "bounced"
    assert dislodged(after) == {}
    assert "Russia K d4" in units(after)


def test_the_stronger_of_two_attacks_on_a_garrison_wins() -> None:
    state = position("Russia K d4, Ottoman K c5, Ottoman K c4, Ottoman K c3, Ming K e5, Ming K e4")
    orders = {
        "Ottoman": ["K c5 - d4", "K c4 S K c5 - d4", "K c3 S K c5 - d4"],
        "Ming": ["K e5 - d4", "K e4 S K e5 - d4"],
    }
    after = resolve(state, orders)
    assert results(after)["c5"] == "moved" and results(after)["e5"] == "bounced"
    assert dislodged(after) == {"d4": "c5"}


def test_a_power_cannot_dislodge_its_own_unit() -> None:
    state = position("Russia K d4, Russia K e5, Russia K e4")
    after = resolve(state, {"Russia": ["K e5 - d4", "K e4 S K e5 - d4"]})
    assert results(after)["e5"] == "bounced"
    assert dislodged(after) == {}


def test_support_from_the_defenders_power_does_not_help_dislodge_it() -> None:
    state = position("Russia K d4, Russia K e4, Ottoman K e5")
    after = resolve(state, {"Russia": ["K e4 S K e5 - d4"], "Ottoman": ["K e5 - d4"]})
    assert results(after)["e5"] == "bounced"
    assert dislodged(after) == {}


def test_a_dislodged_unit_still_stands_off_a_third_square() -> None:
    state = position("Russia K d4, Ottoman K c6, Ming K e3, Ming K e4")
    orders = {"Russia": ["K d4 - d5"], "Ottoman": ["K c6 - d5"], "Ming": ["K e3 - d4", "K e4 S K e3 - d4"]}
    after = resolve(state, orders)
    assert results(after) == {"d4": "bounced", "c6": "bounced", "e3": "moved", "e4": "supported"}
    assert dislodged(after) == {"d4": "e3"}


def test_a_unit_that_moves_away_is_not_dislodged() -> None:
    state = position("Russia K d4, Ottoman K e5, Ottoman K e4")
    after = resolve(state, {"Russia": ["K d4 - c3"], "Ottoman": ["K e5 - d4", "K e4 S K e5 - d4"]})
    assert results(after) == {"d4": "moved", "e5": "moved", "e4": "supported"}
    assert dislodged(after) == {}


def test_circular_movement_succeeds() -> None:
    state = position("Russia K d4, Ottoman K e4, Ming K e5")
    after = resolve(state, {"Russia": ["K d4 - e4"], "Ottoman": ["K e4 - e5"], "Ming": ["K e5 - d4"]})
    assert set(results(after).values()) == {"moved"}
    assert units(after) == {"Russia K e4", "Ottoman K e5", "Ming K d4"}


def test_circular_movement_with_a_knight_jump() -> None:
    state = position("Mughal N b1, Mughal K c3, Ottoman K b2, Ottoman K a1")
    orders = {"Mughal": ["N b1 - c3", "K c3 - b2"], "Ottoman": ["K b2 - a1", "K a1 - b1"]}
    after = resolve(state, orders)
    assert set(results(after).values()) == {"moved"}
    assert units(after) == {"Mughal N c3", "Mughal K b2", "Ottoman K a1", "Ottoman K b1"}


def test_a_stronger_attack_into_the_ring_breaks_circular_movement() -> None:
    state = position("Russia K d4, Ottoman K e4, Ming K e5, Mughal K f6, Mughal K f5")
    orders = {
        "Russia": ["K d4 - e4"],
        "Ottoman": ["K e4 - e5"],
        "Ming": ["K e5 - d4"],
        "Mughal": ["K f6 - e5", "K f5 S K f6 - e5"],
    }
    after = resolve(state, orders)
    assert results(after) == {"d4": "bounced", "e4": "bounced", "e5": "bounced", "f6": "moved", "f5": "supported"}
    assert dislodged(after) == {"e5": "f6"}


def test_supports_that_miss_what_the_unit_does_are_void() -> None:
    state = position("Russia K d4, Russia K c4, Ottoman K e5, Ottoman K e4, Ming K f5")
    orders = {
        "Russia": ["K d4 - d5", "K c4 S K d4"],  # support to hold a unit that moves
        "Ottoman": ["K e5 S K d4 - e4", "K e4 S K f5 - f4"],  # a move d4 does not make; f5 holds
    }
    after = resolve(state, orders)
    assert results(after) == {"d4": "moved", "c4": "void", "e5": "void", "e4": "void", "f5": "held"}


def test_a_void_support_adds_no_strength() -> None:
    state = position("Russia K d4, Ottoman K e5, Ottoman K e4")
    after = resolve(state, {"Ottoman": ["K e5 - d4", "K e4 S K e5 - d5"]})
    assert results(after)["e4"] == "void"
    assert results(after)["e5"] == "bounced"


def test_support_into_a_square_out_of_the_supporters_reach_is_refused() -> None:
    state = position("Russia K d4, Ottoman K f5, Ottoman K g4, Ottoman K g3")
    with pytest.raises(IllegalMoveError, match="the King on g3 cannot support a move into e4"):
        resolve(state, {"Ottoman": ["K f5 - e4", "K g3 S K f5 - e4"]})
    with pytest.raises(IllegalMoveError, match="the King on f5 cannot move to d4"):
        resolve(state, {"Ottoman": ["K g4 S K f5 - d4"]})


def test_knight_moves_and_supports_follow_the_seeds_b1_example() -> None:
    # The seed: a Knight on B1 may move to A3, C3 or "D3" (read D2: a knight on b1 cannot reach d3, and the same
    # example lists D2 for its supports), support moves into A3, C3 and D2 and support holds there.
    state = position("Mughal N b1, Mughal K a4, Ottoman K b4, Russia K d3, Ming K c3, Ming K a3, Ming K d2")
    orders = {str(o) for o in state.legal_moves(2) if str(o).startswith("N b1")}
    moves = {o for o in orders if " - " in o and " S " not in o}
    assert moves == {"N b1 - a3", "N b1 - c3", "N b1 - d2"}
    holds = {o for o in orders if " S " in o and " - " not in o}
    assert holds == {"N b1 S K a3", "N b1 S K c3", "N b1 S K d2"}
    support_moves = {o.split(" - ")[1] for o in orders if " S " in o and " - " in o}
    assert support_moves == {"a3", "c3", "d2"}
    assert "N b1 S K a4 - a3" in orders and "N b1 S K d3 - d2" in orders and "N b1 S K b4 - c3" in orders
    with pytest.raises(IllegalMoveError, match="reaches only a3, c3 or d2"):
        resolve(state, {"Mughal": ["N b1 - d3"]})


def test_a_knight_jumps_over_units_and_supports_a_knight() -> None:
    state = position("Mughal N b1, Mughal N d1, Russia K c3, Ottoman K b2, Ottoman K c2")
    after = resolve(state, {"Mughal": ["N b1 - c3", "N d1 S N b1 - c3"]})
    assert results(after)["b1"] == "moved"
    assert dislodged(after) == {"c3": "b1"}


def test_units_without_orders_hold_and_can_be_supported() -> None:
    state = position("Russia K d4, Russia K c4, Ottoman K e5, Ottoman K e4")
    after = resolve(state, {"Russia": ["K c4 S K d4"], "Ottoman": ["K e5 - d4", "K e4 S K e5 - d4"]})
    report = after.report
    assert report is not None
    held = next(r for r in report.results if str(r.order) == "K d4 H")
    assert held.civil_disorder and held.result == "held"
    assert results(after)["e5"] == "bounced"


def test_fall_moves_change_the_owners_of_centres_and_spring_moves_do_not() -> None:
    state = position("Russia K d5, Ottoman K f5", owners={"e5": "Ming", "b8": "Russia"})
    spring = resolve(state, {"Russia": ["K d5 - d4"], "Ottoman": ["K f5 - e5"]})
    assert spring.season == FALL
    assert spring.owner_map() == state.owner_map()
    fall = resolve(spring, {"Russia": ["K d4 - c3"]})
    assert {GAME.square_name(c): s for c, s in fall.owner_map().items()} == {"b8": 0, "c3": 0, "e5": 1}
    assert fall.report is not None and (GAME.parse_square("e5"), 3, 1) in fall.report.centres


def test_the_adjudicator_reports_bounced_moves_and_dislodged_units_directly() -> None:
    d4, e4, e5 = (GAME.parse_square(s) for s in ("d4", "e4", "e5"))
    res = adjudicate({d4: 0, e4: 1, e5: 2}, {d4: MoveTo("K", d4, e5), e4: MoveTo("K", e4, e5)})
    assert res.moved == {} and res.bounced == {d4, e4} and res.dislodged == {}


def test_a_powers_support_of_a_foreign_move_still_defends_that_unit_head_to_head() -> None:
    # DATC 6.E.3 and 6.E.12: Russia's supports cannot help Ottoman dislodge Russia's d4, but they do count in
    # Ottoman's defence against Russia's own attack. (The reference adjudicator disagrees: docs/rules/chesspolitik.md.)
    state = position("Russia K d4, Russia K d3, Russia K c5, Russia K c4, Ottoman K e4")
    orders = {
        "Russia": ["K d4 - e4", "K d3 S K d4 - e4", "K c5 S K e4 - d4", "K c4 S K e4 - d4"],
        "Ottoman": ["K e4 - d4"],
    }
    after = resolve(state, orders)
    assert results(after)["d4"] == results(after)["e4"] == "bounced"
    assert dislodged(after) == {}
