"""Djambi's Chiefs an enemy takes by two moves of its own before the Chief's party moves again: the Chief in power's
extra turns let one of its pieces step onto a Chief's line and strike, and a Diplomat sets a Chief down where a later
turn of its player strikes it. Checked against the rules' own moves on drawn positions with a Chief in power, and on
two positions of arena games against greedy players where the search lost its Chief that way."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings

from controller.ai.games.djambi import dangers
from controller.ai.games.djambi_twice import movers
from controller.games.djambi.board import CHIEF_CODES, DIPLOMAT, PARTY_OF, parse_square
from controller.games.djambi.diagram import position
from controller.games.djambi.moves import Act, Go, Report
from controller.games.djambi.order import controller, power_party
from controller.games.djambi.state import DjambiState
from tests.games.djambi_positions import positions


def _turn(state: DjambiState, party: int) -> DjambiState:
    """The same board with `party` to play (a regular turn, no draw offer)."""
    return replace(state, turn=party, cursor=party, offer=-1, accepted=0, offered=False)


def _kills(state: DjambiState, party: int, chief: int) -> bool:
    """Can `party`'s pieces kill the Chief on `chief` on their turn, by the rules' own moves on this board?"""
    for move in _turn(state, party).legal_moves():
        if isinstance(move, Act) and not move.master and move.dst == chief:
            return True
        if isinstance(move, Report) and chief in move.victims:
            return True
    return False


def _kills_in_two(state: DjambiState, party: int, chief: int) -> bool:
    """Can `party` kill the Chief by two moves of its pieces, not its Chief (whose leaving the Maze would end the
    extra turns), with nobody else moving in between?"""
    byte = state.board[chief]
    mover = _turn(state, party)
    for move in mover.legal_moves():
        if not isinstance(move, Act | Go | Report) or state.board[move.src] == CHIEF_CODES[party]:
            continue
        after = mover.play(move)
        if byte in after.board and _kills(replace(mover, board=after.board), party, after.board.find(byte)):
            return True
    return False


@given(state=positions(in_power=1.0))
@settings(max_examples=60, deadline=None)
def test_a_party_counted_as_taking_a_chief_in_two_moves_can(state: DjambiState) -> None:
    power = power_party(state.board)
    if power is None:
        return
    for byte in CHIEF_CODES:
        chief = state.board.find(byte)
        if chief < 0 or PARTY_OF[byte] == power:
            continue
        found = movers(state.board, chief, power)
        if (power, False) in found:
            assert _kills_in_two(state, power, chief)
        owner = state.control[PARTY_OF[byte]]
        for party, by_diplomat in found:
            if by_diplomat and controller(party, state.control, state.board) not in (owner, None):
                # the enemy's Diplomat can move the Chief, by the rules' own moves
                moves = _turn(state, party).legal_moves()
                assert any(isinstance(m, Act) and m.kind == DIPLOMAT and m.dst == chief for m in moves)


# Game 5 of `agora arena djambi --players mcts:hard,greedy --seed 1`: Yellow has just taken the Maze, and its Militant
# on G6 kills Blue's Reporter on I8 on its extra turn after Green's and Blue's Chief on I9 on the next, after Red's,
# before Blue moves again.
POWER = """
RC .. .. .. .. RA BM BA BC
RR xx RM xx .. .. .. BM BR
RM xx .. .. xx .. BD .. xx
.. .. .. .. xx .. YM .. ..
.. .. .. .. YC .. xx .. YM
.. .. xx GM .. .. .. .. ..
GM .. xx .. .. .. xx .. ..
GR .. .. .. .. .. GD .. YR
GC GM xx xx .. xx xx xx ..
"""

# Game 4 of the same series: Green, in power and playing Yellow too, sets Red's Chief down on F2 with its Diplomat on
# its extra turn after Red's, and Yellow's Militant on E1 kills it on Yellow's turn.
SET_DOWN = """
.. .. .. .. xx BM BM xx BC
BD .. RA .. xx xx .. .. BR
.. xx xx RM xx RC xx .. BM
xx .. .. xx .. GD .. .. ..
.. xx .. .. GC xx .. .. ..
.. xx .. GM .. .. .. .. ..
GM .. .. GN .. YM .. .. YM
.. .. GM xx .. .. .. .. YR
.. GA GM .. YM .. .. YA ..
"""


def test_a_chief_the_party_in_power_takes_by_two_moves_is_counted_lost_to_it() -> None:
    state = position(POWER, turn=3)
    i9 = parse_square("I9")
    assert [(d.chief, d.owner, d.killer, d.moves) for d in dangers(state)] == [(i9, 1, 2, 2)]
    assert _kills_in_two(state, 2, i9)


def test_a_chief_beside_the_diplomat_of_a_player_who_moves_twice_is_counted_lost_to_it() -> None:
    state = position(SET_DOWN, turn=0, control=(0, 1, 3, 3))
    after = state.play(state.game.parse("CF7-G6", state))  # the game's move: still beside the Diplomat
    g6 = parse_square("G6")
    assert [(d.chief, d.killer, d.moves) for d in dangers(after)] == [(g6, 3, 2)]
