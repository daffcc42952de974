"""A real `agora play` the way a cafe runs it: bad input of every kind gets a 4xx and a message (never a 500), PIN
guessing is slowed per client, a name rebound to the board's address is refused, and an abandoned game takes no
more moves. All traffic stays on this machine (127.0.0.x)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.e2e.server import Server, start


@pytest.fixture(scope="module")
def networked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = start("polis", tmp_path_factory.mktemp("cafe"), ["--host", "0.0.0.0", "--no-mdns", "--seed", "4"])
    yield s
    s.stop()


def pin_of(server: Server) -> str:
    for line in server.log.read_text().splitlines():
        if line.startswith("Admin PIN"):
            return line.rsplit(" ", 1)[1]
    raise AssertionError(server.log.read_text())


def from_address(server: Server, local: str) -> httpx.Client:
    """A client whose requests come from another loopback address: another phone, as far as the board can tell."""
    return httpx.Client(base_url=server.url, transport=httpx.HTTPTransport(local_address=local), timeout=10)


def test_the_pin_is_long_and_guessing_it_is_slowed_per_client(networked: Server) -> None:
    pin = pin_of(networked)
    assert len(pin.replace("-", "")) == 8
    with from_address(networked, "127.0.0.3") as guesser:
        statuses = [guesser.get("/api/seats", headers={"X-Agora-Pin": f"{n:08d}"}).status_code for n in range(12)]
        assert statuses.count(403) <= 3 and statuses.count(429) >= 9, statuses
        # Even the right PIN waits its turn from there ...
        assert guesser.get("/api/seats", headers={"X-Agora-Pin": pin}).status_code == 429
    # ... while another phone is not held up.
    with from_address(networked, "127.0.0.4") as host:
        assert host.get("/api/seats", headers={"X-Agora-Pin": pin}).status_code == 200


def test_a_name_rebound_to_the_board_is_refused(networked: Server) -> None:
    r = networked.get("/api/state", headers={"Host": "attacker.example:8000"})
    assert r.status_code == 421 and r.json()["error"]["message"]
    assert networked.get("/api/state", headers={"Host": "127.0.0.1"}).status_code == 200


@pytest.mark.parametrize(
    ("method", "path", "body", "headers"),
    [
        ("GET", "/api/state?token=%C3%A9t%C3%A9", None, {}),
        ("GET", "/seat/%E2%99%9F", None, {}),
        ("GET", "/api/seats", None, {"X-Agora-Pin": "١٢٣٤٥٦٧٨".encode()}),
        ("GET", "/api/seats/0/qr.svg?pin=%D9%A1%D9%A2", None, {}),
        ("GET", "/api/history/99999999999999999999999", None, {}),
        ("GET", "/api/history/-1", None, {}),
        ("GET", "/api/history?limit=99999999999999999999999", None, {}),
        ("GET", "/static/..%2F..%2Fstore.py", None, {}),
        ("GET", "/static/games/%00.js", None, {}),
        ("GET", "/api/seats/99999999999999999999/qr.svg", None, {}),
        ("POST", "/api/new", b'{"game": "polis", "seed": 99999999999999999999999}', {}),
        ("POST", "/api/new", b'{"game": "polis", "order_time": 1e999}', {}),
        ("POST", "/api/new", b'{"game": "polis", "order_time": NaN}', {}),
        ("POST", "/api/answer", b'{"choice": 99999999999999999999999}', {}),
        ("POST", "/api/move", b'{"text": "a\\u0000b", "token": "\\u00e9"}', {}),
    ],
)
def test_odd_input_gets_a_4xx_with_a_message(
    networked: Server, method: str, path: str, body: bytes | None, headers: dict[str, str | bytes]
) -> None:
    with from_address(networked, "127.0.0.5") as client:
        sent = {k.encode(): v if isinstance(v, bytes) else v.encode() for k, v in headers.items()}
        r = client.request(method, path, content=body, headers={b"content-type": b"application/json", **sent})
    assert 400 <= r.status_code < 500, (r.status_code, r.text)
    assert r.json()["error"]["message"]


def test_two_quick_clicks_on_one_square_are_both_taken(networked: Server) -> None:
    for _ in range(3):
        first = networked.post("/api/sim/toggle", {"square": "e5"})
        second = networked.post("/api/sim/toggle", {"square": "e5"})
        assert first.status_code == second.status_code == 200, (first.text, second.text)
        assert first.json()["lifted"] != second.json()["lifted"]


def test_an_abandoned_game_takes_no_more_moves(tmp_path_factory: pytest.TempPathFactory) -> None:
    server = start("polis", tmp_path_factory.mktemp("abandon"), ["--seed", "4"])
    try:
        move = server.state()["legal"][0]
        assert server.post("/api/abandon").status_code == 200
        state = server.state()
        assert state["paused"] and "abandoned" in state["pause_message"]
        r = server.post("/api/move", {"text": move})
        assert r.status_code == 409 and "abandoned" in r.json()["error"]["message"]
        assert server.post("/api/undo").status_code == 409
        assert server.state()["moves"] == []
        # A new game from the page plays again.
        assert server.post("/api/new", {"game": "polis", "seed": 4}).status_code == 200
        assert server.post("/api/move", {"text": move}).status_code == 200
    finally:
        server.stop()


def test_abandon_needs_the_pin_when_serving_the_network(networked: Server) -> None:
    with from_address(networked, "127.0.0.6") as client:
        assert client.post("/api/abandon").status_code == 403
    assert not networked.state()["paused"]
