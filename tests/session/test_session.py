"""The session's turn flow on the toy games: board moves, prompts, chores, page moves, undo and takeback,
dice, secret orders, computer seats, the link lost and found, and resuming from the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from controller.errors import SessionError
from controller.games import IllegalMoveError, InvalidMoveError
from controller.games.politrics.state import PolitricsState
from controller.games.squares import bit, parse
from controller.recognizer.machine import Mode
from controller.session import events as ev
from controller.session.core import Session, SessionSettings
from controller.session.factory import new_session, record_game, resume_session
from controller.session.seats import SeatKind
from controller.session.sources import Dice, Source
from controller.store import GameStore
from tests.ai.test_tactics import completes_a_safe_row, first
from tests.conftest import WITH_TOYS
from tests.toys.jumps import Jumps
from tests.toys.race import Race
from tests.toys.standoff import Standoff


class Table:
    """A session and a board on virtual time, the way the runner drives them."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self.t = 0.0
        self.occ = session.state.occupancy()
        self.s.start(self.occ, self.t)
        self.events: list[ev.Event] = self.s.drain()

    def advance(self, dt: float) -> None:
        end = self.t + dt
        while (d := self.s.deadline()) is not None and d <= end:
            self.t = max(self.t, d)
            self.s.tick(self.t)
        self.t = end
        self.s.tick(self.t)
        self.events += self.s.drain()

    def lift(self, sq: str) -> None:
        self.advance(0.1)
        self.occ &= ~bit(parse(sq))
        self.s.on_board(self.occ, self.t)
        self.events += self.s.drain()

    def place(self, sq: str) -> None:
        self.advance(0.1)
        self.occ |= bit(parse(sq))
        self.s.on_board(self.occ, self.t)
        self.events += self.s.drain()

    def move(self, a: str, b: str) -> None:
        self.lift(a)
        self.place(b)
        self.advance(2.0)

    def committed(self) -> list[str]:
        return [e.move for e in self.events if isinstance(e, ev.Committed)]

    def of(self, kind: type) -> list:
        return [e for e in self.events if isinstance(e, kind)]


def jumps(**kw: object) -> Session:
    return new_session(Jumps(), seed=1, **kw)  # type: ignore[arg-type]


def place_answering(table: Table, sq: str, kind: str) -> None:
    table.place(sq)
    table.advance(2.0)
    if table.s.prompt:
        table.s.answer(f"{kind}@{sq}", table.t)
        table.events += table.s.drain()


def test_placements_with_prompts_then_steps_and_a_jump_with_its_chore() -> None:
    table = Table(jumps())
    for sq, kind in [("a1", "A"), ("a2", "A"), ("b1", "B"), ("b3", "B"), ("c1", "A"), ("c2", "A"), ("d1", "B")]:
        place_answering(table, sq, kind)
    table.place("d4")  # South's last piece: only a Bell is left, no prompt
    table.advance(2.0)
    assert len(table.of(ev.Prompted)) == 6  # the last placement of each side has one kind left
    assert table.committed()[-1] == "B@d4"
    table.move("a1", "a3")  # North jumps a2: the victim is still on the board
    assert table.committed()[-1] == "a1xa3"
    assert table.s.recognizer.mode is Mode.CHORES
    chore = table.of(ev.ChoresAsked)[-1]
    assert chore.empty == bit(parse("a2"))
    table.lift("a2")
    assert table.of(ev.ChoresFinished)
    assert table.s.recognizer.mode is Mode.TURN and table.s.state.to_move == 1


def test_a_prompt_is_answered_by_text_or_index_and_bad_answers_are_refused() -> None:
    table = Table(jumps())
    table.place("b2")
    table.advance(2.0)
    assert [o[0] for o in table.of(ev.Prompted)[0].options] == ["A@b2", "B@b2"]
    with pytest.raises(SessionError):
        table.s.answer(5, table.t)
    with pytest.raises(SessionError):
        table.s.answer("A@c3", table.t)
    table.s.answer(1, table.t)
    assert table.s.history[-1].text == "B@b2"


def test_a_page_move_is_guided_onto_the_board_and_undo_guides_it_back() -> None:
    table = Table(jumps())
    table.s.play_text("A@c3", table.t)
    table.events += table.s.drain()
    assert table.s.recognizer.mode is Mode.CHORES
    assert table.of(ev.ChoresAsked)[-1].fill == bit(parse("c3"))
    table.place("c3")
    assert table.of(ev.ChoresFinished) and table.s.state.to_move == 1
    table.s.undo(table.t)
    table.events += table.s.drain()
    assert table.of(ev.TakenBack)[-1].moves == ("A@c3",)
    assert table.s.recognizer.mode is Mode.CHORES and table.s.recognizer.expected == 0
    table.lift("c3")
    assert table.s.state.to_move == 0 and table.s.recognizer.mode is Mode.TURN
    with pytest.raises(SessionError):
        table.s.undo(table.t)


def test_bad_page_moves_raise_readable_errors_and_change_nothing() -> None:
    table = Table(jumps())
    with pytest.raises(InvalidMoveError):
        table.s.play_text("hello", table.t)
    with pytest.raises(IllegalMoveError):
        table.s.play_text("a1-a2", table.t)
    with pytest.raises(IllegalMoveError):
        table.s.play_text("A@a1", table.t, seat=1)  # not seat 1's turn
    assert table.s.history == []


def test_putting_an_earlier_position_back_on_the_board_takes_the_move_back() -> None:
    table = Table(jumps())
    place_answering(table, "a1", "A")
    table.lift("a1")
    table.advance(2.0)
    assert table.of(ev.TakenBack) and table.s.history == [] and table.s.state.to_move == 0


def test_a_computer_seat_moves_after_thinking_and_the_board_is_guided() -> None:
    table = Table(jumps(seat_kinds=[SeatKind.BOARD, SeatKind.COMPUTER]))
    place_answering(table, "a1", "A")
    assert table.s.thinking()
    table.advance(SessionSettings().computer_delay + 0.01)
    last = table.events[-1]
    assert table.s.history[-1].source == "computer" and not table.s.thinking()
    assert table.s.recognizer.mode is Mode.CHORES
    chore = table.of(ev.ChoresAsked)[-1]
    assert bin(chore.fill).count("1") == 1, last
    sq = chore.fill.bit_length() - 1
    table.advance(0.1)
    table.occ |= 1 << sq
    table.s.on_board(table.occ, table.t)
    table.events += table.s.drain()
    assert table.s.state.to_move == 0 and table.s.recognizer.mode is Mode.TURN


def test_a_computer_seat_declares_the_row_of_five_it_completes() -> None:
    """Declaring is a move out of turn, right after the seat's own: the computer makes it at once, as a player
    would on the page, or its rows would never score."""
    state, _ = first("politrics", completes_a_safe_row, target=100)
    seat = state.to_move
    assert isinstance(seat, int)
    kinds = [SeatKind.BOARD, SeatKind.BOARD]
    kinds[seat] = SeatKind.COMPUTER
    table = Table(Session(state.game, state, seat_kinds=kinds))
    table.advance(SessionSettings().computer_delay + 0.01)
    made = [(ply.source, ply.text.split()[0]) for ply in table.s.history]
    assert made == [("computer", made[0][1]), ("computer", "declare")] and table.s.history[0].seat == seat
    ended = table.s.state
    assert isinstance(ended, PolitricsState)
    assert ended.boards[-1].reason == "row" and ended.boards[-1].winner == seat


def test_a_declaration_is_stored_as_its_declarers_and_the_game_resumes(tmp_path: Path) -> None:
    """A move out of turn is the declarer's, not the seat's to move: stored as the other seat's it could not be read
    back, and the game would not resume."""
    state, _ = first("politrics", completes_a_safe_row, target=100)
    seat = state.to_move
    assert isinstance(seat, int)
    kinds = [SeatKind.BOARD, SeatKind.BOARD]
    kinds[seat] = SeatKind.COMPUTER
    store = GameStore(tmp_path / "games.sqlite")
    game_id, _ = record_game(store, state.game, state, 0, {"target": 100}, ["board", "board"])
    table = Table(Session(state.game, state, seat_kinds=kinds, store=store, game_id=game_id))
    table.advance(SessionSettings().computer_delay + 0.01)
    assert [m.seat for m in store.moves(game_id)] == [seat, seat]
    again = resume_session(GameStore(tmp_path / "games.sqlite"))
    assert again is not None and again.state == table.s.state and len(again.history) == 2


def test_dice_roll_by_themselves_or_are_entered() -> None:
    table = Table(new_session(Race(), seed=5))
    assert table.s.history[0].source == "dice" and table.s.state.to_move == 0
    manual = Table(new_session(Race(), seed=5, settings=SessionSettings(dice=Dice.MANUAL)))
    assert manual.s.history == []
    with pytest.raises(IllegalMoveError):
        manual.s.play_text("roll 7", manual.t)
    manual.s.play_text("roll 3", manual.t)
    assert manual.s.state.to_move == 0 and manual.s.history[-1].text == "roll 3"


def test_secret_orders_adjudicate_then_the_board_carries_out_the_result() -> None:
    table = Table(new_session(Standoff(), seed=1))
    table.s.submit_orders(0, ["b1-c1"], table.t)
    assert table.s.state.waiting_for() == frozenset({1})
    assert table.s.recognizer.mode is not Mode.CHORES  # nothing moves before everyone's orders are in
    table.s.submit_orders(1, [], table.t)
    table.events += table.s.drain()
    assert table.s.recognizer.mode is Mode.CHORES
    table.move("b1", "c1")
    assert table.of(ev.ChoresFinished)
    with pytest.raises(IllegalMoveError):
        table.s.submit_orders(0, ["a1-b1", "a1-b1"], table.t)


def test_losing_the_link_pauses_and_the_snapshot_resumes() -> None:
    table = Table(jumps())
    table.s.on_link(False, table.t, "unplugged")
    table.occ |= bit(parse("c3"))
    table.s.on_board(table.occ, table.t)  # ignored while paused
    assert table.s.history == []
    table.s.on_link(True, table.t + 1, occupancy=table.occ)
    table.t += 1
    table.advance(2.0)
    assert [type(e) for e in table.of(ev.LinkPaused)] and table.of(ev.LinkResumed)
    assert table.of(ev.Prompted)


def test_every_move_is_stored_and_the_game_resumes_from_the_store(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    table = Table(jumps(store=store))
    place_answering(table, "a1", "A")
    place_answering(table, "b2", "B")
    game_id = table.s.game_id
    assert game_id is not None
    assert [m.text for m in store.moves(game_id)] == ["A@a1", "B@b2"]
    again = resume_session(GameStore(tmp_path / "games.sqlite"), registry=WITH_TOYS)
    assert again is not None and again.state == table.s.state and len(again.history) == 2
    assert again.history[1].move is not None and str(again.history[1].move) == "B@b2"
    # The games file keeps where a ply came from as text; read back it is the same member again.
    assert [p.source for p in again.history] == [p.source for p in table.s.history]
    assert all(p.source is Source.BOARD for p in again.history)
    exported = store.export(game_id)
    assert [m["text"] for m in exported["moves"]] == ["A@a1", "B@b2"]
    assert resume_session(store, game="race", registry=WITH_TOYS) is None


def test_undo_forgets_the_stored_move(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    table = Table(jumps(store=store))
    place_answering(table, "a1", "A")
    table.s.undo(table.t)
    assert table.s.game_id is not None and store.moves(table.s.game_id) == []


def test_the_hosts_timer_closes_a_phase_of_orders() -> None:
    table = Table(new_session(Standoff(), seed=1, settings=SessionSettings(order_time=30.0)))
    table.s.submit_orders(0, ["b1-c1"], table.t)
    table.advance(29.0)
    assert table.s.state.waiting_for() == frozenset({1})
    table.advance(2.0)
    assert [p.source for p in table.s.history] == ["phone", "timer"]
    assert table.s.recognizer.mode is Mode.CHORES  # adjudicated; the board now carries it out
    table.move("b1", "c1")
    assert table.s.orders_due is not None and table.s.orders_due > table.t  # the next phase's own timer
    with pytest.raises(SessionError):  # a phase of secret orders: moves are not typed on the page
        table.s.play_text("b1-c1", table.t)


@pytest.mark.parametrize("last", [0, 1])
def test_a_phase_of_orders_that_awaits_fewer_seats_gets_its_own_timer(last: int) -> None:
    """The next phase may await only the seat that closed the last one: it is still a new phase, with a fresh
    timer, whatever seats it awaits."""
    game = Standoff()
    settings = SessionSettings(order_time=30.0)
    table = Table(new_session(game, seed=1, options={"lone": True}, settings=settings))
    first = table.s.orders_due
    assert first is not None
    table.s.submit_orders(1 - last, [], table.t)
    table.advance(20.0)
    closed = table.t
    table.s.submit_orders(last, [], table.t)
    table.advance(2.0)
    assert table.s.state.waiting_for() == frozenset({0})
    assert table.s.orders_due == closed + 30.0
    table.advance(27.0)
    assert [p.source for p in table.s.history] == ["phone", "phone"]  # West still has time for the lone round


def test_agora_history_lists_shows_exports_and_replays_a_stored_game(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    store = GameStore(tmp_path / "games.sqlite")
    from controller.games import load

    session = new_session(load("politrics"), seed=2, store=store)
    table = Table(session)
    for sq, text in [("e5", "V55"), ("d5", "M45"), ("c3", "D33")]:
        table.place(sq)
        table.advance(2.0)
        table.s.answer(text, table.t)
    store.close()

    def agora(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "controller", "history", *args, "--db", str(tmp_path / "games.sqlite")],
            capture_output=True,
            text=True,
            timeout=60,
        )

    listed = agora("list")
    assert listed.returncode == 0 and "politrics" in listed.stdout and "3 moves" in listed.stdout
    exported = json.loads(agora("export", "1").stdout)
    assert [m["text"] for m in exported["moves"]] == ["V55", "M45", "D33"]
    replayed = agora("replay", "1")
    assert replayed.returncode == 0, replayed.stderr
    assert "Dark places a Voter on 55" in replayed.stdout
    assert agora("show", "7").returncode == 1 and "no game 7" in agora("show", "7").stderr
    assert agora("export").returncode == 2
    # A stored position that no longer follows from the moves is caught.
    db = GameStore(tmp_path / "games.sqlite")
    db.db.execute("UPDATE moves SET text = 'D34' WHERE ply = 2")
    db.close()
    broken = agora("replay", "1")
    assert broken.returncode == 1 and "differs" in broken.stderr
