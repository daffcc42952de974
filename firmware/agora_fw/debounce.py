# Per-square debounce and flap detection, row by row so every number stays a small int (no heap allocation in the
# 1 kHz loop). The same rules as hardware/debounce.py on the Pi; tests/firmware checks they agree scan by scan:
#   integrator per square, clamped to 0..depth: occupied at depth, empty at 0;
#   fast flaps: `flap_flips` raw flips of a square within a sliding `flap_window` scans, a flip counted only `depth`
#   scans or more after the last one counted (a bounce counts once, a chatter once per debounce time);
#   quick flaps: `quick_changes` debounced changes of a square within `flap_window` scans (two lift-and-put-backs
#   and a lift in half a second are no hand);
#   slow flaps: `slow_changes` debounced changes of a square in a row, each within `slow_gap` scans of the one before
#   (an oscillation that goes on while others play; hands make a few quick changes and then pause);
#   either makes the square untrusted (its reported bit frozen) until it has gone `quiet` scans without a raw flip,
#   when its history starts afresh. A count of 0 turns that detector off (the host's CONFIG during the piece test).
# The fast and quick detectors keep per square the scans of their latest events in a ring, so an event costs one
# comparison; the slow one a count and the scan of the last change.

from array import array

OCCUPANCY_CHANGED = 1
UNTRUSTED_CHANGED = 2

BASE = 1 << 16  # the first scan: every window (u16) is shorter, so a never-written 0 lies out of every window
LIMIT = 1 << 29  # rebased well before 2**30 so the scan counter stays a small int


class Debouncer:
    def __init__(
        self,
        depth=8,
        flap_window=500,
        flap_flips=10,
        slow_gap=1200,
        slow_changes=17,
        quiet=2000,
        quick_changes=5,
    ):
        if not 1 <= depth <= 100 or not 2 <= flap_window < BASE or not 1 <= slow_gap < BASE:
            raise ValueError("bad debounce settings")
        for count in (flap_flips, slow_changes, quick_changes):
            if count == 1 or not 0 <= count <= 255:
                raise ValueError("bad debounce settings")
        if not 1 <= quiet < BASE:
            raise ValueError("bad debounce settings")
        self.depth = depth
        self.flap_window = flap_window
        self.flap_flips = flap_flips
        self.slow_gap = slow_gap
        self.slow_changes = slow_changes
        self.quick_changes = quick_changes
        self.watches_changes = slow_changes or quick_changes
        self.quiet = quiet
        self.counts = bytearray(81)
        # Per square the scans of the latest flap_flips - 1 flips: the oldest of them and a new one make flap_flips.
        self.fast_size = max(0, flap_flips - 1)
        self.fast = _zeros(81 * self.fast_size)
        self.fast_next = bytearray(81)
        self.quick_size = max(0, quick_changes - 1)
        self.quick = _zeros(81 * self.quick_size)
        self.quick_next = bytearray(81)
        self.run = bytearray(81)  # debounced changes of the oscillation going on (at most 255)
        self.last_change = _zeros(81)
        self.last_flip = _zeros(81)
        self.counted = _zeros(81)  # the last flip the fast detector counted
        self.debounced = [0] * 9
        self.previous = [0] * 9
        self.unsettled = [0] * 9
        self.untrusted = [0] * 9
        self.reported = [0] * 9
        self.tick = BASE

    def prime(self, rows):
        """Start from `rows` as if they had been stable forever."""
        depth = self.depth
        for r in range(9):
            v = rows[r]
            self.debounced[r] = self.previous[r] = self.reported[r] = v
            self.unsettled[r] = self.untrusted[r] = 0
            for c in range(9):
                self.counts[r * 9 + c] = depth if v >> c & 1 else 0
        for ring in (self.fast, self.quick, self.last_change, self.last_flip, self.counted):
            for i in range(len(ring)):
                ring[i] = 0
        for i in range(81):
            self.fast_next[i] = self.quick_next[i] = self.run[i] = 0
        self.tick = BASE

    def sample(self, rows):
        """One scan; returns OCCUPANCY_CHANGED | UNTRUSTED_CHANGED bits."""
        self.tick += 1
        if self.tick >= LIMIT:
            self._rebase()
        result = 0
        for r in range(9):
            raw = rows[r]
            flapping = 0
            flips = raw ^ self.previous[r]
            if flips:
                self.previous[r] = raw
                flapping = self._flipped(r, flips)
            active = (raw ^ self.debounced[r]) | self.unsettled[r]
            if active:
                before = self.debounced[r]
                self._integrate(r, raw, active)
                changed = before ^ self.debounced[r]
                if changed and self.watches_changes:
                    flapping |= self._changed(r, changed)
            if flapping & ~self.untrusted[r]:
                self.untrusted[r] |= flapping
                result |= UNTRUSTED_CHANGED
            if self.untrusted[r] and self._trust_quiet(r):
                result |= UNTRUSTED_CHANGED
            u = self.untrusted[r]
            new = (self.debounced[r] & ~u) | (self.reported[r] & u)
            if new != self.reported[r]:
                self.reported[r] = new
                result |= OCCUPANCY_CHANGED
        return result

    def _flipped(self, r, flips):
        tick = self.tick
        size = self.fast_size
        out = 0
        for c in range(9):
            if flips >> c & 1:
                i = r * 9 + c
                self.last_flip[i] = tick
                if size and tick - self.counted[i] >= self.depth:
                    self.counted[i] = tick
                    if _crowded(self.fast, self.fast_next, size, i, tick, self.flap_window):
                        out |= 1 << c
        return out

    def _changed(self, r, changed):
        tick = self.tick
        out = 0
        for c in range(9):
            if changed >> c & 1:
                i = r * 9 + c
                # A change more than slow_gap after the last one begins a new oscillation (a never-written 0 is
                # further back than any gap: scans start at BASE).
                n = self.run[i] + 1 if tick - self.last_change[i] <= self.slow_gap else 1
                self.run[i] = n if n < 255 else 255
                self.last_change[i] = tick
                if (self.slow_changes and n >= self.slow_changes) or (
                    self.quick_size
                    and _crowded(self.quick, self.quick_next, self.quick_size, i, tick, self.flap_window)
                ):
                    out |= 1 << c
        return out

    def _integrate(self, r, raw, active):
        depth = self.depth
        counts = self.counts
        base = r * 9
        for c in range(9):
            bit = 1 << c
            if active & bit:
                i = base + c
                n = counts[i]
                if raw & bit:
                    if n < depth:
                        n += 1
                elif n > 0:
                    n -= 1
                counts[i] = n
                if n == depth:
                    self.debounced[r] |= bit
                    self.unsettled[r] &= ~bit
                elif n == 0:
                    self.debounced[r] &= ~bit
                    self.unsettled[r] &= ~bit
                else:
                    self.unsettled[r] |= bit

    def _trust_quiet(self, r):
        u = self.untrusted[r]
        trusted = 0
        for c in range(9):
            i = r * 9 + c
            if u >> c & 1 and self.tick - self.last_flip[i] >= self.quiet:
                trusted |= 1 << c
                _clear(self.fast, self.fast_next, self.fast_size, i)
                _clear(self.quick, self.quick_next, self.quick_size, i)
                self.run[i] = 0
                self.last_change[i] = 0
        self.untrusted[r] = u & ~trusted
        return trusted != 0

    def _rebase(self):
        # Every recorded scan moves back with the counter; one further back than BASE stays out of every window.
        shift = self.tick - BASE
        for ring in (self.fast, self.quick, self.last_change, self.last_flip, self.counted):
            for i in range(len(ring)):
                v = ring[i] - shift
                ring[i] = v if v > 0 else 0
        self.tick = BASE


def _crowded(ring, nexts, size, i, tick, window):
    """Record an event of square `i` at `tick`; True when it and the `size` before it fell within `window` scans."""
    k = i * size + nexts[i]
    oldest = ring[k]
    ring[k] = tick
    nexts[i] = (nexts[i] + 1) % size
    return tick - oldest < window


def _clear(ring, nexts, size, i):
    for k in range(i * size, i * size + size):
        ring[k] = 0
    nexts[i] = 0


def _zeros(n):
    return array("i", [0] * n)  # 32-bit on the Pico and in CPython; the list exists only while constructing
