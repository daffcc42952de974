"""The demo's attract animation for a real board's LEDs: while the page shows the computers' game, the squares
carry slow waves of the seat colours out from the centre square, so people passing the cafe window look twice.

A pure function of time like every scene (the strip applies brightness, gamma and the current budget), and a loop
that shows it at a steady rate on the injected clock until it is cancelled."""

from __future__ import annotations

import math

from controller.lights.palette import SEAT_COLOURS
from controller.ports import RGB, SQUARES, Clock, Frame, PixelStrip

SIZE = 9
PERIOD = 8.0  # seconds for one colour's wave to reach the corners; each wave brings the next seat colour
RINGS = 4  # rings from the centre square (E5) to the corners, counted as a king walks
FLOOR = 0.08  # the dimmest a square gets: the board never looks switched off
FPS = 20.0  # smooth to the eye, a small share of a Pi Zero's time


def _ring(square: int) -> int:
    f, r = square % SIZE, square // SIZE
    return max(abs(f - 4), abs(r - 4))


RING = tuple(_ring(sq) for sq in range(SQUARES))


def _scale(colour: RGB, level: float) -> RGB:
    return (round(colour[0] * level), round(colour[1] * level), round(colour[2] * level))


def attract_frame(t: float) -> Frame:
    """The frame at `t` seconds: a crest of the current seat colour travelling out ring by ring, leaving the
    colour lit dim behind it; the next wave brings the next colour."""
    wave, phase = divmod(t / PERIOD, 1.0)
    colour = SEAT_COLOURS[int(wave) % len(SEAT_COLOURS)]
    before = SEAT_COLOURS[(int(wave) - 1) % len(SEAT_COLOURS)]
    crest = phase * (RINGS + 1.5)  # the crest passes the outer ring before the next wave starts
    frame: list[RGB] = []
    for sq in range(SQUARES):
        distance = crest - RING[sq]
        if distance < 0:  # not reached yet: the last wave's colour, dim
            frame.append(_scale(before, FLOOR * 2))
            continue
        glow = math.exp(-((distance - 0.5) ** 2) * 3.0)  # a soft crest about one ring wide
        frame.append(_scale(colour, max(FLOOR * 2, glow)))
    return tuple(frame)


async def show_attract(strip: PixelStrip, clock: Clock, fps: float = FPS) -> None:
    """Show the attract animation on `strip` until cancelled (the owner darkens and closes the strip)."""
    period = 1.0 / fps
    start = clock.now()
    while True:
        strip.show(attract_frame(clock.now() - start))
        await clock.sleep(period)
