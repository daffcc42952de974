"""`agora play` as the systemd unit runs it: the game started from the page is resumed at the next start, whatever
game the command line names (which ones it ignored is said, with how to start afresh); SIGTERM ends it cleanly."""

from __future__ import annotations

import signal
from pathlib import Path

from tests.e2e.server import start


def test_a_game_started_from_the_page_is_resumed_whatever_the_command_line_says(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    server = start("politrics", tmp_path, ["--seed", "3"], db=db)
    try:
        r = server.post("/api/new", {"game": "polis", "seed": 5})
        r.raise_for_status()
        polis = r.json()["game_id"]
        legal = server.state()["legal"]
        assert server.post("/api/move", {"text": legal[0]}).status_code == 200
        moves = server.state()["moves"]
        # systemctl stop: SIGTERM ends it with exit status 0, like Ctrl-C.
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(20) == 0, server.log.read_text()
    finally:
        server.kill()
    again = start("politrics", tmp_path, ["--seed", "9", "--option", "target=40"], db=db)
    try:
        state = again.state()
        assert state["game"]["name"] == "polis" and state["game_id"] == polis
        assert state["moves"] == moves
        log = again.log.read_text()
        assert "ignored: the game politrics, --seed 9, --option target=40" in log and "--new" in log
    finally:
        again.stop()
    fresh = start("politrics", tmp_path, ["--new"], db=db)
    try:
        assert fresh.state()["game"]["name"] == "politrics" and fresh.state()["game_id"] == polis + 1
    finally:
        fresh.stop()
