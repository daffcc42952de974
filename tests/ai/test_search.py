"""The search engine through the game API alone: toy games of every kind of node, every real game, determinism for a
seed and a playout budget, and the rewards of games of more than two seats."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from controller.ai import Budget, Knowledge, greedy, make_player, think
from controller.ai.budget import Cost
from controller.ai.knowledge import softmax, terminal_values
from controller.ai.registry import knowledge_for
from controller.ai.search import Search
from controller.games import CHANCE, SIMULTANEOUS, Move, Orders, State, load, names
from controller.games.playout import random_step
from tests.conftest import ALL
from tests.strategies import states


def decider(state: State) -> int | None:
    """The seat that has something to decide in `state` (the lowest waiting one in a phase of orders)."""
    if isinstance(state.to_move, int):
        return state.to_move
    if state.to_move is SIMULTANEOUS:
        return min(state.waiting_for())
    return None


def legal(state: State, seat: int, move: Move) -> bool:
    if isinstance(move, Orders):
        state.submit(seat, move.orders)
        return move.seat == seat
    return move in state.legal_moves(seat)


class RaceKnowledge(Knowledge):
    """Race hides its dice generator from the seats: a drawn state gets one of its own."""

    def determinize(self, game, view, seat, rnd):
        return game.from_json({**view, "rng": rnd.getrandbits(64)})


class StandoffKnowledge(Knowledge):
    """Standoff shows another seat's handed-in orders as sealed: a drawn state leaves them to be decided again."""

    def determinize(self, game, view, seat, rnd):
        return game.from_json({**view, "pending": {k: v for k, v in view["pending"].items() if isinstance(v, list)}})


TOY_KNOWLEDGE = {"race": RaceKnowledge(), "standoff": StandoffKnowledge()}


def search(state: State, seat: int, playouts: int, seed: int) -> Move:
    game = state.game
    knowledge = TOY_KNOWLEDGE.get(game.name, Knowledge())
    return Search(game, state.view(seat), seat, knowledge, random.Random(seed)).run(Budget(playouts).clock()).move


def test_jumps_takes_the_capture_that_wins():
    # South (seat 1) to move; its Acorn on b2 can jump North's last piece on c2: North then has no move and loses.
    game = ALL.load("jumps")
    state = game.from_json(
        {
            "game": "jumps",
            "board": [["b2", "A", 1], ["c2", "B", 0], ["a4", "B", 1]],
            "reserve": [[0, 0], [0, 0]],
            "turn": 1,
            "ply": 10,
            "limit": 60,
        }
    )
    move = search(state, 1, 20, seed=1)
    assert str(move) == "b2xd2"
    result = state.play(move).outcome()
    assert result is not None and result.winners == (1,)


@pytest.mark.parametrize(("name", "seats"), [("jumps", 2), ("race", 3), ("standoff", 2)])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 12))
@settings(max_examples=8, deadline=None)
def test_toy_games_get_legal_deterministic_moves(name, seats, seed, steps):
    game = ALL.load(name)
    state = game.new(seats, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.to_move is None:
            break
        state = random_step(state, rnd)
    while state.to_move is CHANCE:
        state = state.play(state.sample_chance())
    seat = decider(state)
    assume(seat is not None)
    assert seat is not None
    first = search(state, seat, 12, seed)
    assert legal(state, seat, first)
    assert search(state, seat, 12, seed) == first


@pytest.mark.parametrize("name", names())
@given(data=st.data())
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_game_same_seed_same_move(name, data):
    state = data.draw(states(name, ongoing=True, max_actions=60))
    seat = decider(state)
    assume(seat is not None)
    assert seat is not None
    seed = data.draw(st.integers(0, 2**63 - 1))
    first = think(state.game, state.view(seat), seat, playouts=3, seed=seed).move
    assert legal(state, seat, first)
    assert think(state.game, state.view(seat), seat, playouts=3, seed=seed).move == first


@pytest.mark.parametrize("name", names())
def test_greedy_and_random_players_move_legally(name):
    state = load(name).new(None, 5)
    rnd = random.Random(5)
    while state.to_move is CHANCE:
        state = state.play(state.sample_chance())
    seat = decider(state)
    assert seat is not None
    for player in (greedy(), make_player("random")):
        assert legal(state, seat, player.decide(state.game, state.view(seat), seat, rnd.getrandbits(32)).move)


def test_a_player_with_nothing_to_decide_is_told_so():
    state = load("polis").new(2, 1)
    with pytest.raises(ValueError, match="nothing to decide"):
        greedy().decide(state.game, state.view(1), 1, 0)
    with pytest.raises(ValueError, match="nothing to decide"):
        think(state.game, state.view(1), 1, playouts=2)


def test_rewards_are_a_vector_per_seat():
    # Three seats of Race: a finished race rewards its winner alone; an unfinished one is judged by the knowledge.
    game = ALL.load("race")
    over = game.from_json({"game": "race", "positions": [1, 5, 2], "turn": 2, "rolled": 0, "rng": 1})
    assert terminal_values(over) == (0.0, 1.0, 0.0)
    values = softmax([3.0, 1.0, 1.0], 1.0)
    assert values[0] > values[1] == values[2] and sum(values) == pytest.approx(1.0)


def test_specs_and_budgets_are_checked():
    assert str(make_player("mcts:hard")) == "mcts:hard"
    assert make_player("mcts:50").budget == Budget(playouts=50)
    for bad in ("mcts:extreme", "alphazero"):
        with pytest.raises(ValueError):
            make_player(bad)
    with pytest.raises(ValueError):
        Budget()
    with pytest.raises(ValueError):
        Budget(playouts=0)


costs = st.floats(1e-7, 1e-2)


@given(
    first_look=costs,
    playout=costs,
    per_move=costs,
    seconds=st.floats(1e-3, 10.0),
    moves=st.integers(1, 5000),
    more=st.integers(0, 5000),
)
def test_a_cost_model_gives_fewer_playouts_for_more_moves_and_more_for_more_time(
    first_look: float, playout: float, per_move: float, seconds: float, moves: int, more: int
) -> None:
    cost = Cost(first_look, playout, per_move)
    n = cost.playouts(seconds, moves)
    assert 1 <= n == cost.playouts(seconds, moves)
    assert cost.playouts(seconds, moves + more) <= n <= cost.playouts(2 * seconds, moves)
    # Within the time, unless even one playout is past it.
    assert n == 1 or first_look * moves + n * (playout + per_move * moves) <= seconds * (1 + 1e-9)


def test_a_cost_model_is_checked() -> None:
    for bad in ((0.0, 0.0, 0.0), (-1e-6, 1e-3, 0.0), (0.0, 1e-3, float("nan"))):
        with pytest.raises(ValueError, match="costs are positive"):
            Cost(*bad)


@pytest.mark.parametrize("name", names())
def test_a_level_by_playouts_thinks_the_games_playouts_and_the_same_for_the_same_seed(name):
    from controller.ai import Level, knowledge_for

    state = load(name).new(None, 3)
    while state.to_move is CHANCE:
        state = state.play(state.sample_chance())
    seat = decider(state)
    assert seat is not None
    easy = make_player("mcts:easy", by_playouts=True)
    first = easy.decide(state.game, state.view(seat), seat, 11)
    assert first.iterations == knowledge_for(name).level_playouts(Level.EASY, state.view(seat))
    assert easy.decide(state.game, state.view(seat), seat, 11).move == first.move
    assert make_player("mcts:easy").budget == Budget.of(Level.EASY)  # without: the level's CPU time
    view = state.view(seat)
    levels = [knowledge_for(name).level_playouts(level, view) for level in (Level.EASY, Level.NORMAL, Level.HARD)]
    assert levels == sorted(set(levels)), "each level thinks longer than the one below"


@given(seed=st.integers(0, 2**32), plies=st.integers(0, 30), playouts=st.integers(5, 100))
@settings(max_examples=6, deadline=None)
def test_progressive_widening_spends_the_playouts_on_the_best_few_first_looks(seed, plies, playouts):
    """Past its first look at every move, the root goes on with at most 2 + sqrt(visits) of them, the best by that
    first look: a wide position is searched deep along its likely lines (Polis's knowledge with the root widening as
    the other games' do; Polis's own root weighs every move, tests/ai/test_polis_search.py)."""
    from controller.ai.games.polis import PolisKnowledge
    from controller.ai.search import WIDEN

    class RootWidening(PolisKnowledge):
        root_widening = True

    state, rnd = load("polis").new(None, seed), random.Random(seed)
    for _ in range(plies):
        if state.to_move is None:
            break
        state = random_step(state, rnd)
    seat = decider(state)
    assume(seat is not None)
    assert seat is not None
    run = Search(state.game, state.view(seat), seat, RootWidening(), random.Random(seed))
    result = run.run(Budget(playouts).clock())
    arms = run._root.arms
    deeper = [m for m, a in arms.items() if a.visits > 1]
    assert len(deeper) <= WIDEN + int(playouts**0.5)
    firsts = sorted((a.prior for a in arms.values()), reverse=True)
    cut = firsts[min(len(firsts), WIDEN + int(playouts**0.5)) - 1]
    assert all(arms[m].prior >= cut for m in deeper)
    assert result.move in arms


@given(seed=st.integers(0, 2**32), plies=st.integers(0, 20))
@settings(max_examples=10, deadline=None)
def test_a_move_without_a_follow_up_leaves_the_next_position_unresolved(seed, plies):
    """A knowledge that makes no move out of turn plays the search's move and nothing more: the next position's moves
    are worked out only when the search gets there (a Polis position resolves all of them when asked whether the
    game is over, several times the cost of the search's own step)."""
    from controller.ai import knowledge_for

    state, rnd = load("polis").new(None, seed), random.Random(seed)
    for _ in range(plies):
        if state.to_move is None:
            break
        state = random_step(state, rnd)
    assume(state.to_move is not None)
    after = knowledge_for("polis").after(state, rnd.choice(state.legal_moves()))
    assert "_analysis" not in vars(after)


@given(state=states("chesspolitik", ongoing=True, max_actions=30), seed=st.integers(0, 2**32))
@settings(max_examples=8, deadline=None)
def test_chesspolitik_order_sets_and_moves_are_the_same_however_cheaply_they_are_found(state, seed):
    """The order sets a node draws from one working-out of a seat's orders are those the policy draws one by one,
    and the search that keeps its positions (Chesspolitik's secrets are only dropped, never drawn) decides what one
    that plays every phase again decides."""
    from controller.ai.games.chesspolitik import ChesspolitikKnowledge

    seat = decider(state)
    assume(seat is not None)
    assert seat is not None
    knowledge = ChesspolitikKnowledge()
    assert not knowledge.draws_secrets
    one, many = random.Random(seed), random.Random(seed)
    found: dict[Orders, None] = {}
    for _ in range(3 * knowledge.orders_per_seat):
        found.setdefault(knowledge.orders(state, seat, one))
        if len(found) >= knowledge.orders_per_seat:
            break
    assert knowledge.order_sets(state, seat, many) == list(found)

    class Replaying(ChesspolitikKnowledge):
        draws_secrets = True

    def decide(k: Knowledge) -> tuple[Move, int]:
        run = Search(state.game, state.view(seat), seat, k, random.Random(seed))
        result = run.run(Budget(60).clock())
        return result.move, result.visits

    assert decide(knowledge) == decide(Replaying())


class FirstHoldKnowledge(StandoffKnowledge):
    """Standoff with one poor candidate at first (every token holds), judged by how far east each seat stands."""

    orders_per_seat = 1

    def order_sets(self, state, seat, rnd):
        return [Orders(seat, ())]

    def evaluate(self, state):
        return softmax([sum(state.tokens[s]) for s in (0, 1)], 1.0)


def test_a_phase_of_orders_finds_sets_beyond_its_first_candidates():
    """A phase's candidates grow with its visits, near the best so far: West, offered only to hold at first, finds
    the step east (b1-c1) that more playouts over the first candidates alone never could."""
    state = ALL.load("standoff").new(2, 0, rounds=2)
    found = Search(state.game, state.view(0), 0, FirstHoldKnowledge(), random.Random(3))
    assert str(found.run(Budget(200).clock()).move) == "orders 0: b1-c1"
    assert len(found._root.seat_arms[0]) == 2  # holding and the one step there is, nothing twice


@pytest.mark.parametrize("seed", [0, 1])
def test_chesspolitik_candidates_grow_with_the_visits(seed):
    """More playouts weigh more order sets at the root (the first eight drawn, then one more as its visits pass four
    times a square), so hard searches more of the order space than normal, not only the same sets more surely."""
    game = load("chesspolitik")
    state = game.new(2, seed)
    sizes = []
    for playouts in (30, 300, 1200):
        run = Search(game, state.view(0), 0, knowledge_for("chesspolitik"), random.Random(seed))
        run.run(Budget(playouts).clock())
        sizes.append(len(run._root.seat_arms[0]))
    assert sizes[0] < sizes[1] < sizes[2]
    assert sizes[2] > 8 + 8


@given(state=states("chesspolitik", ongoing=True, max_actions=30), seed=st.integers(0, 2**32))
@settings(max_examples=12, deadline=None)
def test_chesspolitik_varied_order_sets_are_legal_and_near_the_best(state, seed):
    """A set the search adds near its best so far is the seat's, can be handed in, and changes one unit's order (two
    for an attack with its support) in a phase of movement."""
    from controller.ai.games.chesspolitik import ChesspolitikKnowledge

    seat = decider(state)
    assume(seat is not None)
    assert seat is not None
    knowledge = ChesspolitikKnowledge()
    rnd = random.Random(seed)
    best = knowledge.orders(state, seat, rnd)
    vary = knowledge.varier(state, seat)
    for _ in range(10):
        near = vary(best, rnd)
        assert near.seat == seat
        state.submit(seat, near.orders)
        if state.season != "winter":
            assert len(set(near.orders) - set(best.orders)) <= 2
            assert len(near.orders) == len(best.orders)


def test_a_phase_of_orders_plays_the_best_mean_among_the_sets_visited_about_as_often_as_the_most():
    """A set found late has fewer visits than the first ones: it is played when it has at least half the visits of
    the most visited set and a better mean, never on a few lucky visits."""
    from controller.ai.search import Arm
    from tests.toys.standoff import Shift

    state = ALL.load("standoff").new(2, 0)
    run = Search(state.game, state.view(0), 0, StandoffKnowledge(), random.Random(0))
    first, late, lucky = Orders(0, ()), Orders(0, (Shift(1, 2),)), Orders(0, (Shift(0, 1),))
    run._root.seat_arms[0] = {first: Arm(100, 50.0), late: Arm(60, 45.0), lucky: Arm(40, 39.0)}
    assert run._choice(200).move == late
    run._root.seat_arms[0][late] = Arm(49, 45.0)
    assert run._choice(200).move == first
