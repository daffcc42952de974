"""Computer seats think in a worker process, never in the controller's loop.

One process, started when a computer seat first thinks, takes `ThinkRequest`s on a pipe and answers each with the
move's text on another pipe, which the loop watches (`add_reader`: the answer is handled in the loop, never on a
stray thread). A takeback, an undo or a new game bumps a shared generation number: the search in progress checks it
and stops, and questions still queued are dropped. The worker ends when the controller closes it, and on its own
when the controller's end of the pipe closes or the controller process is gone (it never outlives it).

Nothing of multiprocessing nor of the search is loaded until a computer first thinks: a board without computer seats
comes live without them (some 40 ms here, a third of a second on a Raspberry Pi Zero 2 W)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from controller.games import load
from controller.session.computer import ThinkRequest

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.sharedctypes import Synchronized

log = logging.getLogger("agora.thinker")
Deliver = Callable[[int, str | None], None]


def _work(jobs: Connection, answers: Connection, generation: Synchronized[int], parent: int) -> None:
    from controller.ai import think

    while True:
        try:
            ticket, game, view, seat, level, seed, asked_in = jobs.recv()
        except (EOFError, OSError):
            return

        def cancelled(asked_in: int = asked_in) -> bool:
            return generation.value != asked_in or os.getppid() != parent

        if cancelled():
            continue
        try:
            text: str | None = str(think(load(game), view, seat, level=level, seed=seed, cancelled=cancelled).move)
        except Exception:
            log.exception("the computer player failed to think")
            text = None
        if cancelled():
            continue
        try:
            answers.send((ticket, text))
        except (BrokenPipeError, OSError):
            return


class ProcessThinker:
    """The worker process and its two pipes; `deliver(ticket, text)` runs in the loop for every answer."""

    def __init__(self) -> None:
        self._cancels = 0  # the generation: bumped by every cancel, shared with the worker once there is one
        self._generation: Synchronized[int] | None = None
        self._process: Any = None
        self._jobs: Connection | None = None
        self._answers: Connection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._deliver: Deliver | None = None

    def attach(self, loop: asyncio.AbstractEventLoop, deliver: Deliver) -> None:
        self._loop, self._deliver = loop, deliver

    def _start(self) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        if self._generation is None:
            self._generation = context.Value("q", self._cancels)
        jobs_out, jobs_in = context.Pipe(duplex=False)
        answers_out, answers_in = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_work,
            args=(jobs_out, answers_in, self._generation, os.getpid()),
            name="agora-thinker",
            daemon=True,
        )
        self._process.start()
        jobs_out.close()
        answers_in.close()
        self._jobs, self._answers = jobs_in, answers_out
        if self._loop is not None:
            self._loop.add_reader(answers_out.fileno(), self._read)

    def _read(self) -> None:
        answers = self._answers
        if answers is None:
            return
        try:
            while answers.poll():
                ticket, text = answers.recv()
                if self._deliver is not None:
                    self._deliver(ticket, text)
        except (EOFError, OSError):
            self._stopped()

    def _stopped(self) -> None:
        """The worker is gone (it crashed, or was killed): the next question starts a new one."""
        if self._loop is not None and self._answers is not None:
            with contextlib.suppress(Exception):
                self._loop.remove_reader(self._answers.fileno())
        for conn in (self._jobs, self._answers):
            if conn is not None:
                conn.close()
        self._jobs = self._answers = None
        self._process = None

    def warm(self) -> None:
        """Start the worker now (starting it costs the loop some milliseconds: better before the board is live)."""
        if self._process is None:
            self._start()

    def submit(self, request: ThinkRequest) -> None:
        if self._process is None or not self._process.is_alive():
            if self._process is not None:
                self._stopped()
            self._start()
        assert self._jobs is not None
        job = (request.ticket, request.game, request.view, request.seat, request.level, request.seed)
        try:
            self._jobs.send((*job, self._cancels))
        except (BrokenPipeError, OSError):
            self._stopped()
            self._start()
            assert self._jobs is not None
            self._jobs.send((*job, self._cancels))

    def cancel(self) -> None:
        self._cancels += 1
        if self._generation is not None:
            with self._generation.get_lock():
                self._generation.value = self._cancels

    @property
    def pid(self) -> int | None:
        return None if self._process is None else int(self._process.pid)

    def close(self) -> None:
        process = self._process
        self.cancel()
        self._stopped()
        if process is not None:
            process.join(2.0)
            if process.is_alive():
                process.terminate()
                process.join(2.0)
