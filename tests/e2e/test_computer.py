"""Computer seats and hints on a real `agora play` (uvicorn, SQLite, the simulated board, the worker process): the
computer's move arrives and is guided as chores; a hint is thought about off the loop and shown to whoever may see
it (the table in Polis; only the seat's own page in Politics)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.server import Server, start


@pytest.fixture(scope="module")
def polis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = start("polis", tmp_path_factory.mktemp("computer"), ["--seats", "computer:easy,board", "--seed", "2"])
    yield s
    s.stop()


def test_the_computer_moves_and_the_board_is_asked_to_carry_it_out(polis: Server) -> None:
    s = polis.wait_for(lambda s: s["ply"] >= 1, what="the computer's first move")
    assert s["moves"][0]["source"] == "computer"
    assert s["mode"] == "chores" and s["seat_kinds"] == ["computer", "board"]


def test_a_hint_for_the_table_in_a_game_without_secrets(polis: Server) -> None:
    polis.wait_for(lambda s: s["ply"] >= 1, what="the computer's first move")
    # Carry out the computer's move on the simulated board (the chores), so Red is to move at the board.
    chores = polis.state()
    expected = set(chores["expected"])
    occupied = set(chores["occupancy"])
    for square in sorted(occupied - expected):
        assert polis.post("/api/sim/toggle", {"square": square}).status_code == 200
    for square in sorted(expected - occupied):
        assert polis.post("/api/sim/toggle", {"square": square}).status_code == 200
    s = polis.wait_for(lambda s: s["mode"] == "turn" and s["to_move"] == 1, what="Red to move at the board")
    r = polis.post("/api/hint", {})
    assert r.status_code == 200, r.text
    s = polis.wait_for(lambda s: s["hint"] is not None, what="the hint")
    assert s["hint"]["seat"] == 1 and s["hint"]["move"] in s["legal"]


def test_a_hint_with_secrets_is_only_on_the_seats_page(tmp_path: Path) -> None:
    server = start("politics1952", tmp_path, ["--players", "3", "--seed", "4"])
    try:
        tokens = [seat["url"].rsplit("/", 1)[1] for seat in server.get("/api/seats").json()]
        s = server.wait_for(lambda s: isinstance(s["to_move"], int), what="a candidate to move")
        seat = s["to_move"]
        assert server.post("/api/hint", {}).status_code == 409  # the table may not ask: it would show a hand
        assert server.post("/api/hint", {"token": tokens[(seat + 1) % 3]}).status_code == 409  # nor another seat
        assert server.post("/api/hint", {"token": tokens[seat]}).status_code == 200
        mine = f"/api/state?token={tokens[seat]}"
        end = server.wait_for(lambda _: server.get(mine).json()["hint"] is not None, what="the seat's hint")
        assert end["hint"] is None  # the table's page does not show it
        hint = server.get(mine).json()["hint"]
        assert hint["seat"] == seat and server.get(f"/api/state?token={tokens[(seat + 1) % 3]}").json()["hint"] is None
    finally:
        server.stop()
