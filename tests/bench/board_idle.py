"""Idle CPU of the real-board path: the GPIO scanner at the pin map's scan rate through lgpio's group calls (a
stand-in lgpio, with the real 30 us settle busy-waits), events subscribed, the LEDs showing one steady frame.

`idle_cpu_share(seconds, pieces)` returns what the process used over that wall time (target: `share` <= 0.03 of
a core); `python -m tests.bench.board_idle [--seconds 5]` prints it for an opening position (pieces on ranks 1, 2,
8 and 9) and for pieces on every rank (a settle wait after every row). A benchmark, not a test: real clock.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from dataclasses import dataclass

from controller.clock import SystemClock
from controller.pixels import PixelSettings
from hardware.chain import ChainOrder
from hardware.gpio_matrix import GpioMatrix
from hardware.matrix_pins import LgpioMatrixPins
from hardware.neopixel_strip import NeoPixelStrip
from hardware.pinmap import load_pinmap
from tests.hardware.fake_lgpio import FakeLgpio
from tests.hardware.test_neopixel_strip import FakePixels


@dataclass(frozen=True, slots=True)
class IdleCpu:
    seconds: float
    cpu_seconds: float
    scans: int
    calls_per_scan: float

    @property
    def share(self) -> float:
        return self.cpu_seconds / self.seconds

    def line(self) -> str:
        return (
            f"idle CPU of the GPIO board at {self.scans / self.seconds:.0f} scans/s: {100 * self.share:.2f} % "
            f"of a core ({self.calls_per_scan:.0f} lgpio calls per scan)"
        )


OPENING = sum(1 << s for s in range(81) if s // 9 in (0, 1, 7, 8))
EVERY_RANK = sum(1 << s for s in range(81) if s % 7 == 0)


async def _measure(seconds: float, pieces: int = OPENING, settle_us: float | None = None) -> IdleCpu:
    pm = load_pinmap()
    m = pm.matrix
    lg = FakeLgpio(m.rows, m.columns, lambda: pieces)
    matrix = GpioMatrix(
        LgpioMatrixPins(lg, 100, m.rows, m.columns),
        clock=SystemClock(),
        scan_hz=m.scan_hz,
        settle=(m.settle_us if settle_us is None else settle_us) / 1e6,
        debounce=m.debounce,
        still_hz=m.still_hz,
    )
    strip = NeoPixelStrip(FakePixels(), chain=ChainOrder(), settings=PixelSettings())
    strip.show(((40, 10, 0),) * 81)
    events = matrix.events()
    first = await anext(events)
    assert first is not None
    calls_before, scans_before = lg.total(), matrix.scans
    wall, cpu = time.perf_counter(), time.process_time()
    await asyncio.sleep(seconds)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    scans = matrix.scans - scans_before
    calls = (lg.total() - calls_before) / max(1, scans)
    await matrix.aclose()
    strip.close()
    return IdleCpu(wall, cpu, scans, calls)


def idle_cpu_share(seconds: float = 5.0, pieces: int = OPENING) -> IdleCpu:
    """Run the idle board with `pieces` standing for `seconds` of real time and return what it cost."""
    return asyncio.run(_measure(seconds, pieces))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    seconds = parser.parse_args().seconds
    for name, pieces in (("opening", OPENING), ("every rank", EVERY_RANK)):
        print(f"{name}: {idle_cpu_share(seconds, pieces).line()}")


if __name__ == "__main__":
    main()
