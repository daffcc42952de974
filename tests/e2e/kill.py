"""Kill -9 of a real `agora play` at random moments, many times, in games started from the command line (Politrics,
moves on the simulated board) and from the page (Chesspolitik with secret orders from the seats' phones): after
each restart the unfinished game is resumed (the same game, whatever the command line names) with every acknowledged
move. A game that ends is rightly not resumed (the restart begins the command line's game): its moves are checked in
the games file instead. A move is acknowledged when the page's answer said so: a 200 to the request that made it, or
a snapshot that lists it with nothing still being saved.

Each `agora play` is forked from a process that imported the controller once (tests/e2e/forkserver.py; `--exec`
starts each afresh, about 1.5 s of CPU more per start), so 1,000 kills take under an hour on a loaded machine.

`python -m tests.e2e.kill --kills 1000` (`make kill-test`) prints the counts; tests/e2e/test_crash.py runs a sample.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sqlite3
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.e2e.forkserver import ForkServer
from tests.e2e.server import Server, start

FILES = "abcdefghi"
STARTUP = 120.0  # seconds a restart may take on a loaded machine before it counts as not coming back


PHASES = ("start", "play", "kill", "check")
"""Where a kill cycle's wall time goes: starting `agora play` until it serves, playing until the kill (the drawn
moment), the kill itself, and checking the restarted board and its games file."""
KILL_AFTER = (0, 1, 1, 2, 2, 3)
"""How many moves a life has acknowledged before its kill may come, drawn per life: the kill then lands at a moment
drawn over the span of one step (a figure set down, recognised, answered and stored; an order set handed in and
stored), so it comes before, during or just after the next move whatever a step takes on a loaded machine (over a
second for a Politrics step under load, where a moment drawn on the wall clock since the board served killed most
lives before their first move). One life in six is killed during its first step."""
FIRST_SPAN = 1.0
"""The span of a step (seconds) before one has been measured."""
MORE_STEPS = 4
"""Steps a life may take per move it is to acknowledge, and as many again, before the kill comes regardless (order
sets the rules refuse, a phase whose units are still being carried acknowledge nothing)."""


@dataclass
class Tally:
    kills: int = 0
    acknowledged: int = 0
    lost: list[str] = field(default_factory=list)  # what went wrong, one line each
    moved: int = 0  # lives that had a move acknowledged before their kill
    resumed: int = 0  # restarts that resumed the unfinished game
    finished: int = 0  # games that ended before a kill: rightly not resumed, their moves checked in the file
    not_resumed: list[str] = field(default_factory=list)  # unfinished games a restart did not resume, one line each
    seconds: dict[str, float] = field(default_factory=lambda: dict.fromkeys(PHASES, 0.0))
    play_cpu: float = 0.0  # CPU seconds the killed `agora play` processes used, starting included
    steps: int = 0  # steps that ended with a snapshot (whose wall time `step_seconds` adds up)
    step_seconds: float = 0.0

    @property
    def step_span(self) -> float:
        """The mean wall time of a step so far: the span over which a kill moment is drawn."""
        return self.step_seconds / self.steps if self.steps else FIRST_SPAN

    def spend(self, phase: str, since: float) -> float:
        now = time.monotonic()
        self.seconds[phase] += now - since
        return now


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


def settled(server: Server) -> dict[str, Any]:
    """The snapshot once nothing is being saved (the snapshot in a move's own answer is taken before its write is
    done; the answer itself comes after)."""
    return server.wait_for(lambda s: not s.get("saving"), what="the moves to be stored")


def politrics_step(server: Server, rnd: random.Random) -> dict[str, Any] | None:
    """Set a figure down on the simulated board (answering which one it is): the settled snapshot after it."""
    state = server.state()
    taken = set(state["occupancy"])
    free = [f"{f}{r}" for f in FILES[1:8] for r in range(2, 9) if f"{f}{r}" not in taken]
    server.post("/api/sim/toggle", {"square": rnd.choice(free)}).raise_for_status()
    state = server.wait_for(lambda s: s["prompt"] or s["ply"] > state["ply"], what="the placement to be seen")
    if state["prompt"]:
        options = [o for o in state["prompt"] if not o["move"].startswith("P")] or state["prompt"]
        server.post("/api/answer", {"choice": rnd.choice(options)["choice"]}).raise_for_status()
    return settled(server)


def orders_step(server: Server, rnd: random.Random, tokens: list[str]) -> dict[str, Any] | None:
    """A waiting seat's phone hands in orders: the settled snapshot after it (None when nothing was acknowledged)."""
    state = server.state()
    waiting = state["waiting_for"]
    if not waiting:
        if state["outcome"] is not None:
            return state
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


def in_file(db: Path, game_id: int) -> tuple[str, list[tuple[str, int | None]]]:
    """A game's status and moves (text, seat) as the games file holds them, read beside the running board."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        row = conn.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
        moves = conn.execute("SELECT text, seat FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)).fetchall()
    return ("missing" if row is None else str(row[0])), [(str(t), s) for t, s in moves]


def kept_in_file(acknowledged: list[str], stored: list[tuple[str, int | None]]) -> bool:
    """Every acknowledged move is among a finished game's stored ones, in order (a sealed order set, `orders SEAT`,
    is stored with its orders by that seat)."""
    if len(stored) < len(acknowledged):
        return False
    return all(a in (text, f"orders {seat}") for a, (text, seat) in zip(acknowledged, stored, strict=False))


def cpu_of(pid: int) -> float:
    """CPU seconds a live process has used (user and system), from /proc; 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Life:
    """One life of a board between two kills: what it acknowledged and whether its game was seen to end."""

    acknowledged: list[str]
    over: bool = False


def live(server: Server, rnd: random.Random, from_page: bool, life: Life, tally: Tally) -> None:
    """Play until the kill drawn for this life (or until the game is over), then kill: once the life has
    acknowledged a drawn number of moves, at a moment drawn over the span of a step."""
    now = time.monotonic()
    killer: threading.Timer | None = None
    before = len(life.acknowledged)
    after = rnd.choice(KILL_AFTER)

    def kill() -> None:
        tally.play_cpu += cpu_of(server.proc.pid)
        server.kill()

    try:
        tokens = tokens_of(server) if from_page else []
        steps = 0
        while server.proc.poll() is None:
            if killer is None and (len(life.acknowledged) - before >= after or steps >= MORE_STEPS * (after + 1)):
                killer = threading.Timer(rnd.uniform(0.0, tally.step_span), kill)
                killer.start()
            began = time.monotonic()
            got = orders_step(server, rnd, tokens) if from_page else politrics_step(server, rnd)
            steps += 1
            if got is not None:
                tally.steps += 1
                tally.step_seconds += time.monotonic() - began
                moves = stored_moves(got)
                if moves is not None and len(moves) >= len(life.acknowledged):
                    life.acknowledged = moves
                if got["outcome"] is not None:
                    life.over = True  # nothing more to play: the restart checks the finished game in the file
                    break
    except (httpx.HTTPError, AssertionError, KeyError, ValueError):
        pass  # the server died under the request: expected
    now = tally.spend("play", now)
    if killer is not None:
        killer.cancel()  # a game seen over is killed at once
        killer.join()
    if server.proc.poll() is None:
        kill()
    tally.spend("kill", now)
    tally.kills += 1
    tally.moved += len(life.acknowledged) > before


def account(server: Server, game: str, game_id: int, acknowledged: list[str], tally: Tally) -> list[str] | None:
    """Check a restarted board against what was acknowledged before the kill: the moves it resumed with, or None
    when it rightly began another game because the one before had finished."""
    state = server.state()
    tally.acknowledged += len(acknowledged)
    if state["game_id"] == game_id and state["game"]["name"] == game:
        tally.resumed += 1
        stored = [str(m["move"]) for m in state["moves"]]
        if not kept(acknowledged, stored):
            tally.lost.append(f"{game}: acknowledged {acknowledged} but stored {stored}")
        return stored
    # Not resumed: rightly so only when the game is over in the file (seen ending or not, for the kill may come
    # between the last move's write and its answer).
    status, rows = in_file(server.db, game_id)
    if status == "finished":
        tally.finished += 1
        if not kept_in_file(acknowledged, rows):
            tally.lost.append(f"{game} (finished): acknowledged {acknowledged} but stored {rows}")
    else:
        began = state["game"]["name"]
        tally.not_resumed.append(f"{game} #{game_id} ({status}, {len(rows)} moves): the restart began {began}")
    return None


def one_game(
    tmp: Path, rnd: random.Random, kills: int, from_page: bool, tally: Tally, forks: ForkServer | None
) -> None:
    db = tmp / f"games-{rnd.randrange(10**9)}.sqlite"
    now = time.monotonic()
    server = start("politrics", tmp, ["--seed", str(rnd.randrange(1000))], db=db, timeout=STARTUP, forks=forks)
    now = tally.spend("start", now)
    try:
        if from_page:
            r = server.post("/api/new", {"game": "chesspolitik", "seats": 2, "seat_kinds": ["phone", "phone"]})
            r.raise_for_status()
        first = server.state()
        game, game_id = first["game"]["name"], first["game_id"]
        life = Life(list(stored_moves(first) or []))
        for _ in range(kills):
            live(server, rnd, from_page, life, tally)
            now = time.monotonic()
            # The command line names another game and other options: the unfinished game is resumed regardless.
            cmd_game = "polis" if from_page else "djambi"
            server = start(cmd_game, tmp, ["--seed", "5"], db=db, timeout=STARTUP, forks=forks)
            now = tally.spend("start", now)
            stored = account(server, game, game_id, life.acknowledged, tally)
            tally.spend("check", now)
            if stored is None:
                return  # the game is over: the next one begins
            life = Life(stored)
    finally:
        server.kill()


def run(kills: int, seed: int, per_game: int = 5, progress: bool = False, fork: bool = True) -> Tally:
    """`kills` kill -9 over games of `per_game` kills each, alternately from the command line and from the page.
    With `fork`, each `agora play` is forked from a process that imported the controller once (tests/e2e/forkserver)."""
    rnd = random.Random(seed)
    tally = Tally()
    forks = ForkServer() if fork else None
    try:
        with tempfile.TemporaryDirectory() as tmp:
            game = 0
            while tally.kills < kills:
                one_game(Path(tmp), rnd, min(per_game, kills - tally.kills), game % 2 == 1, tally, forks)
                game += 1
                if progress and game % 10 == 0:  # a long run says how far it is
                    print(f"{tally.kills} kills so far: {_summary(tally)}", file=sys.stderr, flush=True)
    finally:
        if forks is not None:
            forks.close()
    return tally


def _summary(tally: Tally) -> str:
    return (
        f"{len(tally.lost)} times acknowledged moves lost ({tally.acknowledged} acknowledged moves checked, "
        f"{tally.moved} of {tally.kills} lives with a move acknowledged), "
        f"{tally.resumed} restarts resumed the unfinished game, {len(tally.not_resumed)} unfinished games not "
        f"resumed, {tally.finished} games finished"
    )


def _where_time_went(tally: Tally) -> str:
    n = max(1, tally.kills)
    parts = ", ".join(f"{phase} {tally.seconds[phase] / n:.2f} s" for phase in PHASES)
    return (
        f"per kill cycle (wall): {parts}; each killed `agora play` used {tally.play_cpu / n:.2f} s of CPU; "
        f"a step took {tally.step_span:.2f} s"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--exec", action="store_true", help="start each `agora play` afresh instead of forking a preloaded one"
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    tally = run(args.kills, args.seed, progress=True, fork=not args.exec)
    for line in tally.lost + tally.not_resumed:
        print(line, file=sys.stderr)
    print(f"{tally.kills} kills in {time.monotonic() - started:.0f} s: {_summary(tally)}")
    print(_where_time_went(tally))
    return 1 if tally.lost or tally.not_resumed else 0


if __name__ == "__main__":
    sys.exit(main())
