"""The front door: the small ASGI app uvicorn serves from the moment the board is live, before FastAPI is loaded.

Importing FastAPI and building the page's routes takes about as long again as the whole start to a live board (a
few seconds on a Raspberry Pi Zero 2 W), so `agora play` does not make the page wait for it. The front door answers
from the first moment with nothing of the web stack but uvicorn:
- the page itself (`/`, a seat's `/seat/TOKEN`) and its files (`/static/...`), from controller.web.checks as the
  app serves them, so the page's first byte comes before FastAPI is even imported;
- the API with 503 and `Retry-After` ("the board is starting"), and its WebSocket with close code 1013 ("try again
  later"), for which the page shows "The board is starting…" and asks again;
- and the Host check of controller.web.guard.HostCheck, so a name the board does not answer to is refused as the
  app refuses it.
Meanwhile the FastAPI app is built on a worker thread (controller.commands.serving.build_routes); once it is
`hand_over`ed, every request, the page's included, goes to it as if the front door were not there.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

from controller.web.checks import host_allowed, host_header, page_file, page_html, same_secret

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

RETRY_AFTER = 1  # seconds a client waits before asking again while the app is built
TRY_AGAIN_LATER = 1013  # the WebSocket close code for "try again later" (RFC 6455's registry)
STARTING = "The board is starting: try again in a moment"


class FrontDoor:
    """The ASGI app uvicorn serves (see the module's docstring). `tokens` gives the seats' tokens now (a seat's page
    is served only for a seat's token, as the app does); `names` are the names the board answers to besides
    addresses (None: any Host, as the app without HostCheck)."""

    def __init__(self, tokens: Callable[[], Sequence[str]], names: frozenset[str] | None = None) -> None:
        self._tokens = tokens
        self._names = None if names is None else frozenset(n.lower() for n in names)
        self._app: ASGIApp | None = None

    @property
    def handed_over(self) -> bool:
        return self._app is not None

    def hand_over(self, app: ASGIApp) -> None:
        """From now on every request goes to `app` (called in the loop that serves)."""
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        app = self._app
        if app is not None:
            await app(scope, receive, send)
            return
        kind = scope["type"]
        if kind == "lifespan":
            await _lifespan(receive, send)
            return
        if kind not in ("http", "websocket"):
            return
        if self._names is not None:
            header = host_header(scope.get("headers", ()))
            if not host_allowed(header, self._names):
                await _wrong_host(kind, header, send)
                return
        if kind == "websocket":
            await _try_again_later(receive, send)
            return
        page = self._page(scope) if scope.get("method") == "GET" else None
        if page is None:
            await _answer(send, 503, _error(STARTING), "application/json", [(b"retry-after", b"%d" % RETRY_AFTER)])
        else:
            status, body, media = page
            await _answer(send, status, body, media)

    def _page(self, scope: Scope) -> tuple[int, str, str] | None:
        """(status, body, media type) of a page or page file the front door serves itself; None for the rest."""
        path: str = scope.get("path", "")
        if path == "/":
            return 200, page_html(), "text/html"
        if path.startswith("/seat/") and path.count("/") == 2:
            token = path[len("/seat/") :]
            if not any(same_secret(token, t) for t in self._tokens()):
                return 404, _error("no seat has that token: scan the seat's QR code again"), "application/json"
            return 200, page_html(token), "text/html"
        if path.startswith("/static/"):
            name = path[len("/static/") :]
            if "/" in name.removeprefix("games/"):
                return None
            found = page_file(name)
            if found is None:
                return 404, _error("no such file"), "application/json"
            return 200, found[0], found[1]
        return None


def _error(message: str) -> str:
    """The API's error body (controller.web.errors)."""
    return json.dumps({"error": {"kind": "protocol", "message": message}})


async def _answer(send: Send, status: int, body: str, media: str, headers: Sequence[tuple[bytes, bytes]] = ()) -> None:
    data = body.encode("utf-8")
    head = [
        (b"content-type", f"{media}; charset=utf-8".encode("latin-1")),
        (b"content-length", b"%d" % len(data)),
        *headers,
    ]
    await send({"type": "http.response.start", "status": status, "headers": head})
    await send({"type": "http.response.body", "body": data})


async def _try_again_later(receive: Receive, send: Send) -> None:
    """Accept, then close with 1013: a WebSocket refused before it is accepted reaches the browser as a failed
    handshake (1006), which says nothing of why; a close after accepting carries its code and reason."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": TRY_AGAIN_LATER, "reason": "the board is starting"})


async def _wrong_host(kind: str, header: str | None, send: Send) -> None:
    """As controller.web.guard.HostCheck refuses it."""
    if kind == "websocket":
        await send({"type": "websocket.close", "code": 4421})
        return
    message = json.dumps(
        {"error": {"kind": "protocol", "message": f"this board does not answer to the name {header!r}"}},
        ensure_ascii=False,
        separators=(",", ":"),
    )
    await _answer(send, 421, message, "application/json")


async def _lifespan(receive: Receive, send: Send) -> None:
    """Nothing to start or stop (uvicorn runs it with lifespan off; this only keeps the protocol if it is on)."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
