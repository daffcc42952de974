"""Djambi property tests along drawn games (tests/strategies.py: hypothesis draws the options from the metadata and
every move, so a failure shrinks to the shortest playout under the plainest options).

The draws favour moves into the Maze and corpses dropped next to Chiefs, so power, acts in the Maze, walled-in
Chiefs, vassals and passing come up often. One property also replays whole games from a seed, to their end, where
an end only a long game reaches (the last Chief standing, a draw by quiet turns) is clearest.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import State
from controller.games.djambi import Act, Djambi, Go, OfferDraw, Report, Resign
from controller.games.djambi.apply import after, killed
from controller.games.djambi.board import (
    ASSASSIN,
    CHIEF,
    CHIEF_CODES,
    CORPSE,
    KIND_OF,
    MAZE,
    MILITANT,
    NECROMOBILE,
    NEIGHBOURS,
    PARTY_OF,
)
from controller.games.djambi.fate import sleeping
from controller.games.djambi.order import VASSAL, alive, in_game
from controller.games.djambi.rules import Reporter, Vassals
from controller.games.djambi.state import DjambiState
from controller.games.djambi.walls import flips
from controller.games.moves import Move
from tests.games.test_every_game import check_move, check_state
from tests.strategies import histories, moves, states

GAME = Djambi()
PIECES = 36
KILLERS = (CHIEF, ASSASSIN, MILITANT)


def favoured(state: State) -> Sequence[Move]:
    """The moves worth reaching more often than a uniform draw would: into the Maze, or a corpse dropped next to a
    Chief (power, acts in the Maze, walled-in Chiefs and vassals follow)."""
    assert isinstance(state, DjambiState)
    if state.offer >= 0:
        return ()
    near = {n for c in CHIEF_CODES if c in state.board for n in NEIGHBOURS[state.board.index(c)]}
    return [
        m
        for m in state.legal_moves()
        if isinstance(m, Go | Act) and (m.dst == MAZE or (isinstance(m, Act) and m.place in near))
    ]


@dataclass(frozen=True)
class Transition:
    before: DjambiState
    move: Move
    after: DjambiState


@st.composite
def transitions(draw: st.DrawFn, max_actions: int = 160) -> list[Transition]:
    """The moves of a drawn game (bounded: it may stop anywhere) under drawn options, with the positions around each."""
    history = draw(histories("djambi", max_actions=max_actions, favour=favoured))
    out = []
    for before, move, nxt in zip(history.states[:-1], history.actions, history.states[1:], strict=True):
        assert isinstance(before, DjambiState) and isinstance(nxt, DjambiState)
        out.append(Transition(before, move, nxt))
    return out


def djambi_states(max_actions: int = 160) -> st.SearchStrategy[State]:
    """A drawn position (it may be the end of the game)."""
    return states("djambi", max_actions=max_actions, favour=favoured)


def ongoing_states(max_actions: int = 160) -> st.SearchStrategy[State]:
    """A drawn position with someone still to move."""
    return states("djambi", max_actions=max_actions, ongoing=True, favour=favoured)


def choose(state: DjambiState, rnd: random.Random) -> Move:
    """The seed replay's policy: the favoured moves half the time, now and then a resignation."""
    if rnd.random() < 0.01:
        return Resign()
    preferred = favoured(state)
    if preferred and rnd.random() < 0.5:
        return rnd.choice(preferred)
    return rnd.choice([m for m in state.legal_moves() if not isinstance(m, OfferDraw | Resign)])


def whole_game(seed: int, options: dict[str, object], max_moves: int = 400) -> list[Transition]:
    """A game replayed from a seed to its end."""
    rnd = random.Random(seed)
    state = GAME.new(None, seed, **options)
    out: list[Transition] = []
    while state.to_move is not None and len(out) < max_moves:
        move = choose(state, rnd)
        nxt = state.play(move)
        out.append(Transition(state, move, nxt))
        state = nxt
    assert state.to_move is None, "a game under the policy did not end"
    return out


def corpses(board: bytes) -> set[int]:
    return {s for s, c in enumerate(board) if c == CORPSE}


def living(board: bytes) -> int:
    return sum(1 for c in board if c >= 2)


def check_pieces(t: Transition) -> None:
    state, move, nxt = t.before, t.move, t.after
    assert sum(1 for c in nxt.board if c) == PIECES
    before, now = corpses(state.board), corpses(nxt.board)
    if isinstance(move, Act) and move.kind == NECROMOBILE:
        assert before - {move.dst} <= now and move.place in now
    else:
        assert before <= now
    # Living pieces only ever die: one per victim, per walled-in Chief turned over for good, and per walled-in Chief
    # the comeback rule kept that dies as the first Chief in power takes its parties.
    victims = killed(state.board, move) if isinstance(move, Act | Go | Report) else []
    victims += [CHIEF_CODES[state.to_move or 0]] if isinstance(move, Resign) else []
    turned = state.effect(move).chore_touch - _reporter_all(state, move) - _resigning(state, move)
    dead = {s for s in turned if nxt.board[s] == CORPSE}
    kept = {CHIEF_CODES[p] for p in sleeping(state.held)} - set(victims)
    lost = {c for c in kept if c not in nxt.board}
    assert not lost or state.rules.vassals is Vassals.FIRST
    assert living(nxt.board) == living(state.board) - len(victims) - len(dead) - len(lost)
    # What is turned over and stays living is a walled-in Chief kept, or one freed: only with the comeback rule.
    assert turned - dead == set() or state.rules.comeback


@settings(max_examples=20)
@given(drawn=transitions())
def test_pieces_never_leave_the_board_and_corpses_move_only_with_a_necromobile(drawn: list[Transition]) -> None:
    for t in drawn:
        check_pieces(t)


@settings(max_examples=4)
@given(seed=st.integers(0, 2**32 - 1), draw_turns=st.sampled_from([40, 12]))
def test_whole_games_end_and_keep_their_pieces_to_the_end(seed: int, draw_turns: int) -> None:
    """A seed replay: whole games under the default rules, played to their end (a drawn game is bounded)."""
    for t in whole_game(seed, {"draw_turns": draw_turns}):
        check_pieces(t)


@settings(max_examples=20)
@given(drawn=transitions())
def test_the_maze_holds_at_most_a_chief_or_a_corpse_between_turns(drawn: list[Transition]) -> None:
    for state in [t.after for t in drawn]:
        code = state.board[MAZE]
        assert code in (0, CORPSE) or KIND_OF[code] == CHIEF
        assert sum(1 for c in CHIEF_CODES if state.board.count(c)) == len(alive(state.board))


@settings(max_examples=20)
@given(drawn=transitions())
def test_control_and_turns_stay_consistent(drawn: list[Transition]) -> None:
    for t in drawn:
        state, move, nxt = t.before, t.move, t.after
        living_parties = in_game(state.board, state.held)
        for party, seat in enumerate(state.control):
            assert seat == party if party in living_parties else seat == VASSAL or seat in living_parties
        to_move = state.to_move
        assert to_move is not None and to_move in living_parties
        if state.offer < 0:
            assert state.turn_party in state.mine(to_move)
        if nxt.to_move is None or isinstance(move, OfferDraw) or state.offer >= 0:
            continue
        present = {PARTY_OF[c] for c in nxt.board if c >= 2}
        with_turns = {p for p in present if any(p in nxt.mine(s) for s in in_game(nxt.board, nxt.held))}
        if len(with_turns) > 1:
            assert nxt.turn_party != state.turn_party, "a party played twice in a row"
        assert nxt.turn_party in with_turns


def check_walls(state: DjambiState, move: Move) -> None:
    if not isinstance(move, Go | Act | Report):
        return
    walls, freed = flips(after(state.board, move), state.rules.walled_in, sleeping(state.held))
    expected = frozenset(walls + freed)
    assert state.effect(move).chore_touch - _reporter_all(state, move) == expected, str(move)
    nxt = state.play(move)
    kept = {s for s in walls if nxt.board[s] != CORPSE}
    assert not kept or state.rules.comeback
    assert all(nxt.board[s] not in (0, CORPSE) for s in freed)


@settings(max_examples=15)
@given(drawn=transitions())
def test_the_quick_walled_in_check_agrees_with_the_full_search_along_a_game(drawn: list[Transition]) -> None:
    for t in drawn:
        check_walls(t.before, t.move)


@settings(max_examples=15)
@given(state=ongoing_states())
def test_the_quick_walled_in_check_agrees_with_the_full_search_for_every_move(state: State) -> None:
    assert isinstance(state, DjambiState)
    for move in state.legal_moves():
        check_walls(state, move)


def _resigning(state: DjambiState, move: Move) -> frozenset[int]:
    if isinstance(move, Resign):
        return frozenset({state.board.index(CHIEF_CODES[state.to_move or 0])})
    return frozenset()


def _reporter_all(state: DjambiState, move: Move) -> frozenset[int]:
    if isinstance(move, Report) and state.rules.reporter is Reporter.ALL:
        return frozenset(move.victims)
    return frozenset()


@settings(max_examples=15)
@given(drawn=transitions())
def test_quiet_turns_count_up_and_reset_on_kills(drawn: list[Transition]) -> None:
    for t in drawn:
        state, move, nxt = t.before, t.move, t.after
        if nxt.agreed:
            continue
        if isinstance(move, OfferDraw) or state.offer >= 0:
            assert nxt.quiet == state.quiet  # draw offers and their answers are not turns
            continue
        # A kill, or a Chief walled in or freed under the comeback rule (it stays on the board, turned over), starts
        # the count again.
        dies = living(nxt.board) < living(state.board) or sleeping(nxt.held) != sleeping(state.held)
        assert nxt.quiet == (0 if dies else state.quiet + 1)
        assert nxt.quiet <= state.rules.draw_turns


@settings(max_examples=10)
@given(drawn=transitions(max_actions=120), data=st.data())
def test_the_game_api_holds_along_games_under_every_option(drawn: list[Transition], data: st.DataObject) -> None:
    """The generic checks (tests/games/test_every_game.py) along games that reach the Maze and the walls: JSON round
    trips, notation round trips, and physical effects that lead to the next position's occupancy."""
    for t in drawn:
        check_state(t.before)
        check_move(t.before, t.move)
    if drawn and drawn[-1].after.to_move is not None:
        final = drawn[-1].after
        for move in data.draw(st.lists(moves(final), max_size=3)):
            check_move(final, move)
