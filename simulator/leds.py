"""The simulated LEDs: a PixelStrip that records what it was shown, with clock timestamps.

`last` is what the web page draws ("exactly what the board shows"): the frame as the scene asked for it, in
physical order, plus the duty values the real strip would have received after gamma, brightness and the current
budget (controller.pixels, the same code as the hardware), and the current that would have flowed.
"""

from __future__ import annotations

from collections import deque

from controller.pixels import FrameConditioner, PixelSettings
from controller.ports import BLACK_FRAME, Clock, Frame
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class ShownFrame:
    t: float
    frame: Frame
    """As requested by the scene: what the page should draw."""
    flat_duty: bytes
    """What the LEDs would be driven with (gamma, brightness and current budget applied), as flat R,G,B bytes: the
    history holds hundreds of frames, and bytes are one object the garbage collector never looks into where RGB
    triples were 81 it had to (tens of thousands of young objects once a blinking scene had filled the history)."""
    current_ma: float

    @property
    def duty(self) -> Frame:
        """`flat_duty` as RGB triples in physical order."""
        d = self.flat_duty
        return tuple((d[i], d[i + 1], d[i + 2]) for i in range(0, len(d), 3))


KEEP_FRAMES = 256
"""Frames a simulated strip keeps by default: a few seconds of the fastest patterns. A board runs for days, and a
frame with its duty values is some 10 kB in memory."""


class SimPixelStrip:
    """Records each frame that differs from the one before; keeps the latest `keep` of them (None: all)."""

    def __init__(self, clock: Clock, settings: PixelSettings | None = None, *, keep: int | None = KEEP_FRAMES) -> None:
        self._clock = clock
        self._conditioner = FrameConditioner(settings)
        self.frames: deque[ShownFrame] = deque(maxlen=keep)
        self.shows = 0
        self.closed = False

    @property
    def last(self) -> ShownFrame | None:
        return self.frames[-1] if self.frames else None

    @property
    def last_frame(self) -> Frame:
        """The frame on the board now (dark before the first show)."""
        return self.frames[-1].frame if self.frames else BLACK_FRAME

    def show(self, frame: Frame) -> None:
        if self.closed:
            raise RuntimeError("the LED strip is closed")
        duty = bytes(self._conditioner.flat(frame))  # validates the frame exactly as the hardware strip does
        self.shows += 1
        if self.frames and self.frames[-1].frame == frame:
            return  # a render loop repeats frames at 30-60 Hz; the history keeps changes only
        self.frames.append(
            ShownFrame(self._clock.now(), tuple(frame), duty, self._conditioner.current_ma(duty)),
        )

    def close(self) -> None:
        if not self.closed:
            self.show(BLACK_FRAME)
            self.closed = True
