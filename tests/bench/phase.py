"""A whole Chesspolitik phase against the `diplomacy` package: order texts in, results out, the same 200 movement
phases (random positions and random games of both sizes, `tests.differential.compare.sample_phases`) on each side.

Agora: every seat's order texts read by the game (`Game.parse`, as the phones' texts are) and handed in
(`State.submit`), the last submission resolving the phase. The reference: `set_orders` with its own order texts
for every power and `process()` (and its retreat phase). Each side starts a phase as its previous phase left it: with
the data it derives from a position (ours: units by square, owners, the powers giving orders; the reference's
`build_caches`: units' owners and convoy paths), which a phase's own resolution works out for the next position and
is timed there (ours hands it to the next state, the reference's `process` ends with `build_caches`). Loading the
positions from scratch (as random positions are) would time that work twice on both sides, and not alike: it
weighs far more in our phase than in the reference's. CPU time of this thread, garbage collection included,
each side the best of `rounds` runs over fresh states. The two sides take turns, round by round, so a machine whose
load changes while it measures slows both alike; before each run what is already built is frozen out of the
collector's reach (`gc.freeze`, as a board does once it has started), so a run pays for collecting what it makes
itself, not for traversing the other side's library.

`python -m tests.bench.phase` prints both and the ratio.
"""

from __future__ import annotations

import gc
import random
import time
from dataclasses import dataclass, replace
from functools import cache

from controller.games.chesspolitik import Chesspolitik
from tests.differential.compare import Phase, sample_phases
from tests.differential.reference import Reference, ref_order

GAME = Chesspolitik()


@cache
def phases(count: int = 200) -> list[Phase]:
    return sample_phases(random.Random(5), count, {n: GAME.new(n) for n in (2, 4)})


@dataclass(frozen=True, slots=True)
class PhaseSpeed:
    phases: int
    ours: float  # CPU seconds per phase
    reference: float

    @property
    def ratio(self) -> float:
        return self.reference / self.ours


def _ours(count: int) -> float:
    work = [(replace(state), {s: [str(o) for o in os] for s, os in orders.items()}) for state, orders in phases(count)]
    for state, _ in work:
        state.participants()  # what the previous phase hands on (a fresh copy: none left from the last round)
    _settle()
    started = time.thread_time()
    for state, texts in work:
        for seat in sorted(state.participants()):
            orders = [GAME.parse(text, state, seat) for text in texts.get(seat, ())]
            state = state.submit(seat, orders)
        if state.report is None:
            raise AssertionError("the phase did not resolve")
    return time.thread_time() - started


def _reference(count: int) -> float:
    work = []
    for state, orders in phases(count):
        ref = Reference(state)
        ref.game.build_caches()  # what the previous phase's process() left
        texts = {
            ref.powers[seat]: [t for t in (ref_order(o) for o in os) if t is not None] for seat, os in orders.items()
        }
        work.append((ref.game, texts))
    _settle()
    started = time.thread_time()
    for game, texts in work:
        for power, power_orders in texts.items():
            game.set_orders(power, power_orders)
        game.process()
        while game.phase_type == "R":
            game.process()
    return time.thread_time() - started


def _settle() -> None:
    gc.collect()
    gc.freeze()


def measure(count: int = 200, rounds: int = 5) -> PhaseSpeed:
    ours, reference = [], []
    try:
        for _ in range(rounds):
            ours.append(_ours(count))
            reference.append(_reference(count))
    finally:
        gc.unfreeze()
    return PhaseSpeed(count, min(ours) / count, min(reference) / count)


def main() -> None:
    speed = measure()
    print(
        f"{speed.phases} phases: Agora {speed.ours * 1e3:.3f} ms, diplomacy {speed.reference * 1e3:.3f} ms per "
        f"phase: {speed.ratio:.1f}x"
    )


if __name__ == "__main__":
    main()
