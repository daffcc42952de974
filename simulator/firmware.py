"""Loading the Pico firmware's logic (firmware/agora_fw, MicroPython-compatible) into CPython.

The virtual co-processor runs the firmware's own code, not a model of it, so the tests over a pty exercise the
firmware and the Pi's serial link together. The firmware lives next to the packages in the source tree (it is
copied to the Pico, not installed); `agora sim-device` therefore needs a checkout, like the tests.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Protocol, cast

FIRMWARE_DIR = Path(__file__).resolve().parent.parent / "firmware"
PACKAGE = "agora_fw"


class FirmwareDebouncer(Protocol):
    reported: list[int]
    untrusted: list[int]

    def prime(self, rows: list[int]) -> None: ...

    def sample(self, rows: list[int]) -> int: ...


class FirmwareDevice(Protocol):
    """What the simulator uses of firmware/agora_fw/device.py's Device."""

    leds: bytearray
    leds_version: int
    rx_bad: int
    gen: int
    stop: bool
    boot_id: int
    debouncer: FirmwareDebouncer

    def receive(self, data: bytes) -> None: ...

    def step(self, rows: list[int], dt_ms: int = 1) -> None: ...

    def take_output(self) -> bytes: ...


def load_firmware(directory: Path = FIRMWARE_DIR) -> ModuleType:
    """The firmware's `agora_fw` package, imported once per process."""
    package_dir = directory / PACKAGE
    loaded = sys.modules.get(PACKAGE)
    if loaded is not None:
        if Path(next(iter(getattr(loaded, "__path__", [""])))).resolve() == package_dir.resolve():
            return loaded
        raise RuntimeError(f"another {PACKAGE} is already imported from {loaded.__path__}")
    init = package_dir / "__init__.py"
    if not init.is_file():
        raise RuntimeError(f"the firmware is not at {package_dir}: the simulator needs the source checkout")
    spec = importlib.util.spec_from_file_location(PACKAGE, init, submodule_search_locations=[str(package_dir)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[PACKAGE]
        raise
    return module


def firmware_module(name: str, directory: Path = FIRMWARE_DIR) -> ModuleType:
    """A module of the firmware package, like `protocol` or `device`."""
    load_firmware(directory)
    return importlib.import_module(f"{PACKAGE}.{name}")


def make_device(
    boot_id: int,
    *,
    version: int | None = None,
    depth: int = 8,
    directory: Path = FIRMWARE_DIR,
) -> FirmwareDevice:
    """A firmware Device as the Pico's main() builds it (its config.py's settings, the depth aside); `version`
    pretends to be another protocol version."""
    device_module = firmware_module("device", directory)
    debounce_module = firmware_module("debounce", directory)
    protocol_module = firmware_module("protocol", directory)
    c = firmware_module("config", directory)
    debouncer = debounce_module.Debouncer(
        depth, c.FLAP_WINDOW_SCANS, c.FLAP_FLIPS, c.SLOW_GAP_SCANS, c.SLOW_CHANGES, c.QUIET_SCANS
    )
    device = device_module.Device(
        boot_id, version=protocol_module.PROTOCOL_VERSION if version is None else version, debouncer=debouncer
    )
    return cast(FirmwareDevice, device)
