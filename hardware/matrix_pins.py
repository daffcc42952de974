"""The switch matrix's 18 lines as the scanner sees them: select one row, read all columns, release the rows.

Rows are never driven high. The selected row is pulled low; every other row is released (high impedance), as
keyboard firmware does (QMK's matrix scan): a row shorted to a column or to another row, or a reversed diode under
a closed switch, then joins a pulled-up input instead of fighting a push-pull output, so a wiring fault cannot
damage the Pi's GPIO.

Two implementations of the one seam:
- `LgpioMatrixPins`: lgpio on a gpiochip, every Raspberry Pi model. The rows are one open-drain output group and
  the columns one input group, so a scan costs one call per row select, one per column read and one release:
  19 library calls for 81 switches.
- `GpiozeroMatrixPins`: any gpiozero pin factory (RPi.GPIO, native, the tests' MockFactory), one call per pin.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, Protocol

from hardware.errors import BoardError

SIZE = 9
FILES = "abcdefghi"


def line_names(rows: Sequence[int], columns: Sequence[int]) -> dict[int, str]:
    """GPIO number -> `row of rank 3` / `column of file d`, for messages."""
    named = {pin: f"row of rank {i + 1}" for i, pin in enumerate(rows)}
    named.update({pin: f"column of file {FILES[i]}" for i, pin in enumerate(columns)})
    return named


class MatrixPins(Protocol):
    """The seam between the scanner and a GPIO library."""

    def select(self, row: int) -> None:
        """Pull row `row` (0 = rank 1) low and release every other row."""

    def release(self) -> None:
        """Release every row."""

    def columns(self) -> int:
        """Bit c set when column c (0 = file a) reads low: a closed switch in the selected row."""
        ...

    def close(self) -> None: ...


BUSY_HINT = (
    "another program or the kernel holds it. On a Raspberry Pi 5 GPIO7 and GPIO8 are the SPI chip selects unless "
    "/boot/firmware/config.txt has dtoverlay=spi0-0cs (sudo ./firmware/pi/install.sh sets it; reboot after)"
)


class LgpioMatrixPins:
    """The matrix on one gpiochip through lgpio's group calls."""

    def __init__(self, lgpio: Any, handle: int, rows: Sequence[int], columns: Sequence[int]) -> None:
        self._lg = lgpio
        self._handle = handle
        self._rows = list(rows)
        self._columns = list(columns)
        self._all = (1 << len(self._rows)) - 1
        self._selects = [self._all & ~(1 << r) for r in range(len(self._rows))]
        self._mask = (1 << len(self._columns)) - 1
        self._claimed: list[int] = []
        # Open drain: writing 1 releases a row, 0 pulls it low. The pull-up on a released row recharges it
        # quickly after its turn, so the next row's read does not see it still low through a closed switch.
        self._claim(
            lambda: lgpio.group_claim_output(
                handle, self._rows, [1] * len(self._rows), lgpio.SET_OPEN_DRAIN | lgpio.SET_PULL_UP
            ),
            self._rows,
        )
        try:
            self._claim(lambda: lgpio.group_claim_input(handle, self._columns, lgpio.SET_PULL_UP), self._columns)
        except BaseException:
            self.close()
            raise

    def _claim(self, claim: Any, pins: list[int]) -> None:
        try:
            claim()
        except self._lg.error as exc:
            raise BoardError(self._diagnose(pins, exc)) from exc
        self._claimed.append(pins[0])

    def _diagnose(self, pins: list[int], exc: Exception) -> str:
        """One line naming the pin that failed: the group call only says that one of them did."""
        names = line_names(self._rows, self._columns)
        for pin in pins:
            try:
                self._lg.gpio_claim_input(self._handle, pin)
            except self._lg.error as one:
                text = str(one).strip("'\"")
                if "busy" in text.lower():
                    return f"GPIO{pin} (the matrix {names[pin]}) is busy: {BUSY_HINT}"
                return f"cannot claim GPIO{pin} (the matrix {names[pin]}): {text}"
            self._lg.gpio_free(self._handle, pin)
        return f"cannot claim the switch matrix pins: {str(exc).strip(chr(39))}"

    def select(self, row: int) -> None:
        self._lg.group_write(self._handle, self._rows[0], self._selects[row], self._all)

    def release(self) -> None:
        self._lg.group_write(self._handle, self._rows[0], self._all, self._all)

    def columns(self) -> int:
        levels: int = self._lg.group_read(self._handle, self._columns[0])[1]
        return ~levels & self._mask

    def close(self) -> None:
        for leader in reversed(self._claimed):
            with contextlib.suppress(self._lg.error):
                self._lg.group_free(self._handle, leader)
        self._claimed.clear()


class GpiozeroMatrixPins:
    """The matrix through any gpiozero pin factory; a released row is an input, a selected one an output at 0."""

    def __init__(self, pin_factory: Any, rows: Sequence[int], columns: Sequence[int]) -> None:
        from gpiozero import InputDevice
        from gpiozero.exc import GPIOZeroError

        self._devices: list[Any] = []
        try:
            for pin in rows:
                self._devices.append(InputDevice(pin, pull_up=True, pin_factory=pin_factory))
            for pin in columns:
                self._devices.append(InputDevice(pin, pull_up=True, pin_factory=pin_factory))
        except GPIOZeroError as exc:
            self.close()
            raise BoardError(f"cannot set up the switch matrix pins: {exc}") from exc
        # The scan touches the pins directly: gpiozero's device properties cost several calls per read.
        self._rows = [d.pin for d in self._devices[:SIZE]]
        self._columns = [d.pin for d in self._devices[SIZE:]]
        self._selected: Any = None

    def select(self, row: int) -> None:
        self.release()
        pin = self._rows[row]
        pin.output_with_state(0)
        self._selected = pin

    def release(self) -> None:
        if self._selected is not None:
            self._selected.function = "input"
            self._selected = None

    def columns(self) -> int:
        bits = 0
        for c, pin in enumerate(self._columns):
            if not pin.state:
                bits |= 1 << c
        return bits

    def close(self) -> None:
        for d in self._devices:
            d.close()
        self._devices.clear()
