"""The games' knowledge against their rules: Djambi's threats to the Chiefs, Politrics' open rows and Politics'
expected electoral votes, over drawn positions."""

from __future__ import annotations

from hypothesis import given, settings

from controller.ai.games.djambi import DjambiKnowledge, attackers
from controller.ai.games.politics1952 import expected_votes
from controller.ai.games.politrics import open_row
from controller.games.djambi.board import CHIEF_CODES, KIND_OF
from controller.games.djambi.moves import Act, Report
from controller.games.djambi.state import DjambiState
from controller.games.politics1952 import pins
from controller.games.politics1952.data import STATES
from controller.games.politics1952.state import PoliticsState
from controller.games.politics1952.votes import tally
from controller.games.politrics.board import ROW_MASKS
from controller.games.politrics.state import PolitricsState
from tests.strategies import states


@given(state=states("djambi", ongoing=True, max_actions=120))
@settings(max_examples=15, deadline=None)
def test_every_kill_of_a_chief_the_rules_allow_is_seen_as_a_threat(state: DjambiState) -> None:
    """A move onto a Chief, or a Reporter's step beside one, that kills it starts where `attackers` looks. (A Chief
    walled in by a corpse dies too, but no piece threatens that.)"""
    if not isinstance(state.to_move, int):
        return
    chiefs = {sq: b for sq, b in enumerate(state.board) if b in CHIEF_CODES}
    for move in state.legal_moves():
        if isinstance(move, Act) and not move.master and move.dst in chiefs:
            struck = [move.dst]
        elif isinstance(move, Report):
            struck = [v for v in move.victims if v in chiefs]
        else:
            continue
        after = state.play(move)
        for sq in struck:
            if chiefs[sq] not in after.board:  # killed, not moved by a Diplomat
                assert move.src in attackers(state.board, sq), (str(move), sq)


def test_a_chief_the_next_player_can_kill_costs_its_player() -> None:
    from controller.games import load

    game = load("djambi")
    state = game.new(None, 0)
    assert isinstance(state, DjambiState)
    k = DjambiKnowledge()
    calm = k.scores(state)
    assert calm is not None
    # The same position with the Chief of player 0 taken off and put where the next player's Militant reaches it.
    board = bytearray(state.board)
    chief = next(sq for sq, b in enumerate(board) if b == CHIEF_CODES[0])
    militant = next(sq for sq, b in enumerate(board) if KIND_OF[b] == 5 and b >= 2 and state.control[(b - 2) // 6] == 1)
    free = next(sq for sq in (militant + 9, militant - 9, militant + 1, militant - 1) if board[sq] == 0)
    board[chief], board[free] = 0, CHIEF_CODES[0]
    exposed = DjambiState(bytes(board), state.control, 1, 1, state.rules)
    assert militant in attackers(exposed.board, free)
    scores = k.scores(exposed)
    assert scores is not None and scores[0] < calm[0] and scores[1] > calm[1]


@given(state=states("politrics", max_actions=80))
@settings(max_examples=25, deadline=None)
def test_an_open_row_holds_none_of_the_other_players_figures(state: PolitricsState) -> None:
    occ = state.layout.occ
    for seat in (0, 1):
        best = open_row(occ[seat], occ[1 - seat])
        assert 0 <= best <= 5
        counts = [(m & occ[seat]).bit_count() for m in ROW_MASKS if not m & occ[1 - seat]]
        assert best == max(counts, default=0)


@given(state=states("politics1952", max_actions=150))
@settings(max_examples=25, deadline=None)
def test_expected_votes_share_out_the_states_with_pins_and_lock_the_captured_ones(state: PoliticsState) -> None:
    expected = expected_votes(state.board, state.n)
    counted = sum(s.votes for s, lines in zip(STATES, state.board, strict=True) if pins.has_pin(lines))
    assert sum(expected) <= counted + 1e-9
    locked = [0.0] * state.n
    for s, lines in zip(STATES, state.board, strict=True):
        if pins.is_locked(lines):
            locked[pins.leader(lines)] += s.votes  # type: ignore[index]
    now = tally(state.board, state.n)
    for seat in range(state.n):
        assert (
            locked[seat] - 1e-9
            <= expected[seat]
            <= now[seat]
            + sum(s.votes for s, lines in zip(STATES, state.board, strict=True) if not pins.is_locked(lines))
        )
