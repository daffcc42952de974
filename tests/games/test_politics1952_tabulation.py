"""Politics (1952): closing the board, tabulating the votes, eliminating candidates, winning."""

from __future__ import annotations

from dataclasses import replace

from controller.games import CHANCE
from controller.games.politics1952 import PoliticsState
from controller.games.politics1952.data import BY_ABBR, STATES
from tests.games.test_politics1952_support import closed_board, lines, play, started, with_hands, with_pins


def by_group(state: PoliticsState, owners: dict[int, int]) -> PoliticsState:
    """A closed board: every state of group g has one pin of seat owners[g] on its first line."""
    return closed_board(state, {s.abbr: owners[s.group] for s in STATES})


def no_cards(state: PoliticsState) -> PoliticsState:
    return with_hands(state, *(() for _ in range(state.n)))


# Group totals: 6 -> 205 votes, 5 -> 72, 4 -> 69, 3 -> 58, 2 -> 79, 1 -> 48.
FOUR_WAY = {6: 0, 5: 1, 4: 1, 3: 2, 2: 2, 1: 3}  # Red 205, Blue 141, Green 137, Yellow 48


def test_the_group_totals_these_tests_use() -> None:
    state = by_group(started(4), FOUR_WAY)
    assert state.tally() == (205, 141, 137, 48)


def test_the_board_is_closed_when_every_state_has_a_pin() -> None:
    state = closed_board(started())
    assert state.is_closed()
    assert not with_pins(state, WY="").is_closed()
    assert not started().is_closed()


def test_doubles_on_an_open_board_count_nothing() -> None:
    state = play(with_pins(closed_board(started()), WY=""), "roll 6 2-2")
    assert state.tabulations == () and state.to_move == 0 and state.left == 4


def test_a_closed_board_is_counted_only_on_doubles() -> None:
    # "This does not stop the play but simply prepares the way for a tabulation of votes."
    state = play(closed_board(started()), "roll 6 3-2")
    assert state.tabulations == () and state.outcome() is None and state.left == 5


def test_doubles_on_a_closed_board_stop_the_game_before_the_play_and_a_majority_wins() -> None:
    state = by_group(no_cards(started(2, first=1)), {6: 1, 5: 1, 4: 0, 3: 0, 2: 0, 1: 0})
    assert state.tally() == (254, 277)
    over = play(state, "roll 6 4-4")
    assert over.to_move is None and over.legal_moves() == ()
    result = over.outcome()
    assert result is not None
    assert result.winners == (1,)
    assert result.scores == (254, 277)
    assert result.reason == "Blue is elected President with 277 electoral votes"
    assert over.board == state.board  # "the game is stopped before he makes his play"


def test_the_state_vote_goes_whole_to_the_leader_even_with_one_county() -> None:
    state = by_group(started(2), dict.fromkeys(range(1, 7), 0))
    state = with_pins(state, NY="0|||||1", CA="|10")
    # New York: Blue is furthest east. California: tied on the second line, Blue arrived first.
    assert state.tally() == (531 - 45 - 32, 45 + 32)


def test_without_a_majority_all_but_the_two_highest_are_eliminated_and_their_pins_removed() -> None:
    state = by_group(no_cards(started(4, first=1)), FOUR_WAY)
    state = with_pins(state, NY="231|0")
    after = play(state, "roll 3 5-5")
    assert after.tabulations == ((205, 141, 137, 48),)
    assert after.active == (0, 1)
    assert after.outcome() is None
    # "All players eliminated when the votes are counted remove their pins from the board."
    assert after.board[BY_ABBR["NY"].index] == lines("NY", "1|0")
    assert all(not any(after.board[s.index]) for s in STATES if s.group in (3, 2, 1))
    assert not after.is_closed()


def test_a_thrower_who_survives_the_count_plays_the_doubles() -> None:
    state = by_group(no_cards(started(4, first=1)), FOUR_WAY)
    after = play(state, "roll 3 5-5")
    assert after.to_move == 1 and after.left == 10 and after.dice is not None
    assert after.legal_moves()


def test_a_thrower_eliminated_by_the_count_loses_the_turn_and_eliminated_seats_are_skipped() -> None:
    state = by_group(no_cards(started(4, first=2)), FOUR_WAY)
    after = play(state, "roll 3 5-5")
    assert after.active == (0, 1)
    assert after.to_move is CHANCE and after.turn == 0 and after.dice is None
    after = play(after, "roll 6 1-1", "NY", "NY")
    assert after.turn == 1
    after = play(after, "roll 6 1-1", "NY", "NY")
    assert after.turn == 0


def test_a_tie_for_second_place_keeps_every_tied_candidate() -> None:
    state = by_group(no_cards(started(4)), FOUR_WAY)
    state = with_pins(state, AZ="2")  # 4 votes from Yellow to Green: Blue 141, Green 141
    assert state.tally() == (205, 141, 141, 44)
    after = play(state, "roll 3 5-5")
    assert after.active == (0, 1, 2)


def test_the_board_must_close_again_before_the_next_count_which_then_elects() -> None:
    # "The two remaining players proceed as before, closing the board again before the next tabulation of votes,
    # if it has been opened by the removal of eliminated players' pins."
    state = by_group(no_cards(started(4, first=0)), FOUR_WAY)
    state = play(state, "roll 6 1-1", "NY", "NY")
    assert state.active == (0, 1) and not state.is_closed()
    state = play(state, "roll 6 1-1", "OH", "OH")  # Blue; doubles on the re-opened board count nothing
    assert len(state.tabulations) == 1
    assert state.leader("NY") == 0 and state.leader("OH") == 1
    refill = {3: 1, 2: 0, 1: 0}
    board = tuple(
        lines(s.abbr, str(refill[s.group])) if not any(state.board[s.index]) else state.board[s.index] for s in STATES
    )
    state = replace(state, board=board)
    assert state.is_closed()
    over = play(state, "roll 2 3-3")
    result = over.outcome()
    assert result is not None and result.winners == (0,)
    assert result.scores == (307, 224, 0, 0)
    assert len(over.tabulations) == 2


def test_a_majority_in_the_live_tally_does_not_win_before_a_count() -> None:
    # "VOTES ARE TABULATED after the board is closed ... as soon as any player throws doubles."
    state = by_group(started(2), {6: 0, 5: 0, 4: 1, 3: 1, 2: 1, 1: 1})
    state = with_pins(state, WY="")
    assert state.tally()[0] >= 266 and not state.is_closed()
    assert play(state, "roll 1 6-6").outcome() is None
