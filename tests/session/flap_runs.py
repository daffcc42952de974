"""A switch flapping alone on a board at rest, read as the board reads it: scanned at 200 Hz through the Pi's own
debounce and flap detectors into the real session (whose own detector, controller.session.flaps, sees the rest of
the board and the moves the game takes). How long until the square is distrusted, which debounced changes it made
and when the game took a move; and the same flap through the board's detectors alone (the detection before the
session's).

    python -m tests.session.flap_runs     # the latency table of docs/flapping.md, per period band
"""

from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass, field

from controller import games
from controller.games import CHANCE, SIMULTANEOUS, State
from controller.session import events as ev
from controller.session.core import Session
from controller.session.seats import SeatKind
from hardware.debounce import DebounceConfig, Debouncer, untrusted_reason

SCAN_HZ = 200
SCAN = 1 / SCAN_HZ
PI = DebounceConfig.for_rate(SCAN_HZ)
BANDS = ((0.05, 0.1), (0.1, 0.2), (0.2, 0.25), (0.25, 0.3), (0.3, 0.6), (0.6, 1.2), (1.2, 2.0))


@dataclass
class FlapRun:
    distrusted: float | None = None  # when the square was distrusted (seconds after the flap's first change)
    changes: list[float] = field(default_factory=list)  # the square's debounced changes, as the board reported them
    commits: list[float] = field(default_factory=list)  # moves the game took
    committed_after: list[str] = field(default_factory=list)  # moves taken once the square was distrusted


def halves(period: float, jitter: float, rng: random.Random, until: float) -> list[float]:
    """The flap's halves (closed, open, ...), each between (1 - jitter) and 1 times half the period, for `until` s."""
    out: list[float] = []
    while sum(out) < until:
        out.append(period / 2 * (1 - jitter * rng.random()))
    return out


def flap(
    state: State, square: int, parts: list[float], *, session: bool = True, offset: float = 0.0, watch: float = 0.0
) -> FlapRun:
    """The flap (its first change at `offset` after a scan, times counted from it) on `square` of `state`'s board at
    rest, every seat at the board; with `session`, read by the session too, else by the board's detectors alone.
    Scans until the square has been distrusted for `watch` seconds, or the flap is over."""
    occupancy = state.occupancy()
    s = Session(state.game, state, seat_kinds=[SeatKind.BOARD] * state.seats) if session else None
    debouncer = Debouncer(PI, occupancy)
    run = FlapRun()
    if s is not None:
        s.start(occupancy, -1.0)
        s.drain()
    edges = [offset + sum(parts[:i]) for i in range(len(parts))]
    end = edges[-1] + parts[-1]
    level, i = occupancy >> square & 1, 0
    for k in range(-10, math.ceil(end * SCAN_HZ) + 1):
        t = k * SCAN
        if run.distrusted is not None and t - offset - run.distrusted > watch:
            break
        while i < len(edges) and edges[i] < t:
            level ^= 1
            i += 1
        before, shown = debouncer.untrusted, debouncer.occupancy
        changed, untrusted_changed = debouncer.sample(occupancy & ~(1 << square) | level << square)
        if changed and (debouncer.occupancy ^ shown) >> square & 1:
            run.changes.append(t)
        if s is None:
            distrusted = debouncer.untrusted >> square & 1
        else:
            _feed(s, debouncer, before, (changed, untrusted_changed), t, run)
            distrusted = s.untrusted >> square & 1
        if distrusted and run.distrusted is None:
            run.distrusted = t - offset
    run.changes = [c - offset for c in run.changes]
    run.commits = [c - offset for c in run.commits]
    return run


def _feed(s: Session, debouncer: Debouncer, before: int, news: tuple[bool, bool], t: float, run: FlapRun) -> None:
    """One scan's news into the session, as the board's scanner publishes it; the moves it took."""
    changed, untrusted_changed = news
    if changed:  # published first, as the scanners do
        s.on_board(debouncer.occupancy, t)
    if untrusted_changed:
        s.on_untrusted(debouncer.untrusted, untrusted_reason(before, debouncer.untrusted), t)
    if (d := s.deadline()) is not None and d <= t:
        s.tick(t)
    for e in s.drain():
        if isinstance(e, ev.Committed):
            run.commits.append(t)
            if run.distrusted is not None:
                run.committed_after.append(e.move)


def at_rest(name: str, seed: int) -> State:
    """A position a few random moves into a game, at a turn for the board (no dice, no secret orders pending)."""
    rng = random.Random(seed)
    game = games.load(name)
    state = game.new(rng.choice(game.info.seat_counts), seed=seed)
    for _ in range(rng.randrange(12)):
        while state.to_move is CHANCE:
            state = state.play(state.sample_chance())
        if state.to_move is None or state.to_move is SIMULTANEOUS or not state.legal_moves():
            break
        nxt = state.play(rng.choice(list(state.legal_moves())))
        if nxt.to_move is None:
            break
        state = nxt
    while state.to_move is CHANCE:
        state = state.play(state.sample_chance())
    return state


def latency_table(seeds: int = 6) -> str:
    """Per period band, the longest time from a flap's first change to its report, by the board's detectors alone
    and with the session's, over a grid of periods, phases and squares (a piece's, an empty one) of a Politrics
    board and a Djambi board."""
    rows = ["| period | " + " | ".join(f"{lo}-{hi} s" for lo, hi in BANDS) + " |", "|---" * (len(BANDS) + 1) + "|"]
    worst: dict[bool, list[float]] = {False: [], True: []}
    for lo, hi in BANDS:
        for with_session in (False, True):
            longest = 0.0
            for k in range(seeds):
                rng = random.Random(k)
                period = lo + (hi - lo) * (k + 1) / seeds
                state = at_rest(("politrics", "djambi")[k % 2], k)
                occupied = sorted(sq for sq in range(81) if state.occupancy() >> sq & 1)
                empty = sorted(sq for sq in range(81) if not state.occupancy() >> sq & 1)
                square = rng.choice(occupied if k % 4 < 2 else empty)
                run = flap(state, square, halves(period, 0.2, rng, 14.0), session=with_session)
                assert run.distrusted is not None, (lo, hi, with_session)
                longest = max(longest, run.distrusted)
            worst[with_session].append(longest)
    for label, flag in (("board alone (before)", False), ("with the session (after)", True)):
        rows.append(f"| {label} | " + " | ".join(f"{x:.2f} s" for x in worst[flag]) + " |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(latency_table(int(sys.argv[1]) if len(sys.argv) > 1 else 6))
