"""Computer seats think in a worker process: the loop goes on meanwhile (the LEDs say "thinking"), the move arrives
as an input and is guided as chores, a takeback or a new game drops what was being thought about, and the worker
never outlives the controller."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
import time

from controller.clock import VirtualClock
from controller.games import load
from controller.games.squares import parse
from controller.ports import SimOptions
from controller.session import events as ev
from controller.session.core import Session
from controller.session.runner import Controller
from controller.session.seats import SeatKind
from controller.session.sources import Source
from controller.thinker import ProcessThinker
from tests.boards import open_board
from tests.toys.jumps import Jumps

HANG = 120.0  # one guard against a hang; the test waits for the event itself


async def committed(listener: asyncio.Queue[dict[str, object]]) -> dict[str, object]:
    async def wait() -> dict[str, object]:
        while True:
            message = await listener.get()
            if message.get("event") == "committed":
                return message

    return await asyncio.wait_for(wait(), HANG)


async def test_a_computer_seat_thinks_in_the_worker_and_its_move_is_guided() -> None:
    clock = VirtualClock()
    game = load("polis")
    state = game.new(2, 1)
    session = Session(game, state, seat_kinds=[SeatKind.COMPUTER, SeatKind.BOARD], levels=["easy", None])
    board = await open_board("sim", clock, initial=state.occupancy(), sim=SimOptions(keep_frames=0))
    thinker = ProcessThinker()
    controller = Controller(session, board.matrix, clock, frame_rate=None, thinker=thinker)
    listener = controller.subscribe()
    task = asyncio.create_task(controller.run())
    try:
        await clock.advance(0.1)
        assert session.thinking()  # the LEDs show the "computer thinking" meaning
        await clock.advance(1.0)  # past the pause people need to follow
        message = await committed(listener)
        assert message["source"] == "computer" and len(session.history) == 1
        ply = session.history[0]
        assert ply.source is Source.COMPUTER and ply.move in state.legal_moves(0)
        assert thinker.pid is not None and thinker.pid != os.getpid()
        assert session.computers.level(0).value == "easy" and not session.computers.busy
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await board.aclose()
    assert thinker.pid is None  # closed with the controller


def test_a_takeback_drops_the_move_being_thought_about() -> None:
    game = Jumps()
    session = Session(game, game.new(seed=0), seat_kinds=[SeatKind.BOARD, SeatKind.COMPUTER])
    session.computers.worker = True
    session.start(0, 0.0)
    session.play_text("A@a1", 0.1, seat=0)
    session.on_board(1 << parse("a1"), 0.1)  # the piece is put where the page's move says
    asks, cancelled = session.computers.drain()
    assert len(asks) == 1 and asks[0].seat == 1 and not cancelled and session.thinking()
    assert asks[0].view == session.state.view(1)
    session.undo(0.2)
    asks_after, cancelled = session.computers.drain()
    assert cancelled and asks_after == []
    session.on_thought(asks[0].ticket, "B@b2", 0.3)  # the worker's late answer to the question taken back
    assert [p.text for p in session.history] == []
    assert not any(isinstance(e, ev.Committed) and e.t >= 0.3 for e in session.drain())


def test_an_answer_before_the_pause_ends_waits_for_it_and_one_after_is_played_at_once() -> None:
    game = Jumps()
    session = Session(game, game.new(seed=0), seat_kinds=[SeatKind.BOARD, SeatKind.COMPUTER])
    session.computers.worker = True
    session.start(0, 0.0)
    session.play_text("A@a1", 0.1, seat=0)
    session.on_board(1 << parse("a1"), 0.1)  # the piece is put where the page's move says
    (ask,), _ = session.computers.drain()
    session.on_thought(ask.ticket, "B@b2", 0.2)
    assert session.history[-1].text == "A@a1" and session.thinking()
    session.tick(0.1 + session.settings.computer_delay + 0.01)
    assert session.history[-1].text == "B@b2" and session.history[-1].source is Source.COMPUTER


def test_the_worker_ends_when_the_controller_dies() -> None:
    script = textwrap.dedent(
        """
        import os, time
        from controller.games import load
        from controller.session.computer import ThinkRequest
        from controller.thinker import ProcessThinker
        thinker = ProcessThinker()
        state = load("djambi").new(4, 1)
        thinker.submit(ThinkRequest(1, "djambi", state.view(0), 0, "hard", 1))
        print(thinker.pid, flush=True)
        os._exit(0)  # killed: no clean-up of any kind
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=HANG)
    pid = int(out.stdout.split()[0])

    def gone() -> bool:
        try:
            os.kill(pid, 0)
            with open(f"/proc/{pid}/stat") as f:  # a zombie waiting for init to reap it is gone too
                return f.read().split()[2] == "Z"
        except (ProcessLookupError, FileNotFoundError):
            return True

    # Nothing announces a process's end to a stranger: look until it is gone (one guard against a hang).
    for _ in range(int(HANG / 0.05)):
        if gone():
            return
        time.sleep(0.05)
    raise AssertionError("the orphaned worker outlived the controller")


def test_seats_name_a_computers_level_and_a_resumed_game_keeps_it(tmp_path) -> None:
    from controller.commands.options import UsageError, parse_levels, parse_seats
    from controller.session.factory import new_session, resume_session
    from controller.store import GameStore

    text = "board,computer:hard"
    assert parse_seats(text, 2) == [SeatKind.BOARD, SeatKind.COMPUTER]
    assert parse_levels(text, 2) == [None, "hard"]
    for bad in ("board,computer:genius", "board:hard,computer", "board,robot"):
        try:
            parse_seats(bad, 2)
        except UsageError as exc:
            assert "seat" in str(exc) or "level" in str(exc)
        else:
            raise AssertionError(f"{bad!r} was taken")
    store = GameStore(tmp_path / "games.db")
    session = new_session("polis", seed=1, seat_kinds=parse_seats(text, 2), levels=parse_levels(text, 2), store=store)
    assert session.computers.level(1).value == "hard" and session.computers.level(0).value == "normal"
    resumed = resume_session(store)
    assert resumed is not None and resumed.computers.level(1).value == "hard"
    assert list(resumed.seat_kinds) == [SeatKind.BOARD, SeatKind.COMPUTER]


def test_a_hint_stands_until_the_position_changes_and_lights_its_squares() -> None:
    from controller.lights import render
    from controller.lights.scene import SceneInput

    game = Jumps()
    session = Session(game, game.new(seed=0), seat_kinds=[SeatKind.BOARD, SeatKind.BOARD])
    session.start(0, 0.0)
    session.request_hint(None, 0.1)
    hint = session.hint(None)
    assert hint is not None and hint["seat"] == 0 and hint["move"] in [str(m) for m in session.state.legal_moves()]
    (square,) = session.hint_squares()  # a placement: the square it goes to
    guidance = session.recognizer.guidance()
    lit = render(SceneInput(guidance=guidance, region=session.region, hint=(square,)), 0.1)
    dark = render(SceneInput(guidance=guidance, region=session.region), 0.1)
    assert lit[square] != dark[square]
    session.play_text(hint["move"], 0.2, seat=0)
    assert session.hint(None) is None and session.hint_squares() == ()


def test_computer_orders_are_asked_once_per_seat_and_last_the_phase() -> None:
    from tests.toys.standoff import Standoff

    game = Standoff()
    session = Session(game, game.new(seed=1), seat_kinds=[SeatKind.COMPUTER, SeatKind.COMPUTER])
    session.computers.worker = True
    session.start(session.state.occupancy(), 0.0)
    asks, _ = session.computers.drain()
    assert sorted(a.seat for a in asks) == [0, 1]
    first, second = sorted(asks, key=lambda a: a.seat)
    session.on_thought(first.ticket, "orders 0:", 0.1)  # seat 0 hands in: the phase goes on
    assert session.computers.drain()[0] == []  # seat 1 is not asked again
    session.on_thought(second.ticket, "orders 1:", 0.2)  # its answer, thought about before seat 0's, still counts
    assert [p.seat for p in session.history if p.source is Source.COMPUTER] == [0, 1]
