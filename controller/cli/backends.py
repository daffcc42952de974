"""Opening a board: the simulator, the GPIO matrix and NeoPixels of a Raspberry Pi, or the Pico co-processor.

Part of the composition root, the package `controller.cli`: its modules alone import `hardware` or `simulator`
(an import-linter contract keeps it so). The commands open their board here.

Boards:
    board = await open_board(spec, clock, pinmap=None, *, initial=0, sim=None)
    try:
        ...  board.matrix (SwitchMatrix), board.strip (PixelStrip), board.hands (Hands, simulator only),
        ...  board.sim (the full simulator API: slide, faults, arrange, disconnect), board.buttons (Buttons or None)
    finally:
        await board.aclose()

`spec` is one of:
- `sim`: the simulated board on `clock` (a VirtualClock for `agora replay`, SystemClock for `agora play`);
  `initial` is the occupancy the pieces stand on at the start (use `board.sim.arrange(occ)` later to change it);
- `gpio`: the switch matrix and NeoPixels on this Raspberry Pi's GPIO, as wired in the pin map;
- `serial:PATH`: the Raspberry Pi Pico co-processor on PATH (the handshake happens here: a wrong firmware
  version raises FirmwareVersionError with the message to show);
- `auto`: the co-processor if the pin map's [serial] port exists, else GPIO on a Raspberry Pi, else `sim`.
`pinmap` is the path of the pin map (default hardware/pinmap.toml); a wrong map raises PinMapError (a ValueError
naming the line). Bad specs raise BoardSpecError (a BoardError of controller.errors, and a ValueError); a board
that cannot be used raises hardware.errors.BoardError. The hardware package keeps errors of its own: it may not
import the controller's packages (controller.errors would load every rules engine into `agora sim-device` and the
firmware's twins). `BOARD_ERRORS` is every error opening a board raises; every message is meant for the person at
the board. `add_board_arguments(parser)` adds `--board` and `--pinmap`.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import field
from pathlib import Path
from typing import Any

from controller.errors import BoardError
from controller.ports import Buttons, Clock, Hands, PixelStrip, SwitchMatrix
from controller.values import dataclass
from hardware.errors import BoardError as HardwareError
from hardware.pinmap import PinMap, PinMapError, load_pinmap
from simulator.board import SimBoard
from simulator.leds import SimPixelStrip
from simulator.switches import NO_BOUNCE, Bounce

KINDS = ("auto", "sim", "gpio", "serial:PATH")


class BoardSpecError(BoardError, ValueError):
    """`--board` (or a simulator option) names no board this program can open."""


BOARD_ERRORS: tuple[type[Exception], ...] = (BoardError, HardwareError, PinMapError)
"""What opening a board raises for the person at the board to act on: show the message, exit."""


@dataclass(frozen=True, slots=True)
class SimOptions:
    """How the simulated board behaves; the defaults suit clicking on the page."""

    scan_hz: float = 200.0
    debounce_scans: int = 2
    bounce: Bounce = NO_BOUNCE
    seed: int = 0
    keep_frames: int | None = 256  # the LED frames the simulated strip remembers (None: all, for tests)


@dataclass(slots=True)
class Board:
    kind: str
    """`sim`, `gpio` or `serial`."""
    description: str
    matrix: SwitchMatrix
    strip: PixelStrip
    chain: tuple[int, ...]
    """LED chain position -> physical square (for `agora doctor`)."""
    hands: Hands | None = None
    sim: SimBoard | None = None
    leds: SimPixelStrip | None = None
    """The simulator's strip with its recorded frames (`leds.last_frame` is what the page draws)."""
    buttons: Buttons | None = None
    _closers: list[Callable[[], Awaitable[None]]] = field(default_factory=list)

    async def aclose(self) -> None:
        """Dark LEDs, scanning stopped, pins and ports released."""
        with contextlib.suppress(Exception):
            self.strip.close()
        for close in reversed(self._closers):
            await close()
        self._closers.clear()


def sim_options(*, bounce_flips: int = 0, seed: int = 0, keep_frames: int | None = 0) -> SimOptions:
    """Options for a simulated board whose switches chatter `bounce_flips` times when a magnet comes or goes."""
    if bounce_flips < 0:
        raise BoardSpecError("bounce is 0 or more flips")
    return SimOptions(bounce=Bounce(flips=bounce_flips), seed=seed, keep_frames=keep_frames)


def parse_spec(spec: str) -> tuple[str, str | None]:
    """`("serial", "/dev/ttyACM0")` for `serial:/dev/ttyACM0`; BoardSpecError for anything unknown."""
    text = spec.strip()
    if text in ("auto", "sim", "gpio"):
        return text, None
    kind, sep, path = text.partition(":")
    if kind == "serial":
        if not sep or not path:
            raise BoardSpecError("--board serial needs the port: serial:/dev/ttyACM0 (or serial:/dev/agora-pico)")
        return "serial", path
    raise BoardSpecError(f"unknown board {spec!r}: use {', '.join(KINDS)}")


def add_board_arguments(parser: argparse.ArgumentParser, default: str = "auto") -> None:
    parser.add_argument(
        "--board",
        default=default,
        metavar="SPEC",
        help=f"sim, gpio, serial:PATH or auto (co-processor, else GPIO on a Pi, else sim); default {default}",
    )
    parser.add_argument("--pinmap", type=Path, default=None, help="pin map (default: hardware/pinmap.toml)")


async def open_board(
    spec: str,
    clock: Clock,
    pinmap: Path | str | None = None,
    *,
    initial: int = 0,
    sim: SimOptions | None = None,
    pin_factory: Any = None,
) -> Board:
    """See the module docstring. `pin_factory` overrides the GPIO library (tests pass gpiozero's MockFactory)."""
    kind, path = parse_spec(spec)
    pm = load_pinmap(pinmap)
    why = ""
    if kind == "auto":
        kind, path, why = await _auto(pm, clock)
    if kind == "sim":
        board = _open_sim(clock, pm, initial, sim or SimOptions())
    elif kind == "gpio":
        board = await _open_gpio(clock, pm, pin_factory)
    else:
        assert path is not None
        board = await _open_serial(path, clock, pm)
    if why:
        board.description += f" ({why})"
    return board


PICO_WAIT = 10.0
"""How long `auto` and `serial:PATH` wait for a Pico that is on USB (or named) but whose port has not appeared yet."""


async def _auto(pm: PinMap, clock: Clock) -> tuple[str, str | None, str]:
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
            raise HardwareError(
                f"{port} did not appear within {PICO_WAIT:g} s ({why}): is the Pico plugged in, running MicroPython "
                "and the Agora firmware, and the udev rule installed (sudo ./firmware/pi/install.sh)?"
            )
        await clock.sleep(0.25)


def _open_sim(clock: Clock, pm: PinMap, initial: int, options: SimOptions) -> Board:
    from dataclasses import replace

    # The pin map's flap times at the simulator's scan rate; its own (short) debounce.
    debounce = replace(pm.matrix.debounce.rescaled(pm.matrix.scan_hz, options.scan_hz), depth=options.debounce_scans)
    board = SimBoard(
        clock, initial=initial, scan_hz=options.scan_hz, debounce=debounce, bounce=options.bounce, seed=options.seed
    )
    leds = SimPixelStrip(clock, pm.leds.settings, keep=options.keep_frames)
    return Board(
        kind="sim",
        description="simulated board",
        matrix=board,
        strip=leds,
        chain=pm.leds.chain.squares,
        hands=board,
        sim=board,
        leds=leds,
        _closers=[board.aclose],
    )


async def _open_gpio(clock: Clock, pm: PinMap, pin_factory: Any) -> Board:
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
        _closers=closers,
    )


async def _open_serial(path: str, clock: Clock, pm: PinMap) -> Board:
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
        _closers=[link.aclose],
    )


def _async(close: Callable[[], None]) -> Callable[[], Awaitable[None]]:
    async def run() -> None:
        close()

    return run
