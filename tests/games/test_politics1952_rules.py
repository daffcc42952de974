"""Politics (1952): the start, the dice, claiming counties, pin priority and capitals, one rule of the seed each."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from controller.games import CHANCE, IllegalMoveError
from controller.games.politics1952 import Claim, Pass, PlayCard, PoliticsState
from controller.games.politics1952.data import BY_ABBR, IN_GROUP, STATES
from controller.games.rng import shuffled
from tests.games.test_politics1952_support import GAME, lines, play, started, with_hands, with_pins


def pins_of(state: PoliticsState, abbr: str) -> tuple[tuple[int, ...], ...]:
    return state.board[BY_ABBR[abbr].index]


def group(g: int) -> set[str]:
    return {STATES[i].abbr for i in IN_GROUP[g]}


def no_cards(state: PoliticsState) -> PoliticsState:
    return with_hands(state, *(() for _ in range(state.n)))


# --- the start --------------------------------------------------------------------------------------------------
def test_all_throw_for_the_first_player_which_is_a_fair_chance_node() -> None:
    # "Determine the first player by all throwing the two white dice, the player throwing the highest number
    # beginning the game": re-throws among the tied make each seat equally likely.
    state = GAME.new(4, seed=5)
    assert isinstance(state, PoliticsState) and state.to_move is CHANCE
    outcomes = state.chance_outcomes()
    assert [str(m) for m, _ in outcomes] == ["first 0", "first 1", "first 2", "first 3"]
    assert all(p == 0.25 for _, p in outcomes)
    after = play(state, "first 2")
    assert after.to_move is CHANCE and after.turn == 2 and after.phase == "roll"


def test_the_first_player_begins_with_a_new_throw() -> None:
    state = started(3, first=1)
    assert state.to_move is CHANCE
    assert play(state, "roll 1 2-1").to_move == 1


def test_each_candidate_is_dealt_three_speech_cards_and_the_rest_are_not_used() -> None:
    for seats in (2, 6):
        state = GAME.new(seats, seed=42)
        assert isinstance(state, PoliticsState)
        dealt = [c for hand in state.hands for c in hand]
        assert all(len(hand) == 3 for hand in state.hands)
        assert len(set(dealt)) == len(dealt) == 3 * seats
        assert set(dealt) <= set(range(1, 19))


def test_the_deal_is_the_seeded_generator_shuffling_the_deck() -> None:
    state = GAME.new(3, seed=77)
    assert isinstance(state, PoliticsState)
    deck, _ = shuffled(77, tuple(range(1, 19)))
    assert state.hands == tuple(tuple(sorted(int(str(c)) for c in deck[3 * k : 3 * k + 3])) for k in range(3))
    deals = {repr(GAME.new(3, seed=s).to_json()["hands"]) for s in range(10)}
    assert len(deals) > 1


# --- the dice ---------------------------------------------------------------------------------------------------
def test_three_dice_make_126_outcomes_with_doubles_half_as_likely() -> None:
    state = started()
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 126
    assert sum(Fraction(p).limit_denominator(216) for p in outcomes.values()) == 1
    by_text = {str(m): p for m, p in outcomes.items()}
    assert by_text["roll 6 3-3"] == pytest.approx(1 / 216)
    assert by_text["roll 6 3-1"] == pytest.approx(2 / 216)
    assert "roll 6 1-3" not in by_text


def test_dice_come_from_the_states_generator_and_physical_dice_use_the_same_draws() -> None:
    state = started(seed=9)
    sampled = state.sample_chance()
    assert sampled == state.sample_chance()
    assert sampled in dict(state.chance_outcomes())
    other = play(state, "roll 1 1-1" if str(sampled) != "roll 1 1-1" else "roll 2 1-1")
    assert other.rng == state.play(sampled).rng != state.rng


def test_the_coloured_die_confines_the_play_to_its_group() -> None:
    state = play(started(), "roll 6 3-1")
    claims = {m.state for m in state.legal_moves() if isinstance(m, Claim)}
    assert claims == group(6)
    with pytest.raises(IllegalMoveError, match=r"group 3.*shows 6") as err:
        play(state, "WA")
    assert err.value.squares == frozenset({BY_ABBR["WA"].square})


def test_the_white_dice_give_counties_split_any_way_in_the_group() -> None:
    # "He may take 4 counties in New York, or 2 counties each in Ohio and Illinois, or split his 4 any way."
    base = play(no_cards(started()), "roll 6 3-1")
    assert base.left == 4
    all_ny = play(base, "NY", "NY", "NY", "NY")
    assert pins_of(all_ny, "NY") == lines("NY", "|||0")
    split = play(base, "OH", "IL", "OH", "IL")
    assert pins_of(split, "OH") == lines("OH", "|0") and pins_of(split, "IL") == lines("IL", "|0")
    assert split.turn == 1 and split.to_move is CHANCE


def test_each_claim_uses_one_county_of_the_throw() -> None:
    state = play(started(), "roll 4 5-2", "GA")
    assert state.left == 6 and state.to_move == 0
    assert play(state, "GA", "VA").left == 4


def test_play_proceeds_to_the_left() -> None:
    state = no_cards(started(3, first=2))
    state = play(state, "roll 1 1-1", "DE", "DE")
    assert state.turn == 0
    state = play(state, "roll 1 1-1", "DE", "DE")
    assert state.turn == 1


def test_a_seat_must_place_every_county_it_can_before_it_may_pass() -> None:
    state = play(with_hands(started(), (1,), (2,)), "roll 6 2-1")
    assert Pass() not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="place the dice counties first"):
        play(state, "pass")
    done = play(state, "NY", "NY", "NY")
    assert done.to_move == 0
    assert set(done.legal_moves()) == {PlayCard(1), Pass()}
    assert play(done, "pass").turn == 1


def test_counties_that_cannot_be_placed_are_lost() -> None:
    # Group 5: every state but New Jersey is captured; New Jersey takes 4 counties and its capital, 7 are lost.
    state = no_cards(started())
    state = with_pins(state, MA=("", 1), NC=("", 1), IN=("", 1), MO=("", 1))
    state = play(state, "roll 5 6-6", "NJ", "NJ", "NJ", "NJ")
    assert state.to_move == 0 and state.claimable() == (BY_ABBR["NJ"].index,)
    state = play(state, "NJ")
    assert pins_of(state, "NJ") == lines("NJ", "", capital=0)
    assert state.turn == 1 and state.phase == "roll" and state.left == 0


def test_a_throw_with_nothing_to_place_and_no_card_ends_the_turn() -> None:
    state = with_pins(no_cards(started()), **dict.fromkeys(group(5), ("", 1)))
    after = play(state, "roll 5 2-1")
    assert after.turn == 1 and after.to_move is CHANCE


# --- pins and priority ------------------------------------------------------------------------------------------
def test_the_first_county_puts_the_pin_on_the_westernmost_line_and_each_next_one_moves_it_east() -> None:
    state = play(started(), "roll 6 3-1", "NY")
    assert pins_of(state, "NY") == lines("NY", "0")
    state = play(state, "NY")
    assert pins_of(state, "NY") == lines("NY", "|0")


def test_later_pins_go_south_of_the_first_pin_in_order_of_arrival() -> None:
    state = with_pins(no_cards(started(3)), NY="02")
    state = replace(state, turn=1)
    state = play(state, "roll 6 1-1", "NY")
    assert pins_of(state, "NY") == lines("NY", "021|")


def test_the_seat_with_the_most_counties_controls_the_state() -> None:
    state = with_pins(started(3), NY="01|2", OH="2|1||0")
    assert state.leader("NY") == 2
    assert state.leader("OH") == 0


def test_a_tie_goes_to_the_northernmost_pin_of_the_last_line() -> None:
    state = with_pins(started(3), NY="|01", OH="|10", IL="2|01")
    assert state.leader("NY") == 0
    assert state.leader("OH") == 1
    assert state.leader("IL") == 0


def test_priority_is_the_order_of_arrival_on_the_tied_line_not_in_the_state() -> None:
    # Red entered New York first, but Blue reached the second line first: Blue leads the tie there.
    state = no_cards(started())
    state = play(state, "roll 6 1-1", "NY", "IL")  # Red: first line of New York
    state = play(state, "roll 6 1-1", "NY", "NY")  # Blue: first line, then on to the second
    assert state.leader("NY") == 1
    state = play(state, "roll 6 1-1", "NY", "IL")  # Red reaches the second line, south of Blue
    assert pins_of(state, "NY") == lines("NY", "|10")
    assert state.leader("NY") == 1


def test_more_counties_beat_priority() -> None:
    state = with_pins(no_cards(started()), NY="|10")
    state = play(state, "roll 6 1-1", "NY", "IL")
    assert state.leader("NY") == 0


# --- capitals ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("abbr", "last"), [("NY", "||||||0"), ("DE", "|||0")])
def test_a_county_beyond_the_easternmost_line_takes_the_capital(abbr: str, last: str) -> None:
    state = with_pins(started(), **{abbr: last})
    g = BY_ABBR[abbr].group
    state = play(state, f"roll {g} 2-1")
    assert state.describe(Claim(abbr)).startswith("Take the capital")
    state = play(state, abbr)
    assert pins_of(state, abbr) == lines(abbr, "", capital=0)
    assert BY_ABBR[abbr].index not in state.claimable()


def test_the_capital_wins_the_state_outright_over_any_count() -> None:
    state = with_pins(started(), NY=("||||||1", 0))
    assert state.leader("NY") == 0


def test_a_captured_state_is_closed_to_every_other_move() -> None:
    state = with_pins(no_cards(started()), NY=("||||||1", 0))
    state = replace(state, turn=1)
    state = play(state, "roll 6 2-1")
    assert Claim("NY") not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="Red holds the capital of New York"):
        play(state, "NY")
    own = play(replace(state, turn=0), "OH")
    with pytest.raises(IllegalMoveError, match="you hold the capital"):
        play(own, "NY")


def test_a_county_line_pin_order_survives_a_capital_taken_from_the_same_line() -> None:
    state = with_pins(started(), NY="||||||10")
    state = play(replace(state, turn=1), "roll 6 2-1", "NY")
    assert pins_of(state, "NY") == lines("NY", "||||||0", capital=1)
