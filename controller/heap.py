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
position) is frozen as well, at the quiet moment once the loop has built all of it (`quiet`): collections then never
traverse it again, and it is freed by its reference counts when the next turn replaces it (what it holds does not
refer back to itself; the cycles of garbage frozen with it stay: about a thousand objects in a thousand plies). A young
collection runs every 700 new objects as by default, a middle one every 3 young ones instead of every 6, so that no
collection traverses more than a few thousand objects even while a wide index is being built (1-2 ms here).
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
    global _settled  # noqa: PLW0603 (one flag of the process, as the collector itself is)
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    gc.enable()
    _settled = True


def quiet() -> None:
    """A quiet moment after play built what lives for a while (a turn's whole index): freeze it out of the
    collector's reach too, if enough was made since the last time that a young collection ran (the garbage frozen
    with it stays, so not after every little thing). Only in a program whose heap has `settled` (a board serving
    its page); elsewhere (tests, tools) the collector is left alone."""
    _, young, middle = gc.get_count()  # collections since the last freeze (which sets them to 0)
    if _settled and (young or middle):
        gc.freeze()
