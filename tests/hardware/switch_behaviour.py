"""A generator of what one reed switch does over time: hands setting and lifting a piece (with contact bounce), then
perhaps a flap (the contact opening and closing by itself, fast or slow, regular or not), perhaps healing again.

A `Behaviour` is the switch's raw level as a list of (time, level) steps, with what the hands meant and when a flap
began and ended, so a property can say what the debounce must make of it. The hands are drawn within the limits of a
person (a change of the same square at least HAND_GAP apart, at most HAND_CHANGES within any SLOW_WINDOW, bounce of
at most one extra pair shorter than the debounce); a flap's halves (closed, then open, ...) are drawn from one of three
bands, irregular within it. Every draw shrinks towards fewer steps, no bounce, and the shortest halves of a band.
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
SLOW_WINDOW = 6.0
SLOW_CHANGES = 6
QUIET = 2.0

HAND_GAP = 0.2  # a person's hand changes one square at most this often (a quick tap: lift, set down)
HAND_CHANGES = SLOW_CHANGES - 1
DEBOUNCE = DEPTH * SCAN
BANDS = {
    "chatter": (1.5 * SCAN, DEBOUNCE - SCAN),
    "fast": (DEBOUNCE + SCAN, 0.05),
    "middle": (0.05, 0.15),
    "slow": (0.15, 1.0),
}
"""The length of one half (closed or open) of a flap, per band: quicker than the debounce can follow (periods of
15-30 ms), 50-100 ms, 0.1-0.3 s and 0.3-2 s periods."""


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
    """A person setting and lifting a piece on the square from `start` to `until`, never faster than a person."""
    level = draw(st.integers(0, 1)) if initial is None else initial
    first = level
    t = start
    steps: list[tuple[float, int]] = []
    meant: list[tuple[float, int]] = []
    recent: list[float] = []
    while True:
        t += draw(st.floats(HAND_GAP, 3.0))
        recent = [r for r in recent if r > t - SLOW_WINDOW]
        if t >= until:
            break
        if len(recent) >= HAND_CHANGES:
            continue  # nobody lifts and sets the same piece that often: the hand waits
        level ^= 1
        recent.append(t)
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
    duration = draw(st.floats(FLAP_FLIPS * hi + 0.5, FLAP_FLIPS * hi + 1.5))  # long enough to be seen
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
