"""Drive any game by the API alone: random playouts for tests and the simplest computer player, and perft."""

from __future__ import annotations

import random
from collections.abc import Callable

from controller.games.api import State
from controller.games.errors import IllegalMoveError
from controller.games.moves import Move
from controller.games.turns import CHANCE, SIMULTANEOUS


def random_orders(
    state: State, seat: int, rnd: random.Random, keep: Callable[[Move], bool] | None = None
) -> tuple[Move, ...]:
    """A random order set for `seat`: single orders (those `keep` accepts, if given) added in random order while
    the set stays acceptable to the game."""
    options = [m for m in state.legal_moves(seat) if keep is None or keep(m)]
    rnd.shuffle(options)
    chosen: list[Move] = []
    for order in options:
        try:
            state.submit(seat, [*chosen, order])
        except IllegalMoveError:
            continue
        chosen.append(order)
    return tuple(chosen)


def random_step(state: State, rnd: random.Random) -> State:
    """One random action from `state`, whatever kind of node it is."""
    to_move = state.to_move
    if to_move is CHANCE:
        return state.play(state.sample_chance())
    if to_move is SIMULTANEOUS:
        seat = min(state.waiting_for())
        return state.submit(seat, random_orders(state, seat, rnd))
    moves = state.legal_moves()
    if not moves:
        raise AssertionError(f"{state.game.name}: seat {to_move} is to move but has no legal move")
    return state.play(rnd.choice(moves))


def random_playout(state: State, rnd: random.Random, max_actions: int = 100_000) -> tuple[State, int]:
    """Play random actions until the game ends; returns the final state and the number of actions."""
    for n in range(max_actions):
        if state.to_move is None:
            return state, n
        state = random_step(state, rnd)
    raise AssertionError(f"{state.game.name}: no end after {max_actions} random actions")


def perft(state: State, depth: int) -> int:
    """Leaf count of the action tree to `depth`, chance outcomes counted as actions (sequential games)."""
    if depth == 0 or state.to_move is None:
        return 1
    if state.to_move is SIMULTANEOUS:
        raise ValueError("perft counts sequential and chance nodes; count a simultaneous phase's orders instead")
    moves = [m for m, _ in state.chance_outcomes()] if state.to_move is CHANCE else list(state.legal_moves())
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(m), depth - 1) for m in moves)
