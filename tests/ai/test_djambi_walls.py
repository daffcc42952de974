"""Djambi's walled-in Chiefs as the computer sees them coming: the squares where one corpse walls a Chief in, against
the rules' own test (R15), and the move ordering that puts the corpse there (or kills the last Necromobile) among the
few moves the search's inner nodes weigh."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai.games.djambi import DjambiKnowledge
from controller.ai.games.djambi_walls import enclosed, gaps
from controller.games.djambi.board import CHIEF_CODES, CORPSE, EMPTY, KIND_OF, MAZE, NECROMOBILE, parse_square
from controller.games.djambi.diagram import diagram, position
from controller.games.djambi.rules import WalledIn
from controller.games.djambi.state import DjambiState
from controller.games.djambi.walls import walled
from tests.strategies import states

# From a game of greedy players: Blue's Chief on I7 reaches the rest of the board only through I6 and I5, no
# Necromobile is left, and Yellow's Chief in the Maze can kill on E4 or C7 and put the corpse on either square.
POCKET = """
RC RM .. .. .. .. xx BA ..
xx .. .. .. .. BM xx BD xx
xx .. RM .. .. .. xx xx BC
.. .. .. .. .. xx xx xx ..
xx .. .. .. YC .. .. xx ..
xx GM xx xx GA .. .. .. ..
.. GM xx .. xx .. .. .. xx
xx GD .. .. .. .. xx .. ..
GC .. xx GM .. .. .. xx ..
"""
BLUE, YELLOW = 1, 2


def _gaps_by_the_rules(board: bytes, square: int, mode: WalledIn) -> set[int]:
    """The empty squares (not the Maze) where a corpse makes the rules wall in the Chief on `square`."""
    found = set()
    for sq, byte in enumerate(board):
        if byte != EMPTY or sq == MAZE:
            continue
        trial = bytearray(board)
        trial[sq] = CORPSE
        if square in walled(trial, mode):
            found.add(sq)
    return found


def _squares(mask: int) -> set[int]:
    return {sq for sq in range(81) if mask >> sq & 1}


@given(
    state=states("djambi", ongoing=True, max_actions=160),
    mode=st.sampled_from(list(WalledIn)),
    without_necromobiles=st.booleans(),
)
@settings(max_examples=25, deadline=None)
def test_gaps_are_the_squares_where_one_corpse_walls_a_chief_in(
    state: DjambiState, mode: WalledIn, without_necromobiles: bool
) -> None:
    board = state.board
    if without_necromobiles:  # the default ruling walls nobody in while one lives: take them off the board
        board = bytes(EMPTY if KIND_OF[b] == NECROMOBILE else b for b in board)
    if walled(board, mode):
        return  # not a position the rules leave standing
    for byte in CHIEF_CODES:
        square = board.find(byte)
        if square < 0 or square == MAZE:
            continue
        assert _squares(gaps(board, square, mode)) == _gaps_by_the_rules(board, square, mode)


def test_a_chief_in_a_pocket_has_its_gaps() -> None:
    state = position(POCKET, turn=YELLOW)
    chief = state.board.index(CHIEF_CODES[BLUE])
    assert _squares(gaps(state.board, chief, state.rules.walled_in)) == {parse_square("I5"), parse_square("I6")}


def test_the_walling_corpse_is_among_the_few_moves_an_inner_node_weighs() -> None:
    state = position(POCKET, turn=YELLOW)
    k = DjambiKnowledge()
    for seed in range(5):
        weighed = k.candidates(state, YELLOW, random.Random(seed), k.width)
        assert any(CHIEF_CODES[BLUE] not in state.play(m).board for m in weighed)


def test_a_chief_shut_in_while_a_necromobile_lives_is_enclosed_and_dies_with_the_last_one() -> None:
    # The pocket closed with a corpse on I5 and I6, and a Red Necromobile on D3 keeping Blue's Chief alive.
    board = bytearray(position(POCKET, turn=YELLOW).board)
    board[parse_square("I5")] = board[parse_square("I6")] = CORPSE
    necromobile = parse_square("D3")
    board[necromobile] = 2 + 6 * 0 + NECROMOBILE
    chief = board.index(CHIEF_CODES[BLUE])
    assert enclosed(bytes(board), chief, WalledIn.NO_NECROMOBILE)
    assert not walled(board, WalledIn.NO_NECROMOBILE)
    board[necromobile] = CORPSE
    assert walled(board, WalledIn.NO_NECROMOBILE) == [chief]


def test_the_kill_of_the_last_necromobile_that_walls_a_chief_in_is_among_the_moves_an_inner_node_weighs() -> None:
    # Blue's Chief shut in (corpses on I5 and I6) while a Red Necromobile, the last one, stands beside Yellow's Chief.
    board = bytearray(position(POCKET, turn=YELLOW).board)
    board[parse_square("I5")] = board[parse_square("I6")] = CORPSE
    board[parse_square("F4")] = 2 + NECROMOBILE  # Red's
    state = position(diagram(bytes(board)), turn=YELLOW)
    k = DjambiKnowledge()
    for seed in range(5):
        weighed = k.candidates(state, YELLOW, random.Random(seed), k.width)
        assert any(CHIEF_CODES[BLUE] not in state.play(m).board for m in weighed)
