"""The web API of a real `agora play` (uvicorn, SQLite, simulated board): bad input gets a 4xx and a message,
never a 500; the OpenAPI document describes it; the seat pages and the PIN guard what they should."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.server import Server, start

GAME = "politics1952"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = start(GAME, tmp_path_factory.mktemp("api"), ["--players", "3", "--seed", "7"])
    yield s
    s.stop()


@pytest.fixture(scope="module")
def networked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = start(GAME, tmp_path_factory.mktemp("net"), ["--host", "0.0.0.0", "--no-mdns"])
    yield s
    s.stop()


def error_of(r) -> dict:
    assert 400 <= r.status_code < 500, (r.status_code, r.text)
    body = r.json()
    assert set(body) == {"error"} and body["error"]["message"], body
    return body["error"]


@pytest.mark.parametrize(
    ("path", "body", "status", "kind"),
    [
        ("/api/move", {"text": "no such move"}, 403, "protocol"),  # a game with secrets: moves need a seat's token
        ("/api/move", {"text": 12}, 422, "invalid"),
        ("/api/move", {}, 422, "invalid"),
        ("/api/move", "just a string", 422, "invalid"),
        ("/api/move", {"text": "NY", "token": "not-a-seat"}, 404, "protocol"),
        ("/api/answer", {"choice": 0}, 409, "illegal"),
        ("/api/answer", {"choice": [1, 2]}, 422, "invalid"),
        ("/api/orders", {"token": "nobody", "orders": []}, 404, "protocol"),
        ("/api/orders", {"orders": "K a4 H"}, 422, "invalid"),
        ("/api/new", {"game": "chess"}, 404, "invalid"),
        ("/api/new", {"game": GAME, "seats": 9}, 400, "invalid"),
        ("/api/new", {"game": GAME, "seats": "two"}, 422, "invalid"),
        ("/api/new", {"game": GAME, "options": {"nope": 1}}, 400, "invalid"),
        ("/api/new", {"game": GAME, "seat_kinds": ["robot"]}, 422, "invalid"),
        ("/api/sim/toggle", {"square": "z9"}, 422, "invalid"),
        ("/api/sim/toggle", {"square": 5}, 422, "invalid"),
        ("/api/roll", None, 409, "illegal"),  # nothing to roll now: the session's state, like nothing to undo
    ],
)
def test_bad_requests_get_a_4xx_with_a_message(server: Server, path: str, body: object, status: int, kind: str) -> None:
    before = server.state()
    r = server.post(path, body)
    assert r.status_code == status, r.text
    assert error_of(r)["kind"] == kind
    assert server.state()["ply"] == before["ply"]


def test_a_bad_move_from_a_seat_page_is_invalid(server: Server) -> None:
    token = server.get("/api/seats").json()[0]["url"].rsplit("/", 1)[1]
    assert error_of(server.post("/api/move", {"text": "no such move", "token": token}))["kind"] == "invalid"


def test_a_move_out_of_turn_from_a_seat_page_is_refused(server: Server) -> None:
    seats = server.get("/api/seats").json()
    state = server.state()
    assert isinstance(state["to_move"], int)
    other = next(s for s in seats if s["seat"] != state["to_move"])
    token = other["url"].rsplit("/", 1)[1]
    r = server.post("/api/move", {"text": "pass", "token": token})
    assert error_of(r)["kind"] == "illegal"


def test_unknown_paths_and_methods_are_json_errors(server: Server) -> None:
    assert error_of(server.get("/api/nothing"))["kind"] == "protocol"
    assert error_of(server.get("/api/move")).get("message")
    assert error_of(server.get("/api/history/99999"))["kind"] == "protocol"
    assert error_of(server.get("/api/history?limit=0"))["kind"] == "invalid"
    assert error_of(server.get("/seat/forged-token"))["kind"] == "protocol"
    assert error_of(server.get("/static/../../etc/passwd"))


def test_the_openapi_document_lists_the_api(server: Server) -> None:
    doc = server.get("/openapi.json").json()
    for path in ["/api/state", "/api/move", "/api/orders", "/api/answer", "/api/undo", "/api/new", "/api/sim/toggle"]:
        assert path in doc["paths"], path
    assert doc["paths"]["/api/move"]["post"]["summary"]


def test_games_and_history_are_listed(server: Server) -> None:
    names = [g["name"] for g in server.get("/api/games").json()]
    assert {"politrics", "polis", "politics1952", "chesspolitik", "djambi"} <= set(names)
    history = server.get("/api/history").json()
    assert history and history[0]["game"] == GAME and history[0]["status"] == "playing"
    exported = server.get(f"/api/history/{history[0]['id']}").json()
    assert exported["game"] == GAME and "moves" in exported


def pin_of(server: Server) -> str:
    return server.log.read_text().split("Admin PIN for new games and seats: ")[1].split()[0]


def test_undo_and_closing_orders_need_the_pin_in_a_game_with_secrets(networked: Server) -> None:
    assert networked.state()["game"]["name"] == GAME
    assert networked.post("/api/undo", {}).status_code == 403  # a phone may not take back another seat's move
    assert networked.post("/api/close-orders", {}).status_code == 403
    r = networked.post("/api/close-orders", {}, headers={"X-Agora-Pin": pin_of(networked)})
    assert error_of(r)["kind"] == "illegal"  # no phase of secret orders in Politics
    r = networked.post("/api/undo", {}, headers={"X-Agora-Pin": pin_of(networked)})
    assert r.status_code in (200, 409)  # allowed: done, or nothing to take back yet


def test_a_bad_order_timer_is_refused_at_start(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "controller",
            "play",
            "chesspolitik",
            "--board",
            "sim",
            "--order-time",
            "0",
            "--db",
            str(tmp_path / "g.sqlite"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "--order-time" in done.stderr


def test_admin_actions_need_the_pin_when_serving_the_network(networked: Server) -> None:
    assert error_of(networked.post("/api/new", {"game": "polis"}))["kind"] == "protocol"
    r = networked.post("/api/new", {"game": "polis"}, headers={"X-Agora-Pin": "000000x"})
    assert r.status_code == 403
    assert networked.get("/api/seats").status_code == 403
    assert networked.get("/api/seats/0/qr.svg").status_code == 403
    pin = pin_of(networked)
    r = networked.post("/api/new", {"game": "polis"}, headers={"X-Agora-Pin": pin})
    assert r.status_code == 200, r.text
    assert r.json()["game"]["name"] == "polis"
    qr = networked.get(f"/api/seats/0/qr.svg?pin={pin}")
    assert qr.status_code == 200 and qr.text.lstrip().startswith("<?xml")


def test_the_seat_page_shows_only_that_seats_secrets(server: Server) -> None:
    seats = server.get("/api/seats").json()
    tokens = [s["url"].rsplit("/", 1)[1] for s in seats]
    views = [server.get(f"/api/state?token={t}").json()["view"] for t in tokens]
    public = server.state()["view"]
    assert server.get(f"/seat/{tokens[0]}").status_code == 200
    assert "hand" not in public or not public.get("hand")
    hands = [v.get("hand") for v in views]
    assert all(hands) and len({str(h) for h in hands}) == len(hands)


def test_the_main_page_and_its_scripts_are_served(server: Server, tmp_path: Path) -> None:
    page = server.get("/")
    assert page.status_code == 200 and '<svg id="board"' in page.text
    assert server.get("/static/app.js").status_code == 200
    assert server.get("/static/style.css").headers["content-type"].startswith("text/css")
