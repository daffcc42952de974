# Per-square debounce and flap detection, row by row so every number stays a small int (no heap allocation in the
# 1 kHz loop). The same rules as hardware/debounce.py on the Pi; tests/firmware checks they agree scan by scan:
#   integrator per square, clamped to 0..depth: occupied at depth, empty at 0;
#   raw flips counted per square in tumbling windows of `flap_window` scans; `flap_flips` or more in one window
#   make the square untrusted (its reported bit frozen) until `quiet_windows` windows in a row pass without a flip.

OCCUPANCY_CHANGED = 1
UNTRUSTED_CHANGED = 2


class Debouncer:
    def __init__(self, depth=8, flap_window=1000, flap_flips=10, quiet_windows=2):
        if depth < 1 or flap_window < 2 or not 2 <= flap_flips <= 255 or quiet_windows < 1:
            raise ValueError("bad debounce settings")
        self.depth = depth
        self.flap_window = flap_window
        self.flap_flips = flap_flips
        self.quiet_windows = quiet_windows
        self.counts = bytearray(81)
        self.flips = bytearray(81)
        self.quiet = bytearray(81)
        self.debounced = [0] * 9
        self.previous = [0] * 9
        self.unsettled = [0] * 9
        self.flipped = [0] * 9
        self.untrusted = [0] * 9
        self.reported = [0] * 9
        self.tick = 0

    def prime(self, rows):
        """Start from `rows` as if they had been stable forever."""
        depth = self.depth
        for r in range(9):
            v = rows[r]
            self.debounced[r] = self.previous[r] = self.reported[r] = v
            self.unsettled[r] = self.flipped[r] = self.untrusted[r] = 0
            base = r * 9
            for c in range(9):
                self.counts[base + c] = depth if v >> c & 1 else 0
                self.flips[base + c] = 0
                self.quiet[base + c] = 0
        self.tick = 0

    def sample(self, rows):
        """One scan; returns OCCUPANCY_CHANGED | UNTRUSTED_CHANGED bits."""
        depth = self.depth
        counts = self.counts
        for r in range(9):
            raw = rows[r]
            flips = raw ^ self.previous[r]
            base = r * 9
            if flips:
                self.previous[r] = raw
                self.flipped[r] |= flips
                for c in range(9):
                    if flips >> c & 1 and self.flips[base + c] < 255:
                        self.flips[base + c] += 1
            active = (raw ^ self.debounced[r]) | self.unsettled[r]
            if active:
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
        result = 0
        self.tick += 1
        if self.tick >= self.flap_window:
            self.tick = 0
            if self._end_window():
                result |= UNTRUSTED_CHANGED
        for r in range(9):
            u = self.untrusted[r]
            new = (self.debounced[r] & ~u) | (self.reported[r] & u)
            if new != self.reported[r]:
                self.reported[r] = new
                result |= OCCUPANCY_CHANGED
        return result

    def _end_window(self):
        changed = False
        for r in range(9):
            todo = self.flipped[r] | self.untrusted[r]
            if not todo:
                continue
            base = r * 9
            for c in range(9):
                bit = 1 << c
                if not todo & bit:
                    continue
                i = base + c
                n = self.flips[i]
                if n >= self.flap_flips:
                    if not self.untrusted[r] & bit:
                        self.untrusted[r] |= bit
                        changed = True
                    self.quiet[i] = 0
                elif self.untrusted[r] & bit:
                    self.quiet[i] = self.quiet[i] + 1 if n == 0 else 0
                    if self.quiet[i] >= self.quiet_windows:
                        self.untrusted[r] &= ~bit
                        changed = True
                self.flips[i] = 0
            self.flipped[r] = 0
        return changed
