"""The garbage collector around a board that runs for days.

Loading the program (the rules engines, the web stack) builds some 80,000 objects that live as long as the process.
Left to the collector, every full collection would traverse all of them again, 20 to 40 ms of CPU on the
development machine and ten times that on a Raspberry Pi Zero 2 W: a stall of the sensors and the LEDs in the middle
of play. So nothing is collected while the program loads (loading makes next to no garbage, and the collections it
set off were a tenth of the start-up's CPU), and once the board is up, everything that exists is frozen out of the
collector's reach: later collections only traverse what play itself creates. `agora play` settles once more after
loading every game's rules in the background (controller.commands.serving.warm_up).

What play keeps is kept small too (positions kept as history forget their move lists: `State.forget`), since a full
collection traverses all of it. The young generations are collected more often than CPython's default (a middle
collection every 6 young ones instead of every 11), so one never traverses more than about 4,000 objects, a
turn's index among them (1-3 ms here); full collections stay as rare as by default (every 21 middle ones).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

# CPython's thresholds: young objects allocated before a young collection, young collections before a middle one,
# middle collections before a full one (which also waits until a quarter more objects are kept than after the last).
THRESHOLDS = (700, 5, 20)


@contextlib.contextmanager
def loading() -> Iterator[None]:
    """No collection while the code inside loads modules and builds what lives as long as the process."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def settled() -> None:
    """Start-up is over: freeze what it built out of the collector's reach, and collect again from here on."""
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    gc.enable()
