"""The games file failing under a running game (another program locks it, the disk fills up, it turns read-only):
the loop goes on, the game waits with the reason on the page and the LEDs, a move is confirmed only once it is
stored, and everything goes through, in order, once the cause is gone."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from controller.clock import VirtualClock
from controller.games.squares import bit, parse
from controller.lights import render
from controller.lights.language import LANGUAGE, Meaning
from controller.ports import SimOptions
from controller.session.factory import new_session
from controller.session.journal import StoreWorker
from controller.session.runner import Controller
from controller.session.snapshot import snapshot
from controller.store import GameStore
from tests.boards import open_board
from tests.toys.jumps import Jumps

Fault = tuple[Callable[[GameStore, Path], object], Callable[[GameStore, object], None]]


def _lock(store: GameStore, db: Path) -> object:
    other = sqlite3.connect(db, isolation_level=None)  # another program holding the file
    other.execute("BEGIN EXCLUSIVE")
    return other


def _unlock(store: GameStore, other: object) -> None:
    assert isinstance(other, sqlite3.Connection)
    other.execute("ROLLBACK")
    other.close()


def _fill(store: GameStore, db: Path) -> object:
    """SQLite's own "database or disk is full": a size limit, and the room left taken by filler rows."""
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages + 4}")
    filler = store.create("filler", 1, 0, {}, ["board"], {})
    store.abandon(filler)
    for size in (4000, 1000, 200, 40):
        for ply in range(10_000):
            try:
                store.db.execute(
                    "INSERT INTO moves (game_id, ply, text, seat, source, state, at) VALUES (?, ?, ?, 0, 'x', '{}', 0)",
                    (filler, size * 100_000 + ply, "x" * size),
                )
            except sqlite3.OperationalError:
                break
    return None


def _unfill(store: GameStore, _: object) -> None:
    store.db.execute("PRAGMA max_page_count = 1073741823")


def _read_only(store: GameStore, db: Path) -> object:
    store.db.execute("PRAGMA query_only = ON")
    return None


def _writable(store: GameStore, _: object) -> None:
    store.db.execute("PRAGMA query_only = OFF")


FAULTS: dict[str, Fault] = {"locked": (_lock, _unlock), "full": (_fill, _unfill), "read-only": (_read_only, _writable)}


async def until(predicate: Callable[[], bool], what: str) -> None:
    """Wait for the writer thread's news (it runs on real time); generous, as CI machines are busy."""
    for _ in range(3000):
        if predicate():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


@pytest.mark.parametrize("fault", sorted(FAULTS))
async def test_a_failing_games_file_pauses_the_game_and_a_move_is_confirmed_only_once_stored(
    tmp_path: Path, fault: str
) -> None:
    make, clear = FAULTS[fault]
    db = tmp_path / "games.sqlite"
    writer = GameStore(db, busy_timeout=0.01)
    worker = StoreWorker(writer, backoff=(0.01, 0.02))
    session = new_session(Jumps(), seed=1, store=worker)
    clock = VirtualClock()
    board = await open_board("sim", clock, initial=0, sim=SimOptions(keep_frames=0))
    controller = Controller(session, board.matrix, clock, frame_rate=None, store=worker)
    task = asyncio.create_task(controller.run())
    await clock.advance(0.1)
    cause = make(writer, db)

    move = asyncio.create_task(controller.request(lambda s, t: s.play_text("A@c3", t)))
    await until(lambda: session.paused, "the game to wait for the games file")
    # The loop still answers (the page keeps its state) while the move waits to be stored.
    snap = await controller.request(lambda s, t: snapshot(s))
    assert snap["paused"] and "games file" in snap["pause_message"] and snap["moves"][-1]["move"] == "A@c3"
    assert not move.done(), "the page was told the move was made before it was stored"
    assert session.confirmed == 0 and session.unsaved == bit(parse("c3"))
    frame = render(controller.scene(), 0.0)
    paused_colour = LANGUAGE[Meaning.PAUSED][0]
    assert frame[parse("c3")] in ((0, 0, 0), tuple(int(c * 0.6) for c in paused_colour))
    assert worker.failures >= 1

    clear(writer, cause)
    await asyncio.wait_for(move, 30)
    await until(lambda: not session.paused, "the game to go on")
    assert session.confirmed == bit(parse("c3")) and session.unsaved == 0
    assert session.game_id is not None
    assert [m.text for m in GameStore(db).moves(session.game_id)] == ["A@c3"]
    # And play goes on, stored as before.
    await controller.request(lambda s, t: s.play_text("B@d4", t))
    assert [m.text for m in GameStore(db).moves(session.game_id)] == ["A@c3", "B@d4"]
    task.cancel()
    await board.aclose()
    assert worker.close() == 0
