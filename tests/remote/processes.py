"""Real `agora play --remote` and `agora join` processes on simulated boards, driven through their web pages as a
player clicking the simulated board would; every wait is for the page to show the awaited change."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from controller.games import load
from tests.e2e.server import Server, free_port

WAIT = 120.0  # a bound on waiting for an event on a loaded machine, never a pace


def launch(command: list[str], home: Path, wait_serving: bool = True) -> Server:
    port = free_port()
    home.mkdir(parents=True, exist_ok=True)
    db = home / "games.sqlite"
    log = home / f"agora-{port}.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "AGORA_HOME": str(home)}
    cmd = [sys.executable, "-m", "controller", *command, "--board", "sim", "--port", str(port), "--db", str(db)]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, text=True, env=env)
    server = Server(proc, f"http://127.0.0.1:{port}", db, log)
    if wait_serving:
        serving(server)
    return server


def serving(server: Server) -> Server:
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        if server.proc.poll() is not None:
            raise AssertionError(f"agora exited with {server.proc.returncode}:\n{server.log.read_text()}")
        try:
            if httpx.get(server.url + "/api/state", timeout=2).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    server.kill()
    raise AssertionError(f"agora did not serve:\n{server.log.read_text()}")


def wait(server: Server, predicate: Any, what: str) -> dict[str, Any]:
    return server.wait_for(predicate, timeout=WAIT, what=what)


def toggle(server: Server, square: str, lift: bool) -> None:
    server.post("/api/sim/toggle", {"square": square}).raise_for_status()
    wait(server, lambda s: (square in s["occupancy"]) != lift, f"{square} {'lifted' if lift else 'placed'}")


def carry_out(server: Server, steps: list[dict[str, Any]]) -> None:
    for step in steps:
        if step["from"] is not None:
            toggle(server, step["from"], lift=True)
        if step["to"] is not None:
            toggle(server, step["to"], lift=False)


def effect_steps(game: str, view: dict[str, Any], text: str, part: str) -> list[dict[str, Any]]:
    """The steps of `text` played on `view`: the player's `decision`, the forced `chores`, or the `whole` move."""
    g = load(game)
    state = g.from_json(view)
    effect = state.effect(g.parse(text, state))
    parts = {"decision": effect.decision, "chores": effect.chores, "whole": (*effect.decision, *effect.chores)}
    return [s.to_json() for s in parts[part]]
