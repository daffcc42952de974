"""How long `agora play` takes to start, in CPU time of the process since it began (the interpreter's own start
included): until the board is live (the sensors read and the LEDs shown the position: the strip's first frame),
until the page serves (the front door, controller.web.front, listening: the moment it tells systemd it is ready),
until the page's first byte is sent to a browser that asked at once, and until the API serves (the FastAPI app
built and handed the front door's requests).

`python -m tests.bench.startup [--runs 5] [-- PLAY ARGUMENTS]` starts `agora play` that many times (by default
`politrics --board sim --new` on a fresh games file and a free port) and prints the best of each mark: CPU time
taken from a process only grows when the machine is busy, so the least is the closest to what the code costs.
On a Raspberry Pi: `-- politrics --board gpio --new`.

The probe (`--probe`) runs `agora play` in its own process: it wraps the board's strip, systemd's notifier and the
front door, the seams where those moments happen, and writes each mark as a JSON line as it happens. This process
asks for the page as soon as the probe says the front door listens (from another process, so the asking costs the
probe nothing). The API's build waits in the probe until the page's first byte is sent: a browser that asks while
the app is built shares the interpreter with the build, which adds the build's CPU time to the page's figure
without the page costing any more; the first byte's own cost is what the figure is for. With `--hold` the build
waits for a line on the probe's standard input instead, and the probe serves on after the API opens (the
end-to-end test of the front door, tests/e2e/test_front_door.py, holds it so). With `--until-live` it ends the
process once the board is live, to count the instructions up to there:
`valgrind --tool=callgrind python -m tests.bench.startup --probe --until-live play politrics --board sim --new`.
"""

from __future__ import annotations

import json
import os
import sys
import threading
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


def _say(marks: dict[str, Any]) -> None:
    print(json.dumps(marks), flush=True)


def _web_loaded() -> list[str]:
    return sorted(m for m in WEB_STACK if m in sys.modules)


def _probe(argv: list[str], hold: bool = False, until_live: bool = False) -> int:
    marks: dict[str, Any] = {}
    from controller import heap

    with heap.loading():  # as `agora` imports them: inside its loading, with no collection running
        import controller.service_notify as notify
        from controller.cli import main as cli  # what `agora` runs anyway

    board_opener = cli.board_opener

    def wrapped_opener() -> Any:
        opener = board_opener()

        async def open_board(*args: Any, **kwargs: Any) -> Any:
            return _watched(await opener(*args, **kwargs))

        return open_board

    def _watched(board: Any) -> Any:
        show = board.strip.show

        def shown(frame: Any) -> None:
            show(frame)
            if "live" not in marks:
                marks["live"] = time.process_time()
                marks["web_before_live"] = _web_loaded()
                marks["search_before_live"] = SEARCH in sys.modules
                if until_live:
                    _say(marks)
                    os._exit(0)

        board.strip.show = shown
        return board

    cli.board_opener = wrapped_opener
    if until_live:
        from controller.cli.main import main

        return main(argv)
    with heap.loading():  # after the opener is wrapped: `agora play`'s modules take it by name
        from controller.commands import serving  # `agora play` imports it before the board is live too
    first_byte = threading.Event()
    build_routes = serving.build_routes

    def gated_build(*args: Any) -> Any:
        if hold:
            sys.stdin.readline()
        else:
            first_byte.wait(120)  # a bound on waiting for the bench's request, never a pace
        return build_routes(*args)

    serving.build_routes = gated_build  # type: ignore[assignment]
    ready = notify.ServiceNotifier.ready

    def serving_now(self: notify.ServiceNotifier, status: str = "") -> bool:
        marks["serving"] = time.process_time()
        marks["web_at_serving"] = _web_loaded()
        _watch_the_front_door(marks, first_byte, hold)
        _say(marks)
        return ready(self, status)

    notify.ServiceNotifier.ready = serving_now  # type: ignore[method-assign]
    from controller.cli.main import main

    return main(argv)


def _watch_the_front_door(marks: dict[str, Any], first_byte: threading.Event, hold: bool) -> None:
    """The front door's first byte of the page, and its handing over to the API (loaded by now: it listens)."""
    from controller.web.front import FrontDoor

    call, hand_over = FrontDoor.__call__, FrontDoor.hand_over

    async def answer(self: FrontDoor, scope: Any, receive: Any, send: Any) -> None:
        async def sent(message: Any) -> None:
            await send(message)
            if message["type"] == "http.response.start" and scope["path"] == "/" and "first_byte" not in marks:
                marks["first_byte"] = time.process_time()
                marks["web_at_first_byte"] = _web_loaded()
                marks["first_byte_by_front_door"] = not self.handed_over
                _say({k: marks[k] for k in ("first_byte", "web_at_first_byte", "first_byte_by_front_door")})
                first_byte.set()

        await call(self, scope, receive, sent)

    def handed(self: FrontDoor, app: Any) -> None:
        hand_over(self, app)
        marks["api"] = time.process_time()
        marks["rss_mb"] = _rss_mb()
        _say(marks)
        if not hold:
            os._exit(0)

    FrontDoor.__call__ = answer  # type: ignore[method-assign]
    FrontDoor.hand_over = handed  # type: ignore[method-assign]


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def get_page(port: int) -> bytes:
    """The page, as a browser asks for it."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request("GET", "/")
        return connection.getresponse().read()
    finally:
        connection.close()


def start_once(play: list[str] | None = None) -> dict[str, Any]:
    """One `agora play` start through the probe, asking for the page as soon as the front door listens:
    {"live", "serving", "first_byte", "api", "rss_mb", "web_before_live", "web_at_first_byte", ...}."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        args = play or ["politrics", "--board", "sim", "--new"]
        port = _free_port()
        argv = ["play", *args, "--db", os.path.join(tmp, "games.sqlite"), "--port", str(port)]
        with subprocess.Popen(
            [sys.executable, "-m", "tests.bench.startup", "--probe", *argv],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        ) as proc:
            watchdog = threading.Timer(300, proc.kill)  # a hung start ends the measurement, never a pace
            watchdog.start()
            marks: dict[str, Any] = {}
            try:
                assert proc.stdout is not None
                for line in proc.stdout:
                    if not line.startswith("{"):
                        continue
                    marks.update(json.loads(line))
                    if "serving" in marks and "first_byte" not in marks and "asked" not in marks:
                        marks["asked"] = True
                        get_page(port)
                    if "api" in marks:
                        break
            finally:
                watchdog.cancel()
                proc.kill()
                errors = proc.stderr.read() if proc.stderr is not None else ""
    if "api" not in marks:
        raise RuntimeError(f"agora play did not start: {errors.strip()[-2000:]}")
    marks.pop("asked", None)
    return marks


def measure(runs: int = 5, play: list[str] | None = None) -> dict[str, Any]:
    """The best of `runs` starts for each mark."""
    starts = [start_once(play) for _ in range(runs)]
    return {
        "live": min(s["live"] for s in starts),
        "serving": min(s["serving"] for s in starts),
        "first_byte": min(s["first_byte"] for s in starts),
        "api": min(s["api"] for s in starts),
        "front": min(s["serving"] - s["live"] for s in starts),  # uvicorn and the front door loaded and listening
        "routes": min(s["api"] - s["first_byte"] for s in starts),  # FastAPI loaded, the app built, handed over
        "rss_mb": min(s["rss_mb"] for s in starts),
        "web_before_live": sorted({m for s in starts for m in s["web_before_live"]}),
        "web_at_first_byte": sorted({m for s in starts for m in s["web_at_first_byte"]}),
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
        option = argv[1] if argv[1:2] in (["--hold"], ["--until-live"]) else None
        rest = argv[2 if option else 1 :]
        sys.exit(_probe(rest, hold=option == "--hold", until_live=option == "--until-live"))
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
