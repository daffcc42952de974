"""The ports between the controller and a board. `hardware/` and `simulator/` implement them; the controller
knows nothing else of either. Only the small value types here (and `controller.pixels`) may be imported by
them. A backend hands an opened board over as a `Board` (its ports and how to close them) and reports what keeps a
board from working as a `BoardTrouble`.

Squares are physical indices 0..80 (index = (rank - 1) * 9 + (file - 1)); an occupancy is an
81-bit integer; a frame is 81 RGB triples in that same physical order, never in LED chain order.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import field
from typing import Literal, Protocol, runtime_checkable

from controller.values import dataclass

SQUARES = 81
RGB = tuple[int, int, int]
Frame = tuple[RGB, ...]
DARK: RGB = (0, 0, 0)
BLACK_FRAME: Frame = (DARK,) * SQUARES


@dataclass(frozen=True, slots=True)
class OccupancyChanged:
    """The debounced occupancy changed (one or more squares at once)."""

    t: float
    occupancy: int


@dataclass(frozen=True, slots=True)
class LinkLost:
    """The board stopped answering (serial co-processor unplugged, no heartbeat). The game pauses."""

    t: float
    message: str


@dataclass(frozen=True, slots=True)
class LinkRestored:
    """The board answers again; `occupancy` is the fresh snapshot to resynchronise from."""

    t: float
    occupancy: int


@dataclass(frozen=True, slots=True)
class SquaresUntrusted:
    """Squares whose switch cannot be trusted now (flapping, stuck); 0 when every square is trusted again."""

    t: float
    squares: int
    reason: str


BoardEvent = OccupancyChanged | LinkLost | LinkRestored | SquaresUntrusted


@dataclass(frozen=True, slots=True)
class ButtonPressed:
    """A press (reported once it is steady); `held`: the same button kept down long enough for its second meaning,
    reported as a second event after the press (OK held asks for a hint)."""

    t: float
    button: Literal["ok", "back", "menu"]
    held: bool = False


@runtime_checkable
class Clock(Protocol):
    """Monotonic time in seconds, injectable so every timing rule runs on virtual time in the tests."""

    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


@runtime_checkable
class SwitchMatrix(Protocol):
    """The reed switches: the debounced occupancy now, and a stream of what happens to it."""

    def scan(self) -> int:
        """The latest debounced occupancy."""
        ...

    def events(self) -> AsyncIterator[BoardEvent]:
        """Board events as they happen, starting with an OccupancyChanged of the current occupancy."""
        ...

    def detect_flaps(self, on: bool) -> None:
        """Flap detection on (the default) or off: off, every square is trusted at once and stays so. The piece
        test sets pieces on the same squares again and again, which would look like a slow flap."""
        ...

    async def aclose(self) -> None:
        """Stop scanning and release the pins or the port."""
        ...


@runtime_checkable
class PixelStrip(Protocol):
    """The LEDs, one per square. `show` applies gamma, brightness and the current budget (controller.pixels)."""

    def show(self, frame: Frame) -> None:
        """Light the 81 squares; `frame` is in physical square order."""
        ...

    def close(self) -> None:
        """Dark and released."""
        ...


@runtime_checkable
class Hands(Protocol):
    """A board whose pieces software can move: the simulator. The web page's clicks use it in simulator mode."""

    def lift(self, square: int) -> None: ...

    def place(self, square: int) -> None: ...


@runtime_checkable
class Buttons(Protocol):
    """Optional OK / back / menu buttons; everything they do is also on the web page."""

    def events(self) -> AsyncIterator[ButtonPressed]: ...


@runtime_checkable
class SimulatedBoard(Hands, Protocol):
    """The simulator's board beyond the Hands port: pieces set up at once, and switches broken and mended on purpose
    (`agora replay --start`, `agora doctor --sim-fault`, the tests)."""

    @property
    def magnets(self) -> int:
        """Where the pieces stand."""
        ...

    def arrange(self, occupancy: int) -> None: ...

    def stick(self, square: int) -> None: ...

    def kill(self, square: int) -> None: ...

    def flap(self, square: int, period: float = 0.04) -> None: ...

    def heal(self, square: int) -> None: ...


class BoardTrouble(Exception):
    """A board that cannot be opened or used as configured, for a reason the person at the board can act on (an
    unknown `--board`, a wrong pin map, a missing library, no device): show the message and stop. The board errors
    of the controller and of the backends all derive from it, so the controller catches them without importing a
    backend."""


@dataclass(frozen=True, slots=True)
class SimOptions:
    """How the simulated board behaves; the defaults suit clicking on the page."""

    scan_hz: float = 200.0
    debounce_scans: int = 2
    bounce_flips: int = 0
    """How often a switch chatters when a magnet comes or goes."""
    seed: int = 0
    keep_frames: int | None = 256  # the LED frames the simulated strip remembers (None: all, for tests)


@dataclass(slots=True)
class Board:
    """An opened board: its ports, and how to let it go."""

    kind: str
    """`sim`, `gpio` or `serial`."""
    description: str
    matrix: SwitchMatrix
    strip: PixelStrip
    chain: tuple[int, ...]
    """LED chain position -> physical square (for `agora doctor`)."""
    hands: Hands | None = None
    sim: SimulatedBoard | None = None
    buttons: Buttons | None = None
    closers: list[Callable[[], Awaitable[None]]] = field(default_factory=list)

    async def aclose(self) -> None:
        """Dark LEDs, scanning stopped, pins and ports released."""
        with contextlib.suppress(Exception):
            self.strip.close()
        for close in reversed(self.closers):
            await close()
        self.closers.clear()
