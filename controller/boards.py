"""Opening a board, whichever it is: the simulator, the GPIO matrix and NeoPixels of a Raspberry Pi, or the Pico
co-processor. This module imports no backend: the composition root (`controller.cli.main`) hands the commands a
`BoardOpener` made by `opener(backends)` from the constructors each backend provides, as gpiozero's devices are
handed their pin factory.

Boards:
    board = await open_board(spec, clock, pinmap=None, *, initial=0, sim=None)
    try:
        ...  board.matrix (SwitchMatrix), board.strip (PixelStrip), board.hands (Hands, simulator only),
        ...  board.sim (SimulatedBoard: arrange, faults), board.buttons (Buttons or None)
    finally:
        await board.aclose()

`spec` is one of:
- `sim`: the simulated board on `clock` (a VirtualClock for `agora replay`, SystemClock for `agora play`);
  `initial` is the occupancy the pieces stand on at the start (use `board.sim.arrange(occ)` later to change it);
- `gpio`: the switch matrix and NeoPixels on this Raspberry Pi's GPIO, as wired in the pin map;
- `serial:PATH`: the Raspberry Pi Pico co-processor on PATH (the handshake happens here: a wrong firmware
  version is refused with the message to show);
- `auto`: the co-processor if the pin map's [serial] port exists, else GPIO on a Raspberry Pi, else `sim`.
`pinmap` is the path of the pin map (default hardware/pinmap.toml); a wrong map is refused naming the line. Bad
specs raise BoardSpecError (a BoardError of controller.errors, and a ValueError); whatever keeps a board from being
opened or used is a `BoardTrouble` (controller.ports) whose message is meant for the person at the board.
`add_board_arguments(parser)` adds `--board` and `--pinmap`.
"""

from __future__ import annotations

import argparse
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from controller.errors import BoardError
from controller.ports import Board, Clock, SimOptions
from controller.values import dataclass

KINDS = ("auto", "sim", "gpio", "serial:PATH")

PinMap = TypeVar("PinMap")
"""The backends' pin map: the controller only carries it from the loading to the board that is opened with it."""


class BoardSpecError(BoardError, ValueError):
    """`--board` (or a simulator option) names no board this program can open."""


@dataclass(frozen=True, slots=True)
class Backends(Generic[PinMap]):
    """What each kind of board is opened with, given by the composition root: the only code that imports them."""

    load_pinmap: Callable[[Path | str | None], PinMap]
    """The pin map at a path (None: the default one); a wrong map is a BoardTrouble naming the line."""
    choose: Callable[[PinMap, Clock], Awaitable[tuple[str, str | None, str]]]
    """`auto`: (kind, path, why) of the board attached to this machine."""
    sim: Callable[[Clock, PinMap, int, SimOptions], Board]
    gpio: Callable[[Clock, PinMap], Awaitable[Board]]
    serial: Callable[[str, Clock, PinMap], Awaitable[Board]]


class BoardOpener(Protocol):
    """`open_board` of the module docstring, as the composition root hands it to the commands."""

    def __call__(
        self,
        spec: str,
        clock: Clock,
        pinmap: Path | str | None = None,
        *,
        initial: int = 0,
        sim: SimOptions | None = None,
    ) -> Awaitable[Board]: ...


def opener(backends: Backends[PinMap]) -> BoardOpener:
    """The opener of the boards `backends` make."""

    async def open_board(
        spec: str, clock: Clock, pinmap: Path | str | None = None, *, initial: int = 0, sim: SimOptions | None = None
    ) -> Board:
        kind, path = parse_spec(spec)
        pm = backends.load_pinmap(pinmap)
        why = ""
        if kind == "auto":
            kind, path, why = await backends.choose(pm, clock)
        if kind == "sim":
            board = backends.sim(clock, pm, initial, sim or SimOptions())
        elif kind == "gpio":
            board = await backends.gpio(clock, pm)
        else:
            assert path is not None
            board = await backends.serial(path, clock, pm)
        if why:
            board.description += f" ({why})"
        return board

    return open_board


def sim_options(*, bounce_flips: int = 0, seed: int = 0, keep_frames: int | None = 0) -> SimOptions:
    """Options for a simulated board whose switches chatter `bounce_flips` times when a magnet comes or goes."""
    if bounce_flips < 0:
        raise BoardSpecError("bounce is 0 or more flips")
    return SimOptions(bounce_flips=bounce_flips, seed=seed, keep_frames=keep_frames)


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
