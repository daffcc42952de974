"""Where the recognition fuzzer's episodes start: random reachable positions, and positions aimed at a class.

Most episodes start after a random playout of a random length, up to about a game's usual length (a Politrics match
is some 1,700 actions, a Djambi game some 60). Classes of issue 12's list that random starts reach too seldom are
aimed at: a playout goes on until the position is in the class (a Djambi Chief in the Maze among many corpses, a
closed Politics board), or until the move that is (the last beat of a Politrics board, a Chesspolitik phase that
bounces or dislodges), and the episode starts right before that move with it as its first move. Chesspolitik plays
mostly without draw votes: random orders would vote a draw in the first phase and end the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from controller.games import CHANCE, DEFAULT, SIMULTANEOUS, IllegalMoveError, Move, Orders, State
from controller.games.djambi.board import CHIEF_CODES, CORPSE, MAZE
from controller.games.djambi.state import DjambiState
from controller.games.playout import random_orders
from controller.games.politics1952.state import PoliticsState
from tests.fuzz.positions import BOUNCE, CLOSED, CORPSES_AND_CHIEF, DISLODGED, LAST_BEAT, MANY, classes
from tests.games.test_djambi_properties import favoured

# Random playouts go up to about this many actions (the game's usual length, or what reaches its late positions).
PLAYOUT = {"politrics": 1500, "polis": 150, "politics1952": 500, "chesspolitik": 250, "djambi": 80}
AIMS: dict[str, tuple[str, ...]] = {
    "politrics": (LAST_BEAT,),
    "politics1952": (CLOSED,),
    "chesspolitik": (BOUNCE, DISLODGED),
    "djambi": (CORPSES_AND_CHIEF,),
}
AIM_ONE_IN = 3  # one episode in this many aims at a class (of those its game has)
SEARCH = 4000  # actions an aimed playout may take before it starts a fresh game


def orders(state: State, seat: int, rng: random.Random) -> Orders:
    """Random orders for `seat`, as `random_orders` draws them (one for each unit, in a shuffled order), checked once
    as a set instead of once for every order tried; `random_orders` itself where the set is not acceptable (a
    Winter's builds, which count)."""
    options = list(state.legal_moves(seat))
    rng.shuffle(options)
    chosen: dict[object, Move] = {}
    for order in options:
        chosen.setdefault(getattr(order, "square", order), order)
    try:
        state.submit(seat, list(chosen.values()))
    except IllegalMoveError:
        return Orders(seat, random_orders(state, seat, rng))
    return Orders(seat, tuple(chosen.values()))


def _new(name: str, rng: random.Random) -> State:
    game = DEFAULT.load(name)
    options = {"draw_votes": False} if name == "chesspolitik" and rng.randrange(10) else {}
    return game.new(rng.choice(game.info.seat_counts), seed=rng.randrange(2**32), **options)


def _action(state: State, rng: random.Random) -> Move:
    if state.to_move is CHANCE:
        return state.sample_chance()
    if state.to_move is SIMULTANEOUS:
        return orders(state, min(state.waiting_for()), rng)
    if isinstance(state, DjambiState) and rng.random() < 0.5:
        liked = favoured(state)  # into the Maze, next to a Chief: power and walled-in Chiefs come up
        if liked:
            return rng.choice(liked)
    return rng.choice(state.legal_moves())


def _playable(state: State) -> State:
    while state.to_move is CHANCE:
        state = state.play(state.sample_chance())
    return state


def random_start(name: str, rng: random.Random) -> State:
    """The position after a random playout of a random length (never the end of the game)."""
    state = _new(name, rng)
    for _ in range(rng.randrange(PLAYOUT[name])):
        nxt = state.play(_action(state, rng))
        if nxt.to_move is None:
            break
        state = nxt
    return _playable(state)


def _in_position(aim: str) -> Callable[[State], bool] | None:
    if aim == CORPSES_AND_CHIEF:
        return lambda s: isinstance(s, DjambiState) and s.board[MAZE] in CHIEF_CODES and s.board.count(CORPSE) >= MANY
    if aim == CLOSED:
        return lambda s: isinstance(s, PoliticsState) and s.is_closed()
    return None


def aimed_start(name: str, aim: str, rng: random.Random) -> tuple[State, list[Move]]:
    """A position in class `aim`, or right before a move in it (then given as the first move to make)."""
    position = _in_position(aim)
    state = _new(name, rng)
    for _ in range(SEARCH):
        if state.to_move is None:
            state = _new(name, rng)
        if isinstance(state.to_move, int) and position is not None and position(state):
            return state, []
        move = _action(state, rng)
        nxt = state.play(move)
        if state.to_move is not CHANCE and nxt.to_move is not None and aim in classes(state, move, state.effect(move)):
            return state, [move]
        state = nxt
    return _playable(state), []


def start(name: str, rng: random.Random) -> tuple[State, list[Move]]:
    """An episode's first position, and the moves to make first there (an aimed start's point)."""
    aims = AIMS.get(name, ())
    if aims and not rng.randrange(AIM_ONE_IN):
        return aimed_start(name, rng.choice(aims), rng)
    return random_start(name, rng), []
