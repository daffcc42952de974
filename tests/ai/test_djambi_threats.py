"""Djambi's move ordering for the search's inner nodes, which weigh only the best 20 moves by it: a kill counts only
an enemy's piece (the rules let a piece kill its own side), and a move that brings a killer within reach of an enemy
Chief ranks above the kill of a Militant, so a Chief taken in two moves by a player with two turns before the Chief's
party is seen coming. Checked against the knowledge's own `attackers` (itself checked against the rules' moves) on
drawn positions, and on two positions of arena games against greedy players where the search lost its Chief that way."""

from __future__ import annotations

import random

from hypothesis import given, settings

from controller.ai import think
from controller.ai.games.djambi import DjambiKnowledge, attackers
from controller.ai.games.djambi_threats import reach
from controller.games import load
from controller.games.djambi.board import ASSASSIN, CHIEF_CODES, EMPTY, MAZE, MILITANT, PARTY_OF, code, parse_square
from controller.games.djambi.diagram import position
from controller.games.djambi.moves import Act, Report
from controller.games.djambi.order import controller
from controller.games.djambi.state import DjambiState
from tests.strategies import states

PLAYOUTS = 40


def _enemy_chiefs_struck(state: DjambiState, square: int, kind: int) -> bool:
    """Would a piece of `kind` of the mover, put on the empty `square`, kill an enemy Chief by its next move?"""
    player = state.to_move
    party = next(p for p, seat in enumerate(state.control) if seat == player)
    board = bytearray(state.board)
    board[square] = code(party, kind)
    for byte in CHIEF_CODES:
        chief = board.find(byte)
        if chief >= 0 and state.control[PARTY_OF[byte]] != player and square in attackers(bytes(board), chief):
            return True
    return False


@given(state=states("djambi", ongoing=True, max_actions=200))
@settings(max_examples=30, deadline=None)
def test_the_reach_of_enemy_chiefs_is_where_a_killer_would_strike_one_next(state: DjambiState) -> None:
    if not isinstance(state.to_move, int) or state.to_move not in state.control:
        return
    found = reach(state.board, state.control, state.to_move)
    for sq, byte in enumerate(state.board):
        if byte != EMPTY or sq == MAZE:  # only a Chief stops in the Maze
            continue
        assert bool(found.lines >> sq & 1) == _enemy_chiefs_struck(state, sq, ASSASSIN), sq
        assert bool(found.near >> sq & 1) == _enemy_chiefs_struck(state, sq, MILITANT), sq


def test_a_kill_of_the_players_own_piece_weighs_no_more_than_a_quiet_move() -> None:
    state = load("djambi").new(None, 0)
    assert isinstance(state, DjambiState)
    k = DjambiKnowledge()
    own = [
        m
        for m in state.legal_moves()
        if isinstance(m, Act | Report)
        and any(
            controller(PARTY_OF[state.board[v]], state.control, state.board) == state.to_move
            for v in (m.victims if isinstance(m, Report) else (m.dst,))
        )
    ]
    assert own  # a Militant beside its own Diplomat, at the start
    assert all(k.prior(state, m) == 0.0 for m in own)


# Game 3 of `agora arena djambi --players mcts:hard,greedy --seed 1`: Green, its Chief alone, is to move; Red plays
# Blue too and so moves twice before Green again. Green went to C5, Red's Chief into the Maze and from there killed
# it. Red's kills of Blue's (its own) Militant, each with its corpse's squares, were all the replies the tree weighed.
TWICE = """
.. .. xx xx .. xx .. xx ..
xx .. xx .. xx .. .. xx ..
.. xx .. xx .. xx RC BM ..
.. xx xx xx xx .. xx .. ..
.. xx .. .. .. .. .. .. ..
.. xx .. .. xx xx xx xx xx
xx .. xx .. .. xx .. xx ..
.. xx .. xx .. .. xx .. ..
.. xx xx xx .. .. GC .. ..
"""

# Game 1 of the same series: Blue is to move; Green holds the Maze and plays Yellow too, so after Blue it moves three
# times (the power's extra turn, Yellow's and its own). Blue's Chief killed the Militant on H9 and stayed there, on
# the diagonal Green's Chief reached by one step to E6.
THRICE = """
.. .. xx xx .. .. .. GM BC
xx xx xx .. xx .. .. xx BR
xx xx xx .. .. .. xx .. xx
.. .. .. .. .. .. .. .. ..
xx .. xx .. GC xx .. .. xx
.. xx xx .. .. .. .. xx ..
xx GM .. xx xx .. .. .. ..
xx .. .. .. .. YM xx YD YM
GA GM .. .. xx .. .. YA ..
"""


def _played(state: DjambiState, src: str, dst: str, place: str | None = None) -> DjambiState:
    """`state` after the move of the piece on `src` to `dst` (its victim's corpse put on `place`)."""
    a, b = parse_square(src), parse_square(dst)
    c = None if place is None else parse_square(place)
    move = next(
        m
        for m in state.legal_moves()
        if getattr(m, "src", -1) == a and getattr(m, "dst", -1) == b and getattr(m, "place", None) == c
    )
    return state.play(move)


def test_the_step_that_brings_a_killer_within_reach_of_an_enemy_chief_is_among_the_moves_an_inner_node_weighs() -> None:
    k = DjambiKnowledge()
    red = _played(position(TWICE, turn=3, control=(0, 0, 3, 3)), "G1", "C5")
    green = _played(position(THRICE, turn=1, control=(None, 1, 3, 3)), "I9", "H9", "A4")
    for state, step in ((red, ("G7", "E5")), (green, ("E5", "E6"))):
        seat = state.to_move
        assert isinstance(seat, int) and len(state.legal_moves()) > k.width
        src, dst = (parse_square(s) for s in step)
        for seed in range(5):
            weighed = k.candidates(state, seat, random.Random(seed), k.width)
            assert any(getattr(m, "src", -1) == src and getattr(m, "dst", -1) == dst for m in weighed)


def test_the_chief_does_not_step_where_an_enemy_with_two_moves_kills_it() -> None:
    state = position(TWICE, turn=3, control=(0, 0, 3, 3))
    move = think(state.game, state.view(3), 3, playouts=PLAYOUTS, seed=1).move
    assert getattr(move, "dst", None) != parse_square("C5"), str(move)
    after = state.play(move)
    for _ in range(3):  # Red's two turns
        if after.to_move != 0:
            break
        after = after.play(think(after.game, after.view(0), 0, playouts=PLAYOUTS, seed=1).move)
    assert CHIEF_CODES[3] in after.board
