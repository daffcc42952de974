"""Polis invariants, checked by hypothesis on crowded random boards (under every option) and along random games."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import IllegalMoveError, Piece
from controller.games.polis import Polis, PolisMove, PolisState
from controller.games.squares import file_of, rank_of
from tests.games.test_polis_reference import COLOURS, from_state, positions, stunned_colours
from tests.strategies import histories, moves

GAME = Polis()


def check_move(state: PolisState, move: PolisMove) -> PolisState:
    before = dict(state.pieces())
    after_state = state.play(move)
    after = dict(after_state.pieces())
    effect = state.effect(move)
    (decision,) = effect.decision
    assert (decision.src, decision.dst) == (move.src, move.dst)
    assert decision.piece == before[move.src] and decision.piece.owner == state.turn

    # Carry the steps out on the piece map: every piece not moved by a step stays as it was.
    board = dict(before)
    board[move.dst] = board.pop(move.src)
    lifted = {s.src: board.pop(s.src) for s in effect.chores if s.src is not None}
    for s in effect.chores:
        assert s.src is not None and lifted[s.src] == s.piece
        if s.dst is not None:
            board[s.dst] = s.piece
    assert board == after

    mx, my = file_of(move.dst), rank_of(move.dst)
    for s in effect.chores:
        assert s.src is not None
        if s.piece.kind == "C":
            assert s.dst is not None, "a chariot is never captured"
        sx, sy = file_of(s.src), rank_of(s.src)
        if s.dst is not None:
            # A hop: from beside the mover over it to the square opposite, two squares in a straight line.
            tx, ty = file_of(s.dst), rank_of(s.dst)
            assert max(abs(sx - mx), abs(sy - my)) == 1
            assert (sx + tx, sy + ty) == (2 * mx, 2 * my)
            assert s.dst not in before or s.dst == move.src
    assert [p.kind for p in after.values()].count("C") == 2
    for seat in (0, 1):
        dogs_before = sum(1 for p in before.values() if p == Piece("D", seat))
        dogs_after = sum(1 for p in after.values() if p == Piece("D", seat))
        assert dogs_after <= dogs_before
    assert len(before) - len(after) == sum(1 for s in effect.chores if s.dst is None)

    # The mover survives a legal step, and a moving chariot ends free (unless it won where the option allows).
    assert after[move.dst] == decision.piece
    if decision.piece.kind == "C" and not state.rules.stunned_arrival_wins:
        assert not after_state.stunned[state.turn]
    # The stun flags a state keeps are the board's own.
    ref = from_state(after_state)
    assert {c for c, f in zip(COLOURS, after_state.stunned, strict=True) if f} == stunned_colours(
        ref.board, ref.reading
    )
    return after_state


def mirrored(state: PolisState) -> PolisState:
    """The board turned half a turn with the colours swapped, the other seat to move: the same position for Polis."""
    data = state.to_json()
    flip = {"BD": "RD", "RD": "BD", "BC": "RC", "RC": "BC"}
    pieces = {f"{'abcdefgh'[7 - 'abcdefgh'.index(k[0])]}{9 - int(k[1])}": flip[v] for k, v in data["pieces"].items()}
    winner = None if data["winner"] is None else 1 - data["winner"]
    stunned = data["stunned"][::-1]
    return GAME.from_json({**data, "pieces": pieces, "turn": 1 - data["turn"], "winner": winner, "stunned": stunned})


def mirror_move(move: PolisMove) -> PolisMove:
    def turn(sq: int) -> int:
        return (7 - rank_of(sq)) * 9 + (7 - file_of(sq))

    return PolisMove(turn(move.src), turn(move.dst))


@settings(max_examples=80)
@given(positions())
def test_every_legal_step_on_a_random_board_keeps_the_invariants(state: PolisState) -> None:
    for move in state.legal_moves():
        assert isinstance(move, PolisMove)
        check_move(state, move)


@settings(max_examples=15)
@given(data=st.data())
def test_games_drawn_under_every_option_keep_the_invariants(data: st.DataObject) -> None:
    """Games reached by drawn moves under drawn options (shrinking to the shortest that fails): every step taken and
    a drawn step of the last position keep the invariants."""
    history = data.draw(histories("polis", max_actions=120))
    for state, move in zip(history.states[:-1], history.actions, strict=True):
        assert isinstance(state, PolisState) and isinstance(move, PolisMove)
        check_move(state, move)
    final = history.final
    if final.to_move is not None:
        assert isinstance(final, PolisState)
        move = data.draw(moves(final))
        assert isinstance(move, PolisMove)
        check_move(final, move)


@settings(max_examples=60)
@given(positions())
def test_the_board_turned_with_colours_swapped_plays_the_same(state: PolisState) -> None:
    other = mirrored(state)
    assert other.stunned == state.stunned[::-1]
    ours = {mirror_move(m) for m in state.legal_moves() if isinstance(m, PolisMove)}
    assert ours == set(other.legal_moves())
    for move in list(state.legal_moves())[:6]:
        assert isinstance(move, PolisMove)
        assert mirrored(state.play(move)) == other.play(mirror_move(move))


@settings(max_examples=60)
@given(positions())
def test_near_misses_are_exactly_the_refused_steps_to_empty_squares(state: PolisState) -> None:
    legal = set(state.legal_moves())
    occupied = set(state.pieces())
    misses = {m.move: m for m in state.near_misses()}
    for move, miss in misses.items():
        assert isinstance(move, PolisMove) and move not in legal and move.dst not in occupied
        assert state.pieces()[move.src].owner == state.turn
        assert miss.squares and miss.squares <= occupied
        try:
            state.play(move)
        except IllegalMoveError as err:
            assert (str(err), err.squares) == (miss.reason, miss.squares)
        else:
            raise AssertionError(f"{move} is a near miss but plays")
    # Every other step of the seat's pieces to an empty square is legal.
    for src, piece in state.pieces().items():
        if piece.owner != state.turn or state.winner is not None:
            continue
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                f, r = file_of(src) + df, rank_of(src) + dr
                if (df or dr) and 0 <= f < 8 and 0 <= r < 8 and r * 9 + f not in occupied:
                    step = PolisMove(src, r * 9 + f)
                    assert (step in legal) != (step in misses), step
