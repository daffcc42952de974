"""The port through which computer seats think elsewhere (controller.thinker's worker process implements it)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from controller.session.computer import ThinkRequest


class Thinker(Protocol):
    def attach(self, loop: asyncio.AbstractEventLoop, deliver: Callable[[int, str | None], None]) -> None:
        """Answers are handed to `deliver(ticket, move text or None)` inside `loop`."""
        ...

    def warm(self) -> None:
        """Get ready to think (start the worker) before anything is asked."""
        ...

    def submit(self, request: ThinkRequest) -> None: ...

    def cancel(self) -> None:
        """Stop thinking about every question asked so far."""
        ...

    def close(self) -> None: ...
