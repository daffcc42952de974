"""Hands over the simulated board: lifting, placing and sliding magnets, and breaking switches, at clock time.

Implements the Hands port (lift/place) and what the tests need beyond it. Used by the simulated board and by the
virtual co-processor alike; each action happens at `clock.now()`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from controller.ports import Clock
from hardware.squares import name
from simulator.switches import NO_BOUNCE, Bounce, FaultKind, Switches


class SimHands:
    def __init__(self, switches: Switches, clock: Clock, on_action: Callable[[], None] | None = None) -> None:
        self.switches = switches
        self._clock = clock
        self._on_action = on_action or (lambda: None)

    @property
    def magnets(self) -> int:
        """Where the pieces stand (after any slide in progress ends)."""
        return self.switches.magnets

    def lift(self, square: int, bounce: Bounce | None = None) -> None:
        if not self.switches.has_magnet(square):
            raise ValueError(f"there is no piece on {name(square)} to lift")
        self.switches.move(square, False, self._clock.now(), bounce)
        self._on_action()

    def place(self, square: int, bounce: Bounce | None = None) -> None:
        if self.switches.has_magnet(square):
            raise ValueError(f"{name(square)} already has a piece")
        self.switches.move(square, True, self._clock.now(), bounce)
        self._on_action()

    def toggle(self, square: int) -> None:
        """Lift when a piece stands there, else place: what a click on the simulator page means."""
        if self.switches.has_magnet(square):
            self.lift(square)
        else:
            self.place(square)

    def slide(self, path: Sequence[int], seconds_per_square: float = 0.08, bounce: Bounce = NO_BOUNCE) -> None:
        """Drag a piece along `path`, starting now: it stands over path[i] from i to i + 1 times
        `seconds_per_square`, so it leaves one square as it reaches the next, closing each switch on the way.
        A gliding magnet does not chatter, so slides do not bounce unless `bounce` says so."""
        if len(path) < 2:
            raise ValueError("a slide needs at least a start and an end square")
        if not self.switches.has_magnet(path[0]):
            raise ValueError(f"there is no piece on {name(path[0])} to slide")
        if path[-1] != path[0] and self.switches.has_magnet(path[-1]):
            raise ValueError(f"{name(path[-1])} already has a piece")
        now = self._clock.now()
        occupied = self.switches.magnets
        self.switches.move(path[0], False, now + seconds_per_square, bounce)
        for i, square in enumerate(path[1:-1], start=1):
            if not occupied >> square & 1:  # passing over a standing piece changes nothing there
                self.switches.move(square, True, now + i * seconds_per_square, bounce)
                self.switches.move(square, False, now + (i + 1) * seconds_per_square, bounce)
        self.switches.move(path[-1], True, now + (len(path) - 1) * seconds_per_square, bounce)
        self._on_action()

    def set_bounce(self, bounce: Bounce) -> None:
        """The bounce of every later action that does not name its own."""
        self.switches.bounce = bounce

    def stick(self, square: int) -> None:
        """The switch is stuck closed: it reads a piece whatever happens."""
        self._fault(square, "stuck")

    def kill(self, square: int) -> None:
        """The switch is dead (open): it never reads a piece."""
        self._fault(square, "dead")

    def flap(self, square: int, period: float = 0.04) -> None:
        """The switch opens and closes on its own, one cycle every `period` seconds."""
        self._fault(square, "flapping", period)

    def heal(self, square: int) -> None:
        self.switches.heal(square, self._clock.now())
        self._on_action()

    def _fault(self, square: int, kind: FaultKind, period: float = 0.04) -> None:
        self.switches.add_fault(square, kind, self._clock.now(), period)
        self._on_action()
