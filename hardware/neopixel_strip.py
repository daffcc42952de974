"""The NeoPixels (WS2812B), one per square, through adafruit-circuitpython-neopixel(-spi).

SPI is the default: the kernel's SPI driver shapes the WS2812 bit timing from GPIO10, so the server runs as an
ordinary user in the `spi` group. PWM on GPIO18 (rpi_ws281x) needs root and does not work on a Pi 5.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol

from controller.pixels import FrameConditioner, PixelSettings
from controller.ports import BLACK_FRAME, SQUARES, Frame
from hardware.chain import ChainOrder
from hardware.errors import BoardError
from hardware.pinmap import LedConfig


class PixelBuffer(Protocol):
    """What we use of an Adafruit NeoPixel object (`auto_write=False`, `brightness=1.0`)."""

    def __setitem__(self, index: slice, value: Sequence[tuple[int, int, int]], /) -> None: ...

    def show(self) -> None: ...

    def deinit(self) -> None: ...


class NeoPixelStrip:
    """PixelStrip: conditions a physical-order frame (controller.pixels), reorders it to the chain, shows it."""

    def __init__(self, pixels: PixelBuffer, *, chain: ChainOrder, settings: PixelSettings | None = None) -> None:
        self._pixels = pixels
        self._chain = chain
        self._conditioner = FrameConditioner(settings)
        self._closed = False
        self.last_duty: bytes = b""
        """The chain-order duty bytes last written, for `agora doctor` and the tests."""

    def show(self, frame: Frame) -> None:
        if self._closed:
            raise RuntimeError("the LED strip is closed")
        chain = self._chain.to_chain(self._conditioner.flat(frame))
        self._pixels[0:SQUARES] = [(chain[i], chain[i + 1], chain[i + 2]) for i in range(0, len(chain), 3)]
        self._pixels.show()
        self.last_duty = bytes(chain)

    def current_ma(self) -> float:
        """Estimated draw of what is lit now."""
        return self._conditioner.current_ma(self.last_duty) if self.last_duty else 0.0

    def close(self) -> None:
        if self._closed:
            return
        try:
            self.show(BLACK_FRAME)
        finally:
            self._closed = True
            self._pixels.deinit()


def open_neopixels(config: LedConfig) -> NeoPixelStrip:
    """The real strip; imports the Adafruit libraries only now, so other machines never need them."""
    try:
        board = importlib.import_module("board")
        if config.driver == "spi":
            neopixel_spi = importlib.import_module("neopixel_spi")
            pixels: Any = neopixel_spi.NeoPixel_SPI(
                board.SPI(), SQUARES, pixel_order=config.order, auto_write=False, brightness=1.0
            )
        else:
            neopixel = importlib.import_module("neopixel")
            pixels = neopixel.NeoPixel(
                getattr(board, f"D{config.pin}"), SQUARES, pixel_order=config.order, auto_write=False, brightness=1.0
            )
    except ImportError as exc:
        package = "adafruit-circuitpython-neopixel-spi" if config.driver == "spi" else "adafruit-circuitpython-neopixel"
        raise BoardError(f"the LEDs need {package}: pip install 'agora-board[pi]' ({exc})") from exc
    except (OSError, RuntimeError, ValueError) as exc:
        hint = (
            "is SPI on in /boot/firmware/config.txt (firmware/pi/install.sh sets it) and this user in the spi group?"
            if config.driver == "spi"
            else "the PWM driver needs root and does not work on a Pi 5"
        )
        raise BoardError(f"cannot open the LEDs ({config.driver}): {exc}; {hint}") from exc
    return NeoPixelStrip(pixels, chain=config.chain, settings=config.settings)
