"""`--board auto` and `serial:PATH`: a late or missing Pico is reported, never replaced by a dead GPIO board."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import hardware.gpio_backend
import hardware.usb_devices
from controller.clock import VirtualClock
from controller.commands.doctor import run_on_virtual_time
from hardware.errors import BoardError
from hardware.opening import choose_board
from hardware.pinmap import DEFAULT_PATH, load_pinmap
from hardware.usb_devices import picos_on_usb
from tests.boards import open_board


def pinmap_with_port(tmp_path: Path, port: Path) -> Path:
    path = tmp_path / "pinmap.toml"
    path.write_text(DEFAULT_PATH.read_text().replace('port = "/dev/agora-pico"', f'port = "{port}"'))
    return path


def usb_device(root: Path, name: str, vendor: str, product: str, label: str) -> None:
    d = root / name
    d.mkdir(parents=True)
    (d / "idVendor").write_text(vendor + "\n")
    (d / "idProduct").write_text(product + "\n")
    (d / "product").write_text(label + "\n")


def test_picos_are_found_on_usb_by_vendor(tmp_path: Path) -> None:
    usb_device(tmp_path, "1-1", "2e8a", "0005", "Board in FS mode")
    usb_device(tmp_path, "1-2", "046d", "c52b", "USB Receiver")
    (tmp_path / "usb1").mkdir()  # a hub without the files
    assert picos_on_usb(tmp_path) == ["2e8a:0005 Board in FS mode"]


async def test_a_pico_on_usb_whose_port_never_appears_is_an_error_not_a_gpio_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hardware.usb_devices, "picos_on_usb", lambda: ["2e8a:0005 Board in FS mode"])
    monkeypatch.setattr(hardware.gpio_backend, "pi_model", lambda: "Raspberry Pi 4 Model B Rev 1.4")
    clock = VirtualClock()
    pinmap = pinmap_with_port(tmp_path, tmp_path / "agora-pico")
    with pytest.raises(BoardError, match=r"agora-pico did not appear within 10 s \(a Raspberry Pi Pico is on USB"):
        await run_on_virtual_time(clock, open_board("auto", clock, pinmap))
    assert clock.now() == pytest.approx(10.0, abs=0.3)


async def test_a_late_pico_is_waited_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hardware.usb_devices, "picos_on_usb", lambda: ["2e8a:0005 Board in FS mode"])
    port = tmp_path / "agora-pico"
    clock = VirtualClock()

    async def plug_in_late() -> None:
        await clock.sleep(3.0)
        port.touch()

    async def both() -> tuple[str, str | None, str]:
        found, _ = await asyncio.gather(
            choose_board(load_pinmap(pinmap_with_port(tmp_path, port)), clock), plug_in_late()
        )
        return found

    kind, path, why = await run_on_virtual_time(clock, both())
    assert (kind, path) == ("serial", str(port)) and "appeared" in why
    assert 3.0 <= clock.now() < 3.5


async def test_without_a_pico_a_pi_uses_its_gpio_and_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hardware.usb_devices, "picos_on_usb", list)
    monkeypatch.setattr(hardware.gpio_backend, "pi_model", lambda: "Raspberry Pi 5 Model B Rev 1.0")
    pm = load_pinmap(pinmap_with_port(tmp_path, tmp_path / "agora-pico"))
    kind, _, why = await choose_board(pm, VirtualClock())
    assert kind == "gpio" and "no Pico on USB" in why and "Raspberry Pi 5" in why
    monkeypatch.setattr(hardware.gpio_backend, "pi_model", lambda: None)
    assert (await choose_board(pm, VirtualClock()))[0] == "sim"
