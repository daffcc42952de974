from __future__ import annotations

import gc
import io
import re

import pytest

from controller.clock import VirtualClock
from controller.frames import to_ansi, to_png, to_svg, to_text
from controller.pixels import PixelSettings
from controller.ports import BLACK_FRAME
from hardware.squares import parse
from simulator.leds import KEEP_FRAMES, SimPixelStrip


def frame_with(square: str, rgb: tuple[int, int, int]) -> tuple[tuple[int, int, int], ...]:
    f = [(0, 0, 0)] * 81
    f[parse(square)] = rgb
    return tuple(f)


async def test_the_strip_records_changed_frames_with_their_time_and_what_the_leds_would_draw() -> None:
    clock = VirtualClock()
    strip = SimPixelStrip(clock, PixelSettings(brightness=0.5, gamma=1.0, budget_ma=5000), keep=None)
    red = frame_with("e5", (255, 0, 0))
    strip.show(red)
    await clock.advance(0.5)
    strip.show(red)  # the render loop repeats itself
    await clock.advance(1.0)
    strip.show(BLACK_FRAME)
    assert [(f.t, f.frame) for f in strip.frames] == [(0.0, red), (1.0, BLACK_FRAME)]
    assert strip.frames[0].duty[parse("e5")] == (128, 0, 0)
    # Hundreds of frames are kept: their duty values are bytes, not 81 triples the garbage collector looks into.
    assert strip.frames[0].flat_duty[3 * parse("e5") : 3 * parse("e5") + 3] == bytes((128, 0, 0))
    assert not gc.is_tracked(strip.frames[0].flat_duty)
    assert strip.frames[0].current_ma == pytest.approx(81 + 128 * 20 / 255)
    assert strip.shows == 3 and strip.last_frame == BLACK_FRAME


def test_a_long_running_strip_keeps_a_bounded_history_of_the_latest_frames() -> None:
    strip = SimPixelStrip(VirtualClock())
    frames = [tuple((i % 256, i // 256, 0) for _ in range(81)) for i in range(3 * KEEP_FRAMES)]
    for frame in frames:
        strip.show(frame)
    assert strip.shows == len(frames)
    assert [f.frame for f in strip.frames] == frames[-KEEP_FRAMES:]
    assert strip.last_frame == frames[-1]


def test_the_strip_refuses_bad_frames_and_shows_dark_when_closed() -> None:
    strip = SimPixelStrip(VirtualClock())
    assert strip.last_frame == BLACK_FRAME
    with pytest.raises(ValueError):
        strip.show(((0, 0, 0),) * 3)
    strip.show(frame_with("a1", (1, 2, 3)))
    strip.close()
    assert strip.last_frame == BLACK_FRAME and strip.closed


def test_svg_puts_each_colour_on_its_square_and_rings_the_pieces() -> None:
    svg = to_svg(frame_with("c3", (0, 158, 115)), occupancy=1 << parse("a9"), cell=40)
    assert re.search(r'id="c3"[^>]*fill="#009e73"', svg)
    assert re.search(r'id="a9" x="21" y="1"', svg)  # rank 9 at the top, after the label margin
    assert svg.count("<circle") == 1


def test_png_draws_the_colour_where_the_square_is() -> None:
    from PIL import Image

    png = to_png(frame_with("i1", (230, 159, 0)), cell=10)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (90, 90)
    assert image.getpixel((85, 85)) == (230, 159, 0)  # i1: bottom right
    assert image.getpixel((5, 5)) == (0, 0, 0)


def test_the_terminal_views() -> None:
    ansi = to_ansi(frame_with("a1", (255, 0, 0)), occupancy=1 << parse("a1"), untrusted=1 << parse("e5"))
    lines = ansi.splitlines()
    assert lines[-2].startswith("1 \x1b[48;2;255;0;0m") and "()" in lines[-2]
    assert "!!" in lines[4]
    assert to_text(1 << parse("b2")).splitlines()[7] == "2 . # . . . . . . ."
