"""What the words, the near misses and the checks read of a Politrics position.

`PolitricsState` has all of it; the modules that read a position take this protocol instead of importing the state,
so the state can use them without an import cycle."""

from __future__ import annotations

from typing import Protocol

from controller.games.outcome import Outcome
from controller.games.politrics.layout import Layout
from controller.games.politrics.match import BoardResult
from controller.games.politrics.rules import Rules


class Position(Protocol):
    @property
    def rules(self) -> Rules: ...
    @property
    def board(self) -> str: ...
    @property
    def lineup(self) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
    @property
    def turn(self) -> int: ...
    @property
    def declared(self) -> int | None: ...
    @property
    def boards(self) -> tuple[BoardResult, ...]: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def over(self) -> bool: ...
    @property
    def totals(self) -> tuple[int, int]: ...
    def outcome(self) -> Outcome | None: ...
