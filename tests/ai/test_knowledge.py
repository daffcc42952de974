"""The games' knowledge against their rules: Djambi's threats to the Chiefs, Politrics' open rows and Politics'
expected electoral votes, over drawn positions."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai.games.djambi import QUIET_HORIZON, DjambiKnowledge, attackers
from controller.ai.games.polis import WON, PolisKnowledge
from controller.ai.games.politics1952 import MIN_UNIT, PoliticsKnowledge, expected_votes, open_votes
from controller.ai.games.politrics import PolitricsKnowledge, open_row
from controller.games.djambi.board import CHIEF_CODES, KIND_OF
from controller.games.djambi.moves import Act, Report
from controller.games.djambi.state import DjambiState
from controller.games.polis.state import PolisState
from controller.games.politics1952 import pins
from controller.games.politics1952.data import STATES
from controller.games.politics1952.state import PoliticsState
from controller.games.politics1952.votes import tally
from controller.games.politrics.board import ROW_MASKS
from controller.games.politrics.moves import Declare
from controller.games.politrics.scoring import row_points
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


def _chief_before(killer: int, turn: int) -> tuple[DjambiState, DjambiState, int]:
    """The opening, and the same position with player 0's Chief put where a Militant of `killer` reaches it and
    party `turn` to move; with the square of that Militant."""
    from controller.games import load

    state = load("djambi").new(None, 0)
    assert isinstance(state, DjambiState)
    board = bytearray(state.board)
    chief = next(sq for sq, b in enumerate(board) if b == CHIEF_CODES[0])
    militants = [
        sq for sq, b in enumerate(board) if KIND_OF[b] == 5 and b >= 2 and state.control[(b - 2) // 6] == killer
    ]
    for militant in militants:
        free = [
            sq for sq in (militant + 9, militant - 9, militant + 1, militant - 1) if 0 <= sq < 81 and board[sq] == 0
        ]
        for sq in free:
            trial = bytearray(board)
            trial[chief], trial[sq] = 0, CHIEF_CODES[0]
            exposed = DjambiState(bytes(trial), state.control, turn, turn, state.rules)
            if militant in attackers(exposed.board, sq) and not set(attackers(exposed.board, sq)) - set(militants):
                return state, exposed, militant
    raise AssertionError("no square beside a Militant of that player")


def test_a_chief_the_next_player_can_kill_costs_its_player() -> None:
    k = DjambiKnowledge()
    state, exposed, _ = _chief_before(killer=1, turn=1)
    calm, scores = k.scores(state), k.scores(exposed)
    assert calm is not None and scores is not None
    assert scores[0] < calm[0] and scores[1] > calm[1]


def test_a_chief_a_later_enemy_can_kill_before_its_player_moves_is_nearly_lost_too() -> None:
    # Player 2 reaches the Chief of player 0 while player 1 moves first: 0 cannot flee before 2 moves.
    k = DjambiKnowledge()
    state, exposed, _ = _chief_before(killer=2, turn=1)
    calm, scores = k.scores(state), k.scores(exposed)
    assert calm is not None and scores is not None
    assert calm[0] - scores[0] > calm[0] / 2 and scores[2] > calm[2]
    # With player 0 to move the Chief can still flee: in danger, not lost.
    own = DjambiState(exposed.board, exposed.control, 0, 0, exposed.rules)
    fleeing = k.scores(own)
    assert fleeing is not None and scores[0] < fleeing[0] < calm[0] and fleeing[2] == calm[2]


@given(state=states("politrics", max_actions=80))
@settings(max_examples=25, deadline=None)
def test_an_open_row_holds_none_of_the_other_players_figures(state: PolitricsState) -> None:
    occ = state.layout.occ
    for seat in (0, 1):
        best = open_row(occ[seat], occ[1 - seat])
        assert 0 <= best <= 5
        counts = [(m & occ[seat]).bit_count() for m in ROW_MASKS if not m & occ[1 - seat]]
        assert best == max(counts, default=0)


@given(state=states("politrics", max_actions=120, ongoing=True))
@settings(max_examples=40, deadline=None)
def test_the_player_who_just_moved_declares_its_best_row_worth_points(state: PolitricsState) -> None:
    """Right after its own move a seat declares the row of five worth the most (it has nothing else to do out of
    turn), and nothing when it has no row or only rows worth no points."""
    seat = 1 - state.turn
    rows = [m for m in state.legal_moves(seat) if isinstance(m, Declare)]
    best = max((row_points(state.board, d.row) for d in rows), default=0)
    follow = PolitricsKnowledge().follow_up(state, seat)
    if best == 0:
        assert follow is None
    else:
        assert isinstance(follow, Declare) and follow in rows and row_points(state.board, follow.row) == best
        state.play(follow)  # legal for that seat now
    assert PolitricsKnowledge().follow_up(state, state.turn) is None  # the seat to move has its turn instead


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


def _active_values(state: PoliticsState) -> tuple[list[float], list[float]]:
    """The expected votes and the values of the candidates still in, in the same order."""
    values = PoliticsKnowledge().evaluate(state)
    expected = expected_votes(state.board, state.n)
    return [expected[k] for k in state.active], [values[k] for k in state.active]


@given(state=states("politics1952", ongoing=True, max_actions=250))
@settings(max_examples=40, deadline=None)
def test_a_politics_lead_the_open_votes_can_still_overturn_is_no_certain_win(state: PoliticsState) -> None:
    """While the runner-up could make up the lead by taking half of the votes still open, nobody's position is
    worth 0.9 of a win: a value squeezed to near 1 or 0 leaves the search's moves differing by less than its
    noise. (A fixed unit of 40 votes made a lead of 120 expected votes worth 0.95 with most of the map open.)"""
    expected, values = _active_values(state)
    top, second = sorted(expected)[-2:]
    if top - second <= open_votes(state.board) / 2:
        assert max(values) < 0.9, (top, second, open_votes(state.board), values)


@given(state=states("politics1952", seats=2, max_actions=120), data=st.data())
@settings(max_examples=40, deadline=None)
def test_a_politics_lead_is_worth_more_the_fewer_votes_are_left_to_win(state: PoliticsState, data: st.DataObject):
    """The same lead in expected votes with fewer votes still open is the better position: pairs of States
    without pins and with equal votes, each won outright by one of the two candidates, leave the lead as it was
    and close part of the map, so the leader's value rises (while the open votes are more than its least unit)."""
    if state.to_move is None or len(state.active) < 2:
        return
    free: dict[int, list[int]] = {}
    for i, (s, lines) in enumerate(zip(STATES, state.board, strict=True)):
        if not pins.has_pin(lines):
            free.setdefault(s.votes, []).append(i)
    pairs = [(group[0], group[1]) for group in free.values() if len(group) >= 2]
    if not pairs:
        return
    chosen = data.draw(st.lists(st.sampled_from(pairs), min_size=1, max_size=len(pairs), unique=True))
    board = list(state.board)
    for a, b in chosen:
        board[a] = (*((),) * (len(board[a]) - 1), (0,))
        board[b] = (*((),) * (len(board[b]) - 1), (1,))
    later = replace(state, board=tuple(board))
    before, after = _active_values(state), _active_values(later)
    assert abs((before[0][0] - before[0][1]) - (after[0][0] - after[0][1])) < 1e-9  # the same lead
    leader = 0 if before[0][0] > before[0][1] else 1
    if before[0][0] == before[0][1]:
        return
    if open_votes(state.board) / 4 > MIN_UNIT:
        assert after[1][leader] > before[1][leader]
    else:
        assert after[1][leader] >= before[1][leader] - 1e-12


@given(state=states("polis", ongoing=True, max_actions=60))
@settings(max_examples=25, deadline=None)
def test_a_polis_step_ranks_by_the_movers_lead_after_it_and_a_winning_step_first(state: PolisState) -> None:
    k = PolisKnowledge()
    me = state.turn
    for move in state.legal_moves():
        after = state.play(move)
        prior = k.prior(state, move)
        if after.winner is not None:
            assert prior == (WON if after.winner == me else -WON)
            continue
        scores = k.scores(after)
        assert scores is not None
        assert abs(prior - (scores[me] - scores[1 - me])) < 1e-9


@given(state=states("djambi", ongoing=True, max_actions=120), quiet=st.integers(0, 1000))
@settings(max_examples=15, deadline=None)
def test_djambi_positions_near_the_quiet_turn_draw_are_worth_nearly_an_even_share(state: DjambiState, quiet: int):
    """The quiet-turn draw shares the game out evenly: the nearer the count is to it, the nearer every player's
    value is to a quarter, so a player ahead prefers the kill that starts the count again."""
    k = DjambiKnowledge()
    limit = state.rules.draw_turns
    quiet = min(quiet, limit - 1)
    fresh = k.evaluate(replace(state, quiet=0))
    near = k.evaluate(replace(state, quiet=quiet))
    assert abs(sum(near) - 1.0) < 1e-9
    for before, now in zip(fresh, near, strict=True):
        assert abs(now - 0.25) <= abs(before - 0.25) + 1e-12
        if quiet <= limit - QUIET_HORIZON and limit >= QUIET_HORIZON:
            assert now == before
    leader = max(range(4), key=lambda s: fresh[s])
    later = k.evaluate(replace(state, quiet=min(quiet + 1, limit - 1)))
    assert later[leader] <= near[leader] + 1e-12
    if fresh[leader] > 0.26:  # one turn from the draw, the leader's lead is nearly gone
        last = k.evaluate(replace(state, quiet=limit - 1))
        assert last[leader] - 0.25 < (fresh[leader] - 0.25) / 2
