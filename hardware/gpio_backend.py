"""Choosing gpiozero's pin factory. The GPIO libraries are imported here, lazily, and nowhere else."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from hardware.errors import BoardError

MODEL_FILE = Path("/proc/device-tree/model")
FACTORIES = {
    "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory", "lgpio"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory", "RPi.GPIO"),
    "native": ("gpiozero.pins.native", "NativeFactory", None),
}


def pi_model(model_file: Path = MODEL_FILE) -> str | None:
    """`Raspberry Pi 4 Model B Rev 1.4` and the like, or None when this is not a Raspberry Pi."""
    try:
        model = model_file.read_bytes().rstrip(b"\0").decode("ascii", "replace").strip()
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None


def choose_factory(name: str, model: str | None) -> str:
    """`auto` means lgpio on a Pi 5 (RPi.GPIO cannot drive its RP1 chip), RPi.GPIO on older models."""
    if name != "auto":
        return name
    return "lgpio" if model is not None and model.startswith("Raspberry Pi 5") else "rpigpio"


def make_pin_factory(name: str = "auto", model_file: Path = MODEL_FILE) -> Any:
    """A gpiozero pin factory; a clear BoardError when its library is missing or this is not a Pi."""
    if name == "mock":
        from gpiozero.pins.mock import MockFactory

        return MockFactory()
    model = pi_model(model_file)
    if model is None:
        raise BoardError("the GPIO board needs a Raspberry Pi; use --board sim (or serial:PATH) on this machine")
    chosen = choose_factory(name, model)
    if chosen not in FACTORIES:
        raise BoardError(f"unknown pin factory {name!r}: use auto, lgpio, rpigpio or native")
    module, cls, library = FACTORIES[chosen]
    try:
        factory_class = getattr(importlib.import_module(module), cls)
        return factory_class()
    except ImportError as exc:
        raise BoardError(
            f"the {chosen} pin factory needs the {library} library on this {model}: "
            "pip install 'agora-board[pi]' (or set pin_factory in hardware/pinmap.toml)"
        ) from exc
    except Exception as exc:  # the libraries raise their own types when /dev/gpiochip* is not accessible
        raise BoardError(f"cannot open the GPIO pins with {chosen}: {exc} (is this user in the gpio group?)") from exc
