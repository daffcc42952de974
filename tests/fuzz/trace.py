"""The recognition fuzzer's trace (`--trace`): the hand events behind a failure, to read it without a debugger.

A table writes each act of the hands, each change the debouncer passes on (and each switch it distrusts), and each
event of the session into a ring of the latest lines; a failure copies the ring into the tally, and the command
prints it under the failure. Squares are named as the game names them."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from controller.games import Move
from controller.games.squares import squares_of
from controller.session import events as ev
from tests.fuzz.hands import Act

LINES = 60


class Trace:
    def __init__(self, lines: int = LINES) -> None:
        self._ring: deque[str] = deque(maxlen=lines)
        self.name: Callable[[int], str] = str

    def reset(self, name: Callable[[int], str]) -> None:
        """A fresh table: its squares are named by `name`."""
        self._ring.clear()
        self.name = name
        self._ring.append("---- a fresh table")

    def act(self, t: float, act: Act, intended: Move | None) -> None:
        piece = act.piece
        what = "lift" if piece is None else f"set {piece.kind}{'' if piece.owner is None else piece.owner}"
        stray = " (stray)" if act.stray else ""
        self._ring.append(f"{t:9.3f} hand  {what} {self.name(act.square)}{stray}   making {intended}")

    def seen(self, t: float, before: int, after: int) -> None:
        off = " ".join(f"-{self.name(sq)}" for sq in squares_of(before & ~after))
        on = " ".join(f"+{self.name(sq)}" for sq in squares_of(after & ~before))
        self._ring.append(f"{t:9.3f} seen  {' '.join(x for x in (off, on) if x)}")

    def untrusted(self, t: float, squares: int) -> None:
        self._ring.append(f"{t:9.3f} flap  untrusted now: {self._names(squares)}")

    def event(self, t: float, event: object) -> None:
        kind = type(event).__name__
        if isinstance(event, ev.Committed):
            what = f"{kind} {event.move} ({event.source.value})"
        elif isinstance(event, ev.Prompted):
            what = f"{kind} {[text for text, _ in event.options]}"
        elif isinstance(event, ev.Mismatch):
            what = f"{kind} fill {self._names(event.fill)} empty {self._names(event.empty)}"
        elif isinstance(event, ev.IllegalMove):
            what = f"{kind} {event.move}: {event.reason}"
        elif isinstance(event, ev.TakenBack):
            what = f"{kind} {list(event.moves)}"
        else:
            what = kind
        self._ring.append(f"{t:9.3f} board {what}")

    def _names(self, squares: int) -> str:
        return " ".join(self.name(sq) for sq in squares_of(squares)) or "-"

    def lines(self) -> list[str]:
        return list(self._ring)
