"""Properties every registered game must keep, checked along random playouts (OpenSpiel's generic game test).

- random playouts end;
- `play` never mutates the state it is called on;
- `parse(str(m))` gives `m` back, for moves, chance outcomes and orders;
- states round-trip through JSON, and every seat's view is JSON;
- the physical effect of each legal move turns the occupancy of the position into exactly the occupancy of the
  next one, and can be carried out (no lift from an empty square, no landing on an occupied one).
"""

from __future__ import annotations

import enum
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, SIMULTANEOUS, Game, Move, Orders, SetupError, State, Termination
from controller.games.info import OptionValue
from controller.games.physical import check_steps
from controller.games.playout import random_orders
from tests.conftest import ALL
from tests.strategies import histories, moves

# Options that keep playouts short without changing the rules exercised (a match to fewer points, say).
FAST_OPTIONS: dict[str, dict[str, Any]] = {
    "politrics": {"target": 30},
    "chesspolitik": {"draw_votes": False, "max_years": 5},
}
MAX_ACTIONS = {"politrics": 20_000, "djambi": 20_000, "chesspolitik": 5_000, "politics1952": 20_000}
# Why a game ends without a winner; every other termination but POINTS names one.
DRAWS = {Termination.AGREEMENT, Termination.NONE_LEFT, Termination.QUIET_TURNS, Termination.TURN_LIMIT}
SAMPLE = 12  # moves per position given the full battery of checks
OPTION_ACTIONS = 150  # the playouts with each option value check this many actions (their ends are tested above)


def _seat_counts(name: str) -> list[int]:
    return list(ALL.load(name).info.seat_counts)


CASES = [(n, k) for n in ALL.names() for k in _seat_counts(n)]


def check_move(state: State, move: Move, seat: int | None = None) -> State:
    game = state.game
    text = str(move)
    assert game.parse(text, state, seat) == move, f"{game.name}: {text!r} does not parse back"
    recorded = state.record(move)
    assert game.parse(recorded, state, seat) == move, f"{game.name}: the move list's {recorded!r} does not parse back"
    nxt = state.play(move)
    description = state.describe(move)
    assert isinstance(description, str) and description
    effect = state.effect(move)
    occ = state.occupancy()
    check_steps(occ, effect.decision)
    check_steps(effect.after_decision(occ), effect.chores)
    assert effect.after_chores(occ) == nxt.occupancy(), (
        f"{game.name}: the physical effect of {text} does not give the next position's occupancy"
    )
    return nxt


def check_state(state: State) -> None:
    game = state.game
    data = state.to_json()
    text = json.dumps(data)
    back = game.from_json(json.loads(text))
    assert back == state and hash(back) == hash(state), f"{game.name}: JSON round trip changed the state"
    assert json.dumps(back.to_json(), sort_keys=True) == json.dumps(data, sort_keys=True)
    for seat in [None, *range(state.seats)]:
        json.dumps(state.view(seat))
    turn = state.turn_text()
    assert isinstance(turn, str) and turn
    for sq, seat in state.marks().items():
        assert sq in game.region(state.seats) and 0 <= seat < state.seats
    assert state.occupancy() & ~game.region(state.seats).mask == 0, f"{game.name}: a piece outside its region"


def step(state: State, rnd: random.Random) -> State:
    """One random action, after checking a sample of the moves here; `play` must not have changed `state`."""
    before = json.dumps(state.to_json(), sort_keys=True)
    nxt = _step(state, rnd)
    assert json.dumps(state.to_json(), sort_keys=True) == before, f"{state.game.name}: play mutated the state"
    return nxt


def _step(state: State, rnd: random.Random) -> State:
    to_move = state.to_move
    if to_move is CHANCE:
        outcomes = [m for m, _ in state.chance_outcomes()]
        assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9
        for m in rnd.sample(outcomes, min(SAMPLE, len(outcomes))):
            check_move(state, m)
        sampled = state.sample_chance()
        assert sampled in outcomes
        return check_move(state, sampled)
    if to_move is SIMULTANEOUS:
        seat = rnd.choice(sorted(state.waiting_for()))
        orders = random_orders(state, seat, rnd)
        return check_move(state, Orders(seat, orders), seat)
    assert isinstance(to_move, int)
    moves = state.legal_moves()
    assert moves, f"{state.game.name}: seat {to_move} to move with no legal move"
    assert len(set(moves)) == len(moves), f"{state.game.name}: a legal move is listed twice"
    for m in rnd.sample(moves, min(SAMPLE, len(moves))):
        check_move(state, m)
    out_of_turn: list[Move] = []
    for seat in range(state.seats):
        if seat != to_move:
            out_of_turn += state.legal_moves(seat)
    for m in out_of_turn[:SAMPLE]:
        check_move(state, m)
    # Now and then a move out of turn (a Politrics declaration), so playouts reach what only those lead to.
    if out_of_turn and rnd.random() < 0.25:
        return state.play(rnd.choice(out_of_turn))
    return state.play(rnd.choice(moves))


def _option_values(name: str) -> list[tuple[str, str, OptionValue]]:
    """Each value of each option of a game but its default: the other truth value, the other choices. Numbers
    (lengths, limits) are left out; FAST_OPTIONS sets them where a playout needs it."""
    out: list[tuple[str, str, OptionValue]] = []
    for option in ALL.load(name).info.options:
        if isinstance(option.default, bool):
            out.append((name, option.name, not option.default))
        else:
            out += [(name, option.name, c) for c in option.choices if c != option.default]
    return out


OPTION_CASES = [case for name in ALL.names() for case in _option_values(name)]


def check_outcome(state: State) -> None:
    result = state.outcome()
    assert result is not None
    assert all(0 <= w < state.seats for w in result.winners)
    assert result.is_draw == (result.termination in DRAWS) or result.termination is Termination.POINTS
    assert json.loads(json.dumps(result.to_json()))["termination"] == result.termination.value


def seat_of(action: Move) -> int | None:
    return action.seat if isinstance(action, Orders) else None


@pytest.mark.parametrize(("name", "seats"), CASES)
@settings(max_examples=10)
@given(data=st.data())
def test_every_action_along_a_drawn_playout_keeps_the_invariants(name: str, seats: int, data: st.DataObject) -> None:
    """Positions and actions drawn by the shared strategies, so a failure shrinks to the shortest playout that
    shows it: every position on the way and every action taken is checked, then a sample of the last position's
    moves (out of turn too) and one drawn action."""
    history = data.draw(histories(name, registry=ALL, seats=seats, **FAST_OPTIONS.get(name, {})))
    for before, action, after in zip(history.states[:-1], history.actions, history.states[1:], strict=True):
        check_state(before)
        written = json.dumps(before.to_json(), sort_keys=True)
        assert check_move(before, action, seat_of(action)) == after
        assert json.dumps(before.to_json(), sort_keys=True) == written, f"{name}: play mutated the state"
    state = history.final
    check_state(state)
    if state.to_move is None:
        check_outcome(state)
        return
    assert state.outcome() is None
    if isinstance(state.to_move, int):
        listed = state.legal_moves()
        assert listed, f"{name}: seat {state.to_move} to move with no legal move"
        assert len(set(listed)) == len(listed), f"{name}: a legal move is listed twice"
        for seat in range(state.seats):
            for move in state.legal_moves(seat)[:SAMPLE]:
                check_move(state, move)
            # A game's shortcut to its page moves gives what working out every legal move's effect gives.
            assert state.page_moves(seat) == State.page_moves(state, seat), f"{name}: seat {seat}'s page moves"
    action = data.draw(moves(state))
    check_move(state, action, seat_of(action))


@pytest.mark.parametrize(("name", "seats"), CASES)
@settings(max_examples=3)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playout_keeps_the_invariants(name: str, seats: int, seed: int) -> None:
    """Whole games to their end: a seed replay, the clearest way to show that random playouts end (the drawn
    playouts above are bounded) and that every final position says why it ended."""
    playout(ALL.load(name), seats, seed, FAST_OPTIONS.get(name, {}))


@pytest.mark.parametrize(("name", "option", "value"), OPTION_CASES, ids=str)
@settings(max_examples=1)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playout_keeps_the_invariants_with_each_option_value(
    name: str, option: str, value: OptionValue, seed: int
) -> None:
    game = ALL.load(name)
    playout(game, game.info.check_seats(None), seed, {**FAST_OPTIONS.get(name, {}), option: value}, OPTION_ACTIONS)


def playout(game: Game, seats: int, seed: int, options: dict[str, Any], limit: int | None = None) -> None:
    """A random playout from the start, checking the invariants at every position and a sample of every move; it
    must end within the game's number of actions, or is cut short after `limit` of them."""
    name = game.name
    rnd = random.Random(seed)
    state = game.new(seats, seed=seed, **options)
    for _ in range(limit or MAX_ACTIONS.get(name, 5_000)):
        check_state(state)
        if state.to_move is None:
            check_outcome(state)
            return
        assert state.outcome() is None
        state = step(state, rnd)
    if limit is None:
        pytest.fail(f"{name}: the random playout did not end")


@pytest.mark.parametrize("name", ALL.names())
def test_metadata_is_json_and_consistent(name: str) -> None:
    game = ALL.load(name)
    info = game.info
    json.dumps(info.to_json())
    assert info.name == name
    for k in info.seat_counts:
        assert len(info.seat_names[k]) == k
        game.region(k)
    state = game.new()
    assert state.seats == info.check_seats(None)
    # One instance of each game: the registry's is the one every state of it names.
    assert ALL.load(name) is game and state.game is game


@pytest.mark.parametrize("name", ALL.names())
def test_same_seed_same_game(name: str) -> None:
    game = ALL.load(name)
    finals = []
    for _ in range(2):
        rnd = random.Random(7)
        state = game.new(seed=1234, **FAST_OPTIONS.get(name, {}))
        for _ in range(60):
            if state.to_move is None:
                break
            if state.to_move is CHANCE:
                state = state.play(state.sample_chance())
            elif state.to_move is SIMULTANEOUS:
                seat = min(state.waiting_for())
                state = state.submit(seat, random_orders(state, seat, rnd))
            else:
                state = state.play(rnd.choice(state.legal_moves()))
        finals.append(state)
    assert finals[0] == finals[1]


@pytest.mark.parametrize("name", ALL.names())
def test_an_option_with_fixed_values_resolves_once_to_its_typed_value(name: str) -> None:
    info = ALL.load(name).info
    for option in info.options:
        for choice in option.choices:
            resolved = info.resolve_options({option.name: str(choice) if isinstance(choice, str) else choice})
            assert resolved[option.name] == choice and type(resolved[option.name]) is type(option.default)
        if isinstance(option.default, enum.Enum):
            with pytest.raises(SetupError, match=option.name):
                info.resolve_options({option.name: "no such value"})
    # The metadata's JSON shows plain texts, whatever type the values have in the rules.
    assert json.loads(json.dumps(info.to_json())) == info.to_json()
