"""Choosing and opening the GPIO library. The GPIO libraries are imported here, lazily, and nowhere else.

`auto` means lgpio on every Raspberry Pi model: it talks to the kernel's gpiochip devices, which every model
since the first has, it is what Raspberry Pi OS ships (python3-lgpio) and what the `pi` extra installs on 32- and
64-bit systems, and it reads a group of pins in one call. RPi.GPIO cannot drive a Pi 5 and has no 64-bit wheel;
it stays available as `pin_factory = "rpigpio"` for an old install that has it.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path
from types import ModuleType
from typing import Any

from controller.values import dataclass
from hardware.errors import BoardError
from hardware.matrix_pins import GpiozeroMatrixPins, LgpioMatrixPins, MatrixPins

MODEL_FILE = Path("/proc/device-tree/model")
GROUP_HINT = "is this user in the gpio group? (sudo ./firmware/pi/install.sh adds the service's user)"
CHIPS = (0, 4, 1, 2, 3)
"""gpiochip numbers to try: the header's chip is 0 on every model (4 on a Pi 5 with a kernel before 6.6.45)."""


class Library(Enum):
    LGPIO = "lgpio"
    RPIGPIO = "rpigpio"
    NATIVE = "native"
    MOCK = "mock"


FACTORIES = {
    Library.LGPIO: ("gpiozero.pins.lgpio", "LGPIOFactory", "lgpio"),
    Library.RPIGPIO: ("gpiozero.pins.rpigpio", "RPiGPIOFactory", "RPi.GPIO"),
    Library.NATIVE: ("gpiozero.pins.native", "NativeFactory", None),
}


def pi_model(model_file: Path = MODEL_FILE) -> str | None:
    """`Raspberry Pi 4 Model B Rev 1.4` and the like, or None when this is not a Raspberry Pi."""
    try:
        model = model_file.read_bytes().rstrip(b"\0").decode("ascii", "replace").strip()
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None


@dataclass(frozen=True, slots=True)
class BackendChoice:
    library: Library
    model: str | None
    reason: str

    def describe(self) -> str:
        return f"{self.library.value} ({self.reason})"


def choose_backend(name: str, model: str | None) -> BackendChoice:
    """Which library drives the pins, and why (said at start)."""
    if name == "auto":
        return BackendChoice(Library.LGPIO, model, "pin_factory auto: lgpio drives every Raspberry Pi model")
    try:
        library = Library(name)
    except ValueError:
        raise BoardError(f"unknown pin factory {name!r}: use auto, lgpio, rpigpio or native") from None
    return BackendChoice(library, model, f"pin_factory = {name!r} in the pin map")


class GpioBackend:
    """One opened GPIO library: the matrix pins and a gpiozero pin factory for the buttons."""

    def __init__(
        self,
        choice: BackendChoice,
        *,
        lgpio: Any = None,
        handle: int = -1,
        pin_factory: Any = None,
        make_factory: Callable[[], Any] | None = None,
    ) -> None:
        self.choice = choice
        self._lgpio = lgpio
        self._handle = handle
        self._factory = pin_factory
        self._make_factory = make_factory

    @property
    def pin_factory(self) -> Any:
        """gpiozero's factory for the same library, made when first needed (the buttons)."""
        if self._factory is None:
            if self._make_factory is None:
                raise BoardError("this GPIO backend has no pin factory")
            self._factory = self._make_factory()
        return self._factory

    def matrix_pins(self, rows: Sequence[int], columns: Sequence[int]) -> MatrixPins:
        if self._lgpio is not None:
            return LgpioMatrixPins(self._lgpio, self._handle, rows, columns)
        return GpiozeroMatrixPins(self.pin_factory, rows, columns)

    def close(self) -> None:
        if self._factory is not None and hasattr(self._factory, "close"):
            self._factory.close()
            self._factory = None
        if self._lgpio is not None and self._handle >= 0:
            with contextlib.suppress(self._lgpio.error):
                self._lgpio.gpiochip_close(self._handle)
            self._handle = -1


def open_backend(
    name: str = "auto",
    model_file: Path = MODEL_FILE,
    *,
    import_module: Callable[[str], ModuleType] = importlib.import_module,
) -> GpioBackend:
    """The chosen library opened; a BoardError saying what to do when it is missing, denied or not on a Pi."""
    if name == "mock":
        from gpiozero.pins.mock import MockFactory

        return GpioBackend(BackendChoice(Library.MOCK, None, "mock pins"), pin_factory=MockFactory())
    model = pi_model(model_file)
    if model is None:
        raise BoardError("the GPIO board needs a Raspberry Pi; use --board sim (or serial:PATH) on this machine")
    choice = choose_backend(name, model)
    if choice.library is Library.LGPIO:
        return _open_lgpio(choice, import_module)
    module, cls, library = FACTORIES[choice.library]
    try:
        factory = getattr(import_module(module), cls)()
    except ImportError as exc:
        raise BoardError(
            f"the {choice.library.value} pin factory needs the {library} library on this {model}: use "
            'pin_factory = "auto" in the pin map (lgpio), or install it into the virtual environment'
        ) from exc
    except Exception as exc:  # the libraries raise their own types when /dev/gpiochip* is not accessible
        raise BoardError(f"cannot open the GPIO pins with {choice.library.value}: {exc} ({GROUP_HINT})") from exc
    return GpioBackend(choice, pin_factory=factory)


def _open_lgpio(choice: BackendChoice, import_module: Callable[[str], ModuleType]) -> GpioBackend:
    try:
        lgpio: Any = import_module("lgpio")
    except ImportError as exc:
        raise BoardError(
            f"the GPIO board needs the lgpio library on this {choice.model}: sudo ./firmware/pi/install.sh "
            "installs it (Debian's python3-lgpio, or pip install 'agora-board[pi]')"
        ) from exc
    handle, chip = _open_header_chip(lgpio)

    def factory() -> Any:
        module, cls, _ = FACTORIES[Library.LGPIO]
        return getattr(import_module(module), cls)(chip=chip)

    return GpioBackend(choice, lgpio=lgpio, handle=handle, make_factory=factory)


def _open_header_chip(lgpio: Any) -> tuple[int, int]:
    """(handle, number) of the gpiochip wired to the 40-pin header (its label is pinctrl-bcm2835/2711/rp1)."""
    denied: str | None = None
    for chip in CHIPS:
        try:
            handle: int = lgpio.gpiochip_open(chip)
        except lgpio.error as exc:
            if denied is None and Path(f"/dev/gpiochip{chip}").exists():
                denied = f"cannot open /dev/gpiochip{chip}: {str(exc).strip(chr(39))}"
            continue
        try:
            label = str(lgpio.gpio_get_chip_info(handle)[3])
        except lgpio.error:
            label = ""
        if label.startswith("pinctrl-"):
            return handle, chip
        lgpio.gpiochip_close(handle)
    if denied is not None:
        raise BoardError(f"{denied} ({GROUP_HINT})")
    raise BoardError("no gpiochip of the Raspberry Pi's header found (/dev/gpiochip0 with a pinctrl- label)")
