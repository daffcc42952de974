"""The speech cards' secrecy against a real `agora play politics1952`: no endpoint shows a candidate's unplayed cards
to anyone but that candidate: not the state with or without another seat's token, not the history and its exports
while the game runs, not the static data, not the OpenAPI document, not the WebSocket of the main page or of another
seat. The candidate's own page does show them (which is also what proves the detector below finds a hand)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from controller.games.politics1952 import Politics1952
from tests.e2e.server import Server, start

GAME = "politics1952"
CARD_TEXT = re.compile(r"\b(?:speech )?card (\d+)\b", re.IGNORECASE)


def _start(tmp: Path) -> Server:
    return start(GAME, tmp, ["--players", "3", "--seed", "7"])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = _start(tmp_path_factory.mktemp("secrecy"))
    yield s
    # Killed, not stopped: a closed WebSocket's handler waits for the next broadcast, and with steady Politics
    # lights none comes, so a graceful stop waits ten seconds for it.
    s.kill()


def tokens_of(server: Server) -> list[str]:
    return [seat["url"].rsplit("/", 1)[1] for seat in server.get("/api/seats").json()]


def hands_of(server: Server, tokens: list[str]) -> list[list[int]]:
    """Each candidate's hand as its own page sees it: the truth the other pages are checked against."""
    return [server.get(f"/api/state?token={t}").json()["view"]["hand"] for t in tokens]


def findings(doc: Any, viewer: int | None, hands: list[list[int]], where: str = "$") -> list[str]:
    """Every place in a JSON document that would show a candidate's unplayed cards to `viewer` (None: a spectator):
    a full state's secrets (`hands`, the dice generator `rng`), a `hand` that is not the viewer's, another's card
    named in a text ("card 7", "speech card 7"), or a list holding exactly another candidate's hand."""
    hidden = {n for seat, hand in enumerate(hands) if seat != viewer for n in hand}
    out: list[str] = []
    if isinstance(doc, dict):
        for key, value in doc.items():
            here = f"{where}.{key}"
            if key in ("hands", "rng"):
                out.append(f"{here}: a full state's secrets")
            if key == "hand" and isinstance(value, list) and set(value) & hidden:
                out.append(f"{here}: {value}")
            out += findings(value, viewer, hands, here)
    elif isinstance(doc, list):
        as_set = {v for v in doc if isinstance(v, int) and not isinstance(v, bool)}
        for seat, hand in enumerate(hands):
            if seat != viewer and hand and len(doc) == len(hand) and as_set == set(hand):
                out.append(f"{where}: seat {seat}'s hand {doc}")
        for i, value in enumerate(doc):
            out += findings(value, viewer, hands, f"{where}[{i}]")
    elif isinstance(doc, str):
        out += [f"{where}: {doc!r}" for m in CARD_TEXT.finditer(doc) if int(m.group(1)) in hidden]
    return out


def test_the_detector_finds_a_hand_shown_to_the_wrong_page(server: Server) -> None:
    tokens = tokens_of(server)
    hands = hands_of(server, tokens)
    assert all(len(h) == 3 for h in hands) and len({n for h in hands for n in h}) == 9
    own = server.get(f"/api/state?token={tokens[0]}").json()
    assert findings(own, 0, hands) == []
    assert findings(own, None, hands) and findings(own, 1, hands)
    assert findings({"x": f"Play speech card {hands[2][0]}"}, 0, hands)
    assert findings({"y": sorted(hands[1])}, None, hands)


def test_the_state_shows_a_hand_only_on_its_own_seat_page(server: Server) -> None:
    tokens = tokens_of(server)
    hands = hands_of(server, tokens)
    main = server.state()
    assert findings(main, None, hands) == [], findings(main, None, hands)
    assert "hand" not in main["view"] and main["legal"] == [] and main["actions"] == []
    to_move = main["to_move"]
    assert isinstance(to_move, int)
    for seat, token in enumerate(tokens):
        page = server.get(f"/api/state?token={token}").json()
        assert findings(page, seat, hands) == [], (seat, findings(page, seat, hands))
        assert page["view"]["hand"] == hands[seat] and page["view"]["cards_left"] == [3, 3, 3]
        cards = {a["move"] for a in page["actions"] if a["move"].startswith("card")}
        # Only the seat to move gets its moves listed, and those name only its own cards.
        assert cards == ({f"card {n}" for n in hands[seat]} if seat == to_move else set())
    seat_html = server.get(f"/seat/{tokens[1]}").text
    assert tokens[0] not in seat_html and tokens[2] not in seat_html


def test_static_data_openapi_and_history_name_no_hand(server: Server) -> None:
    tokens = tokens_of(server)
    hands = hands_of(server, tokens)
    static = server.get("/api/static").json()
    # The deck is public like a printed one: all 18 texts, in number order, so nothing singles out the dealt cards.
    assert [c["number"] for c in static["data"]["cards"]] == list(range(1, 19))
    assert findings(static, None, hands) == []
    assert static == server.get(f"/api/static?token={tokens[0]}").json()
    openapi = server.get("/openapi.json").json()
    assert findings(openapi, None, hands) == []
    listed = server.get("/api/history").json()
    assert findings(listed, None, hands) == []
    running = next(g for g in listed if g["status"] == "playing")
    exported = server.get(f"/api/history/{running['id']}").json()
    assert exported["status"] == "playing" and exported["moves"]
    assert findings(exported, None, hands) == [], findings(exported, None, hands)
    assert exported["final"]["cards_left"] == [3, 3, 3]  # the spectator's view of the stored state, not the state


def _drain(socket: ClientConnection, quiet: float = 0.6, limit: float = 8.0) -> list[dict[str, Any]]:
    """Every message until the socket has been quiet for `quiet` seconds."""
    out: list[dict[str, Any]] = []
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            out.append(json.loads(socket.recv(timeout=quiet)))
        except TimeoutError:
            break
    return out


def test_the_websocket_streams_show_a_hand_only_to_its_seat(server: Server) -> None:
    """The seat to move plays a card from its phone and claims counties on the (simulated) board while the main
    page, another seat's page and its own page listen: only its own stream ever carries its other cards."""
    tokens = tokens_of(server)
    hands = hands_of(server, tokens)
    state = server.state()
    mover = state["to_move"]
    other = (mover + 1) % 3
    ws_url = server.url.replace("http", "ws") + "/ws"
    with (
        connect(ws_url) as main,
        connect(f"{ws_url}?token={tokens[other]}") as seat_other,
        connect(f"{ws_url}?token={tokens[mover]}") as seat_own,
    ):
        card = hands[mover][0]
        r = server.post("/api/move", {"text": f"card {card}", "token": tokens[mover]})
        assert r.status_code == 200, r.text
        for abbr in server.state()["view"]["allowed"][:2]:
            square = server.get("/api/static").json()["data"]["states"][abbr]["square"]
            server.post("/api/sim/toggle", {"square": square})
            time.sleep(0.15)
            server.post("/api/sim/toggle", {"square": square})
            server.wait_for(lambda s, a=abbr: any(m["move"] == a for m in s["moves"][-2:]), what=f"a claim in {abbr}")
        streams = {"main": (main, None), "other": (seat_other, other), "own": (seat_own, mover)}
        seen = {name: _drain(socket) for name, (socket, _) in streams.items()}
    # The card just played is public now; the two still held are not.
    still = [[n for n in h if n != card] for h in hands]
    for name, (_, viewer) in streams.items():
        states = [m["state"] for m in seen[name] if m["type"] == "state"]
        assert states and any(f"card {card}" in [x["move"] for x in s["moves"]] for s in states), name
        assert any(m["type"] == "event" for m in seen[name]) and any(m["type"] == "led" for m in seen[name])
        assert findings(seen[name], viewer, still) == [], (name, findings(seen[name], viewer, still)[:5])
    own_hands = {tuple(s["view"]["hand"]) for s in (m["state"] for m in seen["own"] if m["type"] == "state")}
    assert tuple(still[mover]) in own_hands  # the seat's own stream does carry its hand


def test_the_export_of_a_running_game_cannot_deal_the_cards_again(server: Server) -> None:
    tokens = tokens_of(server)
    hands = hands_of(server, tokens)
    running = next(g for g in server.get("/api/history").json() if g["status"] == "playing")
    exported = server.get(f"/api/history/{running['id']}").json()
    seed = exported.get("seed")
    if seed is not None:
        dealt = Politics1952().new(exported["seats"], seed=seed).to_json()["hands"]
        played = [m["text"] for m in exported["moves"] if m["text"].startswith("card")]
        unplayed_dealt = [[n for n in h if f"card {n}" not in played] for h in dealt]
        assert unplayed_dealt != hands, "the exported seed deals exactly the hands the candidates hold"


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[Server]:
    s = _start(tmp_path)
    yield s
    s.stop()


def test_a_page_without_a_token_cannot_play_or_probe_a_candidates_cards(fresh: Server) -> None:
    tokens = tokens_of(fresh)
    hands = hands_of(fresh, tokens)
    mover = fresh.state()["to_move"]
    answers = [fresh.post("/api/move", {"text": f"card {n}"}) for n in range(1, 19)]
    assert all(a.status_code >= 400 for a in answers), [a.json() for a in answers if a.status_code < 400]
    assert fresh.state()["view"]["played"][mover] == []
    assert hands_of(fresh, tokens) == hands
