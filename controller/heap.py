"""The garbage collector around a board that runs for days.

Loading the program (the rules engines, the web stack) builds some 80,000 objects that live as long as the process.
Left to the collector, every full collection would traverse all of them again, 20 to 40 ms of CPU on the
development machine and ten times that on a Raspberry Pi Zero 2 W: a stall of the sensors and the LEDs in the middle
of play. So nothing is collected while the program loads (loading makes next to no garbage, and the collections it
set off were a tenth of the start-up's CPU), and once the board is up, everything that exists is frozen out of the
collector's reach: later collections only traverse what play itself creates. `agora play` settles once more after
loading every game's rules in the background (controller.commands.serving.warm_up).

What play keeps is kept small too (positions kept as history forget their move lists: `State.forget`), since a full
collection traverses all of it. What one turn needs (its legal moves, its index, thousands of objects in a wide Djambi
position) is frozen as well, while the loop builds it a slice at a time (`grown`, after each slice in which a
collection ran) and once all of it is built (`quiet`): no collection ever traverses more of it than the last slice
or two made. Left to the collector, a full collection in the middle of a 4,000-move Djambi index traversed the
20,000 to 30,000 objects built so far, 15 to 20 ms of CPU here. A frozen index is freed by its reference counts when
the next turn replaces it (building it makes no reference cycles); the cycles of garbage frozen with it stay (about a
thousand objects in a thousand plies). A young collection runs every 700 new objects as by default, a middle one
every 3 young ones instead of every 6, so that no collection traverses more than a few thousand objects.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

# CPython's thresholds: young objects allocated before a young collection, young collections before a middle one,
# middle collections before a full one (which also waits until a quarter more objects are kept than after the last).
THRESHOLDS = (700, 2, 20)

# Whether the heap has settled (a board serving its page). Kept here rather than read from the collector: counting
# what is frozen (`gc.get_freeze_count`) walks the whole permanent generation, some 10 ms of CPU in the middle of play.
_settled = False
# The collector's counts of young and middle collections (`gc.get_count()[1:]`) just after play's heap was last
# frozen: a collection has run since when they differ.
_frozen_at: tuple[int, int] = (0, 0)


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
    global _settled, _frozen_at  # noqa: PLW0603 (one flag of the process, as the collector itself is)
    gc.freeze()
    after = gc.get_count()
    _frozen_at = (after[1], after[2])
    gc.set_threshold(*THRESHOLDS)
    gc.enable()
    _settled = True


def _freeze_if_collected() -> None:
    global _frozen_at  # noqa: PLW0603 (the collector's own state, one per process)
    counts = gc.get_count()
    now = (counts[1], counts[2])
    if _settled and now != _frozen_at:
        gc.freeze()  # which sets the counts to 0 in CPython 3.11, only the young one in some later versions
        after = gc.get_count()
        _frozen_at = (after[1], after[2])


def grown() -> None:
    """The loop built a slice of what lives for a while (a turn's index): frozen out of the collector's reach if a
    collection ran since the last freeze (so what the slices built never piles up before the collector, and the
    garbage frozen with it is what a single slice left), in a program whose heap has `settled`."""
    _freeze_if_collected()


def quiet() -> None:
    """A quiet moment after play built what lives for a while (a turn's whole index): freeze the rest of it out of
    the collector's reach too, if a collection ran since the last freeze (the garbage frozen with it stays, so not
    after every little thing). Only in a program whose heap has `settled` (a board serving its page); elsewhere
    (tests, tools) the collector is left alone."""
    _freeze_if_collected()
