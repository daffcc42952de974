"""The cafe hub in real Chromium: every board on the broker with its game, players and moves, online or not (the
broker's last will), and a game spectated live."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import browser  # noqa: F401  (the fixture)
from tests.e2e.server import free_port
from tests.remote.broker import HUB_USER, Broker
from tests.remote.processes import WAIT, carry_out, effect_steps, launch, toggle, wait

pytestmark = pytest.mark.browser


def start_hub(broker: Broker, home: Path) -> tuple[subprocess.Popen[str], str]:
    port = free_port()
    home.mkdir(parents=True, exist_ok=True)
    log = (home / "hub.log").open("w")
    url = broker.url(HUB_USER).rstrip("/") + "/"
    proc = subprocess.Popen(
        [sys.executable, "-m", "controller", "hub", "--broker", url, "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    base = f"http://127.0.0.1:{port}"
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        assert proc.poll() is None, (home / "hub.log").read_text()
        try:
            if httpx.get(base + "/api/boards", timeout=2).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("the hub did not serve")


def test_the_hub_lists_the_boards_and_shows_a_game_live(tmp_path: Path, broker: Broker, browser: Browser):  # noqa: F811
    host = launch(["play", "polis", "--remote", broker.url("host", "table"), "--seats", "board,remote"], tmp_path / "h")
    guest = launch(["join", broker.url("guest", "table")], tmp_path / "g")
    hub, base = start_hub(broker, tmp_path / "hub")
    try:
        state = wait(host, lambda s: s["mode"] == "turn", "the host's turn")
        text = state["legal"][0]
        carry_out(host, effect_steps("polis", state["view"], text, "decision"))
        wait(guest, lambda s: s["ply"] == 1, "the move at the guest")
        after = wait(host, lambda s: s["ply"] == 1, "the move read at the host")
        position = {p["square"]: p["kind"] for p in after["pieces"]}
        page = browser.new_page()
        page.goto(base + "/")
        row = page.locator("tr[data-place=host]")
        expect(row).to_contain_text("Polis", timeout=WAIT * 1000)
        expect(row).to_contain_text("online")
        expect(row.locator("td").nth(4)).to_have_text("1", timeout=WAIT * 1000)
        expect(page.locator("tr[data-place=guest]")).to_contain_text("guest")
        row.get_by_role("button", name="Watch").click()
        expect(page.locator("#title")).to_contain_text("host: Polis")
        expect(page.locator("#turn")).to_contain_text("to move")
        # The public position after the move, every piece on its square, and the LED picture the board shows.
        page.wait_for_function(
            """position => [...document.querySelectorAll('#board div')].every(
                d => d.textContent === (position[d.dataset.square] || ''))""",
            arg=position,
            timeout=WAIT * 1000,
        )
        # Somebody at the host's table lifts a piece out of turn: the board lights it, and so does the hub.
        lifted = next(p["square"] for p in after["pieces"] if p["owner"] == 0)
        toggle(host, lifted, lift=True)
        page.wait_for_function(
            """() => [...document.querySelectorAll('#board div')].some(
                d => d.style.background && !['', 'rgb(0, 0, 0)', '#000'].includes(d.style.background))""",
            timeout=WAIT * 1000,
        )
        guest.kill()  # no goodbye: the broker publishes the guest's last will
        expect(page.locator("tr[data-place=guest]")).to_contain_text("offline", timeout=WAIT * 1000)
        page.close()
    finally:
        hub.terminate()
        try:
            hub.wait(60)
        finally:
            hub.kill()
        host.stop()
        guest.stop()
