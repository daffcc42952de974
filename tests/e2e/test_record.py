"""A board's session recorded by `agora play --record` replays to the same moves with `agora replay`: the way a
field bug comes home."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from tests.e2e.server import start
from tests.e2e.test_crash import place_one


def test_a_recorded_session_replays_to_the_same_moves(tmp_path: Path) -> None:
    record = tmp_path / "board.jsonl"
    server = start("politrics", tmp_path, ["--seed", "4", "--record", str(record)])
    rnd = random.Random(1)
    try:
        for _ in range(4):
            place_one(server, rnd)
        # A page action between board moves is recorded too: an undo, whose guidance asks for the piece back off.
        state = server.post("/api/undo", {}).json()
        assert state["mode"] == "chores"
        for sq in sorted(set(state["occupancy"]) - set(state["expected"])):
            server.post("/api/sim/toggle", {"square": sq}).raise_for_status()
        server.wait_for(lambda s: s["mode"] == "turn", what="the board to match after the undo")
    finally:
        played = [m["move"] for m in server.state()["moves"]]
        server.stop()
    lines = record.read_text().splitlines()
    assert "start" in json.loads(lines[0]) and any('"answer"' in line for line in lines)
    done = subprocess.run(
        [sys.executable, "-m", "controller", "replay", "politrics", "--events", str(record)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines()]
    committed = [e["move"] for e in events if e["event"] == "committed"]
    undone = sum(len(e["moves"]) for e in events if e["event"] == "takeback")
    assert committed[: len(committed) - undone] == played
    assert len(played) == 3 and undone == 1
