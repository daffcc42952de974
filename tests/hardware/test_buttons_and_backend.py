from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from controller.clock import VirtualClock
from controller.ports import ButtonPressed
from hardware.buttons import GpioButtons
from hardware.errors import BoardError
from hardware.gpio_backend import choose_factory, make_pin_factory, pi_model
from tests.simulator.timing import settle_then_advance


async def test_a_press_is_reported_once_and_a_glitch_not_at_all() -> None:
    factory, clock = MockFactory(), VirtualClock()
    buttons = GpioButtons([("ok", 2), ("menu", 18)], pin_factory=factory, clock=clock, poll_hz=50)
    pressed: list[ButtonPressed] = []

    async def collect() -> None:
        async for b in buttons.events():
            pressed.append(b)

    task = asyncio.ensure_future(collect())
    pin = factory.pin(18)
    await settle_then_advance(clock, 0.1)
    pin.drive_low()  # held for several polls: one press
    await settle_then_advance(clock, 0.3)
    pin.drive_high()
    await settle_then_advance(clock, 0.5)
    pin.drive_low()  # one poll only: a glitch
    await settle_then_advance(clock, 0.51)
    pin.drive_high()
    await settle_then_advance(clock, 1.0)
    buttons.close()
    await settle_then_advance(clock, 1.1)
    await asyncio.wait_for(task, 5)
    assert [(round(b.t, 2), b.button) for b in pressed] == [(0.14, "menu")]


def test_an_unknown_button_is_refused() -> None:
    with pytest.raises(BoardError, match="unknown button"):
        GpioButtons([("panic", 5)], pin_factory=MockFactory(), clock=VirtualClock())


def test_the_pi_model_decides_the_pin_factory(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    assert pi_model(model) == "Raspberry Pi 5 Model B Rev 1.0"
    assert choose_factory("auto", pi_model(model)) == "lgpio"
    assert choose_factory("auto", "Raspberry Pi 4 Model B Rev 1.4") == "rpigpio"
    assert choose_factory("native", "Raspberry Pi 5") == "native"
    model.write_bytes(b"Some other board\0")
    assert pi_model(model) is None


def test_gpio_off_a_pi_says_to_use_the_simulator(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="--board sim"):
        make_pin_factory("auto", tmp_path / "missing")
    assert isinstance(make_pin_factory("mock"), MockFactory)
