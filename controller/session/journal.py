"""Where a session writes its moves: any `Journal`. `GameStore` is one that writes before it returns; `StoreWorker`
writes on a thread of its own, so the controller's loop never waits on the disk (an SD card's sync, a file another
program locked, a full disk). It retries a failed write with back-off, in order, and never drops one: the session
confirms a move on the LEDs, and the page's request is answered, only once the move is stored.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import queue
import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from controller.errors import StoreError
from controller.store import GameStore

BACKOFF = (0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)  # seconds between tries of a failing write; the last one repeats


class Journal(Protocol):
    def append(self, game_id: int, ply: int, text: str, seat: int | None, source: str, state: dict[str, Any]) -> None:
        """Store a move (now, or soon: see `pending`)."""

    def truncate(self, game_id: int, plies: int) -> None: ...

    def finish(self, game_id: int, outcome: dict[str, Any]) -> None: ...

    def abandon(self, game_id: int) -> None: ...

    def pending(self) -> int:
        """Writes handed in and not yet stored."""


Write = Callable[[GameStore], None]
T = TypeVar("T")


class StoreWorker:
    """The games file's writer thread. `notify` is called (from that thread) whenever a write is stored or the
    file's health changes; the controller turns it into an event of its loop."""

    def __init__(
        self, store: GameStore, backoff: Sequence[float] = BACKOFF, notify: Callable[[], None] | None = None
    ) -> None:
        self.store = store
        self.backoff = tuple(backoff) or (0.0,)
        self.notify = notify
        self.error: str | None = None  # the message of the write that is failing now, if one is
        self.failures = 0  # failed tries since the start (for `agora doctor` and the fault measurements)
        self._jobs: queue.Queue[tuple[Write, concurrent.futures.Future[None]] | None] = queue.Queue()
        self._lock = threading.Lock()
        self._pending = 0
        self._last: concurrent.futures.Future[None] | None = None
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="agora-store", daemon=True)
        self._thread.start()

    # ---- the Journal ---------------------------------------------------------------------------------------
    def append(self, game_id: int, ply: int, text: str, seat: int | None, source: str, state: dict[str, Any]) -> None:
        self.submit(lambda s: s.append(game_id, ply, text, seat, source, state))

    def truncate(self, game_id: int, plies: int) -> None:
        self.submit(lambda s: s.truncate(game_id, plies))

    def finish(self, game_id: int, outcome: dict[str, Any]) -> None:
        self.submit(lambda s: s.finish(game_id, outcome))

    def abandon(self, game_id: int) -> None:
        self.submit(lambda s: s.abandon(game_id))

    def pending(self) -> int:
        with self._lock:
            return self._pending

    # ---- the rest --------------------------------------------------------------------------------------------
    def submit(self, write: Write) -> concurrent.futures.Future[None]:
        done: concurrent.futures.Future[None] = concurrent.futures.Future()
        with self._lock:
            self._pending += 1
            self._last = done
        self._jobs.put((write, done))
        return done

    def run(self, fn: Callable[[GameStore], T], timeout: float = 2.0) -> T:
        """Run `fn` on the writer thread after the writes handed in so far, and wait for its result: for the rare
        write whose answer is needed at once (a new game's number). Not retried: its StoreError comes back here."""
        result: concurrent.futures.Future[T] = concurrent.futures.Future()

        def job(store: GameStore) -> None:
            try:
                result.set_result(fn(store))
            except Exception as exc:
                result.set_exception(exc)

        self.submit(job)
        try:
            return result.result(timeout)
        except concurrent.futures.TimeoutError:
            raise StoreError(f"the games file {self.store.path} did not answer in time: try again") from None

    def last_write(self) -> concurrent.futures.Future[None] | None:
        with self._lock:
            return self._last

    async def flushed(self) -> None:
        """Return once every write handed in so far is stored."""
        with self._lock:
            last = self._last
        if last is not None and not last.done():
            await asyncio.wrap_future(last)

    def close(self, timeout: float = 3.0) -> int:
        """Store what is pending (for at most `timeout` seconds while the file fails) and stop; the writes lost."""
        self._jobs.put(None)
        self._thread.join(timeout)
        self._stopping.set()
        self._thread.join(1.0)
        return self.pending()

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            write, done = job
            tries = 0
            while True:
                try:
                    write(self.store)
                except Exception as exc:  # a bug must not stop the writer: it is told like a failing file
                    self.failures += 1
                    self._report(str(exc) if isinstance(exc, StoreError) else f"unexpected error: {exc!r}")
                    if self._stopping.wait(self.backoff[min(tries, len(self.backoff) - 1)]):
                        return  # closing while the file still fails: what is pending stays unstored
                    tries += 1
                    continue
                break
            with self._lock:
                self._pending -= 1
            done.set_result(None)
            self._report(None)

    def _report(self, error: str | None) -> None:
        self.error = error
        if self.notify is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody listens any more
                self.notify()
