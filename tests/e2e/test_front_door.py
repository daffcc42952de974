"""A real `agora play` (the startup probe of tests/bench/startup.py, holding the API's build until told): uvicorn
serves the page's first byte from the front door before FastAPI is loaded, answers the API 503 with Retry-After and
the WebSocket with 1013 while the app is not built, and hands everything to the app once it is. Every wait is for a
line the process writes or for an answer; the build waits for a line this test writes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.e2e.server import PATIENCE, free_port

STATIC = Path(__file__).resolve().parents[2] / "controller" / "web" / "static"


class Held:
    """`agora play` in the probe, its API's build held until `release`."""

    def __init__(self, proc: subprocess.Popen[str], port: int) -> None:
        self.proc = proc
        self.url = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}/ws"

    def until(self, key: str) -> dict[str, Any]:
        """The marks the probe writes, up to the line that has `key`."""
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("{"):
                marks: dict[str, Any] = json.loads(line)
                if key in marks:
                    return marks
        raise AssertionError(f"agora play ended ({self.proc.wait()}) before {key}: {self.proc.stderr}")

    def release(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()


@pytest.fixture
def held() -> Iterator[Held]:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        argv = ["play", "polis", "--board", "sim", "--new", "--db", os.path.join(tmp, "g.sqlite"), "--port", str(port)]
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.bench.startup", "--probe", "--hold", *argv],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "AGORA_HOME": tmp},
        )
        watchdog = threading.Timer(PATIENCE, proc.kill)  # ends a hung process, never a pace
        watchdog.start()
        try:
            yield Held(proc, port)
        finally:
            watchdog.cancel()
            proc.kill()
            proc.wait()


def closed_with(url: str) -> int | None:
    """The code the board closes a fresh WebSocket with (None: it sent a message first)."""
    with connect(url, open_timeout=PATIENCE) as socket:
        try:
            socket.recv(timeout=PATIENCE)
        except ConnectionClosed as exc:
            return None if exc.rcvd is None else exc.rcvd.code
    return None


def test_the_page_serves_before_fastapi_is_loaded_and_the_api_once_it_is_built(held: Held) -> None:
    serving = held.until("serving")
    assert "fastapi" not in serving["web_at_serving"]
    page = httpx.get(held.url + "/", timeout=PATIENCE)
    assert page.status_code == 200 and page.content == (STATIC / "index.html").read_bytes()
    first = held.until("first_byte")
    assert first["first_byte_by_front_door"] and first["web_at_first_byte"] == ["uvicorn"]
    assert httpx.get(held.url + "/static/app.js", timeout=PATIENCE).content == (STATIC / "app.js").read_bytes()
    waiting = httpx.get(held.url + "/api/state", timeout=PATIENCE)
    assert waiting.status_code == 503 and waiting.headers["retry-after"] == "1"
    assert closed_with(held.ws) == 1013

    held.release()
    assert held.until("api")["api"] > first["first_byte"]
    state = httpx.get(held.url + "/api/state", timeout=PATIENCE)
    assert state.status_code == 200 and state.json()["game"]["name"] == "polis"
    assert httpx.get(held.url + "/api/nothing", timeout=PATIENCE).status_code == 404  # the app's own answer
    with connect(held.ws, open_timeout=PATIENCE) as socket:
        assert json.loads(socket.recv(timeout=PATIENCE))["type"] == "state"


def test_the_page_says_the_board_is_starting_and_plays_once_the_api_serves(browser: Browser, held: Held) -> None:
    held.until("serving")
    page = browser.new_page()
    page.goto(held.url + "/")
    expect(page.locator("#connection")).to_have_text("The board is starting…")
    expect(page.locator("#turn")).to_have_text("Connecting to the board…")
    held.release()
    expect(page.locator("#turn")).not_to_have_text("Connecting to the board…")
    expect(page.locator("#connection")).to_be_hidden()
    expect(page.locator("#board [data-square]")).not_to_have_count(0)
    expect(page.locator("#new-game option")).not_to_have_count(0)  # the games asked for again after their 503
