"""How long `agora play` takes to start, in CPU time of the process since it began (the interpreter's own start
included): until the board is live (the sensors read and the LEDs shown the position: the strip's first frame)
and until the page is served (the moment it tells systemd it is ready, right after uvicorn listens).

`python -m tests.bench.startup [--runs 5] [-- PLAY ARGUMENTS]` starts `agora play` that many times (by default
`politrics --board sim --new` on a fresh games file and a free port) and prints the best of each mark: CPU time
taken from a process only grows when the machine is busy, so the least is the closest to what the code costs.
On a Raspberry Pi: `-- politrics --board gpio --new`.

The probe (`--probe`) runs `agora play` in its own process: it wraps the board's strip and systemd's notifier,
the two seams where those moments happen, writes the marks as one JSON line and ends the process at once.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

WEB_STACK = ("fastapi", "uvicorn", "starlette", "pydantic")
SEARCH = "controller.ai.players"  # the computer players' search: a board with no computer seat never needs it


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def _probe(argv: list[str]) -> int:
    marks: dict[str, Any] = {}
    from controller import heap

    with heap.loading():  # as `agora` imports them: inside its loading, with no collection running
        import controller.service_notify as notify
        from controller import backends  # on the way to a live board anyway

    opener = backends.open_board

    async def open_board(*args: Any, **kwargs: Any) -> Any:
        board = await opener(*args, **kwargs)
        show = board.strip.show

        def shown(frame: Any) -> None:
            show(frame)
            if "live" not in marks:
                marks["live"] = time.process_time()
                marks["web_before_live"] = sorted(m for m in WEB_STACK if m in sys.modules)
                marks["search_before_live"] = SEARCH in sys.modules

        board.strip.show = shown  # type: ignore[method-assign]
        return board

    backends.open_board = open_board
    ready = notify.ServiceNotifier.ready

    def serving(self: notify.ServiceNotifier, status: str = "") -> bool:
        marks["serving"] = time.process_time()
        marks["rss_mb"] = _rss_mb()
        print(json.dumps(marks), flush=True)
        ready(self, status)
        os._exit(0)

    notify.ServiceNotifier.ready = serving  # type: ignore[method-assign]
    from controller.cli import main

    return main(argv)


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_once(play: list[str] | None = None) -> dict[str, Any]:
    """One `agora play` start through the probe: {"live", "serving", "rss_mb", "web_before_live"}."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        args = play or ["politrics", "--board", "sim", "--new"]
        argv = ["play", *args, "--db", os.path.join(tmp, "games.sqlite"), "--port", str(_free_port())]
        done = subprocess.run(
            [sys.executable, "-m", "tests.bench.startup", "--probe", *argv],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError(f"agora play did not start: {done.stderr.strip()[-2000:]}")
    marks: dict[str, Any] = json.loads(lines[-1])
    return marks


def measure(runs: int = 5, play: list[str] | None = None) -> dict[str, Any]:
    """The best of `runs` starts for each mark."""
    starts = [start_once(play) for _ in range(runs)]
    return {
        "live": min(s["live"] for s in starts),
        "serving": min(s["serving"] for s in starts),
        "web": min(s["serving"] - s["live"] for s in starts),  # the web stack's share: loading it, the app, uvicorn
        "rss_mb": min(s["rss_mb"] for s in starts),
        "web_before_live": sorted({m for s in starts for m in s["web_before_live"]}),
        "runs": runs,
    }


def fastapi_floor(runs: int = 5) -> float:
    """What no app served with FastAPI can start below: the CPU time of a fresh interpreter (this one, with its
    site-packages) that imports FastAPI and nothing else, the best of `runs`."""
    import subprocess

    code = "import time, fastapi; print(time.process_time())"
    times = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
        times.append(float(done.stdout.split()[-1]))
    return min(times)


def main() -> None:
    argv = sys.argv[1:]
    if argv[:1] == ["--probe"]:
        sys.exit(_probe(argv[1:]))
    import argparse

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("play", nargs="*", help="arguments of agora play (after --)")
    args = parser.parse_args(argv)
    from tests.bench.table import compile_sources

    compile_sources()  # as `make bench` does: an installed board starts from bytecode
    print(json.dumps({**measure(args.runs, args.play or None), "fastapi_floor": fastapi_floor(args.runs)}))


if __name__ == "__main__":
    main()
