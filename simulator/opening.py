"""The simulated board, opened for the controller (controller.boards): the simulated reed switches and LEDs on the
controller's clock, with the pin map's chain and its flap times at the simulator's scan rate."""

from __future__ import annotations

from dataclasses import replace

from controller.ports import Board, Clock, SimOptions
from hardware.pinmap import PinMap
from simulator.board import SimBoard
from simulator.leds import SimPixelStrip
from simulator.switches import Bounce


def open_sim(clock: Clock, pm: PinMap, initial: int, options: SimOptions) -> Board:
    # The pin map's flap times at the simulator's scan rate; its own (short) debounce.
    debounce = replace(pm.matrix.debounce.rescaled(pm.matrix.scan_hz, options.scan_hz), depth=options.debounce_scans)
    board = SimBoard(
        clock,
        initial=initial,
        scan_hz=options.scan_hz,
        debounce=debounce,
        bounce=Bounce(flips=options.bounce_flips),
        seed=options.seed,
    )
    return Board(
        kind="sim",
        description="simulated board",
        matrix=board,
        strip=SimPixelStrip(clock, pm.leds.settings, keep=options.keep_frames),
        chain=pm.leds.chain.squares,
        hands=board,
        sim=board,
        closers=[board.aclose],
    )
