"""Politics (1952): properties that hold in every position, checked with hypothesis."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, Move
from controller.games.politics1952 import Claim, PlayCard, PoliticsState, pins
from controller.games.politics1952.data import BY_ABBR, STATES, TOTAL_VOTES
from controller.games.politics1952.moves import Roll
from tests.games.test_politics1952_support import GAME, started
from tests.strategies import History, histories


# --- one state's pins against a plain model: counts and arrival times -------------------------------------------
@settings(max_examples=200)
@given(lines=st.sampled_from([4, 7]), claims=st.lists(st.integers(0, 5), max_size=40))
def test_pins_agree_with_counting_counties_and_arrival_times(lines: int, claims: list[int]) -> None:
    state = pins.empty(lines)
    count: dict[int, int] = {}
    arrived: dict[int, int] = {}
    for t, seat in enumerate(claims):
        nxt = pins.claim(state, seat)
        locked = any(c == lines + 1 for c in count.values())
        assert (nxt is None) == locked
        if nxt is None:
            continue
        state = nxt
        count[seat] = count.get(seat, 0) + 1
        arrived[seat] = t
        # The model's leader: most counties; on a tie, who reached that line first.
        model = max(count, key=lambda s: (count[s], -arrived[s]))
        assert pins.leader(state) == model
        assert all(pins.counties(state, s) == c for s, c in count.items())
        assert pins.is_locked(state) == (max(count.values()) == lines + 1)


@settings(max_examples=100)
@given(claims=st.lists(st.integers(0, 5), min_size=1, max_size=30), gone=st.sets(st.integers(0, 5)))
def test_removing_pins_keeps_the_others_order(claims: list[int], gone: set[int]) -> None:
    state = pins.empty(7)
    for seat in claims:
        state = pins.claim(state, seat) or state
    after = pins.without(state, gone)
    for before_line, after_line in zip(state, after, strict=True):
        assert after_line == tuple(s for s in before_line if s not in gone)


# --- whole games ------------------------------------------------------------------------------------------------
def check_position(state: PoliticsState) -> None:
    placed_votes = 0
    for s, lines in zip(STATES, state.board, strict=True):
        seats = [seat for line in lines for seat in line]
        assert len(seats) == len(set(seats)), f"{s.abbr}: a seat with two pins"
        assert set(seats) <= set(state.active), f"{s.abbr}: a pin of an eliminated seat"
        assert len(lines[-1]) <= 1
        if seats:
            placed_votes += s.votes
            # The leader: most counties, then the northernmost pin of that line.
            best = max(
                seats, key=lambda seat: (pins.counties(lines, seat), -lines[pins.line_of(lines, seat)].index(seat))
            )
            assert pins.leader(lines) == best
    tally = state.tally()
    assert sum(tally) == placed_votes <= TOTAL_VOTES
    assert (sum(tally) == TOTAL_VOTES) == state.is_closed()
    assert all(tally[s] == 0 for s in range(state.n) if s not in state.active)
    dealt = sorted(c for hands in (state.hands, state.played) for h in hands for c in h)
    assert len(dealt) == 3 * state.n == len(set(dealt))
    for seat in range(state.n):
        view = state.view(seat)
        assert view["hand"] == list(state.hands[seat]) and "hands" not in view
    assert 0 <= state.left <= 12


@settings(max_examples=12)
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_rules(seats: int, seed: int) -> None:
    """Whole games to their end (thousands of plies): a seed replay, the clearest way to play a game out. The same
    checks along playouts drawn move by move (which shrink) are the next test."""
    rnd = random.Random(seed)
    state = GAME.new(seats, seed=seed)
    assert isinstance(state, PoliticsState)
    capitals: dict[str, int] = {}
    cards_this_turn = 0
    for _ in range(20_000):
        check_position(state)
        if state.to_move is None:
            break
        move = state.sample_chance() if state.to_move is CHANCE else rnd.choice(state.legal_moves())
        nxt = state.play(move)
        assert isinstance(nxt, PoliticsState)
        check_ply(state, move, nxt)
        if isinstance(move, PlayCard):
            cards_this_turn += 1
            assert cards_this_turn == 1, "two speech cards in one turn"
        if isinstance(move, Roll):
            cards_this_turn = 0
        check_capitals_kept(capitals, nxt)
        state = nxt
    result = state.outcome()
    assert result is not None, "the game did not end"
    assert result.scores is not None and result.scores[result.winners[0]] >= 266


@settings(max_examples=20)
@given(history=histories("politics1952", max_actions=120))
def test_drawn_playouts_keep_the_rules(history: History) -> None:
    capitals: dict[str, int] = {}
    cards_this_turn = 0
    for state, move, nxt in zip(history.states, history.actions, history.states[1:], strict=False):
        assert isinstance(state, PoliticsState) and isinstance(nxt, PoliticsState)
        check_position(state)
        check_ply(state, move, nxt)
        if isinstance(move, PlayCard):
            cards_this_turn += 1
            assert cards_this_turn == 1, "two speech cards in one turn"
        if isinstance(move, Roll):
            cards_this_turn = 0
        check_capitals_kept(capitals, nxt)
    final = history.final
    assert isinstance(final, PoliticsState)
    check_position(final)


def check_ply(state: PoliticsState, move: Move, nxt: PoliticsState) -> None:
    """What one ply may change: a claim is in the rolled group, a state is counted on doubles when closed, counties
    are never lost while a candidate stays in the game, and the turn passes to the next candidate still in it."""
    if isinstance(move, Claim):
        assert state.dice is not None and BY_ABBR[move.state].group == state.dice.group
        assert nxt.left == state.left - 1 or nxt.turn != state.turn
    if isinstance(move, Roll):
        counted = len(nxt.tabulations) > len(state.tabulations)
        assert counted == (move.doubles and state.is_closed())
    for s, before, after in zip(STATES, state.board, nxt.board, strict=True):
        for seat in nxt.active:
            assert pins.counties(after, seat) >= pins.counties(before, seat), s.abbr
    if nxt.turn != state.turn and state.turn >= 0:
        expected = next(k for k in [*range(state.turn + 1, state.n), *range(state.turn + 1)] if k in nxt.active)
        assert nxt.turn == expected


def check_capitals_kept(capitals: dict[str, int], nxt: PoliticsState) -> None:
    """A counted state never changes hands while its holder is in the game (`capitals`: the holders seen so far)."""
    for abbr, holder in list(capitals.items()):
        if holder in nxt.active:
            assert pins.capital(nxt.board[BY_ABBR[abbr].index]) == holder
        else:
            del capitals[abbr]
    for s, lines in zip(STATES, nxt.board, strict=True):
        held = pins.capital(lines)
        if held is not None:
            capitals.setdefault(s.abbr, held)


@st.composite
def boards(draw: st.DrawFn, seats: int) -> tuple[pins.Lines, ...]:
    """Any board: in each state every seat has no pin or one, on a county line or in the capital (one seat)."""
    out = []
    for s in STATES:
        where = draw(st.lists(st.integers(-1, s.lines), min_size=seats, max_size=seats))
        order = draw(st.permutations(range(seats)))
        capital_taken = False
        lines: list[list[int]] = [[] for _ in range(s.lines + 1)]
        for seat in order:
            k = where[seat]
            if k == s.lines and capital_taken:
                k = s.lines - 1
            capital_taken |= k == s.lines
            if k >= 0:
                lines[k].append(seat)
        out.append(tuple(tuple(line) for line in lines))
    return tuple(out)


@settings(max_examples=60)
@given(data=st.data(), seats=st.integers(2, 6))
def test_any_board_survives_the_json_round_trip_and_has_one_leader_per_state(data: st.DataObject, seats: int) -> None:
    board = data.draw(boards(seats))
    state = replace(started(seats), board=board)
    assert GAME.from_json(json.loads(json.dumps(state.to_json()))) == state
    view = state.view(None)
    for s, lines in zip(STATES, board, strict=True):
        assert view["leaders"].get(s.abbr) == pins.leader(lines)
        if any(lines):
            assert view["pins"][s.abbr] == [list(line) for line in lines[: s.lines]][: len(view["pins"][s.abbr])]
    assert sum(view["tally"]) == sum(s.votes for s, lines in zip(STATES, board, strict=True) if any(lines))
