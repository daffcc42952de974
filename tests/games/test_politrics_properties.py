"""Properties of Politrics along random play (declarations and concessions included) under random options."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import IllegalMoveError, State
from controller.games.moves import Move
from controller.games.politrics import Beat, Concede, Declare, Place, Politrics, Shift
from controller.games.politrics.board import AURA, LANDING, NEIGHBOUR, NONE, PLAYING, RETIREMENT
from controller.games.politrics.figures import CIVIL_SERVANT, CODE, COUNTS, EMPTY, PRESIDENT
from controller.games.politrics.layout import Layout
from controller.games.politrics.state import PolitricsState
from tests.strategies import histories, states

GAME = Politrics()

OPTIONS = st.fixed_dictionaries(
    {
        "target": st.integers(20, 60),
        "aura": st.sampled_from(["both", "opponent", "own"]),
        "repetitions": st.integers(2, 3),
        "president_moves_count": st.booleans(),
        "unplaceable_president": st.sampled_from(["immobilizes", "waits"]),
        "decisive_answer": st.sampled_from(["row", "beat"]),
    }
)


@dataclass(frozen=True)
class Transition:
    before: PolitricsState
    move: Move
    after: PolitricsState

    @property
    def same_board(self) -> bool:
        return len(self.after.boards) == len(self.before.boards)


def walk(seed: int, options: dict[str, object], limit: int = 3000) -> list[Transition]:
    """A whole random match (a seed replay: drawn playouts are bounded, this one plays to the end): random moves,
    and now and then a declaration or a concession when one is open."""
    rnd = random.Random(seed)
    state = GAME.new(2, 0, **options)
    out: list[Transition] = []
    for _ in range(limit):
        if state.to_move is None:
            return out
        declarations = state.legal_moves(1 - state.turn)
        if declarations and rnd.random() < 0.7:
            move = rnd.choice(declarations)
        else:
            moves = state.legal_moves()
            concede = [m for m in moves if isinstance(m, Concede)]
            move = concede[0] if concede and rnd.random() < 0.3 else rnd.choice(moves)
        after = state.play(move)
        assert isinstance(after, PolitricsState)
        out.append(Transition(state, move, after))
        state = after
    raise AssertionError(f"the match did not end in {limit} actions")


@st.composite
def drawn_walk(draw: st.DrawFn) -> list[Transition]:
    """A match drawn by the shared strategies (options from the metadata, every choice shrinkable), as
    transitions; bounded, so it may stop anywhere in the match."""
    history = draw(histories("politrics", max_actions=150))
    out = []
    for before, move, after in zip(history.states[:-1], history.actions, history.states[1:], strict=True):
        assert isinstance(before, PolitricsState) and isinstance(after, PolitricsState)
        out.append(Transition(before, move, after))
    return out


def figures(state: PolitricsState) -> Counter[tuple[int, int]]:
    """(seat, kind) -> figures on the board and in the line-up."""
    counts: Counter[tuple[int, int]] = Counter(CODE[c][::-1] for c in state.board if c != EMPTY)
    for seat in (0, 1):
        for kind in range(5):
            counts[(seat, kind)] += state.lineup[seat][kind]
    return counts


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_random_matches_end_with_scores_that_add_up_and_never_exceed_100(seed: int, options: dict[str, object]) -> None:
    final = walk(seed, options)[-1].after
    outcome = final.outcome()
    assert outcome is not None and outcome.scores == final.totals
    assert all(0 <= b.points <= 100 for b in final.boards)
    assert all(b.points == 0 for b in final.boards if b.winner is None)
    assert final.totals == tuple(sum(b.scores()[s] for b in final.boards) for s in (0, 1))
    (winner,) = outcome.winners
    assert final.totals[winner] >= final.rules.target > final.totals[1 - winner]
    # Only the board that ended the match can have pushed the winner past the target.
    assert final.totals[winner] - final.boards[-1].scores()[winner] < final.rules.target


@settings(max_examples=20)
@given(transitions=drawn_walk())
def test_figures_are_conserved_and_only_a_beat_takes_one_away(transitions: list[Transition]) -> None:
    for t in transitions:
        if not t.same_board:
            if t.after.to_move is not None:
                assert figures(t.after) == Counter({(s, k): COUNTS[k] for s in (0, 1) for k in range(5)})
            continue
        expected = figures(t.before)
        if isinstance(t.move, Beat):
            expected[CODE[t.before.board[t.move.over]][::-1]] -= 1
        assert figures(t.after) == expected, str(t.move)


@settings(max_examples=10)
@given(transitions=drawn_walk())
def test_the_layout_play_updates_is_the_layout_of_the_board(transitions: list[Transition]) -> None:
    for t in transitions:
        assert t.after.layout == Layout.of(t.after.board), str(t.move)


@settings(max_examples=20)
@given(transitions=drawn_walk())
def test_figures_on_retirement_squares_never_move(transitions: list[Transition]) -> None:
    for t in transitions:
        if not t.same_board:
            continue
        for sq in range(81):
            if RETIREMENT >> sq & 1 and t.before.board[sq] != EMPTY:
                beaten = isinstance(t.move, Beat) and t.move.over == sq
                assert t.after.board[sq] == (EMPTY if beaten else t.before.board[sq])


@settings(max_examples=20)
@given(transitions=drawn_walk())
def test_a_president_is_never_off_the_field_or_in_a_forbidding_aura(transitions: list[Transition]) -> None:
    for t in transitions:
        state = t.after
        for sq, c in enumerate(state.board):
            if c != EMPTY and CODE[c][0] == PRESIDENT:
                assert PLAYING >> sq & 1
                for n, other in enumerate(state.board):
                    if other != EMPTY and CODE[other][0] == CIVIL_SERVANT and AURA[n] >> sq & 1:
                        assert not state.rules.blocks(CODE[other][1], CODE[c][1])


def candidates(state: PolitricsState) -> list[Move]:
    """Every placement, and every step or beat geometry from a square of the seat to move."""
    out: list[Move] = [Place(k, sq) for k in range(5) for sq in range(81)]
    for sq, c in enumerate(state.board):
        if c != EMPTY and CODE[c][1] == state.turn:
            kind = CODE[c][0]
            out += [Shift(kind, sq, NEIGHBOUR[sq][d]) for d in range(8) if NEIGHBOUR[sq][d] != NONE]
            out += [Beat(kind, sq, LANDING[sq][d]) for d in range(8) if LANDING[sq][d] != NONE]
    return out


@settings(max_examples=25)
@given(state=states("politrics", ongoing=True, max_actions=150))
def test_the_move_generator_lists_exactly_the_moves_the_judge_allows(state: State) -> None:
    assert isinstance(state, PolitricsState)
    legal = set(state.legal_moves())
    for move in candidates(state):
        try:
            state.check(move)
        except IllegalMoveError:
            assert move not in legal, str(move)
        else:
            assert move in legal, str(move)
    declarations = set(state.legal_moves(1 - state.turn))
    for move in (Declare(r) for r in range(140)):
        try:
            state.check(move)
        except IllegalMoveError:
            assert move not in declarations
        else:
            assert move in declarations


@settings(max_examples=25)
@given(state=states("politrics", ongoing=True, max_actions=150))
def test_near_misses_are_illegal_and_carry_the_judges_reason(state: State) -> None:
    assert isinstance(state, PolitricsState)
    occupancy = state.occupancy()
    for miss in state.near_misses():
        assert isinstance(miss.move, Move)
        try:
            state.check(miss.move)
        except IllegalMoveError as err:
            assert str(err) == miss.reason and err.squares == miss.squares
        else:
            raise AssertionError(f"{miss.move} is legal")
        assert miss.effect.after_chores(occupancy) != occupancy
