"""`make bench`'s table: every speed and memory target of the board, measured on the real code paths in CPU time,
beside what it would be on a Raspberry Pi Zero 2 W (about ten times slower than the development machine).

    python -m tests.bench.table [--quick] [--pi] [--only KEY,...] [--json FILE]

Each figure is measured in a process of its own (a fresh heap, as a board has after starting), and the table
exits with status 1 when a target is missed. `--quick` measures the same things with small sizes (a smoke test;
its figures are not the table's). `--pi` is for running it on a Raspberry Pi: the figures are then the Pi's own,
and the time targets are compared at ten times the development machine's. Before measuring, the sources are
compiled to bytecode as an installed board has them.
"""

from __future__ import annotations

import argparse
import compileall
import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PI_ZERO = 10.0  # a Raspberry Pi Zero 2 W runs CPython about ten times slower than the development machine


@dataclass(frozen=True, slots=True)
class Target:
    key: str
    what: str
    unit: str
    limit: float | None  # None: a figure shown for reference (a floor the code cannot go below), not a target
    at_least: bool = False
    slower_on_pi: bool = True  # a time (or a share of CPU): ten times on a Pi Zero 2 W; memory and counts stay

    def met(self, value: float, on_pi: bool = False) -> bool:
        if self.limit is None:
            return True
        limit = self.limit * (PI_ZERO if on_pi and self.slower_on_pi else 1.0)
        return value >= limit if self.at_least else value <= limit


TARGETS = (
    Target("live", "process start to the board live (sensors read, LEDs showing the position)", "s", 0.15),
    Target("serving", "process start to the page serving (its first byte, from the front door)", "s", 0.3),
    Target(
        "api", "process start to the API serving (the FastAPI app built and handed the requests; no target)", "s", None
    ),
    Target(
        "fastapi", "the floor of the API serving: a fresh interpreter importing FastAPI alone (no target)", "s", None
    ),
    Target("pause", "longest pause of the loop during play (garbage collection included)", "ms", 5.0),
    Target("index", "turn-start index, widest reachable position of every game", "ms", 10.0),
    Target("event", "sensor event to decision + LED guidance, widest positions, p99", "ms", 0.5),
    Target("idle", "idle CPU, real-board path (mock GPIO at the real scan rate, LEDs steady)", "%", 3.0),
    Target("memory", "resident memory after an hour of simulated play", "MB", 80.0, slower_on_pi=False),
    Target("phase", "Chesspolitik whole phase (order texts in, results out) vs `diplomacy`", "x", 15.0, True, False),
    Target("gpio", "GPIO scan of 81 squares, pin-library calls per scan", "calls", 20.0, slower_on_pi=False),
)


@dataclass
class Figure:
    value: float
    note: str = ""
    details: list[str] = field(default_factory=list)


def compile_sources() -> None:
    """The sources compiled to bytecode, as an installed board has them (a checkout run with
    PYTHONDONTWRITEBYTECODE would otherwise compile every module again at each start)."""
    for part in ("controller", "hardware", "simulator", "tests"):
        compileall.compile_dir(ROOT / part, quiet=2)


# ---- the measurements, each run in a process of its own ---------------------------------------------------------


def _live_and_serving(quick: bool) -> dict[str, Figure]:
    from tests.bench import startup

    runs = 1 if quick else 7
    found = startup.measure(runs=runs)
    floor = startup.fastapi_floor(runs=runs)
    web = ", ".join(found["web_before_live"]) or "none"
    return {
        "live": Figure(found["live"], f"best of {found['runs']}; web stack loaded before: {web}"),
        "serving": Figure(
            found["first_byte"],
            f"the page's first byte from the front door (controller.web.front), asked for as soon as it listened; "
            f"loaded then of the web stack: {', '.join(found['web_at_first_byte']) or 'none'}; from the board live to "
            f"the front door listening (uvicorn and the front door loaded) {found['front']:.3f} s",
        ),
        "api": Figure(
            found["api"],
            f"resident memory then {found['rss_mb']:.0f} MB; from the page's first byte to the API serving (FastAPI "
            f"imported, the app built on a worker thread, handed over) {found['routes']:.3f} s",
        ),
        "fastapi": Figure(floor, f"best of {runs}: `python -c 'import fastapi'`, the interpreter's own start included"),
    }


def _pause(quick: bool) -> dict[str, Figure]:
    from tests.bench import widest
    from tests.bench.playing import Plan, play
    from tests.bench.probe import LoopProbe, Pause

    plan = Plan(plies=25, plies_per_game=5) if quick else Plan(plies=1000, plies_per_game=200)
    probe = LoopProbe()
    played = play(plan, probe=probe)
    in_play = probe.longest()
    full = probe.longest_collection(2)
    details = [f"  in play: {p}" for p in probe.slowest(5)]
    details.append(
        f"  in play: collections {len(probe.collections)}, longest of each generation "
        + ", ".join(f"{g}: {probe.longest_collection(g) * 1e3:.2f} ms" for g in (0, 1, 2))
    )
    # The widest turns of every game, which random play seldom meets: the turn begun in the loop, its start and
    # the idle slices that build its index, each a pause of the loop (the heap as play left it).
    longest = in_play
    where = f"in play, {in_play.what}"
    for game in widest.GAMES:
        for pos in widest.widest(game, games=3 if quick else 30):
            turn = LoopProbe()
            widest.in_the_loop(pos.state, turn)
            worst = turn.longest()
            label = f"{game}, {pos.label} ({pos.moves} moves)"
            details.append(
                f"  widest: {label:58} {turn.callbacks:4} callbacks, longest {worst.seconds * 1e3:5.2f} ms, "
                f"collections {len(turn.collections)} (longest {turn.longest_collection() * 1e3:.2f} ms)"
            )
            if worst.seconds > longest.seconds:
                longest, where = Pause(worst.seconds, worst.what, worst.collecting), f"widest: {label}, {worst.what}"
    note = (
        f"{played.plies} plies of all games, {played.board_moves} read from the pieces, and the widest turn of every "
        f"game begun in the loop; the longest: {where}; longest full collection in play {full * 1e3:.1f} ms"
    )
    if played.stuck:
        note += f"; {played.stuck} moves the board did not take"
    return {"pause": Figure(longest.seconds * 1e3, note, details)}


def _index_and_event(quick: bool) -> dict[str, Figure]:
    from controller import heap
    from tests.bench import widest

    heap.settled()  # as `agora play` has the heap once it is up: what start-up built frozen
    worst_start: tuple[float, str] = (0.0, "")
    events: list[float] = []
    cold: list[float] = []
    details = []
    for game in widest.GAMES:
        for pos in widest.widest(game, games=3 if quick else 30):
            start = widest.turn_start(pos.state, repeats=1 if quick else 5)
            sequential = isinstance(pos.state.to_move, int)
            seen = widest.sensor_events(pos.state, moves=5 if quick else 60) if sequential else []
            early = widest.sensor_events(pos.state, moves=5 if quick else 20, warm=False) if sequential else []
            slices = widest.idle_slices(pos.state) if sequential else []
            events.extend(seen)
            cold.extend(early)
            label = f"{game}, {pos.label} ({pos.moves} moves)"
            worst_start = max(worst_start, (start, label))
            p99 = widest.percentile(seen, 0.99) * 1e3 if seen else 0.0
            details.append(
                f"  {label:58} turn start {start * 1e3:6.2f} ms, event p99 {p99:6.3f} ms, "
                f"idle slices {len(slices)} (longest {max(slices, default=0.0) * 1e3:.2f} ms)"
            )
    p99, p50 = widest.percentile(events, 0.99), widest.percentile(events, 0.5)
    note = (
        f"{len(events)} events of every game, the loop having built the turn's index while the player thought; "
        f"p50 {p50 * 1e3:.3f} ms; hands faster than that: p99 {widest.percentile(cold, 0.99) * 1e3:.2f} ms"
    )
    return {
        "index": Figure(worst_start[0] * 1e3, worst_start[1], details),
        "event": Figure(p99 * 1e3, note),
    }


def _idle(quick: bool) -> dict[str, Figure]:
    from tests.bench.idle import idle

    found = idle(seconds=1.0 if quick else 20.0, warm_up=0.5 if quick else 3.0)
    note = (
        f"{found.scan_hz:.0f} switch reads/s (the pin map's still rate; its full rate from a piece's first move), "
        f"{found.strip_shows / found.seconds:.1f} frames/s sent to the LEDs"
    )
    return {
        "idle": Figure(100 * found.share, note),
        "gpio": Figure(found.pin_calls_per_scan, "lgpio group calls (tests/hardware/fake_lgpio.py)"),
    }


def _memory(quick: bool) -> dict[str, Figure]:
    from tests.bench.playing import Plan, play

    seconds = 60.0 if quick else 3600.0
    played = play(Plan(seconds=seconds, think=(4.0, 12.0), plies_per_game=80))
    status = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines() if ":" in line)
    rss = int(status["VmRSS"].split()[0]) / 1024
    peak = int(status["VmHWM"].split()[0]) / 1024
    games = played.games + 1
    note = f"{played.plies} plies in {games} games over {seconds / 60:.0f} virtual minutes; peak {peak:.0f} MB"
    return {"memory": Figure(rss, note)}


def _phase(quick: bool) -> dict[str, Figure]:
    from tests.bench.phase import measure

    speed = measure(count=10 if quick else 200, rounds=1 if quick else 5)
    note = f"{speed.ours * 1e3:.3f} ms vs {speed.reference * 1e3:.3f} ms per phase, {speed.phases} phases"
    return {"phase": Figure(speed.ratio, note)}


MEASUREMENTS: dict[str, Callable[[bool], dict[str, Figure]]] = {
    "startup": _live_and_serving,
    "pause": _pause,
    "widest": _index_and_event,
    "idle": _idle,
    "memory": _memory,
    "phase": _phase,
}


def _run_apart(name: str, quick: bool) -> dict[str, Figure]:
    command = [sys.executable, "-m", "tests.bench.table", "--one", name] + (["--quick"] if quick else [])
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"measuring {name} failed:\n{done.stderr[-3000:]}")
    data = json.loads(done.stdout.strip().splitlines()[-1])
    return {k: Figure(**v) for k, v in data.items()}


# ---- the table --------------------------------------------------------------------------------------------------


def _number(value: float, unit: str) -> str:
    if unit == "s":
        return f"{value:.3f} s"
    if unit in ("ms", "%"):
        return f"{value:.2f} {unit}" if value < 100 else f"{value:.0f} {unit}"
    if unit == "x":
        return f"{value:.1f}x"
    if unit == "calls":
        return f"{value:.0f}"
    return f"{value:.0f} {unit}"


def format_table(figures: dict[str, Figure], on_pi: bool = False) -> tuple[str, bool]:
    """The table in Markdown and whether every target was met."""
    head = "measured on this Pi" if on_pi else "measured (CPU time)"
    estimate = "Pi Zero 2 W target" if on_pi else f"Pi Zero 2 W estimate (x{PI_ZERO:g})"
    lines = [f"| what | {head} | {estimate} | target | |", "|---|---|---|---|---|"]
    details: list[str] = []
    ok = True
    for target in TARGETS:
        figure = figures.get(target.key)
        if figure is None:
            continue
        met = target.met(figure.value, on_pi)
        ok &= met
        scale = PI_ZERO if target.slower_on_pi else 1.0
        if target.limit is None:
            pi = "" if on_pi else _number(figure.value * scale, target.unit)
            bound, verdict = "", ""
        else:
            pi = _number(target.limit * scale if on_pi else figure.value * scale, target.unit)
            bound = (">= " if target.at_least else "<= ") + _number(target.limit, target.unit)
            verdict = "ok" if met else "MISSED"
        lines.append(f"| {target.what} | {_number(figure.value, target.unit)} | {pi} | {bound} | {verdict} |")
        details.append(f"- {target.what}: {figure.note}")
        details.extend(figure.details)
    return "\n".join(lines) + "\n\n" + "\n".join(details), ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke test, not the table's figures")
    parser.add_argument("--pi", action="store_true", help="running on a Raspberry Pi: compare with its targets")
    parser.add_argument("--only", default="", help=f"some of: {', '.join(MEASUREMENTS)}")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures to this file")
    parser.add_argument("--one", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        found = MEASUREMENTS[args.one](args.quick)
        print(json.dumps({k: {"value": f.value, "note": f.note, "details": f.details} for k, f in found.items()}))
        return
    compile_sources()
    names = [n for n in args.only.split(",") if n] or list(MEASUREMENTS)
    figures: dict[str, Figure] = {}
    for name in names:
        print(f"measuring {name} ...", file=sys.stderr, flush=True)
        figures.update(_run_apart(name, args.quick))
    table, ok = format_table(figures, args.pi)
    print(table)
    if args.json is not None:
        args.json.write_text(json.dumps({k: f.__dict__ for k, f in figures.items()}, indent=1))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
