"""Djambi's shut-in Chiefs in the computer's value: a Chief whose region no longer reaches the rest of the board lives
only while some Necromobile does (R15, the default ruling), and one with no Necromobile left that a single corpse
walls in may die at the next kill anywhere. The search saw neither coming: the last Necromobile's kill (often by its
own player) or the corpse that closes the wall comes some plies past what it looks at, so such a Chief looked safe
until it died, and the player took material instead of opening its wall."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from controller.ai import think
from controller.ai.games.djambi import DjambiKnowledge
from controller.ai.players import greedy_move
from controller.games.djambi.board import CORPSE, EMPTY, parse_square
from controller.games.djambi.diagram import position
from controller.games.djambi.moves import Act

PLAYOUTS = 40
BLUE = 1

# Blue's Chief on I7 is shut in by the corpse on I6 (every other square around its region holds a corpse or the
# board's edge); Blue's Necromobile on I5, the last on the board, can carry that corpse (or H6's) away. Blue's
# Militant on F8 could instead kill Red's Reporter on E8.
SHUT = """
RC RM .. .. .. .. xx BA ..
xx .. .. .. RR BM xx BD xx
xx .. RM .. .. .. xx xx BC
.. .. .. .. .. xx xx xx xx
xx .. .. .. YC .. .. xx BN
xx GM xx xx GA .. .. .. ..
.. GM xx .. xx .. .. .. xx
xx GD .. .. .. .. xx .. ..
GC .. xx GM .. .. .. xx ..
"""
NECROMOBILE = parse_square("I5")


def _opens_the_wall(move: object) -> bool:
    return isinstance(move, Act) and move.src == NECROMOBILE


def test_a_shut_in_chief_with_the_last_necromobile_alive_is_worth_less_than_with_its_wall_open() -> None:
    shut = position(SHUT, turn=BLUE)
    board = bytearray(shut.board)
    assert board[parse_square("I6")] == CORPSE
    board[parse_square("I6")] = EMPTY
    k = DjambiKnowledge()
    open_ = replace(shut, board=bytes(board))
    shut_scores, open_scores = k.scores(shut), k.scores(open_)
    assert shut_scores is not None and open_scores is not None
    # The corpse is all that differs: without the shut-in share both positions score alike.
    assert shut_scores[BLUE] < open_scores[BLUE] - 5.0


@pytest.mark.parametrize("seed", range(4))
def test_the_greedy_look_opens_the_wall_rather_than_take_a_reporter(seed: int) -> None:
    state = position(SHUT, turn=BLUE)
    move = greedy_move(DjambiKnowledge(), state, BLUE, random.Random(seed)).move
    assert _opens_the_wall(move), state.describe(move)


@pytest.mark.parametrize("seed", range(3))
def test_the_search_opens_the_wall_rather_than_take_a_reporter(seed: int) -> None:
    state = position(SHUT, turn=BLUE)
    move = think(state.game, state.view(BLUE), BLUE, playouts=PLAYOUTS, seed=seed).move
    assert _opens_the_wall(move), state.describe(move)
