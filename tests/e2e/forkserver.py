"""Start `agora play` processes by forking one that has already imported the controller, for runs that start
thousands of them (the kill test).

A fresh `agora play` spends about 1.4 s of CPU importing FastAPI, pydantic, uvicorn and the five games before it
opens the games file; on a loaded 2-core machine that is 6-7 s of wall time per start, most of a kill test's cycle.
The child of this server runs the same `controller.cli.main` with the same arguments in a process of its own (its own
socket, games file, event loop and signal handlers), so a kill -9 hits the same code at the same moments; only the
imports, which touch no file of the board, were done once beforehand. Nothing here starts a thread before forking.

Protocol on stdin/stdout, one JSON object a line: the harness sends {"argv": [...], "env": {...}, "log": path}; the
server answers {"pid": N}. It reaps its children itself (SIGCHLD ignored), so the harness watches each through a
pidfd, which tells of its end whoever reaps it.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import select
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

PRELOAD = (
    "controller.cli.main",
    "controller.commands.play",
    "controller.commands.resume",
    "controller.commands.opening",
    "controller.boards",
    "hardware.opening",
    "simulator.opening",
    "controller.web.app",
    "controller.games.politrics.game",
    "controller.games.polis.game",
    "controller.games.politics1952.game",
    "controller.games.chesspolitik.game",
    "controller.games.djambi.game",
    "uvicorn",
)


def _child(request: dict[str, Any]) -> None:
    """In the forked child: become the `agora play` the request describes; never returns."""
    code = 1
    try:
        os.setsid()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.environ.update(request["env"])
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        sys.stdin = open(os.devnull)  # noqa: SIM115 (the server's read-ahead of its requests is not the child's)
        log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(log, 1)
        os.dup2(log, 2)
        from controller.cli.main import main

        code = main(request["argv"])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # the child's own traceback goes to its log, as a fresh process's would
        import traceback

        traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def serve() -> int:
    for module in PRELOAD:
        importlib.import_module(module)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel: no zombies
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _child(request)
        print(json.dumps({"pid": pid}), flush=True)
    return 0


@dataclass
class Forked:
    """A forked `agora play`, watched through a pidfd: the part of `subprocess.Popen` the tests use."""

    pid: int
    _fd: int | None = field(default=None, repr=False)
    returncode: int | None = None

    def __post_init__(self) -> None:
        try:
            self._fd = os.pidfd_open(self.pid)
        except ProcessLookupError:
            self.returncode = -1  # gone already (its exit status went to the server, which reaped it)

    def poll(self) -> int | None:
        return self.wait(0) if self.returncode is None else self.returncode

    def wait(self, timeout: float | None = None) -> int | None:
        if self.returncode is not None or self._fd is None:
            return self.returncode
        ready, _, _ = select.select([self._fd], [], [], timeout)
        if not ready:
            if timeout:
                raise subprocess.TimeoutExpired(str(self.pid), timeout)
            return None
        os.close(self._fd)
        self._fd = None
        self.returncode = -1  # the exit status is the server's to reap; that it ended is what the tests need
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self._fd is not None and self.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(self._fd, sig)


class ForkServer:
    """The server process, started once; `spawn` forks an `agora play` from it."""

    def __init__(self) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "tests.e2e.forkserver"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self._read()

    def _read(self) -> dict[str, Any]:
        out: IO[str] | None = self._proc.stdout
        assert out is not None
        line = out.readline()
        if not line:
            raise RuntimeError(f"the fork server ended with {self._proc.wait()}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def spawn(self, argv: list[str], env: dict[str, str], log: Path) -> Forked:
        stdin = self._proc.stdin
        assert stdin is not None
        stdin.write(json.dumps({"argv": argv, "env": env, "log": str(log)}) + "\n")
        stdin.flush()
        return Forked(int(self._read()["pid"]))

    def close(self) -> None:
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        self._proc.wait(30)


if __name__ == "__main__":
    sys.exit(serve())
