"""Djambi's Chiefs in danger as the computer counts them: a Chief moves only on its own party's turn, so a player who
plays several parties (inherited, or vassals through the Maze) cannot save it by moving another party's pieces, and
the Chief in power's extra turns come in between. Checked against the rules' own moves on drawn positions, and on
two positions of arena games against random players where the search lost its Chief that way."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings

from controller.ai import think
from controller.ai.games.djambi import dangers
from controller.games.djambi.board import CHIEF_CODES, parse_square
from controller.games.djambi.diagram import position
from controller.games.djambi.moves import Act, Report
from controller.games.djambi.order import controller, next_turn
from controller.games.djambi.state import DjambiState
from tests.strategies import states

PLAYOUTS = 40


def _kills(state: DjambiState, party: int, chief: int) -> bool:
    """Can `party`'s pieces kill the Chief on `chief` on their turn, by the rules' own moves on this board?"""
    turn = replace(state, turn=party, cursor=party, offer=-1, accepted=0, offered=False)
    byte = state.board[chief]
    for move in turn.legal_moves():
        hit = isinstance(move, Act) and not move.master and move.dst == chief
        if (hit or (isinstance(move, Report) and chief in move.victims)) and byte not in turn.play(move).board:
            return True
    return False


def _window(state: DjambiState, party: int) -> list[int]:
    """The parties that move, by the rules' turn order, before `party` moves next (the party to move first)."""
    seen: list[int] = []
    turn, cursor = state.turn, state.cursor
    while turn != party and len(seen) < 16:
        seen.append(turn)
        turn, cursor = next_turn(turn, cursor, state.control, state.board)
    return seen


@given(state=states("djambi", ongoing=True, max_actions=200))
@settings(max_examples=40, deadline=None)
def test_a_chief_is_lost_to_the_first_enemy_party_that_moves_before_it_and_can_kill_it(state: DjambiState) -> None:
    if not isinstance(state.to_move, int):
        return
    board, control = state.board, state.control
    expected: dict[int, int | None] = {}
    for sq, byte in enumerate(board):
        if byte not in CHIEF_CODES:
            continue
        party = (byte - 2) // 6
        owner = control[party]
        if owner < 0:
            continue
        enemies = [p for p in range(4) if controller(p, control, board) not in (owner, None)]
        if not any(_kills(state, p, sq) for p in enemies):
            continue
        window = _window(state, party)
        first = next((p for p in window if p in enemies and _kills(state, p, sq)), None)
        expected[sq] = None if first is None else controller(first, control, board)
    found = {d.chief: d.killer for d in dangers(state)}
    assert found == expected


# Game 16 of `agora arena djambi --players mcts:hard,random --seed 201`: Red plays Yellow too and moves next with
# Yellow's pieces; Red's Chief took Green's Militant on A3 beside Green's Chief, which killed it before Red's own party
# moved again.
INHERITED = """
RC RA RM .. xx .. BM BA BC
.. RD RM .. xx .. BM BD ..
.. RM RN .. .. .. BM .. xx
.. RM .. .. xx .. .. .. ..
.. .. .. .. .. .. xx .. ..
.. .. .. .. .. .. .. .. xx
GM GM GN .. .. .. .. YM YM
GC .. GM .. .. .. YM xx YR
xx GM .. .. YN RR xx YA ..
"""


def test_the_chief_does_not_step_beside_an_enemy_chief_that_moves_before_its_party() -> None:
    state = position(INHERITED, turn=0, control=(0, 1, 0, 3))
    a3 = parse_square("A3")
    exposed = [m for m in state.legal_moves() if isinstance(m, Act) and m.src == parse_square("A9") and m.dst == a3]
    assert exposed
    after = state.play(exposed[0])
    assert any(d.chief == a3 and d.killer == 3 and not d.next for d in dangers(after))
    move = think(state.game, state.view(0), 0, playouts=PLAYOUTS, seed=1).move
    assert move not in exposed, str(move)


# Game 3 of the same series: Green plays Blue too; Yellow's Chief on B1 stands beside Green's Chief on A1, and
# Yellow moves after Red and after Green's turn with Blue's pieces, before Green's own party. Green must kill it.
BESIDE = """
.. .. xx .. xx xx .. .. GD
xx .. xx xx xx BR .. xx xx
RC .. xx .. xx xx .. BM BM
xx xx xx .. .. .. .. .. ..
.. xx GM .. .. .. .. xx ..
.. xx .. GN .. xx BN xx xx
GM GM xx .. xx .. .. .. ..
GR .. .. .. .. .. .. .. ..
GC YC .. .. .. .. .. .. ..
"""


def test_the_chief_kills_the_enemy_chief_beside_it_that_moves_before_its_party() -> None:
    state = position(BESIDE, turn=3, control=(0, 3, 2, 3))
    move = think(state.game, state.view(3), 3, playouts=PLAYOUTS, seed=1).move
    after = state.play(move)
    assert CHIEF_CODES[2] not in after.board, str(move)
