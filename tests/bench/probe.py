"""How long the event loop is held: every callback it runs (a task's step, a timer, an I/O callback) timed in CPU
time of the loop's thread, and every garbage collection timed the same way.

CPU time, not wall time: on a shared machine a callback may wait for a core for longer than it runs, which says
nothing about the code. A pause is what one callback costs; a collection runs inside whichever callback allocated
the object that triggered it, so it is part of that callback's pause (each long pause says how much of it was
collecting), and is also listed on its own.

    with LoopProbe(ignore={driver_task}) as probe:
        ...  # run the loop
    probe.longest()  # seconds, the longest callback of any task but the ignored ones, or any collection
"""

from __future__ import annotations

import asyncio
import gc
import heapq
import time
from asyncio import events
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any


@dataclass(order=True, frozen=True, slots=True)
class Pause:
    seconds: float
    what: str = field(compare=False)
    collecting: float = field(default=0.0, compare=False)  # of `seconds`, the garbage collections that ran inside

    def __str__(self) -> str:
        gc = f" (collecting {self.collecting * 1e3:.2f} ms of it)" if self.collecting else ""
        return f"{self.seconds * 1e3:7.2f} ms  {self.what}{gc}"


def _owner(handle: events.Handle) -> asyncio.Task[Any] | None:
    """The task whose step or wake-up this handle runs (C tasks schedule wrappers whose __self__ is the task)."""
    owner = getattr(getattr(handle, "_callback", None), "__self__", None)
    return owner if isinstance(owner, asyncio.Task) else None


def _describe(handle: events.Handle) -> str:
    task = _owner(handle)
    if task is not None:
        return f"task {task.get_name()}"
    callback = getattr(handle, "_callback", None)
    return getattr(callback, "__qualname__", repr(callback))


class LoopProbe:
    """Times every callback of every event loop in this thread while entered (see the module's docstring)."""

    def __init__(self, ignore: Collection[asyncio.Task[Any]] = (), keep: int = 20) -> None:
        self.ignore: set[asyncio.Task[Any]] = set(ignore)
        self._keep = keep
        self.callbacks = 0
        self.total = 0.0
        self.top: list[Pause] = []  # the longest, a heap of at most `keep`
        self.collections: list[tuple[int, float]] = []  # (generation, seconds)
        self._gc_started = 0.0
        self._gc_inside = 0.0  # collection time inside the callback running now
        self._original: Callable[[events.Handle], None] | None = None

    # ---- entering and leaving
    def __enter__(self) -> LoopProbe:
        original = events.Handle._run
        self._original = original
        probe = self
        clock = time.thread_time

        def timed(handle: events.Handle) -> None:
            probe._gc_inside = 0.0
            started = clock()
            original(handle)
            spent = clock() - started
            probe.callbacks += 1
            probe.total += spent
            top = probe.top
            if len(top) < probe._keep or spent > top[0].seconds:
                task = _owner(handle)
                if task is not None and task in probe.ignore:
                    return
                entry = Pause(spent, _describe(handle), min(spent, probe._gc_inside))
                if len(top) < probe._keep:
                    heapq.heappush(top, entry)
                else:
                    heapq.heapreplace(top, entry)

        events.Handle._run = timed  # type: ignore[method-assign,assignment]
        gc.callbacks.append(self._on_gc)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._original is not None:
            events.Handle._run = self._original  # type: ignore[method-assign,assignment]
            self._original = None
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.thread_time()
        else:
            spent = time.thread_time() - self._gc_started
            self._gc_inside += spent
            self.collections.append((info["generation"], spent))

    # ---- what it saw
    def longest_callback(self) -> Pause:
        return max(self.top, default=Pause(0.0, "nothing ran"))

    def longest_collection(self, generation: int | None = None) -> float:
        return max((s for g, s in self.collections if generation is None or g == generation), default=0.0)

    def longest(self) -> Pause:
        """The longest hold of the loop: a callback, or a collection (wherever it ran)."""
        callback = self.longest_callback()
        collection = self.longest_collection()
        if collection > callback.seconds:
            return Pause(collection, "a garbage collection")
        return callback

    def slowest(self, n: int = 5) -> list[Pause]:
        return sorted(self.top, reverse=True)[:n]
