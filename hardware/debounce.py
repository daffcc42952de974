"""Per-square debounce and flap detection for a scanned reed-switch matrix. Pure: one call per scan.

Debounce is an integrator per square: a closed sample counts up, an open one counts down, clamped to 0..depth; the
square reads occupied when the counter reaches `depth` and empty when it reaches 0 (hysteresis in between), so a change
is accepted after `depth` agreeing scans and a bounce of a scan or two is filtered out.

Flap detection counts raw flips per square in tumbling windows of `flap_window` scans. A square with `flap_flips` or
more flips in one window is untrusted: its reported bit is frozen at the value it had, so it cannot fake moves, until
`quiet_windows` windows in a row pass without a single flip.

The firmware (`firmware/agora_fw/debounce.py`) implements the same rules for the Pico; a test checks that both agree
sample by sample. The simulator uses this module, so a simulated bounce is filtered exactly as on the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardware.squares import names

SQUARES = 81


@dataclass(frozen=True, slots=True)
class DebounceConfig:
    depth: int = 4
    """Agreeing scans before a change is accepted."""
    flap_window: int = 200
    """Scans per flap-counting window."""
    flap_flips: int = 10
    """Raw flips within one window that make a square untrusted."""
    quiet_windows: int = 2
    """Windows in a row without a flip before an untrusted square is trusted again."""

    def __post_init__(self) -> None:
        if not 1 <= self.depth <= 100:
            raise ValueError(f"debounce depth must be 1..100 scans, not {self.depth}")
        if self.flap_window < 2 or self.flap_flips < 2 or self.quiet_windows < 1:
            raise ValueError("flap_window and flap_flips must be at least 2 and quiet_windows at least 1")

    @classmethod
    def for_rate(
        cls,
        scan_hz: float,
        *,
        debounce_ms: float = 20.0,
        flap_window_ms: float = 1000.0,
        flap_flips: int = 10,
        quiet_windows: int = 2,
    ) -> DebounceConfig:
        """Times in milliseconds turned into scan counts for a matrix scanned `scan_hz` times a second."""
        return cls(
            depth=max(1, round(debounce_ms * scan_hz / 1000)),
            flap_window=max(2, round(flap_window_ms * scan_hz / 1000)),
            flap_flips=flap_flips,
            quiet_windows=quiet_windows,
        )

    def rescaled(self, from_hz: float, to_hz: float) -> DebounceConfig:
        """The same times for a matrix scanned `to_hz` instead of `from_hz` times a second (the Pico scans at 1 kHz)."""
        f = to_hz / from_hz
        return DebounceConfig(
            depth=min(100, max(1, round(self.depth * f))),
            flap_window=max(2, round(self.flap_window * f)),
            flap_flips=self.flap_flips,
            quiet_windows=self.quiet_windows,
        )


class Debouncer:
    """Feed it every scan's raw occupancy; it keeps the debounced occupancy and the untrusted squares."""

    def __init__(self, config: DebounceConfig, initial: int = 0) -> None:
        self.config = config
        self._counts = [config.depth if initial >> s & 1 else 0 for s in range(SQUARES)]
        self._debounced = initial
        self._unsettled = 0
        self._previous_raw = initial
        self._flips = [0] * SQUARES
        self._flipped = 0
        self._quiet = [0] * SQUARES
        self._untrusted = 0
        self._reported = initial
        self._tick = 0

    @property
    def occupancy(self) -> int:
        """The reported occupancy: debounced, with untrusted squares frozen."""
        return self._reported

    @property
    def untrusted(self) -> int:
        return self._untrusted

    @property
    def settled(self) -> bool:
        """Nothing in flux and no window end pending that could change anything: `skip` may stand in for scans."""
        if self._unsettled or self._untrusted or self._previous_raw != self._debounced:
            return False
        return all(self._flips[s] < self.config.flap_flips for s in _bits(self._flipped))

    def sample(self, raw: int) -> tuple[bool, bool]:
        """One scan. Returns (occupancy changed, untrusted squares changed)."""
        flips = raw ^ self._previous_raw
        self._previous_raw = raw
        if flips:
            self._flipped |= flips
            for s in _bits(flips):
                self._flips[s] += 1
        active = (raw ^ self._debounced) | self._unsettled
        if active:
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
        self._tick += 1
        untrusted_changed = False
        if self._tick % self.config.flap_window == 0:
            untrusted_changed = self._end_window()
        before = self._reported
        self._reported = (self._debounced & ~self._untrusted) | (before & self._untrusted)
        return self._reported != before, untrusted_changed

    def skip(self, scans: int) -> None:
        """Account for `scans` scans that read the same raw occupancy without doing them (the simulator sleeps).

        Only while `settled`: then the only thing those scans could do is close the current flap window, which
        merely clears its flip counts, so skipping is exactly equivalent to scanning.
        """
        if scans <= 0:
            return
        if not self.settled:
            raise RuntimeError("skip() needs a settled debouncer: scan while anything is in flux")
        window = self.config.flap_window
        if (self._tick % window) + scans >= window:
            for s in _bits(self._flipped):
                self._flips[s] = 0
            self._flipped = 0
        self._tick += scans

    def _end_window(self) -> bool:
        cfg = self.config
        before = self._untrusted
        for s in _bits(self._untrusted | self._flipped):
            bit = 1 << s
            n = self._flips[s]
            if n >= cfg.flap_flips:
                self._untrusted |= bit
                self._quiet[s] = 0
            elif self._untrusted & bit:
                self._quiet[s] = self._quiet[s] + 1 if n == 0 else 0
                if self._quiet[s] >= cfg.quiet_windows:
                    self._untrusted &= ~bit
            self._flips[s] = 0
        self._flipped = 0
        return self._untrusted != before


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
