"""A stand-in for the `lgpio` module at the hardware edge: one gpiochip wired as the board's diode matrix.

It keeps lgpio's call signatures, return shapes and error type, counts every call (the scan's cost), refuses
pins the "kernel" holds (busy) and records any output that would drive a line high push-pull. A column that a row
pulled low recovers only after `recovery` seconds have passed through `elapse` (its pull-up against the board's
wiring capacitance), so a scan that reads too early sees a ghost.
"""

from __future__ import annotations

import types
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

SET_ACTIVE_LOW, SET_OPEN_DRAIN, SET_OPEN_SOURCE, SET_PULL_UP, SET_PULL_DOWN, SET_PULL_NONE = 4, 8, 16, 32, 64, 128


class FakeLgpio(types.ModuleType):
    """`occupancy()` gives the closed switches right now (bit r * 9 + c: row index r, column index c)."""

    class error(Exception):
        pass

    def __init__(
        self,
        rows: Sequence[int],
        columns: Sequence[int],
        occupancy: Callable[[], int],
        *,
        busy: Sequence[int] = (),
        label: str = "pinctrl-bcm2711",
        chip: int = 0,
        recovery: float = 0.0,
    ) -> None:
        super().__init__("lgpio")
        for name, value in globals().items():
            if name.startswith("SET_"):
                setattr(self, name, value)
        self.rows, self.columns, self.occupancy = list(rows), list(columns), occupancy
        self.busy = set(busy)
        self.label, self.chip = label, chip
        self.calls: Counter[str] = Counter()
        self.groups: dict[int, tuple[list[int], str, int]] = {}  # leader -> (pins, input/output, flags)
        self.claimed: set[int] = set()
        self.levels: dict[int, int] = {}  # output pin -> level written
        self.pushed_high: list[int] = []
        self.open_handles: set[int] = set()
        self.recovery = recovery
        self._pulled = 0  # columns low at the last read
        self._stale = 0  # columns still recovering
        self._since = 0.0

    def elapse(self, seconds: float) -> None:
        self._since += seconds
        if self._since >= self.recovery:
            self._stale = 0

    def _count(self, name: str) -> None:
        self.calls[name] += 1

    def total(self) -> int:
        return sum(self.calls.values())

    def gpiochip_open(self, chip: int) -> int:
        self._count("gpiochip_open")
        if chip != self.chip:
            raise self.error("'can not open gpiochip'")
        self.open_handles.add(chip + 100)
        return chip + 100

    def gpiochip_close(self, handle: int) -> int:
        self._count("gpiochip_close")
        self.open_handles.discard(handle)
        return 0

    def gpio_get_chip_info(self, handle: int) -> tuple[int, int, str, str]:
        self._count("gpio_get_chip_info")
        return 0, 54, f"gpiochip{self.chip}", self.label

    def _claim(self, pins: Sequence[int], function: str, flags: int) -> None:
        for pin in pins:
            if pin in self.busy or pin in self.claimed:
                raise self.error("'GPIO busy'")
        self.claimed.update(pins)
        self.groups[pins[0]] = (list(pins), function, flags)

    def group_claim_input(self, handle: int, gpio: Sequence[int], lFlags: int = 0) -> int:
        self._count("group_claim_input")
        self._claim(gpio, "input", lFlags)
        return 0

    def group_claim_output(
        self, handle: int, gpio: Sequence[int], levels: Sequence[int] = (0,), lFlags: int = 0
    ) -> int:
        self._count("group_claim_output")
        self._claim(gpio, "output", lFlags)
        for pin, level in zip(gpio, list(levels) + [0] * len(gpio), strict=False):
            self._set(pin, int(bool(level)), lFlags)
        return 0

    def gpio_claim_input(self, handle: int, gpio: int, lFlags: int = 0) -> int:
        self._count("gpio_claim_input")
        self._claim([gpio], "input", lFlags)
        return 0

    def gpio_free(self, handle: int, gpio: int) -> int:
        self._count("gpio_free")
        return self.group_free(handle, gpio, count=False)

    def group_free(self, handle: int, gpio: int, count: bool = True) -> int:
        if count:
            self._count("group_free")
        pins, _, _ = self.groups.pop(gpio)
        self.claimed.difference_update(pins)
        for pin in pins:
            self.levels.pop(pin, None)
        return 0

    def _set(self, pin: int, level: int, flags: int) -> None:
        if level and not flags & SET_OPEN_DRAIN:
            self.pushed_high.append(pin)
        self.levels[pin] = level

    def group_write(self, handle: int, gpio: int, group_bits: int, group_mask: int = (1 << 64) - 1) -> int:
        self._count("group_write")
        pins, function, flags = self.groups[gpio]
        if function != "output":
            raise self.error("'GPIO not an output'")
        levels = self.levels
        for i, pin in enumerate(pins):
            if group_mask >> i & 1:
                level = group_bits >> i & 1
                if level and not flags & SET_OPEN_DRAIN:
                    self.pushed_high.append(pin)
                levels[pin] = level
        self._stale |= self._pulled
        self._pulled = 0
        self._since = 0.0
        if not self.recovery:
            self._stale = 0
        return 0

    def group_read(self, handle: int, gpio: int) -> tuple[int, int]:
        self._count("group_read")
        pins, _, _ = self.groups[gpio]
        occupancy = self.occupancy()
        low = 0  # columns pulled low through a closed switch and its diode into a row that is low
        levels = self.levels
        for r, pin in enumerate(self.rows):
            if not levels.get(pin, 1):
                low |= occupancy >> (r * 9)
        low = (low & 0x1FF) | self._stale
        self._pulled |= low & ~self._stale
        if pins == self.columns:
            return len(pins), ~low & 0x1FF
        bits = 0
        for i, pin in enumerate(pins):
            c = self.columns.index(pin) if pin in self.columns else -1
            if c < 0 or not low >> c & 1:
                bits |= 1 << i
        return len(pins), bits

    def error_text(self, errnum: int) -> str:
        return "GPIO busy" if errnum == -79 else "error"


def fake_import(fake: FakeLgpio) -> Callable[[str], Any]:
    """An `import_module` for hardware.gpio_backend.open_backend that finds `fake` as lgpio."""
    import importlib

    def load(name: str) -> Any:
        if name == "lgpio":
            return fake
        return importlib.import_module(name)

    return load
