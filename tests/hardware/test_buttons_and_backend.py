from __future__ import annotations

import asyncio
from pathlib import Path
from types import ModuleType

import pytest
from gpiozero.pins.mock import MockFactory

from controller.clock import VirtualClock
from controller.ports import ButtonPressed
from hardware.buttons import GpioButtons
from hardware.errors import BoardError
from hardware.gpio_backend import Library, choose_backend, open_backend, pi_model
from tests.hardware.fake_lgpio import FakeLgpio, fake_import
from tests.hardware.mock_matrix import COLUMNS, ROWS
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


async def test_a_button_kept_down_is_reported_once_more_as_held() -> None:
    factory, clock = MockFactory(), VirtualClock()
    buttons = GpioButtons([("ok", 2), ("menu", 18)], pin_factory=factory, clock=clock, poll_hz=50, hold=1.0)
    pressed: list[ButtonPressed] = []

    async def collect() -> None:
        async for b in buttons.events():
            pressed.append(b)

    task = asyncio.ensure_future(collect())
    pin = factory.pin(2)
    await settle_then_advance(clock, 0.1)
    pin.drive_low()  # a short press: no hold
    await settle_then_advance(clock, 0.5)
    pin.drive_high()
    await settle_then_advance(clock, 1.0)
    pin.drive_low()  # kept down 2.5 s: a press, then one held
    await settle_then_advance(clock, 3.5)
    pin.drive_high()
    await settle_then_advance(clock, 4.0)
    buttons.close()
    await settle_then_advance(clock, 4.1)
    await asyncio.wait_for(task, 5)
    got = [(round(b.t, 1), b.button, b.held) for b in pressed]
    assert got == [(0.1, "ok", False), (1.0, "ok", False), (2.0, "ok", True)]


def test_an_unknown_button_is_refused() -> None:
    with pytest.raises(BoardError, match="unknown button"):
        GpioButtons([("panic", 5)], pin_factory=MockFactory(), clock=VirtualClock())


MODELS = [
    "Raspberry Pi 3 Model B Plus Rev 1.3",
    "Raspberry Pi 4 Model B Rev 1.4",
    "Raspberry Pi 5 Model B Rev 1.0",
    "Raspberry Pi Zero 2 W Rev 1.0",
]


@pytest.mark.parametrize("model", MODELS)
def test_auto_is_lgpio_on_every_pi_model_and_says_why(model: str, tmp_path: Path) -> None:
    model_file = tmp_path / "model"
    model_file.write_bytes(model.encode() + b"\0")
    assert pi_model(model_file) == model
    choice = choose_backend("auto", model)
    assert choice.library is Library.LGPIO and "every Raspberry Pi" in choice.describe()
    assert choose_backend("rpigpio", model).library is Library.RPIGPIO
    assert "pin map" in choose_backend("native", model).reason


@pytest.mark.parametrize(("label", "chip"), [("pinctrl-bcm2711", 0), ("pinctrl-rp1", 4), ("pinctrl-bcm2835", 0)])
def test_lgpio_opens_the_header_chip_and_scans_through_it(tmp_path: Path, label: str, chip: int) -> None:
    model_file = tmp_path / "model"
    model_file.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    lg = FakeLgpio(ROWS, COLUMNS, lambda: 1 << (2 * 9 + 3), label=label, chip=chip)
    backend = open_backend("auto", model_file, import_module=fake_import(lg))
    assert backend.choice.library is Library.LGPIO
    pins = backend.matrix_pins(ROWS, COLUMNS)
    pins.select(2)
    assert pins.columns() == 1 << 3
    pins.release()
    pins.close()
    backend.close()
    assert not lg.open_handles and not lg.claimed


def test_a_missing_lgpio_says_how_to_install_it(tmp_path: Path) -> None:
    model_file = tmp_path / "model"
    model_file.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\0")

    def no_lgpio(name: str) -> ModuleType:
        raise ImportError(f"No module named {name!r}")

    with pytest.raises(BoardError, match=r"install\.sh"):
        open_backend("auto", model_file, import_module=no_lgpio)
    with pytest.raises(BoardError, match="unknown pin factory"):
        open_backend("pigpio", model_file)


def test_gpio_off_a_pi_says_to_use_the_simulator(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="--board sim"):
        open_backend("auto", tmp_path / "missing")
    assert isinstance(open_backend("mock").pin_factory, MockFactory)
