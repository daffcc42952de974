"""The front door (controller.web.front) as uvicorn drives it, through its ASGI interface: the page and its files
served before FastAPI exists, the API answered 503 with Retry-After, the WebSocket closed with 1013, a wrong Host
refused, and every request handed to the app once it is ready."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from controller.web.front import RETRY_AFTER, TRY_AGAIN_LATER, FrontDoor, Message, Receive, Scope, Send

STATIC = Path(__file__).resolve().parents[2] / "controller" / "web" / "static"
TOKENS = ["tok-seat-one", "tok-seat-two"]


class Reply:
    def __init__(self, messages: list[Message]) -> None:
        self.messages = messages
        start = next((m for m in messages if m["type"] == "http.response.start"), None)
        self.status = None if start is None else start["status"]
        self.headers = {} if start is None else {k.decode(): v.decode() for k, v in start["headers"]}
        self.body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.response.body")

    def json(self) -> Any:
        return json.loads(self.body)


async def call(app: Any, path: str, method: str = "GET", kind: str = "http", host: str = "127.0.0.1:8000") -> Reply:
    scope = {"type": kind, "method": method, "path": path, "headers": [(b"host", host.encode())], "query_string": b""}
    incoming: list[Message] = [{"type": "websocket.connect"} if kind == "websocket" else {"type": "http.request"}]
    sent: list[Message] = []

    async def receive() -> Message:
        gone = "websocket.disconnect" if kind == "websocket" else "http.disconnect"
        return incoming.pop(0) if incoming else {"type": gone}

    async def send(message: Message) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return Reply(sent)


def door(names: frozenset[str] | None = None) -> FrontDoor:
    return FrontDoor(lambda: TOKENS, names)


async def test_the_page_and_its_files_are_served_before_the_app_exists() -> None:
    front = door()
    page = await call(front, "/")
    assert page.status == 200 and page.headers["content-type"].startswith("text/html")
    assert page.body == (STATIC / "index.html").read_bytes()
    assert int(page.headers["content-length"]) == len(page.body)
    script = await call(front, "/static/app.js")
    assert script.status == 200 and script.headers["content-type"].startswith("text/javascript")
    assert script.body == (STATIC / "app.js").read_bytes()
    panel = await call(front, "/static/games/djambi.js")
    assert panel.status == 200 and panel.body == (STATIC / "games" / "djambi.js").read_bytes()
    style = await call(front, "/static/style.css")
    assert style.headers["content-type"].startswith("text/css")


async def test_a_seats_page_knows_its_token_and_no_other_token_gets_one() -> None:
    front = door()
    seat = await call(front, "/seat/tok-seat-two")
    assert seat.status == 200 and b'<body data-token="tok-seat-two">' in seat.body
    stranger = await call(front, "/seat/tok-seat-three")
    assert stranger.status == 404 and stranger.json()["error"]["kind"] == "protocol"


async def test_files_the_page_may_not_ask_for_are_not_there() -> None:
    front = door()
    for path in ("/static/nothing.js", "/static/..%2fapp.js", "/static/index.html", "/static/.js"):
        assert (await call(front, path)).status == 404, path


async def test_the_api_is_answered_503_with_retry_after_while_the_app_is_built() -> None:
    front = door()
    for method, path in [("GET", "/api/state"), ("POST", "/api/move"), ("POST", "/"), ("GET", "/replay/3")]:
        reply = await call(front, path, method)
        assert reply.status == 503, (method, path)
        assert reply.headers["retry-after"] == str(RETRY_AFTER)
        assert reply.json()["error"]["kind"] == "protocol"
        assert "starting" in reply.json()["error"]["message"]


async def test_the_websocket_is_accepted_and_closed_with_try_again_later() -> None:
    reply = await call(door(), "/ws", kind="websocket")
    assert [m["type"] for m in reply.messages] == ["websocket.accept", "websocket.close"]
    assert reply.messages[-1]["code"] == TRY_AGAIN_LATER == 1013


async def test_a_name_the_board_does_not_answer_to_is_refused_as_the_app_refuses_it() -> None:
    front = door(frozenset({"agora.local", "localhost"}))
    assert (await call(front, "/", host="evil.example:8000")).status == 421
    assert (await call(front, "/", host="Agora.local:8000")).status == 200
    assert (await call(front, "/", host="192.168.1.20")).status == 200
    ws = await call(front, "/ws", kind="websocket", host="evil.example")
    assert ws.messages == [{"type": "websocket.close", "code": 4421}]


class App:
    """The FastAPI app's stand-in: records what reaches it and answers 200."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.seen.append((scope["type"], scope["path"]))
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"app"})
        else:
            await receive()
            await send({"type": "websocket.accept"})


async def test_once_handed_over_every_request_goes_to_the_app() -> None:
    front = door(frozenset({"localhost"}))
    app = App()
    assert not front.handed_over
    front.hand_over(app)
    assert front.handed_over
    for path in ("/", "/static/app.js", "/api/state", "/seat/tok-seat-one"):
        reply = await call(front, path)
        assert (reply.status, reply.body) == (200, b"app"), path
    ws = await call(front, "/ws", kind="websocket")
    assert [m["type"] for m in ws.messages] == ["websocket.accept"]
    # the app's own HostCheck decides then: the front door does not answer for it
    assert (await call(front, "/", host="evil.example")).body == b"app"
    paths = ["/", "/static/app.js", "/api/state", "/seat/tok-seat-one"]
    assert app.seen[:4] == [("http", p) for p in paths]


segment = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789._-%"), min_size=1, max_size=12)


@given(
    parts=st.lists(segment, min_size=1, max_size=4).filter(lambda p: p[0] not in ("static", "seat")),
    method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "HEAD"]),
)
async def test_anything_but_the_page_waits_for_the_app_and_then_reaches_it(parts: list[str], method: str) -> None:
    path = "/" + "/".join(parts)
    front = door()
    before = await call(front, path, method)
    assert before.status == 503 and before.headers["retry-after"] == str(RETRY_AFTER)
    app = App()
    front.hand_over(app)
    after = await call(front, path, method)
    assert after.status == 200 and app.seen == [("http", path)]
