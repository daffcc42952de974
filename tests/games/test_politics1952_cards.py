"""Politics (1952): speech cards, and keeping them secret."""

from __future__ import annotations

import json

import pytest

from controller.games import IllegalMoveError
from controller.games.politics1952 import Pass, PlayCard, PoliticsState
from controller.games.politics1952.data import BY_ABBR, CARD
from tests.games.test_politics1952_support import GAME, lines, play, started, with_hands, with_pins

# Card 7 is "The Empire State": NY 3, NJ 2. Card 1 is "Farm Belt": IA 2, NE 2, KS 2.


def pins_of(state: PoliticsState, abbr: str) -> tuple[tuple[int, ...], ...]:
    return state.board[BY_ABBR[abbr].index]


def test_the_cards_this_test_relies_on() -> None:
    assert [(BY_ABBR["NY"].index, 3), (BY_ABBR["NJ"].index, 2)] == list(CARD[7].counties)
    assert CARD[1].theme == "Farm Belt"


def test_a_speech_card_gives_its_counties_wherever_they_are_in_any_group() -> None:
    # "The speech cards give a player counties in various States (whether or not he had a pin there before)."
    state = with_pins(with_hands(started(), (7,), ()), NJ="1")
    state = play(state, "roll 1 1-1", "card 7")
    assert pins_of(state, "NY") == lines("NY", "||0")
    assert pins_of(state, "NJ") == lines("NJ", "1|0")
    assert state.hands[0] == () and state.played[0] == (7,)


@pytest.mark.parametrize(
    "order",
    [("card 7", "DE", "DE"), ("DE", "card 7", "DE"), ("DE", "DE", "card 7")],
    ids=["before", "between", "after"],
)
def test_a_card_may_be_played_before_between_or_after_the_dice_counties(order: tuple[str, ...]) -> None:
    state = play(with_hands(started(), (7,), ()), "roll 1 1-1", *order)
    assert state.turn == 1
    assert pins_of(state, "NY") == lines("NY", "||0")
    assert pins_of(state, "DE") == lines("DE", "|0")


def test_only_one_speech_card_may_be_played_in_a_turn() -> None:
    # "A player may play only one of his Speech Cards (as well as his dice count) on any one turn."
    state = play(with_hands(started(), (1, 7), ()), "roll 6 1-1", "card 7")
    assert not [m for m in state.legal_moves() if isinstance(m, PlayCard)]
    with pytest.raises(IllegalMoveError, match="only one speech card"):
        play(state, "card 1")
    state = play(state, "OH", "OH")
    assert state.turn == 1
    state = play(state, "roll 6 1-1", "OH", "OH", "roll 6 1-1")
    assert PlayCard(1) in state.legal_moves()


def test_a_seat_may_keep_its_cards() -> None:
    state = play(with_hands(started(), (1, 7), ()), "roll 6 1-1", "OH", "OH")
    assert set(state.legal_moves()) == {PlayCard(1), PlayCard(7), Pass()}
    after = play(state, "pass")
    assert after.turn == 1 and after.hands[0] == (1, 7)


def test_a_throw_that_places_nothing_still_allows_a_card() -> None:
    group_one = ("AZ", "ID", "MT", "NH", "NM", "ND", "RI", "SD", "UT", "DE", "NV", "VT", "WY")
    state = with_pins(with_hands(started(), (7,), ()), **dict.fromkeys(group_one, ("", 1)))
    state = play(state, "roll 1 3-2")
    assert state.to_move == 0 and state.claimable() == ()
    assert set(state.legal_moves()) == {PlayCard(7), Pass()}


def test_a_card_naming_a_captured_state_loses_those_counties_only() -> None:
    # "If some player has captured the State that a Speech Card calls for, the play of that Speech Card is lost."
    state = with_pins(with_hands(started(), (7,), ()), NY=("0", 1))
    state = play(state, "roll 1 1-1", "card 7")
    assert pins_of(state, "NY") == lines("NY", "0", capital=1)
    assert pins_of(state, "NJ") == lines("NJ", "|0")
    assert state.played[0] == (7,)


def test_a_card_reaching_past_the_last_line_takes_the_capital_and_loses_the_rest() -> None:
    # "When playing a Speech Card, he must use all the counties on that card that can then be played."
    state = with_pins(with_hands(started(), (7,), ()), NY="|||||0")
    state = play(state, "roll 1 1-1", "card 7")
    assert pins_of(state, "NY") == lines("NY", "", capital=0)


def test_only_the_holder_may_play_a_card_and_the_error_does_not_say_who_holds_it() -> None:
    state = play(with_hands(started(), (1,), (7,)), "roll 6 1-1")
    with pytest.raises(IllegalMoveError) as err:
        play(state, "card 7")
    assert "does not hold speech card 7" in str(err.value)
    assert "Blue" not in str(err.value)


def test_cards_are_not_played_out_of_turn() -> None:
    state = play(with_hands(started(), (1,), (7,)), "roll 6 1-1")
    assert state.legal_moves(1) == ()
    with pytest.raises(IllegalMoveError, match="Red's turn"):
        GAME.parse("card 7", state, 1)


# --- secrecy ----------------------------------------------------------------------------------------------------
def test_a_seat_sees_its_own_cards_and_only_how_many_the_others_hold() -> None:
    state = play(with_hands(started(3), (1, 2, 3), (4, 5, 6), (7, 8, 9)), "roll 6 1-1", "card 2")
    view = state.view(1)
    assert view["hand"] == [4, 5, 6]
    assert view["cards_left"] == [2, 3, 3]
    assert view["played"] == [[2], [], []]
    assert "hands" not in view and "rng" not in view
    assert not {1, 3, 7, 8, 9} & {c for h in [view["hand"], *view["played"]] for c in h}


def test_a_spectator_sees_no_cards_and_the_full_state_keeps_them_all() -> None:
    state = with_hands(started(3), (1, 2, 3), (4, 5, 6), (7, 8, 9))
    assert "hand" not in state.view(None)
    assert state.view(None)["cards_left"] == [3, 3, 3]
    assert state.to_json()["hands"] == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    assert "rng" in state.to_json()


def test_no_view_lets_a_seat_foresee_the_dice() -> None:
    state = started(seed=3)
    for seat in (None, 0, 1):
        assert str(state.rng) not in json.dumps(state.view(seat))
