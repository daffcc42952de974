"""Measure the games file's faults under a running controller on the real clock (`make store-faults`): for each
fault (locked by another program, full, read-only, a damaged file under a running game) moves are made while the
fault lasts and after it is cleared; the loop's longest stall is measured by a task that asks to wake every
millisecond. Prints, per fault: crashes, tracebacks logged, moves lost, the longest stall.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import tempfile
import time
from pathlib import Path

from controller.clock import SystemClock
from controller.ports import SimOptions
from controller.session.core import Session
from controller.session.factory import new_session
from controller.session.journal import StoreWorker
from controller.session.runner import Controller
from controller.store import GameStore
from tests.boards import open_board
from tests.store.test_faults import FAULTS
from tests.toys.jumps import Jumps

MOVES = 6  # moves made: three while the fault lasts, three after


def first_legal(session: Session, t: float) -> None:
    session.play_text(str(session.state.legal_moves()[0]), t)


class Tracebacks(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.count += 1


async def stall_meter(stop: asyncio.Event, worst: list[float]) -> None:
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.001)
        worst[0] = max(worst[0], time.perf_counter() - before - 0.001)


def _nothing(store: GameStore, db: Path) -> object:
    return None


def _nothing_to_clear(store: GameStore, cause: object) -> None:
    pass


# The same run with no fault: on a busy machine the loop stalls anyway when the scheduler runs others; this row
# shows how much of a stall is the machine's, not the games file's.
RUNS = {"no fault": (_nothing, _nothing_to_clear), **FAULTS}


async def measure(fault: str, tmp: Path) -> dict[str, float]:
    make, clear = RUNS[fault]
    db = tmp / f"{fault.replace(' ', '-')}.sqlite"
    writer = GameStore(db)
    worker = StoreWorker(writer)
    session = new_session(Jumps(), seed=1, store=worker)
    clock = SystemClock()
    board = await open_board("sim", clock, initial=0, sim=SimOptions(keep_frames=0))
    controller = Controller(session, board.matrix, clock, frame_rate=30.0, store=worker)
    task = asyncio.create_task(controller.run())
    await asyncio.sleep(0.2)
    cause = make(writer, db)  # setting the fault up is not the board's work: measured from here on
    worst = [0.0]
    stop = asyncio.Event()
    meter = asyncio.create_task(stall_meter(stop, worst))
    pending = [asyncio.create_task(controller.request(first_legal)) for _ in range(3)]
    await asyncio.sleep(1.5)  # the fault lasts: writes fail and are retried, the game waits
    paused = session.paused or fault == "no fault"
    clear(writer, cause)
    await asyncio.wait_for(asyncio.gather(*pending), 60)
    for _ in range(MOVES - 3):
        await controller.request(first_legal)
    stop.set()
    await meter
    stored = [r.text for r in GameStore(db).moves(session.game_id or 0)]
    crashed = task.done()
    task.cancel()
    await board.aclose()
    worker.close()
    return {
        "crashes": float(crashed),
        "paused while failing": float(paused),
        "moves lost": float(MOVES - len(stored)),
        "longest stall ms": worst[0] * 1000,
    }


async def main() -> int:
    tracebacks = Tracebacks()
    logging.getLogger().addHandler(tracebacks)
    bad = 0
    baseline = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for fault in RUNS:
            result = await measure(fault, Path(tmp))
            print(f"{fault:>10}: " + ", ".join(f"{k} {v:.1f}" for k, v in result.items()))
            stall = result["longest stall ms"]
            if fault == "no fault":
                baseline = stall
            # Over 50 ms and well over what the machine itself causes with no fault: the games file's doing.
            slow = stall > 50 and stall > 2 * baseline
            bad += int(result["crashes"] or result["moves lost"] or not result["paused while failing"] or slow)
    print(f"tracebacks logged: {tracebacks.count}")
    return 1 if bad or tracebacks.count else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
