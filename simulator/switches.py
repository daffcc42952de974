"""The physical reed switches on a time axis: magnets come and go at given times, contacts bounce, switches fail.

`level(t)` is what a scan at time `t` reads. Scans must ask in non-decreasing time; an action scheduled at time `T`
is seen by scans after `T`, never by one at `T` itself, so the result does not depend on whether the scanner ran
just before or just after the action at the same instant. Everything random comes from a seeded generator.
"""

from __future__ import annotations

import heapq
import itertools
import math
import random
from typing import Literal

from controller.values import dataclass

SQUARES = 81
FaultKind = Literal["stuck", "dead", "flapping"]


@dataclass(frozen=True, slots=True)
class Bounce:
    """A contact that chatters when a magnet arrives or leaves: `flips` extra open/close pairs, `spacing` apart."""

    flips: int = 0
    spacing: float = 0.003
    jitter: float = 0.5
    """Each gap is spacing * (1 +- jitter), drawn from the seeded generator."""

    def __post_init__(self) -> None:
        if self.flips < 0 or self.spacing <= 0 or not 0 <= self.jitter < 1:
            raise ValueError("bounce needs flips >= 0, spacing > 0 and 0 <= jitter < 1")


NO_BOUNCE = Bounce()


@dataclass(frozen=True, slots=True)
class Fault:
    square: int
    kind: FaultKind
    since: float
    until: float = math.inf
    period: float = 0.04
    """Flapping: one full closed/open cycle."""

    def level(self, t: float) -> int:
        if self.kind == "stuck":
            return 1
        if self.kind == "dead":
            return 0
        return 1 if int((t - self.since) // (self.period / 2)) % 2 == 0 else 0


class Switches:
    def __init__(self, initial: int = 0, *, bounce: Bounce = NO_BOUNCE, seed: int = 0) -> None:
        self.bounce = bounce
        self._raw = initial
        self._magnets = initial
        self._pending: list[tuple[float, int, int, int]] = []  # (time, order, square, level)
        self._order = itertools.count()
        self._faults: list[Fault] = []
        self._rng = random.Random(seed)
        self._asked = -math.inf

    @property
    def magnets(self) -> int:
        """Where magnets stand once every scheduled motion is over."""
        return self._magnets

    def has_magnet(self, square: int) -> bool:
        return bool(self._magnets >> square & 1)

    def move(self, square: int, present: bool, t: float, bounce: Bounce | None = None) -> None:
        """A magnet arrives on (or leaves) `square` at time `t`; the contact follows, bouncing."""
        _check(square)
        bit = 1 << square
        self._magnets = self._magnets | bit if present else self._magnets & ~bit
        level = 1 if present else 0
        b = self.bounce if bounce is None else bounce
        at = t
        self._schedule(at, square, level)
        for _ in range(b.flips):
            at += b.spacing * (1 + b.jitter * (2 * self._rng.random() - 1))
            self._schedule(at, square, 1 - level)
            at += b.spacing * (1 + b.jitter * (2 * self._rng.random() - 1))
            self._schedule(at, square, level)

    def arrange(self, occupancy: int, t: float) -> None:
        """Magnets exactly on `occupancy` from `t` on, without motion or bounce (setting up a position)."""
        self._pending.clear()
        self._raw = self._magnets = occupancy
        self._asked = max(self._asked, t)

    def add_fault(self, square: int, kind: FaultKind, t: float, period: float = 0.04) -> None:
        _check(square)
        if kind not in ("stuck", "dead", "flapping"):
            raise ValueError(f"unknown fault {kind!r}: stuck, dead or flapping")
        if period <= 0:
            raise ValueError("a flapping period must be positive")
        self.heal(square, t)
        self._faults.append(Fault(square, kind, t, period=period))

    def heal(self, square: int, t: float) -> None:
        self._faults = [f if f.square != square or f.until <= t else _ended(f, t) for f in self._faults]

    def faults(self, t: float) -> list[Fault]:
        """The faults in effect at `t`."""
        return [f for f in self._faults if f.since < t <= f.until]

    def level(self, t: float) -> int:
        """The raw switch levels a scan at time `t` reads (bit set = contact closed)."""
        if t < self._asked:
            raise ValueError(f"switches asked about {t} after {self._asked}: scans must go forward in time")
        self._asked = t
        pending = self._pending
        while pending and pending[0][0] < t:
            _, _, square, level = heapq.heappop(pending)
            self._raw = self._raw | 1 << square if level else self._raw & ~(1 << square)
        raw = self._raw
        if self._faults:
            self._faults = [f for f in self._faults if f.until >= t]
            for f in self._faults:
                if f.since < t <= f.until:
                    bit = 1 << f.square
                    raw = raw | bit if f.level(t) else raw & ~bit
        return raw

    def busy(self, after: float) -> bool:
        """Whether the raw levels may still change after time `after` without another action."""
        if self._pending:
            return True
        for f in self._faults:
            if f.kind == "flapping" and f.until > after:
                return True
            if f.since >= after or (f.until != math.inf and f.until >= after):
                return True
        return False

    def rows(self, t: float) -> list[int]:
        """`level(t)` as 9 row masks (bit c = file c), the way the firmware sees a scan."""
        raw = self.level(t)
        return [(raw >> (9 * r)) & 0x1FF for r in range(9)]

    def _schedule(self, t: float, square: int, level: int) -> None:
        heapq.heappush(self._pending, (t, next(self._order), square, level))


def _ended(f: Fault, t: float) -> Fault:
    return Fault(f.square, f.kind, f.since, t, f.period)


def _check(square: int) -> None:
    if not 0 <= square < SQUARES:
        raise ValueError(f"no square {square} on a 9x9 board")
