"""Idle CPU of the real-board path: what a board waiting for a move costs, per second, with nobody touching it.

The parts `agora play --board gpio` runs, with stand-ins only at the hardware edge: the GPIO scanner at the pin
map's scan rates (the still rate, as nobody touches the board) and settle wait through lgpio's group calls
(`tests.hardware.fake_lgpio`, the switches closed under the start position's pieces), the NeoPixel strip through
the pin map's chain and current budget (a pixel buffer that only counts), and the controller with its session and
render loop on the system clock. It runs for `seconds` of real time; the figure is the CPU time the process used
over that time, as a share of one core.

`python -m tests.bench.idle [--seconds 10] [--game djambi]` prints it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass

from controller.clock import SystemClock
from controller.session.factory import new_session
from controller.session.runner import Controller
from hardware.gpio_matrix import GpioMatrix
from hardware.matrix_pins import LgpioMatrixPins
from hardware.neopixel_strip import NeoPixelStrip
from hardware.pinmap import load_pinmap
from tests.hardware.fake_lgpio import FakeLgpio


class CountingPixels:
    """A NeoPixel buffer that counts what it is sent."""

    def __init__(self) -> None:
        self.writes = 0
        self.shows = 0

    def __setitem__(self, index: slice, value: Sequence[tuple[int, int, int]], /) -> None:
        self.writes += 1

    def show(self) -> None:
        self.shows += 1

    def deinit(self) -> None:
        pass


@dataclass(frozen=True, slots=True)
class Idle:
    seconds: float
    cpu_seconds: float
    scans: int
    pin_calls_per_scan: float
    strip_shows: int

    @property
    def share(self) -> float:
        return self.cpu_seconds / self.seconds

    @property
    def scan_hz(self) -> float:
        return self.scans / self.seconds


async def _idle(seconds: float, game: str, warm_up: float) -> Idle:
    pm = load_pinmap()
    m = pm.matrix
    session = new_session(game, seed=1)
    occupancy = session.state.occupancy()
    lg = FakeLgpio(m.rows, m.columns, lambda: occupancy)
    clock = SystemClock()
    matrix = GpioMatrix(
        LgpioMatrixPins(lg, 100, m.rows, m.columns),
        clock=clock,
        scan_hz=m.scan_hz,
        settle=m.settle_us / 1e6,
        debounce=m.debounce,
        still_hz=m.still_hz,
    )
    pixels = CountingPixels()
    strip = NeoPixelStrip(pixels, chain=pm.leds.chain, settings=pm.leds.settings)
    controller = Controller(session, matrix, clock, strip=strip)
    runner = asyncio.create_task(controller.run(), name="controller")
    try:
        await asyncio.sleep(warm_up)  # the start: the first scans, the first frames
        calls, scans, shows = lg.total(), matrix.scans, pixels.shows
        wall, cpu = time.perf_counter(), time.process_time()
        await asyncio.sleep(seconds)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        scanned = matrix.scans - scans
        return Idle(wall, cpu, scanned, (lg.total() - calls) / max(1, scanned), pixels.shows - shows)
    finally:
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await runner
        await matrix.aclose()
        strip.close()


def idle(seconds: float = 10.0, game: str = "djambi", warm_up: float = 2.0) -> Idle:
    return asyncio.run(_idle(seconds, game, warm_up))


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--game", default="djambi")
    args = parser.parse_args()
    found = idle(args.seconds, args.game)
    print(
        f"{100 * found.share:.2f} % of a core at {found.scan_hz:.0f} scans/s, {found.pin_calls_per_scan:.0f} lgpio "
        f"calls per scan, {found.strip_shows} frames sent to the LEDs in {found.seconds:.1f} s"
    )


if __name__ == "__main__":
    main()
