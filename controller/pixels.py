"""Frame conditioning shared by every PixelStrip: gamma, brightness and the current budget, in one place.

A scene's colours are what a person should see (sRGB-like values); LEDs are driven by PWM duty. `FrameConditioner`
turns the first into the second: a gamma curve (so a mid value looks mid-bright), a brightness factor, and a current
budget that scales the whole frame down when it would draw more than the power supply is sized for (81 WS2812B at
full white draw about 4.9 A). Pure: no I/O, no hardware imports; `hardware/` and `simulator/` both use it, so the
simulator shows what the board would draw.
"""

from __future__ import annotations

from collections.abc import Sequence

from controller.ports import RGB, SQUARES, Frame
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class PixelSettings:
    """How frames become LED duty cycles. Defaults suit WS2812B on a 5 V supply fused for about 3 A."""

    brightness: float = 0.5
    """0..1, applied after gamma (so it scales current linearly)."""
    gamma: float = 2.2
    """1.0 switches the curve off."""
    budget_ma: float = 2500.0
    """The most the LEDs may draw, quiescent current included."""
    ma_per_channel: float = 20.0
    """Current of one colour channel at full duty (WS2812B datasheet: about 20 mA)."""
    idle_ma: float = 1.0
    """Quiescent current of one LED, drawn even when dark."""
    count: int = SQUARES

    def __post_init__(self) -> None:
        if not 0.0 <= self.brightness <= 1.0:
            raise ValueError(f"brightness must be between 0 and 1, not {self.brightness}")
        if not 0.2 <= self.gamma <= 5.0:
            raise ValueError(f"gamma must be between 0.2 and 5, not {self.gamma}")
        if self.ma_per_channel <= 0 or self.idle_ma < 0:
            raise ValueError("ma_per_channel must be positive and idle_ma not negative")
        floor = self.idle_ma * self.count
        if self.budget_ma <= floor:
            raise ValueError(
                f"a budget of {self.budget_ma:g} mA is below the {floor:g} mA that {self.count} dark LEDs draw"
            )

    @property
    def full_white_ma(self) -> float:
        """What an unlimited full-white frame would draw."""
        return self.count * (self.idle_ma + 3 * self.ma_per_channel)


def check_frame(frame: Sequence[Sequence[int]], count: int = SQUARES) -> None:
    """Refuse anything but `count` RGB triples of ints 0..255, with a message naming the first bad pixel."""
    if len(frame) != count:
        raise ValueError(f"a frame has {count} pixels, not {len(frame)}")
    for i, px in enumerate(frame):
        if len(px) != 3 or not all(type(c) is int and 0 <= c <= 255 for c in px):
            raise ValueError(f"pixel {i} is {px!r}: expected an RGB triple of ints 0..255")


class FrameConditioner:
    """Applies one PixelSettings to frames; the gamma and brightness table is computed once."""

    def __init__(self, settings: PixelSettings | None = None) -> None:
        self.settings = s = settings or PixelSettings()
        self._lut = bytes(round(255 * s.brightness * (v / 255) ** s.gamma) for v in range(256))
        self._ma_per_unit = s.ma_per_channel / 255
        self._channel_budget = s.budget_ma - s.idle_ma * s.count

    def flat(self, frame: Frame) -> bytearray:
        """The frame as flat R,G,B duty bytes in physical order, within the current budget."""
        count = self.settings.count
        try:
            # bytes() refuses values outside 0..255 and non-integers in C, far cheaper than checking each pixel.
            raw = bytes([c for px in frame for c in px])
        except (ValueError, TypeError):
            check_frame(frame, count)
            raise
        if len(frame) != count or len(raw) != 3 * count or any(len(px) != 3 for px in frame):
            check_frame(frame, count)
        out = bytearray(raw.translate(self._lut))
        total = sum(out) * self._ma_per_unit
        if total > self._channel_budget:
            scale = self._channel_budget / total
            out = out.translate(bytes(int(v * scale) for v in range(256)))
        return out

    def __call__(self, frame: Frame) -> Frame:
        """The conditioned frame as RGB triples (physical order)."""
        flat = self.flat(frame)
        return tuple((flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3))

    def current_ma(self, duty: bytes | bytearray | Frame) -> float:
        """Estimated draw of already conditioned duty values (flat bytes or a frame), quiescent current included."""
        if isinstance(duty, bytes | bytearray):
            channels = sum(duty)
        else:
            channels = sum(c for px in duty for c in px)
        return channels * self._ma_per_unit + self.settings.idle_ma * self.settings.count


def solid(rgb: RGB, count: int = SQUARES) -> Frame:
    """A frame of one colour."""
    return (rgb,) * count
