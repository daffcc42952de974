"""Kill -9 of a real `agora play` at random moments, many times, in games started from the command line (Politrics,
moves on the simulated board) and from the page (Chesspolitik with secret orders from the seats' phones): after
each restart the unfinished game is resumed (the same game, whatever the command line names) with every acknowledged
move. A move is acknowledged when the page's answer said so: a 200 to the request that made it, or a snapshot that
lists it with nothing still being saved.

`python -m tests.e2e.kill --kills 1000` (`make kill-test`) prints the counts; tests/e2e/test_crash.py runs a sample.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.e2e.server import Server, start

FILES = "abcdefghi"
STARTUP = 120.0  # seconds a restart may take on a loaded machine before it counts as not coming back


@dataclass
class Tally:
    kills: int = 0
    acknowledged: int = 0
    lost: list[str] = field(default_factory=list)  # what went wrong, one line each
    not_resumed: int = 0


def stored_moves(state: dict[str, Any]) -> list[str] | None:
    """The moves a snapshot shows as stored; None while some are still being saved."""
    return None if state.get("saving") else [str(m["move"]) for m in state["moves"]]


def kept(acknowledged: list[str], stored: list[str]) -> bool:
    """Every acknowledged move is among the stored ones, in order. Orders still sealed when acknowledged show as
    `orders SEAT` (the page hides them until the phase is complete); stored and revealed they read
    `orders SEAT: ...`."""
    if len(stored) < len(acknowledged):
        return False
    pairs = zip(acknowledged, stored[: len(acknowledged)], strict=True)
    return all(a == b or (a.startswith("orders ") and b.startswith(f"{a}:")) for a, b in pairs)


def settled(server: Server) -> list[str] | None:
    """The stored moves once nothing is being saved (the snapshot in a move's own answer is taken before its
    write is done; the answer itself comes after)."""
    return stored_moves(server.wait_for(lambda s: not s.get("saving"), what="the moves to be stored"))


def politrics_step(server: Server, rnd: random.Random) -> list[str] | None:
    """Set a figure down on the simulated board (answering which one it is): the moves acknowledged after it."""
    state = server.state()
    taken = set(state["occupancy"])
    free = [f"{f}{r}" for f in FILES[1:8] for r in range(2, 9) if f"{f}{r}" not in taken]
    server.post("/api/sim/toggle", {"square": rnd.choice(free)}).raise_for_status()
    state = server.wait_for(lambda s: s["prompt"] or s["ply"] > state["ply"], what="the placement to be seen")
    if state["prompt"]:
        options = [o for o in state["prompt"] if not o["move"].startswith("P")] or state["prompt"]
        server.post("/api/answer", {"choice": rnd.choice(options)["choice"]}).raise_for_status()
    return settled(server)


def orders_step(server: Server, rnd: random.Random, tokens: list[str]) -> list[str] | None:
    """A waiting seat's phone hands in orders: the moves acknowledged after it."""
    state = server.state()
    waiting = state["waiting_for"]
    if not waiting:
        # Between phases: the board waits for the units to be carried; the simulated hands do it at once.
        for square in state["expected"]:
            if square not in state["occupancy"]:
                server.post("/api/sim/toggle", {"square": square})
        for square in state["occupancy"]:
            if square not in state["expected"]:
                server.post("/api/sim/toggle", {"square": square})
        return None
    seat = rnd.choice(waiting)
    mine = server.get(f"/api/state?token={tokens[seat]}").json()
    orders = rnd.sample(mine["legal"], min(len(mine["legal"]), rnd.randint(0, 2)))
    r = server.post("/api/orders", {"token": tokens[seat], "orders": orders})
    if r.status_code != 200:
        return None  # an order set the rules refuse (two orders for one unit): nothing acknowledged
    return settled(server)


def tokens_of(server: Server) -> list[str]:
    return [s["url"].rsplit("/", 1)[1] for s in server.get("/api/seats").json()]


def one_game(tmp: Path, rnd: random.Random, kills: int, from_page: bool, tally: Tally) -> None:
    db = tmp / f"games-{rnd.randrange(10**9)}.sqlite"
    server = start("politrics", tmp, ["--seed", str(rnd.randrange(1000))], db=db, timeout=STARTUP)
    try:
        if from_page:
            r = server.post("/api/new", {"game": "chesspolitik", "seats": 2, "seat_kinds": ["phone", "phone"]})
            r.raise_for_status()
        first = server.state()
        game, game_id = first["game"]["name"], first["game_id"]
        acknowledged: list[str] = list(stored_moves(first) or [])
        for _ in range(kills):
            killer: threading.Timer | None = None
            try:
                tokens = tokens_of(server) if from_page else []
                while server.proc.poll() is None:
                    got = orders_step(server, rnd, tokens) if from_page else politrics_step(server, rnd)
                    if got is not None and len(got) >= len(acknowledged):
                        acknowledged = got
                    if killer is None:
                        # The moment is drawn once a step has been answered: on a loaded machine a timer from the
                        # start would kill every life before its first move, and the run would check nothing.
                        killer = threading.Timer(rnd.uniform(0.05, 1.5), server.kill)
                        killer.start()
            except (httpx.HTTPError, AssertionError, KeyError, ValueError):
                pass  # the server died under the request: expected
            if killer is not None:
                killer.join()
            server.kill()
            tally.kills += 1
            # The command line names another game and other options: the unfinished game is resumed regardless.
            server = start("polis" if from_page else "djambi", tmp, ["--seed", "5"], db=db, timeout=STARTUP)
            state = server.state()
            if state["game"]["name"] != game or state["game_id"] != game_id:
                tally.not_resumed += 1
                return
            stored = [str(m["move"]) for m in state["moves"]]
            if not kept(acknowledged, stored):
                tally.lost.append(f"{game}: acknowledged {acknowledged} but stored {stored}")
            tally.acknowledged += len(acknowledged)
            acknowledged = stored
    finally:
        server.kill()


def run(kills: int, seed: int, per_game: int = 5, progress: bool = False) -> Tally:
    rnd = random.Random(seed)
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        game = 0
        while tally.kills < kills:
            one_game(Path(tmp), rnd, min(per_game, kills - tally.kills), from_page=game % 2 == 1, tally=tally)
            game += 1
            if progress and game % 10 == 0:  # a long run says how far it is (a kill and restart take seconds)
                print(f"{tally.kills} kills so far: {_summary(tally)}", file=sys.stderr, flush=True)
    return tally


def _summary(tally: Tally) -> str:
    return (
        f"{len(tally.lost)} times acknowledged moves lost, {tally.not_resumed} games not resumed "
        f"({tally.acknowledged} acknowledged moves checked)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.monotonic()
    tally = run(args.kills, args.seed, progress=True)
    for line in tally.lost:
        print(line, file=sys.stderr)
    print(f"{tally.kills} kills in {time.monotonic() - started:.0f} s: {_summary(tally)}")
    return 1 if tally.lost or tally.not_resumed else 0


if __name__ == "__main__":
    sys.exit(main())
