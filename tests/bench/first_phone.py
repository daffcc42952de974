"""What the first phone costs the board's loop: a real `agora play politrics --board sim --new` in this process,
every callback of its loop timed in CPU time of the loop's thread (tests.bench.probe.LoopProbe), and once the API
serves and the start-up's warm-up is over, a phone's `GET /api/state` and WebSocket (its first snapshot and LED
frame), then a second phone's the same.

`python -m tests.bench.first_phone` prints, in ms, the loop time each took in all and their longest callback.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import time
from typing import Any

import httpx
from websockets.sync.client import connect

from tests.bench.probe import LoopProbe
from tests.e2e.server import PATIENCE, free_port

WARM_UP = 4.0  # seconds after the API serves: every game's rules loaded, the heap settled (serving.warm_up)


def _phone(url: str, port: int, probe: LoopProbe) -> dict[str, float]:
    probe.top.clear()
    before = probe.total
    httpx.get(url + "/api/state", timeout=PATIENCE).raise_for_status()
    got = {"get_ms": (probe.total - before) * 1e3, "get_longest_ms": probe.longest_callback().seconds * 1e3}
    probe.top.clear()
    before = probe.total
    with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=PATIENCE) as socket:
        socket.recv(timeout=PATIENCE)  # the snapshot
        socket.recv(timeout=PATIENCE)  # the LED frame
    got |= {"ws_ms": (probe.total - before) * 1e3, "ws_longest_ms": probe.longest_callback().seconds * 1e3}
    return got


def main() -> None:
    from controller.web.front import FrontDoor

    port = free_port()
    probe = LoopProbe(keep=40)
    serving = threading.Event()
    hand_over = FrontDoor.hand_over

    def handed(self: FrontDoor, app: Any) -> None:
        hand_over(self, app)
        serving.set()

    FrontDoor.hand_over = handed  # type: ignore[method-assign]

    def phones() -> None:
        serving.wait(PATIENCE)
        time.sleep(WARM_UP)  # not a race: only keeps the warm-up's own callbacks out of the figures
        url = f"http://127.0.0.1:{port}"
        found = {"first": _phone(url, port, probe), "second": _phone(url, port, probe)}
        print(json.dumps({k: {m: round(v, 2) for m, v in f.items()} for k, f in found.items()}), flush=True)
        os._exit(0)

    threading.Thread(target=phones, daemon=True).start()
    from controller.cli.main import main as agora

    with tempfile.TemporaryDirectory() as tmp, probe:
        db = os.path.join(tmp, "games.sqlite")
        agora(["play", "politrics", "--board", "sim", "--new", "--db", db, "--port", str(port)])
    sys.exit(1)  # agora play ended before the phones were done


if __name__ == "__main__":
    main()
