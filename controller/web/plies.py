"""What the page says about each ply of the history, worked out once per ply instead of at every snapshot.

The page asks for a snapshot after every change on the board, and the move list, its phases of orders and the
end-of-game picture read every ply of the game: worked out afresh each time, a snapshot late in a long game held the
controller's loop for tens of milliseconds (a hundred and more on a Raspberry Pi Zero 2 W). A `PlyMemo` keeps each
ply's findings as long as that ply stays in the history (plies are values that never change; a takeback or a new
game replaces them, and what was found for the replaced ones goes with them). It holds plain strings and numbers,
and the one position now, so it keeps nothing of a game alive that the session does not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, cast

from controller.games import State
from controller.session.view import Ply

T = TypeVar("T")
Finding = Callable[[Sequence[Ply], int], T]  # what to find for ply `i` (it may read the plies before it)


class PlyMemo:
    """Findings per ply of one history, kept while the plies stay (see the module's docstring)."""

    __slots__ = ("_about", "_found", "_plies", "_position")

    def __init__(self) -> None:
        self._plies: list[Ply] = []
        self._found: dict[str, list[object]] = {}
        self._position: State | None = None  # the position `_about` speaks of
        self._about: dict[str, object] = {}

    def _sync(self, history: Sequence[Ply]) -> None:
        """Forget what was found for plies no longer in `history` (taken back, another game)."""
        kept = self._plies
        same = 0
        limit = min(len(kept), len(history))
        while same < limit and kept[same] is history[same]:
            same += 1
        if same < len(kept):
            del kept[same:]
            for found in self._found.values():
                del found[same:]
        kept.extend(history[same:])

    def of(self, history: Sequence[Ply], key: str, find: Finding[T]) -> list[T]:
        """`find(history, i)` for every ply `i` of `history`, each worked out once while the ply stays."""
        self._sync(history)
        found = self._found.setdefault(key, [])
        for i in range(len(found), len(history)):
            found.append(find(history, i))
        return cast(list[T], found)

    def now(self, position: State, key: str, find: Callable[[State], T]) -> T:
        """`find(position)`, worked out once while `position` is the position the page is asked about."""
        if self._position is not position:
            self._position = position
            self._about = {}
        if key not in self._about:
            self._about[key] = find(position)
        return cast(T, self._about[key])
