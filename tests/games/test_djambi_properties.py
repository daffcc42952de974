"""Djambi property tests along random games (hypothesis picks the seeds and the rules variants).

The playing policy favours the Maze and corpses dropped next to Chiefs, so power, acts in the Maze, walled-in Chiefs,
vassals and passing come up often.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games.djambi import Act, Djambi, Go, OfferDraw, Pass, Report, Resign
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
from controller.games.djambi.rules import OPTIONS
from controller.games.djambi.state import DjambiState
from controller.games.djambi.walls import flips
from controller.games.moves import Move
from tests.games.test_every_game import check_move, check_state

GAME = Djambi()
PIECES = 36
KILLERS = (CHIEF, ASSASSIN, MILITANT)

variants = st.fixed_dictionaries(
    {
        "reporter": st.sampled_from(["one", "all"]),
        "kill_own": st.booleans(),
        "setup": st.sampled_from(["ranks", "files"]),
        "layout": st.sampled_from(["mirrored", "rotated"]),
        "walled_in": st.sampled_from(["no_necromobile", "region", "corpses", "never"]),
        "vassals": st.sampled_from(["power", "first"]),
        "comeback": st.booleans(),
        "chief_corpse_to_maze": st.booleans(),
        "master_moves": st.booleans(),
        "draw_turns": st.sampled_from([40, 12]),
    }
)


def choose(state: DjambiState, rnd: random.Random) -> Move:
    if rnd.random() < 0.01:
        return Resign()
    moves = [m for m in state.legal_moves() if not isinstance(m, OfferDraw | Resign)]
    to_maze = [m for m in moves if isinstance(m, Go | Act) and m.dst == MAZE]
    if to_maze and rnd.random() < 0.5:
        return rnd.choice(to_maze)
    if rnd.random() < 0.6:
        near = {n for c in CHIEF_CODES if c in state.board for n in NEIGHBOURS[state.board.index(c)]}
        walling = [m for m in moves if isinstance(m, Act) and m.place in near]
        if walling:
            return rnd.choice(walling)
    return rnd.choice(moves)


def games(seed: int, options: dict[str, object], max_moves: int = 400) -> list[tuple[DjambiState, Move]]:
    rnd = random.Random(seed)
    state = GAME.new(None, seed, **options)
    out: list[tuple[DjambiState, Move]] = []
    while state.to_move is not None and len(out) < max_moves:
        move = choose(state, rnd)
        out.append((state, move))
        state = state.play(move)
    assert state.to_move is None, "a game under the policy did not end"
    return out


def corpses(board: bytes) -> set[int]:
    return {s for s, c in enumerate(board) if c == CORPSE}


def living(board: bytes) -> int:
    return sum(1 for c in board if c >= 2)


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1), options=variants)
def test_pieces_never_leave_the_board_and_corpses_move_only_with_a_necromobile(
    seed: int, options: dict[str, object]
) -> None:
    for state, move in games(seed, options):
        nxt = state.play(move)
        assert sum(1 for c in nxt.board if c) == PIECES
        before, now = corpses(state.board), corpses(nxt.board)
        if isinstance(move, Act) and move.kind == NECROMOBILE:
            assert before - {move.dst} <= now and move.place in now
        else:
            assert before <= now
        # Living pieces only ever die: one per victim, per walled-in Chief turned over for good, and per walled-in
        # Chief the comeback rule kept that dies as the first Chief in power takes its parties.
        victims = killed(state.board, move) if isinstance(move, Act | Go | Report) else []
        victims += [CHIEF_CODES[state.to_move or 0]] if isinstance(move, Resign) else []
        turned = state.effect(move).chore_touch - _reporter_all(state, move) - _resigning(state, move)
        dead = {s for s in turned if nxt.board[s] == CORPSE}
        kept = {CHIEF_CODES[p] for p in sleeping(state.held)} - set(victims)
        lost = {c for c in kept if c not in nxt.board}
        assert not lost or state.rules.vassals == "first"
        assert living(nxt.board) == living(state.board) - len(victims) - len(dead) - len(lost)
        # What is turned over and stays living is a walled-in Chief kept, or one freed: only with the comeback rule.
        assert turned - dead == set() or state.rules.comeback


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1), options=variants)
def test_the_maze_holds_at_most_a_chief_or_a_corpse_between_turns(seed: int, options: dict[str, object]) -> None:
    for state, _ in games(seed, options):
        code = state.board[MAZE]
        assert code in (0, CORPSE) or KIND_OF[code] == CHIEF
        assert sum(1 for c in CHIEF_CODES if state.board.count(c)) == len(alive(state.board))


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1), options=variants)
def test_control_and_turns_stay_consistent(seed: int, options: dict[str, object]) -> None:
    for state, move in games(seed, options):
        living_parties = in_game(state.board, state.held)
        for party, seat in enumerate(state.control):
            assert seat == party if party in living_parties else seat == VASSAL or seat in living_parties
        to_move = state.to_move
        assert to_move is not None and to_move in living_parties
        if state.offer < 0:
            assert state.turn_party in state.mine(to_move)
        nxt = state.play(move)
        if nxt.to_move is None or isinstance(move, OfferDraw) or state.offer >= 0:
            continue
        present = {PARTY_OF[c] for c in nxt.board if c >= 2}
        with_turns = {p for p in present if any(p in nxt.mine(s) for s in in_game(nxt.board, nxt.held))}
        if len(with_turns) > 1:
            assert nxt.turn_party != state.turn_party, "a party played twice in a row"
        assert nxt.turn_party in with_turns


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1), options=variants)
def test_the_quick_walled_in_check_agrees_with_the_full_search(seed: int, options: dict[str, object]) -> None:
    rnd = random.Random(seed)
    for state, move in games(seed, options)[::3]:
        moves = [m for m in state.legal_moves() if isinstance(m, Act | Report) or type(m).__name__ == "Go"]
        for m in [move, *rnd.sample(moves, min(60, len(moves)))]:
            if isinstance(m, Pass | OfferDraw | Resign):
                continue
            walls, freed = flips(after(state.board, m), state.rules.walled_in, sleeping(state.held))  # type: ignore[arg-type]
            expected = frozenset(walls + freed)
            assert state.effect(m).chore_touch - _reporter_all(state, m) == expected, str(m)
            nxt = state.play(m)
            kept = {s for s in walls if nxt.board[s] != CORPSE}
            assert not kept or state.rules.comeback
            assert all(nxt.board[s] not in (0, CORPSE) for s in freed)


def _resigning(state: DjambiState, move: Move) -> frozenset[int]:
    if isinstance(move, Resign):
        return frozenset({state.board.index(CHIEF_CODES[state.to_move or 0])})
    return frozenset()


def _reporter_all(state: DjambiState, move: Move) -> frozenset[int]:
    if isinstance(move, Report) and state.rules.reporter == "all":
        return frozenset(move.victims)
    return frozenset()


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1), options=variants)
def test_quiet_turns_count_up_and_reset_on_kills(seed: int, options: dict[str, object]) -> None:
    for state, move in games(seed, options):
        nxt = state.play(move)
        if isinstance(move, OfferDraw) or nxt.agreed:
            continue
        dies = living(nxt.board) < living(state.board)
        assert nxt.quiet == (0 if dies else state.quiet + 1)
        assert nxt.quiet <= state.rules.draw_turns


every_option = st.fixed_dictionaries(
    {o.name: st.sampled_from(o.choices) if o.choices else st.booleans() for o in OPTIONS if o.name != "draw_turns"}
    | {"draw_turns": st.sampled_from([40, 12])}
)


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), options=every_option)
def test_the_game_api_holds_along_games_under_every_option(seed: int, options: dict[str, object]) -> None:
    """The generic checks (tests/games/test_every_game.py) along games that reach the Maze and the walls: JSON round
    trips, notation round trips, and physical effects that lead to the next position's occupancy."""
    rnd = random.Random(seed)
    for state, move in games(seed, options)[:150]:
        check_state(state)
        for m in [move, *rnd.sample(state.legal_moves(), min(3, len(state.legal_moves())))]:
            check_move(state, m)
