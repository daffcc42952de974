"""`agora demo`: computer against computer on the simulated board, the demo's hands carrying out every move, and a
new game when one ends (a real `agora demo`: uvicorn, SQLite, the worker process)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from controller.demo import next_step
from tests.e2e.server import PATIENCE, free_port

HANG = 600.0  # one guard against a hang: a whole game of Polis played on a loaded machine (over 240 s seen in CI)


def test_next_step_lifts_before_it_places() -> None:
    assert next_step(0b0110, 0b0011) == ("lift", 0)
    assert next_step(0b0110, 0b0010) == ("place", 2)
    assert next_step(0b0110, 0b0110) is None


@pytest.mark.timeout(HANG + 60)
def test_the_demo_plays_a_game_to_its_end_and_starts_the_next(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "demo.log"
    cmd = [sys.executable, "-m", "controller", "demo", "polis", "--level", "easy", "--pace", "0.1", "--port", str(port)]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "AGORA_HOME": str(tmp_path)}
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}/api/state"
    try:
        first: dict | None = None
        end = time.monotonic() + HANG
        while time.monotonic() < end:
            assert proc.poll() is None, log.read_text()
            try:
                answer = httpx.get(url, timeout=PATIENCE)
            except httpx.HTTPError:
                answer = None
            if answer is None or answer.status_code == 503:  # not listening yet, or the board still starting
                time.sleep(0.2)
                continue
            s = answer.json()
            if first is None:
                first = s
            if s["game_id"] != first["game_id"]:
                break  # the next game started
            assert s["seat_kinds"] == ["computer", "computer"]
            time.sleep(0.2)
        else:
            raise AssertionError(f"no second game within {HANG} s:\n{log.read_text()}")
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
