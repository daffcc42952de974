"""Per-square debounce and flap detection for a scanned reed-switch matrix. Pure: one call per scan.

Debounce is an integrator per square: a closed sample counts up, an open one counts down, clamped to 0..depth; the
square reads occupied when the counter reaches `depth` and empty when it reaches 0 (hysteresis in between), so a change
is accepted after `depth` agreeing scans and a bounce of a scan or two is filtered out.

Flap detection slides over the latest scans, so a flap is seen the moment it is one, wherever it starts:
- fast: `flap_flips` raw flips of a square within `flap_window` scans (a switch chattering faster than the debounce
  can follow, which a tumbling window could have split in two and seen only a second later). A flip counts only
  `depth` scans or more after the last one counted, so the bounce of a piece set down (shorter than the debounce)
  counts once, and a switch chattering faster than that counts once per debounce time;
- quick: `quick_changes` debounced changes of a square within `flap_window` scans (a switch flapping every 0.1-0.25 s:
  each half passes the debounce, too slow for the fast count). Five changes are two lift-and-put-backs of one piece
  and a third lift: the recognition fuzzer's hands, quicker than people, make four within half a second (a hover, then
  the move) but never five, so a flap of a period under 0.25 s is reported by its fifth change, within 0.5 s of its
  first (docs/flapping.md);
- slow: `slow_changes` debounced changes of a square in a row, each within `slow_gap` scans of the one before (a
  switch opening and closing by itself every 0.3-2 s: each change passes the debounce and looks like a hand lifting
  or setting a piece, but the oscillation goes on). Hands make bursts: a hover, a wrong piece put back, a capture and
  the next player's reply, a Politics candidate tapping one state for county after county, and then the board stands
  still for longer than the gap: a candidate may claim one state eight times in a row (its seven county lines and
  the capital), sixteen changes without a pause, so the seventeenth is the first no hand explains, and a slow flap
  of half-period h is reported 16h after its first change (16 s at a period of 2 s, 2.4 s at 0.3 s). Nothing else
  tells a slow flap from those taps: a candidate taps the state alone, nothing else on the board changing, at a
  steady pace, as a slow flap does.
The fast and quick detectors keep, per square, the scans of their latest events in a ring (one comparison per
event); the slow one a count and the scan of the last change. An untrusted square's reported bit is frozen
at the value it had, so it cannot fake moves, until it has gone `quiet` scans without a single raw flip; its history
then starts afresh. A count of 0 turns that detector off; `detect_flaps(False)` turns them all off for a while (the
piece test sets pieces on the same squares again and again).

The firmware (`firmware/agora_fw/debounce.py`) implements the same rules for the Pico; a test checks that both agree
sample by sample. The simulator uses this module, so a simulated bounce is filtered exactly as on the board.
"""

from __future__ import annotations

from dataclasses import replace

from controller.values import dataclass
from hardware.squares import names

SQUARES = 81
FAR = -(1 << 40)
"""The scan of an event that never happened: further back than any window."""


@dataclass(frozen=True, slots=True)
class DebounceConfig:
    depth: int = 4
    """Agreeing scans before a change is accepted."""
    flap_window: int = 100
    """Scans of the sliding window for fast flaps (0.5 s at 200 Hz)."""
    flap_flips: int = 10
    """Raw flips within `flap_window` scans that make a square untrusted; 0 turns the fast detector off."""
    slow_gap: int = 240
    """Scans within which a debounced change must follow the one before to continue an oscillation (1.2 s at 200 Hz:
    a slow flap's half lasts at most 1 s)."""
    slow_changes: int = 17
    """Debounced changes in one oscillation that make a square untrusted; 0 turns the slow detector off."""
    quick_changes: int = 5
    """Debounced changes within `flap_window` scans that make a square untrusted; 0 turns the quick detector off."""
    quiet: int = 400
    """Scans without a raw flip before an untrusted square is trusted again (2 s at 200 Hz)."""

    def __post_init__(self) -> None:
        if not 1 <= self.depth <= 100:
            raise ValueError(f"debounce depth must be 1..100 scans, not {self.depth}")
        if self.flap_window < 2 or self.slow_gap < 1 or self.quiet < 1:
            raise ValueError("flap_window must be at least 2 scans, slow_gap and quiet at least 1")
        counts = (
            ("flap_flips", self.flap_flips),
            ("slow_changes", self.slow_changes),
            ("quick_changes", self.quick_changes),
        )
        for name, count in counts:
            if count and not 2 <= count <= 255:
                raise ValueError(f"{name} must be 2..255 (or 0 for off), not {count}")

    @classmethod
    def for_rate(
        cls,
        scan_hz: float,
        *,
        debounce_ms: float = 20.0,
        flap_window_ms: float = 500.0,
        flap_flips: int = 10,
        slow_gap_ms: float = 1200.0,
        slow_changes: int = 17,
        quiet_ms: float = 2000.0,
        quick_changes: int = 5,
    ) -> DebounceConfig:
        """Times in milliseconds turned into scan counts for a matrix scanned `scan_hz` times a second."""

        def scans(ms: float, least: int) -> int:
            return max(least, round(ms * scan_hz / 1000))

        return cls(
            depth=scans(debounce_ms, 1),
            flap_window=scans(flap_window_ms, 2),
            flap_flips=flap_flips,
            slow_gap=scans(slow_gap_ms, 1),
            slow_changes=slow_changes,
            quiet=scans(quiet_ms, 1),
            quick_changes=quick_changes,
        )

    def rescaled(self, from_hz: float, to_hz: float) -> DebounceConfig:
        """The same times for a matrix scanned `to_hz` instead of `from_hz` times a second (the Pico scans at 1 kHz)."""
        f = to_hz / from_hz
        return replace(
            self,
            depth=min(100, max(1, round(self.depth * f))),
            flap_window=max(2, round(self.flap_window * f)),
            slow_gap=max(1, round(self.slow_gap * f)),
            quiet=max(1, round(self.quiet * f)),
        )

    @property
    def detects(self) -> bool:
        return bool(self.flap_flips or self.watches_changes)

    @property
    def watches_changes(self) -> bool:
        """Whether a detector of debounced changes is on."""
        return bool(self.slow_changes or self.quick_changes)

    def without_flaps(self) -> DebounceConfig:
        return replace(self, flap_flips=0, slow_changes=0, quick_changes=0)


class _Rings:
    """Per square, the scans of its events before the latest: whether `count` of them fell within a window."""

    def __init__(self, count: int) -> None:
        self.size = max(0, count - 1)  # the event `count - 1` before this one is the oldest of `count`
        self._at = [FAR] * (SQUARES * self.size)
        self._next = [0] * SQUARES

    def crowded(self, square: int, tick: int, window: int) -> bool:
        """Record an event of `square` at scan `tick`; True when it is the `count`-th within `window` scans."""
        if not self.size:
            return False
        i = square * self.size + self._next[square]
        oldest, self._at[i] = self._at[i], tick
        self._next[square] = (self._next[square] + 1) % self.size
        return tick - oldest < window

    def clear(self, square: int) -> None:
        base = square * self.size
        self._at[base : base + self.size] = [FAR] * self.size
        self._next[square] = 0


class Debouncer:
    """Feed it every scan's raw occupancy; it keeps the debounced occupancy and the untrusted squares."""

    def __init__(self, config: DebounceConfig, initial: int = 0) -> None:
        self.config = config
        self._counts = [config.depth if initial >> s & 1 else 0 for s in range(SQUARES)]
        self._debounced = initial
        self._unsettled = 0
        self._previous_raw = initial
        self._untrusted = 0
        self._reported = initial
        self._tick = 0
        self._last_flip = [FAR] * SQUARES
        self._counted = [FAR] * SQUARES  # the last flip the fast detector counted
        self._detecting = True
        self._fast = _Rings(config.flap_flips)
        self._quick = _Rings(config.quick_changes)
        self._run = [0] * SQUARES  # debounced changes of the oscillation going on (the slow detector)
        self._last_change = [FAR] * SQUARES

    @property
    def occupancy(self) -> int:
        """The reported occupancy: debounced, with untrusted squares frozen."""
        return self._reported

    @property
    def untrusted(self) -> int:
        return self._untrusted

    @property
    def detecting(self) -> bool:
        return self._detecting and self.config.detects

    @property
    def settled(self) -> bool:
        """Nothing in flux and nobody untrusted: `skip` may stand in for scans (they would only age the rings)."""
        return not (self._unsettled or self._untrusted or self._previous_raw != self._debounced)

    def detect_flaps(self, on: bool) -> bool:
        """Flap detection on or off (off: every square trusted at once, its rings emptied). Whether any square's
        trust changed."""
        self._detecting = on
        if on:
            return False
        before = self._untrusted
        for s in range(SQUARES):
            self._forget(s)
        self._untrusted = 0
        self._reported = self._debounced
        return before != 0

    def sample(self, raw: int) -> tuple[bool, bool]:
        """One scan. Returns (occupancy changed, untrusted squares changed)."""
        self._tick += 1
        flips = raw ^ self._previous_raw
        self._previous_raw = raw
        flapping = 0
        if flips:
            flapping = self._flipped(flips)
        active = (raw ^ self._debounced) | self._unsettled
        if active:
            before = self._debounced
            self._integrate(raw, active)
            if self.detecting and self.config.watches_changes and (changed := before ^ self._debounced):
                flapping |= self._changed(changed)
        untrusted_changed = False
        if flapping & ~self._untrusted:
            self._untrusted |= flapping
            untrusted_changed = True
        if self._untrusted and self._trust_quiet():
            untrusted_changed = True
        before = self._reported
        self._reported = (self._debounced & ~self._untrusted) | (before & self._untrusted)
        return self._reported != before, untrusted_changed

    def skip(self, scans: int) -> None:
        """Account for `scans` scans that read the same raw occupancy without doing them (the simulator sleeps).

        Only while `settled`: then those scans would change nothing but the age of the recorded events, which is
        the scan counter itself, so skipping is exactly equivalent to scanning.
        """
        if scans <= 0:
            return
        if not self.settled:
            raise RuntimeError("skip() needs a settled debouncer: scan while anything is in flux")
        self._tick += scans

    def _flipped(self, flips: int) -> int:
        """Raw flips of this scan recorded; the squares whose flips now crowd the fast window."""
        tick, window, fast, depth = self._tick, self.config.flap_window, self._fast, self.config.depth
        detecting = self.detecting
        out = 0
        for s in _bits(flips):
            self._last_flip[s] = tick
            if detecting and fast.size and tick - self._counted[s] >= depth:
                self._counted[s] = tick
                if fast.crowded(s, tick, window):
                    out |= 1 << s
        return out

    def _changed(self, changed: int) -> int:
        """Debounced changes of this scan recorded (square by square, lowest first); the squares whose changes now
        come too fast or have gone on too long for hands."""
        c = self.config
        tick, gap = self._tick, c.slow_gap
        runs, last = self._run, self._last_change
        out = 0
        for s in _bits(changed):
            runs[s] = min(runs[s] + 1, 255) if tick - last[s] <= gap else 1
            last[s] = tick
            quick = self._quick.size and self._quick.crowded(s, tick, c.flap_window)
            if (c.slow_changes and runs[s] >= c.slow_changes) or quick:
                out |= 1 << s
        return out

    def _integrate(self, raw: int, active: int) -> None:
        depth = self.config.depth
        counts = self._counts
        for s in _bits(active):
            bit = 1 << s
            c = counts[s] + 1 if raw & bit else counts[s] - 1
            c = 0 if c < 0 else depth if c > depth else c
            counts[s] = c
            if c == depth:
                self._debounced |= bit
                self._unsettled &= ~bit
            elif c == 0:
                self._debounced &= ~bit
                self._unsettled &= ~bit
            else:
                self._unsettled |= bit

    def _trust_quiet(self) -> bool:
        """Untrusted squares quiet for long enough trusted again; whether any was."""
        trusted = 0
        for s in _bits(self._untrusted):
            if self._tick - self._last_flip[s] >= self.config.quiet:
                trusted |= 1 << s
                self._forget(s)
        self._untrusted &= ~trusted
        return trusted != 0

    def _forget(self, square: int) -> None:
        for rings in (self._fast, self._quick):
            if rings.size:
                rings.clear(square)
        self._run[square] = 0
        self._last_change[square] = FAR


def untrusted_reason(before: int, after: int) -> str:
    """The message of a SquaresUntrusted event going from `before` to `after`."""
    if not after:
        return "every switch is trusted again"
    newly = after & ~before
    if newly:
        return f"switch flapping on {names(newly)}: ignored until it is quiet"
    return f"still flapping: {names(after)}"


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
