"""Process-level benchmarks of `agora play` (issue 4's numbers), run by `make bench`:

- time from starting `agora play politrics --board sim` to serving the page;
- WebSocket push latency: a move POSTed until the page's WebSocket brings the new state;
- resident memory of `agora play` after 200 moves;
- sensor event to decision latency p50/p99 inside the recognizer (no settle wait), over a played game.

`python -m tests.bench.process [--moves 200] [--starts 5]` prints a table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import websockets

from controller.games import load
from controller.games.playout import random_step
from controller.recognizer import Recognizer, build_index
from tests.e2e.server import start


@dataclass
class Figures:
    startup_s: list[float]
    push_ms: list[float]
    rss_mb: float
    decision_us: list[float]

    def table(self) -> str:
        def pct(xs: list[float], p: float) -> float:
            xs = sorted(xs)
            return xs[min(len(xs) - 1, int(p * len(xs)))]

        rows = [
            ("agora play to serving (s)", statistics.median(self.startup_s), max(self.startup_s)),
            ("WebSocket push after a move, p50 / p99 (ms)", pct(self.push_ms, 0.5), pct(self.push_ms, 0.99)),
            ("sensor event to decision, p50 / p99 (us)", pct(self.decision_us, 0.5), pct(self.decision_us, 0.99)),
            ("resident memory after the moves (MB)", self.rss_mb, self.rss_mb),
        ]
        return "\n".join(f"{name:<48} {a:>10.3f} {b:>10.3f}" for name, a, b in rows)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


async def push_latencies(url: str, moves: int, rnd: random.Random) -> list[float]:
    out: list[float] = []
    ws_url = url.replace("http", "ws") + "/ws"
    async with websockets.connect(ws_url, max_size=2**22) as ws, httpx.AsyncClient(base_url=url, timeout=10) as http:
        ply = -1
        while True:  # the first state message
            msg = json.loads(await ws.recv())
            if msg["type"] == "state":
                ply = msg["state"]["ply"]
                legal = msg["state"]["legal"]
                break
        for _ in range(moves):
            if not legal:
                break
            started = time.perf_counter()
            r = await http.post("/api/move", json={"text": rnd.choice(legal)})
            r.raise_for_status()
            while True:
                msg = json.loads(await ws.recv())
                if msg["type"] == "state" and msg["state"]["ply"] > ply:
                    out.append((time.perf_counter() - started) * 1000)
                    ply = msg["state"]["ply"]
                    legal = msg["state"]["legal"]
                    break
    return out


def decision_latencies(positions: int = 60, seed: int = 3) -> list[float]:
    """Per sensor event: the recognizer's work from a changed occupancy to its answer (commit, wait, mismatch)."""
    game = load("politrics")
    rnd = random.Random(seed)
    out: list[float] = []
    state = game.new(seed=seed)
    for _ in range(positions):
        if state.to_move is None:
            state = game.new(seed=rnd.randrange(10**6))
        moves = state.legal_moves()
        index = build_index(state, moves)
        rec = Recognizer()
        rec.begin_turn(index, state.occupancy(), 0.0)
        move = rnd.choice(moves)
        effect = state.effect(move)
        occ, t = state.occupancy(), 0.0
        for step in effect.decision:
            for change in ([step.src] if step.src is not None else []) + ([step.dst] if step.dst is not None else []):
                occ ^= 1 << change
                t += 0.2
                started = time.perf_counter_ns()
                rec.board(occ, t)
                out.append((time.perf_counter_ns() - started) / 1000)
        state = random_step(state, rnd)
    return out


def measure(moves: int = 200, starts: int = 3) -> Figures:
    rnd = random.Random(7)
    startup: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(starts):
            began = time.perf_counter()
            server = start("politrics", Path(tmp), ["--new", "--seed", str(i)], db=Path(tmp) / f"s{i}.sqlite")
            startup.append(time.perf_counter() - began)
            if i < starts - 1:
                server.stop()
        try:
            pushes = asyncio.run(push_latencies(server.url, moves, rnd))
            memory = rss_mb(server.proc.pid)
        finally:
            server.stop()
    return Figures(startup, pushes, memory, decision_latencies())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--starts", type=int, default=5)
    args = parser.parse_args()
    print(measure(args.moves, args.starts).table())


if __name__ == "__main__":
    main()
