"""Board speed (hardware/README.md, "Numbers"): a full GPIO scan through gpiozero's mock backend, a frame through
the conditioning and the chain with the current cap active, LED frames and sensor events over the pty link, and
a lift/place cycle of the simulated board on virtual time. Run with `make bench`; in the normal run each body runs
once, untimed."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from controller.clock import SystemClock, VirtualClock
from controller.pixels import FrameConditioner, PixelSettings
from hardware.chain import ChainOrder
from hardware.debounce import DebounceConfig
from hardware.gpio_matrix import GpioMatrix
from hardware.matrix_pins import LgpioMatrixPins
from hardware.neopixel_strip import NeoPixelStrip
from hardware.serial_link import CoprocessorLink
from hardware.squares import parse
from simulator.board import SimBoard
from simulator.coprocessor import VirtualCoprocessor
from simulator.switches import Switches
from tests.hardware.fake_lgpio import FakeLgpio
from tests.hardware.mock_matrix import COLUMNS, ROWS, MatrixWiring
from tests.hardware.test_neopixel_strip import FakePixels
from tests.simulator.timing import settle_then_advance

WHITE = ((255, 255, 255),) * 81


def test_gpio_full_scan_through_lgpio_groups(benchmark: Any) -> None:
    lg = FakeLgpio(ROWS, COLUMNS, lambda: 1 << parse("e5"))
    matrix = GpioMatrix(LgpioMatrixPins(lg, 100, ROWS, COLUMNS), clock=VirtualClock(), settle=0.0)
    before = lg.total()
    assert matrix.read_raw() == 1 << parse("e5")
    calls = lg.total() - before
    benchmark.extra_info["pin_calls_per_scan"] = calls
    assert calls <= 20
    benchmark(matrix.read_raw)
    asyncio.run(matrix.aclose())


def test_gpio_full_scan_through_the_gpiozero_mock_backend(benchmark: Any) -> None:
    clock = VirtualClock()
    factory = MockFactory()
    wiring = MatrixWiring(factory, Switches(1 << parse("e5")), clock)
    matrix = GpioMatrix.on_factory(ROWS, COLUMNS, pin_factory=factory, clock=clock, settle=0.0)
    before = wiring.pin_calls()
    assert matrix.read_raw() == 1 << parse("e5")
    benchmark.extra_info["pin_calls_per_scan"] = wiring.pin_calls() - before
    benchmark(matrix.read_raw)
    asyncio.run(matrix.aclose())


def test_frame_build_with_the_current_cap(benchmark: Any) -> None:
    settings = PixelSettings(brightness=1.0, budget_ma=2500)
    strip = NeoPixelStrip(FakePixels(), chain=ChainOrder("a1", "ranks", True), settings=settings)
    benchmark(strip.show, WHITE)
    assert strip.current_ma() <= 2500


def test_frame_conditioning_alone(benchmark: Any) -> None:
    conditioner = FrameConditioner(PixelSettings(brightness=1.0, budget_ma=2500))
    benchmark(conditioner.flat, WHITE)


@pytest.fixture
def linked() -> Iterator[tuple[asyncio.AbstractEventLoop, VirtualCoprocessor, CoprocessorLink]]:
    loop = asyncio.new_event_loop()
    clock = SystemClock()
    device = VirtualCoprocessor(clock, tick=0.001)
    path = loop.run_until_complete(device.start())
    link = CoprocessorLink(path, clock, debounce=DebounceConfig(depth=1, flap_window=1000))
    loop.run_until_complete(link.connect())
    yield loop, device, link
    loop.run_until_complete(link.aclose())
    loop.run_until_complete(device.aclose())
    loop.close()


def test_serial_led_frames_per_second_over_the_pty(
    benchmark: Any, linked: tuple[asyncio.AbstractEventLoop, VirtualCoprocessor, CoprocessorLink]
) -> None:
    loop, device, link = linked
    frames = [tuple((i, 255 - i, (i * 7) % 256) for _ in range(81)) for i in range(50)]

    async def push() -> None:
        firmware: Any = device.device
        target = firmware.decoder.good + len(frames)
        arrived = asyncio.Event()
        receive = firmware.receive

        def counting(data: bytes) -> None:
            receive(data)
            if firmware.decoder.good >= target:
                arrived.set()

        firmware.receive = counting
        try:
            for f in frames:
                link.strip.show(f)
                await asyncio.sleep(0)
            await arrived.wait()
        finally:
            firmware.receive = receive

    benchmark.extra_info["frames_per_round"] = len(frames)
    benchmark.pedantic(lambda: loop.run_until_complete(push()), rounds=5, iterations=1)


def test_serial_event_latency_over_the_pty(
    benchmark: Any, linked: tuple[asyncio.AbstractEventLoop, VirtualCoprocessor, CoprocessorLink]
) -> None:
    """From a magnet reaching its square to OccupancyChanged on the Pi, debounce set to one 1 ms scan."""
    loop, device, link = linked
    events = link.matrix.events()
    loop.run_until_complete(anext(events))
    square = parse("e5")

    async def once() -> None:
        device.hands.toggle(square)
        await anext(events)

    benchmark.pedantic(lambda: loop.run_until_complete(once()), rounds=20, iterations=1)


def test_simulated_lift_and_place_on_virtual_time(benchmark: Any) -> None:
    """What a replay pays per piece movement: the scans around it and the event."""

    async def cycle(n: int) -> float:
        clock = VirtualClock()
        board = SimBoard(clock, initial=1 << parse("a1"))
        events = board.events()
        await anext(events)
        start = time.perf_counter()
        t = 0.0
        for i in range(n):
            t += 0.5
            await settle_then_advance(clock, t)
            # A different square each time: one switch changing every half second is a flapping switch, which the
            # board stops reporting.
            board.toggle(i % 81)
            await settle_then_advance(clock, t + 0.05)
            await anext(events)
        await board.aclose()
        return (time.perf_counter() - start) / n

    benchmark.pedantic(lambda: asyncio.run(cycle(200)), rounds=3, iterations=1)
