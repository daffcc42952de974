"""A fresh game on a board that still holds pieces of the game before (a new game from the page, a cafe's next
table): whatever stands where the new game's first player could set a piece is set-up to clear, never that player's
move. The board's first turn begins once the board shows the game's position; a resumed game's first turn does not
wait for it (the hands may have moved while the board was off)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games.squares import bit, parse
from controller.recognizer.machine import Mode
from controller.session import events as ev
from controller.session.factory import new_session, resume_session
from controller.session.seats import SeatKind
from controller.session.sources import Source
from controller.store import GameStore
from tests.conftest import ALL


@st.composite
def left_over(draw: st.DrawFn) -> tuple[str, int, int, list[int]]:
    """A game, its seed, the board it starts on (its position with pieces of another game added and taken away) and
    the order in which the host then clears and fills the differing squares."""
    name = draw(st.sampled_from(ALL.names()))
    seed = draw(st.integers(0, 50))
    game = ALL.load(name)
    state = game.new(None, seed=seed)
    region = game.region(state.seats).mask
    squares = [sq for sq in range(81) if region >> sq & 1]
    differing = draw(st.lists(st.sampled_from(squares), min_size=1, max_size=4, unique=True))
    occupancy = state.occupancy()
    for sq in differing:
        occupancy ^= bit(sq)
    return name, seed, occupancy, draw(st.permutations(differing))


@settings(max_examples=40)
@given(left_over())
def test_pieces_left_from_the_game_before_are_set_up_never_a_move(case: tuple[str, int, int, list[int]]) -> None:
    name, seed, occupancy, fixes = case
    game = ALL.load(name)
    state = game.new(None, seed=seed)
    session = new_session(game, seed=seed, seat_kinds=[SeatKind.BOARD] * state.seats, registry=ALL)
    t = 0.0
    session.start(occupancy, t)
    events = session.drain()
    for sq in fixes[:-1]:  # the host clears and fills the board, square by square, taking their time
        t += 1.0
        session.tick(t)
        occupancy ^= bit(sq)
        session.on_board(occupancy, t)
        t += 3.0
        session.tick(t)
        events += session.drain()
        assert not session.prompt, f"{name}: pieces of another game read as a move: {session.prompt}"
    assert not [e for e in events if isinstance(e, ev.Committed) and e.source is Source.BOARD]
    assert all(p.source is not Source.BOARD for p in session.history)  # a roll of the dice may open the game
    board_turn = isinstance(session.state.to_move, int)
    if board_turn:
        assert session.recognizer.mode is Mode.IDLE  # the first turn waits for the set-up
    # Set up: the first turn begins on the game's position, with nothing touched.
    t += 1.0
    occupancy ^= bit(fixes[-1])
    session.on_board(occupancy, t)
    assert occupancy == session.state.occupancy()
    if board_turn:
        assert session.recognizer.mode is Mode.TURN
        assert session.recognizer.touched == 0


def test_a_resumed_game_reads_the_board_as_it_stands(tmp_path: Path) -> None:
    """Resumed with moves made, the first turn begins at once: a piece set down while the board was off is the
    turn's own move, as before."""
    store = GameStore(tmp_path / "games.sqlite")
    first = new_session("politrics", seed=1, store=store)
    first.start(0, 0.0)
    first.play_text("V55", 0.1)
    occupancy = first.state.occupancy()
    again = resume_session(GameStore(tmp_path / "games.sqlite"))
    assert again is not None and len(again.history) == 1
    again.start(occupancy | bit(parse("e6")), 1.0)  # Light set a figure down on 56 while the board was off
    again.tick(5.0)
    assert again.recognizer.mode is Mode.PROMPT and again.prompt
