"""Djambi's hunt: how many moves each player's nearest killer needs to take an enemy Chief, which the evaluation counts
once few pieces are left so a player ahead closes in on a fleeing Chief before the quiet-turn draw. Checked against the
rules' own moves and the knowledge's `attackers` on drawn positions, and on a lone Chief's endgame."""

from __future__ import annotations

from hypothesis import given, settings

from controller.ai import think
from controller.ai.games.djambi import CHASE_PIECES, DjambiKnowledge, attackers
from controller.ai.games.djambi_chase import HORIZON, KILLERS, strikes
from controller.games.djambi.board import CHIEF_CODES, CORPSE, EMPTY, KIND_OF, PARTY_OF, SQUARES
from controller.games.djambi.diagram import position
from controller.games.djambi.moves import Act, Go, Report
from controller.games.djambi.order import VASSAL, controller
from controller.games.djambi.state import DjambiState
from tests.strategies import states

PLAYOUTS = 40


def _enemy_chiefs(board: bytes, control: tuple[int, ...], player: int) -> list[int]:
    found = []
    for byte in CHIEF_CODES:
        sq = board.find(byte)
        if sq >= 0 and control[PARTY_OF[byte]] not in (VASSAL, player):
            found.append(sq)
    return found


def _by_the_rules(state: DjambiState, player: int) -> int:
    """The fewest moves, 1 or 2 (3: more), in which a killer of `player` (Assassin, Militant, Reporter) kills an
    enemy Chief, by the rules' own moves of the killer's party: a kill now, or a step after which `attackers` names
    it."""
    board, control = state.board, state.control
    best = HORIZON + 1
    for src, byte in enumerate(board):
        kind = KIND_OF[byte]
        if kind not in KILLERS or controller(PARTY_OF[byte], control, board) != player:
            continue
        party = PARTY_OF[byte]
        turn = DjambiState(board, control, party, party, state.rules, 0)
        for move in turn.legal_moves():
            if getattr(move, "src", -1) != src:
                continue
            victims = move.victims if isinstance(move, Report) else (move.dst,) if isinstance(move, Act) else ()
            if any(v in _enemy_chiefs(board, control, player) for v in victims):
                return 1
            if isinstance(move, Go) and move.dst != src:
                after = bytearray(board)
                after[move.dst], after[src] = byte, EMPTY
                if any(move.dst in attackers(bytes(after), c) for c in _enemy_chiefs(bytes(after), control, player)):
                    best = 2
    return best


@given(state=states("djambi", ongoing=True, max_actions=200))
@settings(max_examples=25, deadline=None)
def test_the_kill_in_one_or_two_moves_is_what_the_rules_moves_give(state: DjambiState) -> None:
    found = strikes(state.board, state.control, state.seats)
    for player in set(state.control) - {VASSAL}:
        expected = _by_the_rules(state, player)
        assert min(found[player], HORIZON) == min(expected, HORIZON) or (expected > 2 and found[player] > 2), player


# Two players are left: Green holds the Maze with an Assassin on A1; Red's Chief is alone on I8. Nothing can kill
# anything now: the Assassin needs three moves (the last its kill).
HUNT = """
.. .. .. .. .. .. .. xx ..
xx xx .. .. .. xx .. xx RC
.. .. xx .. .. .. xx .. ..
.. xx .. .. .. .. .. xx xx
.. .. .. .. GC .. .. .. ..
xx .. xx .. .. .. xx .. ..
.. .. .. xx .. .. .. .. ..
.. xx .. .. .. .. .. .. ..
GA .. .. .. .. .. .. .. ..
"""

# The same, the Assassin further off behind corpses: four moves; some of its steps bring it within three.
FAR = """
.. .. xx .. xx .. xx .. xx
xx .. xx .. .. .. xx .. ..
.. .. .. xx .. .. .. xx ..
GA .. .. .. .. .. xx .. ..
xx xx .. xx GC .. .. .. ..
.. .. xx xx .. .. xx .. ..
.. .. .. xx xx .. .. .. ..
.. .. RC xx xx .. .. .. xx
.. .. xx .. xx .. .. .. xx
"""
TWO = (0, None, None, 3)


def test_a_hunters_killer_nearer_a_lone_chief_is_worth_more_once_few_pieces_are_left() -> None:
    k = DjambiKnowledge()
    quiet = position(HUNT, turn=3, control=TWO, quiet=20)
    assert strikes(quiet.board, quiet.control, quiet.seats)[3] == HORIZON
    closer = quiet.play(next(m for m in quiet.legal_moves() if str(m) == "AA1-E1"))
    assert strikes(closer.board, closer.control, closer.seats)[3] < HORIZON
    assert k.evaluate(closer)[3] > k.evaluate(quiet)[3]
    # Not counted on a fuller board (nor its cost paid): the same with a Militant of each side far off.
    full = HUNT.replace(".. .. .. .. .. .. .. xx ..", "RM BM YM GM .. .. .. xx ..").replace(
        "GA .. .. .. .. .. .. .. ..", "GA .. .. .. .. RD BD YD GD"
    )
    crowded = position(full, turn=3, control=(0, 0, 0, 3), quiet=20)
    assert SQUARES - crowded.board.count(EMPTY) - crowded.board.count(CORPSE) > CHASE_PIECES
    near = crowded.play(next(m for m in crowded.legal_moves() if str(m) == "AA1-A3"))
    assert k.scores(crowded) == k.scores(near)


def test_in_an_endgame_hard_brings_its_killer_closer_to_the_lone_chief() -> None:
    state = position(FAR, turn=3, control=TWO, quiet=20)
    assert strikes(state.board, state.control, state.seats)[3] == HORIZON + 1
    for seed in (1, 2, 3):
        move = think(state.game, state.view(3), 3, playouts=PLAYOUTS, seed=seed).move
        after = state.play(move)
        assert strikes(after.board, after.control, after.seats)[3] <= HORIZON, (seed, str(move))
