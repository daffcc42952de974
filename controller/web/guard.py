"""What keeps a board on a cafe's network safe: the admin PIN with a limit on guesses per client, the Host header
(DNS rebinding), secrets compared in constant time whatever their characters, and JSON that is always valid.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from controller.errors import ErrorKind
from controller.values import dataclass
from controller.web.checks import host_allowed, host_header, same_secret
from controller.web.errors import ApiError

__all__ = ["HostCheck", "PinGuard", "StrictJSONResponse", "host_allowed", "same_secret", "strict_dumps"]


@dataclass
class _Client:
    failures: int = 0
    blocked_until: float = 0.0
    last: float = 0.0


class PinGuard:
    """The admin PIN, and how often each client may guess it: `free` wrong guesses, then a wait that doubles with
    every further wrong one (`base` seconds, at most `cap`); a right PIN clears the client's record, and so do
    `cap` seconds without a wrong guess. A request without a PIN is refused but is no guess. The clock is
    injectable, so tests run on virtual time."""

    def __init__(
        self,
        pin: str | None,
        clock: Callable[[], float] = time.monotonic,
        free: int = 3,
        base: float = 20.0,
        cap: float = 900.0,
        max_clients: int = 10_000,
    ) -> None:
        self.pin = pin
        self.clock = clock
        self.free = free
        self.base = base
        self.cap = cap
        self.max_clients = max_clients
        self._clients: dict[str, _Client] = {}

    def check(self, given: str | None, client: str) -> None:
        """Nothing when the PIN is right (or none is needed); ApiError 403 when it is wrong, 429 while the client
        must wait before guessing again (the PIN is then not even looked at)."""
        if self.pin is None:
            return
        now = self.clock()
        record = self._clients.get(client)
        if record is not None and now - record.last > self.cap and now >= record.blocked_until:
            record = None
            self._clients.pop(client, None)
        if record is not None and now < record.blocked_until:
            wait = int(record.blocked_until - now) + 1
            raise ApiError(429, ErrorKind.PROTOCOL, f"too many wrong PINs from here: try again in {wait} s")
        typed = "" if given is None else given.strip().replace(" ", "").replace("-", "")
        if typed and same_secret(typed, self.pin):
            self._clients.pop(client, None)
            return
        if not typed:  # no PIN at all is no guess (the page asking whether one is needed): refused, not counted
            raise ApiError(403, ErrorKind.PROTOCOL, "this needs the admin PIN shown on the board's console")
        if record is None:
            if len(self._clients) >= self.max_clients:
                self._forget_oldest()
            record = self._clients[client] = _Client()
        record.failures += 1
        record.last = now
        if record.failures >= self.free:
            record.blocked_until = now + min(self.cap, self.base * 2 ** (record.failures - self.free))
        raise ApiError(403, ErrorKind.PROTOCOL, "this needs the admin PIN shown on the board's console")

    def _forget_oldest(self) -> None:
        oldest = min(self._clients, key=lambda c: self._clients[c].last)
        del self._clients[oldest]


class HostCheck:
    """ASGI middleware: requests and WebSockets whose Host is not this board's are refused (DNS rebinding: a page
    on the cafe's network may point its own name at the board's address, but it cannot make the browser send the
    board's name)."""

    def __init__(self, app: ASGIApp, names: frozenset[str]) -> None:
        self.app = app
        self.names = frozenset(n.lower() for n in names)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            header = host_header(scope.get("headers", ()))
            if not host_allowed(header, self.names):
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 4421})
                    return
                response = StrictJSONResponse(
                    {"error": {"kind": "protocol", "message": f"this board does not answer to the name {header!r}"}},
                    status_code=421,
                )
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def strict_dumps(content: Any) -> str:
    """JSON as the page's parser reads it: NaN and Infinity are not JSON, so they are refused (a ValueError, a
    bug to fix where the number is made) rather than sent."""
    return json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


class StrictJSONResponse(JSONResponse):
    def render(self, content: Any) -> bytes:
        return strict_dumps(content).encode("utf-8")
