"""Start a real `agora play` (uvicorn, SQLite, the simulated board) in a subprocess for end-to-end tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import httpx

if TYPE_CHECKING:
    from tests.e2e.forkserver import ForkServer

# How long a test waits for the board before it calls it hung. The tests wait for the event itself (an answer, a
# state); this only ends a wait that would never end, so it is far beyond what a loaded machine ever takes.
PATIENCE = 120.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Process(Protocol):
    """What the tests use of a running `agora play`: a `subprocess.Popen`, or one forked by tests/e2e/forkserver."""

    @property
    def pid(self) -> int: ...

    @property
    def returncode(self) -> int | None: ...

    def poll(self) -> int | None: ...

    def wait(self, timeout: float | None = None) -> int | None: ...

    def send_signal(self, sig: int) -> None: ...


@dataclass
class Server:
    proc: Process
    url: str
    db: Path
    log: Path

    def get(self, path: str, **kw: Any) -> httpx.Response:
        return httpx.get(self.url + path, timeout=PATIENCE, **kw)

    def post(self, path: str, body: Any = None, **kw: Any) -> httpx.Response:
        return httpx.post(self.url + path, json=body, timeout=PATIENCE, **kw)

    def state(self) -> dict[str, Any]:
        r = self.get("/api/state")
        r.raise_for_status()
        return r.json()

    def wait_for(self, predicate: Any, timeout: float = PATIENCE, what: str = "the board") -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            s = self.state()
            if predicate(s):
                return s
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {what}; last state: turn={s['turn']!r} mode={s['mode']}")
            time.sleep(0.05)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(PATIENCE)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def start(
    game: str,
    tmp: Path,
    args: Sequence[str] = (),
    db: Path | None = None,
    timeout: float = PATIENCE,
    forks: ForkServer | None = None,
) -> Server:
    """A fresh `python -m controller play`, or one forked from `forks` (the controller already imported)."""
    port = free_port()
    db = db or tmp / "games.sqlite"
    log = tmp / f"play-{port}.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "AGORA_HOME": str(tmp)}
    argv = [
        "play",
        game,
        "--board",
        "sim",
        "--port",
        str(port),
        "--db",
        str(db),
        *args,
    ]
    proc: Process
    if forks is not None:
        proc = forks.spawn(argv, {"PYTHONUNBUFFERED": "1", "AGORA_HOME": str(tmp)}, log)
    else:
        with log.open("w") as out:
            cmd = [sys.executable, "-m", "controller", *argv]
            proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, text=True, env=env)
    server = Server(proc, f"http://127.0.0.1:{port}", db, log)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise AssertionError(f"agora play exited with {proc.returncode}:\n{log.read_text()}")
        try:
            if httpx.get(server.url + "/api/state", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    server.kill()
    raise AssertionError(f"agora play did not serve within {timeout} s:\n{log.read_text()}")
