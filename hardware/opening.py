"""The real boards, opened for the controller (controller.boards): the GPIO matrix and NeoPixels of a Raspberry Pi,
the Pico co-processor on a serial port, and `auto`'s look at what is attached. Each device module (and the library
under it) is imported only when its board is opened, so a laptop never loads the Pi's libraries.

What keeps a board from working raises hardware.errors.BoardError (a wrong pin map: PinMapError), both the port's
BoardTrouble, with the message for the person at the board.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from controller.ports import Board, Clock
from hardware.errors import BoardError
from hardware.pinmap import PinMap

PICO_WAIT = 10.0
"""How long `auto` and `serial:PATH` wait for a Pico that is on USB (or named) but whose port has not appeared yet."""


async def choose_board(pm: PinMap, clock: Clock) -> tuple[str, str | None, str]:
    """(kind, path, why): the Pico when its port exists or it is on USB, else GPIO on a Pi, else the simulator."""
    from hardware.gpio_backend import pi_model
    from hardware.usb_devices import picos_on_usb

    port = pm.serial.port
    if _exists(port):
        return "serial", port, f"auto: {port} exists"
    picos = picos_on_usb()
    if picos:
        # A Pico is plugged in but its name is not there (yet): never fall back to a GPIO board with nothing on it.
        await _wait_for_port(port, clock, f"a Raspberry Pi Pico is on USB ({picos[0]})")
        return "serial", port, f"auto: the Pico on USB appeared as {port}"
    model = pi_model()
    if model is not None:
        return "gpio", None, f"auto: no Pico on USB and no {port}, so this {model}'s own GPIO"
    return "sim", None, "auto: not a Raspberry Pi and no Pico attached"


def _exists(path: str) -> bool:
    return Path(path).exists()  # a stat of a /dev node: it does not block the loop


async def _wait_for_port(port: str, clock: Clock, why: str) -> None:
    deadline = clock.now() + PICO_WAIT
    while not _exists(port):
        if clock.now() >= deadline:
            raise BoardError(
                f"{port} did not appear within {PICO_WAIT:g} s ({why}): is the Pico plugged in, running MicroPython "
                "and the Agora firmware, and the udev rule installed (sudo ./firmware/pi/install.sh)?"
            )
        await clock.sleep(0.25)


async def open_gpio(clock: Clock, pm: PinMap, pin_factory: Any = None) -> Board:
    """The matrix, strip and buttons on this Pi's GPIO; `pin_factory` stands in for the GPIO library (tests pass
    gpiozero's MockFactory)."""
    from hardware.buttons import GpioButtons
    from hardware.gpio_backend import BackendChoice, GpioBackend, Library, open_backend
    from hardware.gpio_matrix import GpioMatrix
    from hardware.neopixel_strip import open_neopixels

    if pin_factory is not None:
        backend = GpioBackend(BackendChoice(Library.MOCK, None, "a pin factory given"), pin_factory=pin_factory)
    else:
        backend = open_backend(pm.matrix.pin_factory)
    m = pm.matrix
    closers: list[Callable[[], Awaitable[None]]] = [_async(backend.close)]
    try:
        matrix = GpioMatrix(
            backend.matrix_pins(m.rows, m.columns),
            clock=clock,
            scan_hz=m.scan_hz,
            settle=m.settle_us / 1e6,
            debounce=m.debounce,
            still_hz=m.still_hz,
        )
        closers.append(matrix.aclose)
        strip = open_neopixels(pm.leds)
        buttons = GpioButtons(pm.buttons, pin_factory=backend.pin_factory, clock=clock) if pm.buttons else None
    except BaseException:
        for close in reversed(closers):
            await close()
        raise
    if buttons is not None:
        closers.append(_async(buttons.close))
    model = backend.choice.model or "this machine"
    return Board(
        kind="gpio",
        description=(
            f"GPIO matrix on {model} with {backend.choice.describe()}, NeoPixels on {pm.leds.driver.upper()}, "
            f"pin map {pm.source}"
        ),
        matrix=matrix,
        strip=strip,
        chain=pm.leds.chain.squares,
        buttons=buttons,
        closers=closers,
    )


async def open_serial(path: str, clock: Clock, pm: PinMap) -> Board:
    """The Pico co-processor on `path`, once it answers the handshake with the firmware of this Agora."""
    from hardware.serial_link import CoprocessorLink

    await _wait_for_port(path, clock, "the board was given as serial:PATH")
    link = CoprocessorLink(
        path,
        clock,
        chain=pm.leds.chain,
        pixels=pm.leds.settings,
        debounce=pm.matrix.debounce.rescaled(pm.matrix.scan_hz, 1000.0),
        heartbeat_timeout=pm.serial.heartbeat_timeout,
        order=pm.leds.order,
    )
    await link.connect()
    name = link.firmware.name if link.firmware else "unknown firmware"
    return Board(
        kind="serial",
        description=f"Pico co-processor on {path} ({name}), pin map {pm.source}",
        matrix=link.matrix,
        strip=link.strip,
        chain=pm.leds.chain.squares,
        closers=[link.aclose],
    )


def _async(close: Callable[[], None]) -> Callable[[], Awaitable[None]]:
    async def run() -> None:
        close()

    return run
