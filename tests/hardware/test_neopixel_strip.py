from __future__ import annotations

from collections.abc import Sequence

import pytest

from controller.pixels import PixelSettings
from controller.ports import BLACK_FRAME
from hardware.chain import ChainOrder
from hardware.neopixel_strip import NeoPixelStrip
from hardware.squares import parse


class FakePixels:
    """Stands in for an Adafruit NeoPixel object and keeps every frame shown."""

    def __init__(self, n: int = 81) -> None:
        self.buffer = [(0, 0, 0)] * n
        self.shown: list[list[tuple[int, int, int]]] = []
        self.deinited = False

    def __setitem__(self, index: slice, value: Sequence[tuple[int, int, int]], /) -> None:
        self.buffer[index] = list(value)

    def show(self) -> None:
        self.shown.append(list(self.buffer))

    def deinit(self) -> None:
        self.deinited = True


PASS_THROUGH = PixelSettings(brightness=1.0, gamma=1.0, budget_ma=10_000)


def test_a_square_lights_the_led_the_chain_puts_under_it() -> None:
    pixels = FakePixels()
    chain = ChainOrder("a1", "ranks", True)
    strip = NeoPixelStrip(pixels, chain=chain, settings=PASS_THROUGH)
    frame = [(0, 0, 0)] * 81
    frame[parse("h2")] = (10, 20, 30)  # second run, serpentine: position 9 is i2, 10 is h2
    strip.show(tuple(frame))
    lit = [i for i, px in enumerate(pixels.shown[-1]) if px != (0, 0, 0)]
    assert lit == [10]
    assert pixels.shown[-1][10] == (10, 20, 30)


def test_the_current_budget_caps_what_is_sent_to_the_leds() -> None:
    pixels = FakePixels()
    strip = NeoPixelStrip(pixels, chain=ChainOrder(), settings=PixelSettings(brightness=1.0, gamma=1.0, budget_ma=1500))
    strip.show(((255, 255, 255),) * 81)
    assert 1450 < strip.current_ma() <= 1500
    assert max(max(px) for px in pixels.shown[-1]) < 100


def test_close_darkens_the_strip_and_releases_it() -> None:
    pixels = FakePixels()
    strip = NeoPixelStrip(pixels, chain=ChainOrder(), settings=PASS_THROUGH)
    strip.show(((1, 2, 3),) * 81)
    strip.close()
    assert pixels.shown[-1] == [(0, 0, 0)] * 81 and pixels.deinited
    with pytest.raises(RuntimeError):
        strip.show(BLACK_FRAME)


def test_a_bad_frame_never_reaches_the_leds() -> None:
    pixels = FakePixels()
    strip = NeoPixelStrip(pixels, chain=ChainOrder())
    with pytest.raises(ValueError):
        strip.show(((0, 0, 0),) * 80)
    assert pixels.shown == []
