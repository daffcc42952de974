"""controller.pixels: gamma, brightness and the current budget, applied the same way by every strip."""

from __future__ import annotations

import pytest

from controller.pixels import FrameConditioner, PixelSettings, check_frame, solid
from controller.ports import BLACK_FRAME


def test_gamma_and_brightness_map_the_ends_and_darken_the_middle() -> None:
    c = FrameConditioner(PixelSettings(brightness=0.5, gamma=2.2, budget_ma=10_000))
    flat = c.flat(solid((255, 128, 0)))
    assert flat[:3] == bytes((128, 28, 0))  # 255 -> 0.5 * 255; 128 -> 0.5 * 255 * (128/255)^2.2
    assert c.flat(BLACK_FRAME) == bytes(243)


def test_gamma_one_and_full_brightness_pass_values_through() -> None:
    c = FrameConditioner(PixelSettings(brightness=1.0, gamma=1.0, budget_ma=10_000))
    frame = tuple((i, 255 - i, i // 2) for i in range(81))
    assert c(frame) == frame


def test_a_frame_over_the_budget_is_scaled_down_to_fit_it() -> None:
    s = PixelSettings(brightness=1.0, gamma=1.0, budget_ma=2000)
    c = FrameConditioner(s)
    duty = c.flat(solid((255, 255, 255)))
    assert s.full_white_ma == pytest.approx(81 * 61)  # 4.9 A unlimited
    assert c.current_ma(duty) <= 2000
    assert c.current_ma(duty) > 1950  # scaled, not switched off
    assert len(set(duty)) == 1  # every channel scaled alike: the colour stays white


def test_a_frame_within_the_budget_is_not_touched_by_it() -> None:
    c = FrameConditioner(PixelSettings(brightness=1.0, gamma=1.0, budget_ma=2000))
    frame = tuple((255, 0, 0) if i < 10 else (0, 0, 0) for i in range(81))
    assert c(frame) == frame


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        (solid((0, 0, 0), 80), "81 pixels, not 80"),
        (solid((256, 0, 0)), "pixel 0 is"),
        (solid((-1, 0, 0)), "pixel 0 is"),
        ((*solid((0, 0, 0), 80), (1, 2)), "pixel 80 is"),
        (solid((0.5, 0, 0)), "pixel 0 is"),  # type: ignore[arg-type]
    ],
)
def test_bad_frames_are_refused_naming_the_pixel(frame: tuple[tuple[int, ...], ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        FrameConditioner().flat(frame)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        check_frame(frame)


def test_settings_refuse_a_budget_below_what_dark_leds_draw() -> None:
    with pytest.raises(ValueError, match="81 dark LEDs"):
        PixelSettings(budget_ma=50)
    with pytest.raises(ValueError, match="brightness"):
        PixelSettings(brightness=1.5)
