"""The controller's one asyncio loop: board events and page requests arrive on one queue and are handed to the
session in order; the render loop (controller.session.render) turns the session into LED frames; listeners (the web
page) get every change.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any, TextIO, TypeVar, overload

from controller import heap
from controller.errors import GameError, SessionError
from controller.lights import SceneInput
from controller.ports import (
    BoardEvent,
    Buttons,
    Clock,
    Frame,
    LinkLost,
    LinkRestored,
    OccupancyChanged,
    PixelStrip,
    SquaresUntrusted,
    SwitchMatrix,
)
from controller.session.core import Session
from controller.session.events import Event
from controller.session.journal import StoreWorker
from controller.session.pauses import PauseCause
from controller.session.record import SensorRecord
from controller.session.render import FAULT_QUIET, Renderer, scene_of
from controller.session.seats import SeatKind
from controller.session.thinking import Thinker
from controller.values import dataclass

T = TypeVar("T")
log = logging.getLogger("agora.controller")


@dataclass
class _Request:
    fn: Callable[[Session, float], Any]
    done: asyncio.Future[Any]
    then: Callable[[Session, float], Any] | None = None  # the answer, read once the turn `fn` began has started


@dataclass
class _StoreNews:
    """The games file's writer stored something or changed health."""


class Controller:
    """Owns the session and wires it to a board, its LEDs, a clock and any number of listeners."""

    def __init__(
        self,
        session: Session,
        matrix: SwitchMatrix,
        clock: Clock,
        strip: PixelStrip | None = None,
        frame_rate: float | None = 30.0,
        record: TextIO | None = None,
        buttons: Buttons | None = None,
        sim: bool = False,
        pin_required: bool = False,
        store: StoreWorker | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        self._session = session
        self._thinker = thinker
        self._matrix = matrix
        self._clock = clock
        self._frame_rate = frame_rate
        self._record = SensorRecord(record)
        self._buttons = buttons
        self._store = store
        self._inbox: asyncio.Queue[BoardEvent | _Request | _StoreNews] = asyncio.Queue()
        self._listeners: set[asyncio.Queue[dict[str, Any]]] = set()
        self._version = 0  # bumps on every change the page should redraw for
        self._tasks: list[asyncio.Task[None]] = []
        self._sim = sim  # the page may move the simulated board's pieces
        self._pin_required = pin_required  # admin actions need the PIN (serving beyond loopback)
        self._faults = 0
        self._quiet_until = -1e9
        self._preparing = False  # slices of the turn index were built since the last quiet moment
        self._replies: list[_Request] = []  # requests handled whose answer (`then`) is still to be read
        # The scene is looked up at every frame, so whatever stands in for `scene` is what is drawn.
        self._renderer = Renderer(
            lambda: self.scene(),  # noqa: PLW0108
            clock,
            strip,
            self._broadcast,
            self._fault,
            busy=lambda: self._session.starting(),  # noqa: PLW0108 (the session being played at the time)
        )

    # ---- what the page reads ---------------------------------------------------------------------------------
    @property
    def session(self) -> Session:
        """The session being played; `replace` switches to another."""
        return self._session

    @property
    def matrix(self) -> SwitchMatrix:
        return self._matrix

    @property
    def clock(self) -> Clock:
        return self._clock

    @property
    def frame(self) -> Frame:
        """The LED frame shown last."""
        return self._renderer.frame

    @property
    def version(self) -> int:
        """Bumps on every change the page should redraw for."""
        return self._version

    @property
    def sim(self) -> bool:
        """The page may move the simulated board's pieces."""
        return self._sim

    @property
    def pin_required(self) -> bool:
        """Admin actions need the PIN (the board serves beyond loopback)."""
        return self._pin_required

    @property
    def faults(self) -> int:
        """Unexpected errors the loop caught (each paused the game)."""
        return self._faults

    # ---- running ---------------------------------------------------------------------------------------------
    async def run(self) -> None:
        """Start the session on the board as it stands, then run until cancelled."""
        self._record.write({"t": round(self._clock.now(), 4), "start": self._session.state.to_json()})
        if self._store is not None:
            loop = asyncio.get_running_loop()

            def news() -> None:
                loop.call_soon_threadsafe(self._inbox.put_nowait, _StoreNews())

            self._store.notify = news
        if self._thinker is not None:
            self._thinker.attach(asyncio.get_running_loop(), self._thought)
            self._session.computers.worker = True
            if SeatKind.COMPUTER in self._session.seat_kinds:
                self._thinker.warm()
        self._session.start(self._matrix.scan(), self._clock.now())
        self._publish(self._session.drain())
        self._ask_thinker()
        self._tasks = [asyncio.create_task(self._read_board(), name="board")]
        if self._frame_rate:
            self._tasks.append(asyncio.create_task(self._renderer.run(1.0 / self._frame_rate), name="render"))
        else:
            self._renderer.live.set()
        if self._buttons is not None:
            self._tasks.append(asyncio.create_task(self._read_buttons(self._buttons), name="buttons"))
        try:
            await self._main_loop()
        finally:
            if self._thinker is not None:
                self._thinker.close()
            for task in self._tasks:
                task.cancel()
            for task in self._tasks:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def live(self) -> None:
        """Wait until the board is live: the session started on the sensors' reading and the LEDs showing it."""
        await self._renderer.live.wait()

    @overload
    async def request(self, fn: Callable[[Session, float], T]) -> T: ...
    @overload
    async def request(self, fn: Callable[[Session, float], object], then: Callable[[Session, float], T]) -> T: ...
    async def request(
        self, fn: Callable[[Session, float], Any], then: Callable[[Session, float], Any] | None = None
    ) -> Any:
        """Run `fn(session, now)` inside the loop, in order with the board's events; its exception is raised here.
        Its result is returned, or with `then`, `then(session, now)`'s: read in a callback of its own once the turn
        `fn` may have begun has started (a page's snapshot after its move), before the loop takes the next input.

        A request that wrote to the games file returns once that is stored: an answer acknowledges a stored move."""
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        before = None if self._store is None else self._store.last_write()
        await self._inbox.put(_Request(fn, fut, then))
        result = await fut
        if self._store is not None and self._store.last_write() is not before:
            await self._store.flushed()
        return result

    def replace(self, session: Session, now: float) -> None:
        """Switch to another session (a new game), in the loop; the LEDs guide the board to its position."""
        self._session.computers.cancel()
        session.take_over(self._session)
        self._session = session
        if self._thinker is not None:
            session.computers.worker = True
        session.start(self._matrix.scan(), now)
        self._publish(session.drain())
        self._ask_thinker()
        self._version += 1
        self._renderer.redraw()  # drawn once the turn's start is worked out (`_begin`)

    def subscribe(self) -> asyncio.Queue[dict[str, Any]]:
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=256)
        self._listeners.add(q)
        return q

    def unsubscribe(self, q: asyncio.Queue[dict[str, Any]]) -> None:
        self._listeners.discard(q)

    # ---- the loops -------------------------------------------------------------------------------------------
    async def _read_board(self) -> None:
        while True:
            try:
                events: AsyncIterator[BoardEvent] = self._matrix.events()
                async for event in events:
                    await self._inbox.put(event)
                return
            except Exception as exc:  # the sensors' reader failed: say so, and read them again after a moment
                self._fault("reading the board", exc)
                await self._clock.sleep(FAULT_QUIET)

    async def _read_buttons(self, buttons: Buttons) -> None:
        async for press in buttons.events():
            button, held = press.button, press.held

            def act(session: Session, now: float, button: str = button, held: bool = held) -> None:
                with contextlib.suppress(GameError, SessionError):  # nothing to undo or hint: the button does nothing
                    session.button(button, now, held)
                    self.record_action({"button": button, "held": True} if held else {"button": button})

            await self._inbox.put(_Request(act, asyncio.get_running_loop().create_future()))

    async def _next(self, wait: float | None) -> BoardEvent | _Request | _StoreNews | None:
        if not self._inbox.empty():
            return self._inbox.get_nowait()
        getter = asyncio.ensure_future(self._inbox.get())
        waiters: set[asyncio.Future[Any]] = {getter}
        sleeper = None
        if wait is not None:
            sleeper = asyncio.ensure_future(self._clock.sleep(wait))
            waiters.add(sleeper)
        try:
            done, _ = await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if sleeper is not None and not sleeper.done():
                sleeper.cancel()
        if getter in done:
            return getter.result()
        getter.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await getter
        # A cancelled get() may still have taken an item just before the cancellation landed.
        if getter.done() and not getter.cancelled():
            return getter.result()
        return None

    async def _main_loop(self) -> None:
        while True:
            await self._idle()
            try:
                deadline = self._session.deadline()
            except Exception as exc:
                self._fault("reading the session's timers", exc)
                deadline = None
            now = self._clock.now()
            wait = None if deadline is None else max(0.0, deadline - now, self._quiet_until - now)
            item = await self._next(wait)
            self._dispatch(item, self._clock.now())
            try:
                self._publish(self._session.drain())
            except Exception as exc:
                self._fault("telling the pages", exc)
            try:
                self._ask_thinker()
            except Exception as exc:
                self._fault("asking the computer player", exc)
            await self._begin()
            await self._reply()
            self._renderer.redraw()
            # Each input, and each slice of idle work, in a callback of its own: one callback never handles two.
            await asyncio.sleep(0)

    async def _begin(self) -> None:
        """A turn that just began has its start worked out (its moves, their outlines, the near misses: the bulk
        of a turn's start), each step in a callback of its own, before anything else is handed to the session or
        the LEDs are drawn: whatever comes next needs it, and the move's commit and the next turn's start are then
        no single pause of the loop."""
        try:
            while self._session.starting():
                await asyncio.sleep(0)
                self._session.prepare()
                heap.grown()
        except Exception as exc:
            self._fault("starting the turn", exc)

    async def _idle(self) -> None:
        """While nothing is waiting: the work nothing needs yet (the rest of the turn index), one short slice at a
        time, each followed by whatever came in meanwhile."""
        if self._session.starting():  # a turn that began with no input to hand over (the loop's own start)
            await self._begin()
            self._renderer.redraw()
        try:
            while self._inbox.empty():
                if not self._session.prepare():
                    if self._preparing:
                        self._preparing = False
                        heap.quiet()
                    return
                self._preparing = True
                heap.grown()
                await asyncio.sleep(0)  # let the board's readers and the page put in what they have
        except Exception as exc:
            self._fault("preparing the turn", exc)

    async def _reply(self) -> None:
        """The answers of the requests just handled, each read in a callback of its own."""
        while self._replies:
            item = self._replies.pop(0)
            assert item.then is not None
            await asyncio.sleep(0)
            try:
                result = item.then(self._session, self._clock.now())
            except Exception as exc:
                if not item.done.done():
                    item.done.set_exception(exc)
                self._fault("answering a request from the page", exc)
                continue
            if not item.done.done():
                item.done.set_result(result)

    def _ask_thinker(self) -> None:
        """Send the computer seats' questions to the worker (cancelling what it thinks about first, if asked)."""
        asks, cancelled = self._session.computers.drain()
        if self._thinker is None:
            return
        if cancelled:
            self._thinker.cancel()
        for ask in asks:
            self._thinker.submit(ask)

    def _thought(self, ticket: int, text: str | None) -> None:
        """A worker's answer, handed to the session in order with everything else."""

        def answer(session: Session, now: float) -> None:
            session.on_thought(ticket, text, now)

        self._inbox.put_nowait(_Request(answer, asyncio.get_running_loop().create_future()))

    def _dispatch(self, item: BoardEvent | _Request | _StoreNews | None, now: float) -> None:
        """Hand one input to the session. Nothing raised here ends the loop: an unexpected error pauses the game
        with its message, and the next input that goes through lets it go on (what is stored stays stored)."""
        what = "a timer"
        try:
            if isinstance(item, _Request):
                what = "a request from the page"
                try:
                    result = item.fn(self._session, now)
                except (GameError, SessionError) as exc:  # the request's own error goes back to whoever asked
                    if not item.done.done():
                        item.done.set_exception(exc)
                    return
                except Exception as exc:
                    if not item.done.done():
                        item.done.set_exception(exc)
                    raise
                if item.then is not None:
                    self._replies.append(item)
                elif not item.done.done():
                    item.done.set_result(result)
            elif isinstance(item, _StoreNews):
                what = "news from the games file"
                self._session.on_store(None if self._store is None else self._store.error, now)
            elif item is not None:
                what = "a board event"
                self._board_event(item, now)
            what = "a timer"
            self._session.tick(self._clock.now())
            if item is not None and not isinstance(item, _StoreNews) and self._session.paused_for(PauseCause.FAULT):
                what = "the board after an error"
                self._session.unpause(PauseCause.FAULT, now)
        except Exception as exc:
            self._fault(what, exc)

    def _fault(self, what: str, exc: Exception) -> None:
        # A timer that fails every time it is due must not spin the loop: its next try waits a moment.
        self._quiet_until = self._clock.now() + FAULT_QUIET
        self._faults += 1
        log.error("unexpected error while handling %s", what, exc_info=exc)
        with contextlib.suppress(Exception):
            self._session.pause(
                PauseCause.FAULT,
                f"the board hit an unexpected error ({exc!r}) while handling {what}: the game waits; play on, "
                "or restart the board if this stays",
                self._clock.now(),
            )

    def _board_event(self, event: BoardEvent, now: float) -> None:
        if isinstance(event, OccupancyChanged):
            self._record.occupancy(event.occupancy, now)
            self._session.on_board(event.occupancy, now)
        elif isinstance(event, LinkLost):
            self._session.on_link(False, now, event.message)
        elif isinstance(event, LinkRestored):
            self._record.occupancy(event.occupancy, now)
            self._session.on_link(True, now, occupancy=event.occupancy)
        elif isinstance(event, SquaresUntrusted):
            self._session.on_untrusted(event.squares, event.reason, now)
        self._version += 1
        # The page draws the magnets as they stand, even when the change is not (yet) an event of the game.
        self._broadcast({"type": "changed", "version": self._version})

    def record_action(self, action: dict[str, Any]) -> None:
        """Write a page action (an answer, a move, an undo, orders) into the record, so a replay repeats it."""
        self._record.write({"t": round(self._clock.now(), 4), **action})

    def scene(self) -> SceneInput:
        """What the LEDs are drawn from now, besides time."""
        return scene_of(self._session)

    def _publish(self, events: list[Event]) -> None:
        if not events:
            return
        self._version += 1
        for e in events:
            self._broadcast({"type": "event", **e.to_json()})
        self._broadcast({"type": "changed", "version": self._version})

    def _broadcast(self, message: dict[str, Any]) -> None:
        for q in list(self._listeners):
            if q.full():
                # A client too slow to keep up gets a fresh snapshot when it catches up instead of a backlog.
                with contextlib.suppress(asyncio.QueueEmpty):
                    while not q.empty():
                        q.get_nowait()
                q.put_nowait({"type": "changed", "version": self._version})
            q.put_nowait(message)
