"""Secret orders stay secret: against a real `agora play chesspolitik`, no endpoint and no WebSocket message shows
one power's orders to anybody else (the main page, another power's page) before the phase is adjudicated; then the
main page shows them with their results. A set a power replaced is never shown at all.

The orders are recognised by their texts and by their squares in combination (`b8 - c6`, `b8->c6`,
`"from": "b8", "to": "c6"`), combinations that appear nowhere before the orders are written (checked first). A
seat page's `legal` list names every order that seat could give, supports of other powers' moves included, so it
is left out of the text search and checked instead to be the same before and after the others hand in.
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.e2e.server import PATIENCE, Server, start

# Four powers, Spring 1601. Russia (0) and Ottoman (1) write first; Russia replaces its first set.
REPLACED = ["N g8 - h6"]
RUSSIA = ["N b8 - c6", "K e8 - d7", "K d8 S K e8 - d7"]
OTTOMAN = ["K a4 - b3", "N a7 - c8"]
MUGHAL = ["K e1 - f2"]
MING = ["K h5 - g6"]


def patterns(order: str) -> list[re.Pattern[str]]:
    """What would give an order away: its text (any spacing, any case) and a move's two squares together."""
    words = order.split()
    out = [re.compile(r"\s*".join(re.escape(w) for w in words), re.IGNORECASE)]
    move = re.fullmatch(r"[KN] ([a-h][1-8]) - ([a-h][1-8])", order)
    if move:
        src, dst = move.groups()
        out.append(re.compile(rf"\b{src}\s*(?:-|->|>|to)\s*{dst}\b", re.IGNORECASE))
        out.append(re.compile(rf'"from":\s*"{src}",\s*"to":\s*"{dst}"'))
    return out


def leaks(text: str, orders: list[str]) -> list[str]:
    return [f"{order!r} ({p.pattern})" for order in orders for p in patterns(order) if p.search(text)]


def token_of(seat: dict[str, Any]) -> str:
    return str(seat["url"]).rsplit("/", 1)[1]


class Stream:
    """A WebSocket client of /ws collecting every message (states, events, LED frames) in a thread."""

    def __init__(self, server: Server, token: str | None) -> None:
        url = server.url.replace("http", "ws", 1) + "/ws" + (f"?token={token}" if token else "")
        self.stack = contextlib.ExitStack()
        self.socket: ClientConnection = self.stack.enter_context(connect(url, open_timeout=PATIENCE))
        self.messages: list[str] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while True:
                message = self.socket.recv()
                self.messages.append(message if isinstance(message, str) else message.decode())
        except ConnectionClosed:
            pass

    def states(self) -> list[dict[str, Any]]:
        out = []
        for m in list(self.messages):
            data = json.loads(m)
            if data["type"] == "state":
                out.append(data["state"])
        return out

    def wait_for(self, predicate: Callable[[dict[str, Any]], bool], what: str, timeout: float = PATIENCE) -> None:
        end = time.monotonic() + timeout
        while not any(predicate(s) for s in self.states()):
            assert time.monotonic() < end, f"the WebSocket never sent a state with {what}"
            time.sleep(0.05)

    def text(self) -> str:
        return "\n".join(json.dumps(without_legal(json.loads(m))) for m in list(self.messages))

    def close(self) -> None:
        self.stack.close()
        self.thread.join(5)


def without_legal(data: dict[str, Any]) -> dict[str, Any]:
    """A snapshot (or a WebSocket message carrying one) without the seat's list of possible orders."""
    if data.get("type") == "state":
        return {**data, "state": without_legal(data["state"])}
    return {k: v for k, v in data.items() if k != "legal"}


def legal(server: Server, token: str) -> list[str]:
    return list(server.get(f"/api/state?token={token}").json()["legal"])


def public_texts(server: Server, tokens: list[str]) -> dict[str, str]:
    """Every response anybody could fetch, as text: what the main page and the given seats' pages see."""
    game_id = server.state()["game_id"]
    paths = [
        "/api/state",
        "/api/history",
        f"/api/history/{game_id}",
        "/api/static",
        "/api/games",
        "/api/seats",
        "/openapi.json",
        "/",
        "/static/app.js",
        "/static/games/chesspolitik.js",
    ]
    paths += [f"/api/state?token={t}" for t in tokens] + [f"/seat/{t}" for t in tokens]
    out = {}
    for path in paths:
        r = server.get(path)
        assert r.status_code == 200, (path, r.status_code, r.text)
        out[path] = json.dumps(without_legal(r.json())) if path.startswith("/api/state") else r.text
    return out


def assert_hidden(texts: dict[str, str], orders: list[str]) -> None:
    found = {where: hit for where, text in texts.items() if (hit := leaks(text, orders))}
    assert not found, f"orders shown before adjudication: {found}"


@pytest.fixture(scope="module")
def four(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = start("chesspolitik", tmp_path_factory.mktemp("secret4"), ["--players", "4", "--seed", "3"])
    yield s
    s.stop()


def test_no_endpoint_and_no_websocket_message_shows_orders_before_adjudication(four: Server) -> None:
    tokens = [token_of(s) for s in four.get("/api/seats").json()]
    everything = REPLACED + RUSSIA + OTTOMAN + MUGHAL + MING
    # The detector finds nothing before anybody writes an order: every hit later is a real leak.
    assert_hidden(public_texts(four, tokens), everything)
    possible = {seat: legal(four, tokens[seat]) for seat in (2, 3)}
    streams = {"main": Stream(four, None), "Mughal": Stream(four, tokens[2]), "Ottoman": Stream(four, tokens[1])}
    try:
        for seat, orders in ((0, REPLACED), (0, RUSSIA), (1, OTTOMAN)):
            r = four.post("/api/orders", {"token": tokens[seat], "orders": orders})
            assert r.status_code == 200, r.text
            assert r.json()["view"]["pending"][str(seat)] == orders  # the power sees its own set
        # The positive control: the detector does find them where they may be seen, on the power's own page.
        assert leaks(four.get(f"/api/state?token={tokens[0]}").text, RUSSIA)
        assert leaks(four.get(f"/api/state?token={tokens[1]}").text, OTTOMAN)
        streams["main"].wait_for(lambda s: s["waiting_for"] == [2, 3], "Russia and Ottoman handed in")
        main = four.state()
        assert main["view"]["pending"] == {"0": "submitted", "1": "submitted"}
        assert [m["move"] for m in main["moves"]] == ["orders 0", "orders 0", "orders 1"]

        # Nobody else sees them: not the main page, not Mughal's or Ming's page, not Ottoman's page for Russia's
        # orders (nor Russia's for Ottoman's); not the stored history, not the WebSocket streams.
        others = public_texts(four, [tokens[2], tokens[3]])
        assert_hidden(others, REPLACED + RUSSIA + OTTOMAN)
        assert_hidden({"Ottoman's page": public_texts(four, [tokens[1]])[f"/api/state?token={tokens[1]}"]}, RUSSIA)
        assert_hidden({"Russia's page": public_texts(four, [tokens[0]])[f"/api/state?token={tokens[0]}"]}, OTTOMAN)
        assert {seat: legal(four, tokens[seat]) for seat in (2, 3)} == possible
        assert_hidden({"main stream": streams["main"].text(), "Mughal's stream": streams["Mughal"].text()}, everything)
        assert_hidden({"Ottoman's stream": streams["Ottoman"].text()}, REPLACED + RUSSIA)

        # The last two powers hand in: the phase is adjudicated and the orders are public, with their results.
        assert four.post("/api/orders", {"token": tokens[2], "orders": MUGHAL}).status_code == 200
        assert_hidden(public_texts(four, [tokens[3]]), REPLACED + RUSSIA + OTTOMAN + MUGHAL)
        assert four.post("/api/orders", {"token": tokens[3], "orders": MING}).status_code == 200
        streams["main"].wait_for(lambda s: s["view"]["last"] is not None, "the adjudicated orders")
        last = {r["order"]: r["result"] for r in four.state()["view"]["last"]["orders"]}
        assert {o: last[o] for o in RUSSIA + OTTOMAN + MUGHAL + MING} == {
            "N b8 - c6": "moved",
            "K e8 - d7": "moved",
            "K d8 S K e8 - d7": "supported",
            "K a4 - b3": "moved",
            "N a7 - c8": "moved",
            "K e1 - f2": "moved",
            "K h5 - g6": "moved",
        }
        streams["Mughal"].wait_for(lambda s: s["view"]["last"] is not None, "the adjudicated orders")
        assert leaks(streams["Mughal"].text(), RUSSIA + OTTOMAN)  # now on every page's stream too
        # The replaced set was never an order of the phase: it stays hidden for good.
        after = public_texts(four, tokens)
        assert_hidden(after, REPLACED)
        for stream in streams.values():
            assert_hidden({"stream": stream.text()}, REPLACED)
    finally:
        for stream in streams.values():
            stream.close()


def test_the_hosts_timer_keeps_orders_hidden_until_it_runs_out(tmp_path: Path) -> None:
    # A real server runs its timer on the wall clock, which a loaded machine can overrun during the checks: the
    # timer here is long, and the host ends the phase as the timer would (`close-orders` is what it calls). The timer
    # firing at its deadline is tested on virtual time (tests/session).
    server = start("chesspolitik", tmp_path, ["--players", "2", "--seed", "1", "--order-time", "3600"])
    try:
        tokens = [token_of(s) for s in server.get("/api/seats").json()]
        stream = Stream(server, tokens[1])
        try:
            orders = ["K c1 - c2", "N b1 - a3"]
            assert server.post("/api/orders", {"token": tokens[0], "orders": orders}).status_code == 200
            assert_hidden(public_texts(server, [tokens[1]]), orders)
            main = server.state()
            assert main["view"]["last"] is None, "resolved before the timer ran out"
            assert 0 < main["orders_left"] <= 3600  # the page counts down from this
            # England writes nothing; the timer closes the phase and England's units hold.
            assert server.post("/api/close-orders").status_code == 200
            stream.wait_for(lambda s: s["view"]["last"] is not None, "the phase closed by the timer")
            results = {r["order"]: (r["result"], r["civil_disorder"]) for r in server.state()["view"]["last"]["orders"]}
            assert results["K c1 - c2"] == ("moved", False) and results["N b1 - a3"] == ("moved", False)
            assert results["K d6 H"] == ("held", True)
            assert leaks(stream.text(), orders)
        finally:
            stream.close()
    finally:
        server.stop()
