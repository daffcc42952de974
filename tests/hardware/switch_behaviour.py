"""A generator of what one reed switch does over time: hands setting and lifting a piece (with contact bounce), then
perhaps a flap (the contact opening and closing by itself, fast or slow, regular or not), perhaps healing again.

A `Behaviour` is the switch's raw level as a list of (time, level) steps, with what the hands meant and when a flap
began and ended, so a property can say what the debounce must make of it. The hands are drawn as people handle a
square: bursts of changes at least HAND_GAP apart and never five within HAND_CYCLE (a hover, a wrong piece put back, a
capture and the reply, a Politics candidate tapping a state for a few counties), at most HAND_RUN of them without a
pause longer than
SLOW_GAP, the contact bouncing for less than the debounce at each change; a flap's halves (closed, then open, ...)
are drawn from one of four bands, irregular within it. Every draw shrinks towards fewer steps, no bounce, and the
shortest halves of a band.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from hypothesis import strategies as st
from hypothesis.strategies import DrawFn

SCAN = 0.005  # 200 Hz, the Pi's own scan
DEPTH = 4  # debounce scans (20 ms)
FLAP_WINDOW = 0.5
FLAP_FLIPS = 10
QUICK_CHANGES = 5
SLOW_GAP = 1.2
SLOW_CHANGES = 17
QUIET = 2.0

HAND_GAP = 0.1  # a person's hand changes one square at most this often (a quick tap: set down, lift)
HAND_CYCLE = FLAP_WINDOW
"""Five changes of one square (two lift-and-put-backs and a lift) take hands at least this long: a tap is seen only
after the recognizer's settle time (0.35 s), which people wait for before they tap again (a Politics candidate
claiming county after county), and a hover is one lift-and-put-back before the move itself. The recognition
fuzzer's hands, quicker than people, make four within half a second, never five (docs/flapping.md)."""
HAND_RUN = 9
"""The most changes of one square hands make without a pause longer than SLOW_GAP: the recognition fuzzer's hands,
quicker than people, made 9 in 2,500 Politics moves (a candidate tapping one state for county after county), 11 in
600 once (docs/flapping.md), and at most 6 in the other games."""
PAUSE = SLOW_GAP + 0.05  # a pause that ends a burst, with room for the bounce to delay a debounced change
DEBOUNCE = DEPTH * SCAN
BANDS = {
    "chatter": (1.5 * SCAN, DEBOUNCE - SCAN),
    "fast": (DEBOUNCE + SCAN, 0.05),
    "middle": (0.05, 0.15),
    "slow": (0.15, 1.0),
}
"""The length of one half (closed or open) of a flap, per band: quicker than the debounce can follow (periods of
15-30 ms), 50-100 ms, 0.1-0.3 s and 0.3-2 s periods: the first two, and the middle one up to 0.25 s, are reported
within half a second of the flap's start, the others after SLOW_CHANGES of their changes."""


@dataclass(frozen=True)
class Flap:
    band: str
    start: float
    end: float  # the switch heals here (math.inf: it never does within the behaviour)
    longest_half: float


@dataclass(frozen=True)
class Behaviour:
    initial: int
    steps: tuple[tuple[float, int], ...]
    """(time, raw level from then on), in time order."""
    hand: tuple[tuple[float, int], ...]
    """The levels the hands meant (bounce left out)."""
    flap: Flap | None
    end: float

    def level(self, t: float) -> int:
        """The raw level a scan at `t` reads (a step at `t` is seen by scans after `t`)."""
        i = bisect.bisect_left(self.steps, (t, -1))
        return self.steps[i - 1][1] if i else self.initial

    def scans(self, period: float = SCAN) -> list[tuple[float, int]]:
        """(time, raw level) of every scan, the first at 0."""
        return [(k * period, self.level(k * period)) for k in range(round(self.end / period) + 1)]

    def meant(self, t: float) -> int:
        """What the hands meant at `t` (a change at `t` counts after it, as for `level`)."""
        i = bisect.bisect_left(self.hand, (t, -1))
        return self.hand[i - 1][1] if i else self.initial


@st.composite
def hands(draw: DrawFn, start: float = 0.0, initial: int | None = None, until: float = 8.0) -> Behaviour:
    """A person setting and lifting a piece on the square from `start` to `until`, in bursts as people do."""
    level = draw(st.integers(0, 1)) if initial is None else initial
    first = level
    t = start
    steps: list[tuple[float, int]] = []
    meant: list[tuple[float, int]] = []
    run = 0  # changes since the last pause
    while True:
        gap = draw(st.floats(HAND_GAP, 3.0))
        if len(meant) >= 4:  # the fifth change back is at least HAND_CYCLE (and a bounce's length) before this one
            gap = max(gap, meant[-4][0] + HAND_CYCLE + DEBOUNCE - t)
        run = 0 if gap > PAUSE else run
        if run >= HAND_RUN:
            gap, run = draw(st.floats(PAUSE, 3.0)), 0  # the burst is over: the board stands still a while
        t += gap
        if t >= until:
            break
        run += 1
        level ^= 1
        meant.append((t, level))
        steps.append((t, level))
        bounce = t
        for _ in range(draw(st.integers(0, 3))):  # the contact bounces, all within the debounce
            bounce += draw(st.floats(0.0003, DEBOUNCE / 7))
            steps.append((bounce, level ^ 1))
            bounce += draw(st.floats(0.0003, DEBOUNCE / 7))
            steps.append((bounce, level))
    return Behaviour(first, tuple(steps), tuple(meant), None, until)


@st.composite
def flapping(
    draw: DrawFn,
    bands: tuple[str, ...] = tuple(BANDS),
    heals: bool | None = None,
    initial: int | None = None,
    hands_first: bool = True,
) -> Behaviour:
    """Hands for a while (unless not `hands_first`), then the switch flaps (in one of `bands`), then perhaps heals and
    stays still. `initial` fixes the level it starts from."""
    band = draw(st.sampled_from(bands))
    lo, hi = BANDS[band]
    before = draw(hands(initial=initial, until=draw(st.floats(0.0, 3.0)) if hands_first else 0.0))
    start = before.end + draw(st.floats(0.0, 0.5))
    level = before.meant(start)
    steps = list(before.steps)
    t = start
    longest = 0.0
    least = max(FLAP_FLIPS, SLOW_CHANGES) * hi + 0.5
    duration = draw(st.floats(least, least + 1.0))  # long enough to be seen
    while t < start + duration:
        level ^= 1
        steps.append((t, level))
        half = draw(st.floats(lo, hi))
        longest = max(longest, half)
        t += half
    healed = draw(st.booleans()) if heals is None else heals
    if not healed:
        return Behaviour(before.initial, tuple(steps), before.hand, Flap(band, start, float("inf"), longest), t)
    if draw(st.integers(0, 1)) != level:  # where the switch comes to rest: the piece there or not
        steps.append((t, level ^ 1))
    last = steps[-1][0]
    flap = Flap(band, start, last, longest)
    return Behaviour(before.initial, tuple(steps), before.hand, flap, last + QUIET + 0.5)
