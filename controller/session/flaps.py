"""The flap the board's own detectors cannot tell from hands: a switch opening and closing by itself every 0.3-2 s,
told apart by what only the session knows (docs/flapping.md).

The board (`hardware/debounce.py`, or the Pico's twin) sees one switch at a time, and a slow flap's changes each pass
its debounce as a hand's would: it calls one only after seventeen changes in a row (16 s at a period of 2 s), because a
Politics (1952) candidate claiming county after county taps one state that often, nothing else on the board
changing. The session knows more: whether anything else on the board changed in between, and whether the game took
the changes for a move. A hand that changes one square again and again with the rest of the board still is making a
move the board takes (a tap is a claim, and the candidate waits for it to light before the next), or hovering and
putting back before it moves on, which the recognition fuzzer's quick hands do at most `LONE_CHANGES - 1` times in
a row. A switch that flaps alone does neither: its `LONE_CHANGES`-th change in a row, each within `LONE_GAP` of the
one before, with no other square changed and no move taken in between, is the first no hand explains, and the
square is distrusted at that change. It is trusted again once it has gone `QUIET` seconds without a change.

Pure and clock-free like the session: every reading carries its time, and `due` says when a square may next be
trusted again.
"""

from __future__ import annotations

from controller.games.squares import name, squares_of

LONE_CHANGES = 5
"""Changes of one square in a row, nothing else changing and no move taken in between, that no hand makes: the
recognition fuzzer's hands make at most four (two lift-and-put-backs of a piece they then leave, in Polis)."""
LONE_GAP = 1.2
"""Seconds within which a change must follow the one before to continue the run: a flap of a period up to 2 s
changes at least once a second (the board's own slow detector uses the same gap)."""
QUIET = 2.0
"""Seconds without a change before a distrusted square is trusted again (as the board's own detectors)."""


class LoneFlaps:
    """Feed it every board reading and every move the game takes; it keeps the squares it distrusts."""

    def __init__(self, changes: int = LONE_CHANGES, gap: float = LONE_GAP, quiet: float = QUIET) -> None:
        if changes < 2 or gap <= 0 or quiet <= 0:
            raise ValueError("a lone flap needs at least 2 changes, and a positive gap and quiet time")
        self.changes, self.gap, self.quiet = changes, gap, quiet
        self._occupancy: int | None = None
        self._square = -1  # the square of the run going on
        self._run = 0
        self._last = 0.0  # when the run's square last changed
        self._untrusted = 0
        self._changed_at: dict[int, float] = {}  # a distrusted square's last change

    @property
    def untrusted(self) -> int:
        return self._untrusted

    def reset(self, occupancy: int) -> None:
        """The board as read afresh (a link back): no run goes on across it."""
        self._occupancy = occupancy
        self._run = 0

    def understood(self) -> None:
        """The game took a move (from the board or elsewhere): the changes so far were hands."""
        self._run = 0

    def board(self, occupancy: int, t: float) -> int:
        """A reading of the board (debounced, as the board reports it); the squares it newly distrusts."""
        before, self._occupancy = self._occupancy, occupancy
        if before is None or occupancy == before:
            return 0
        changed = occupancy ^ before
        for square in squares_of(changed & self._untrusted):
            self._changed_at[square] = t
        changed &= ~self._untrusted  # a square already distrusted neither makes nor breaks another's run
        if not changed:
            return 0
        if changed & (changed - 1):  # more than one square: hands at work
            self._run = 0
            return 0
        square = changed.bit_length() - 1
        if square == self._square and self._run and t - self._last <= self.gap:
            self._run += 1
        else:
            self._square, self._run = square, 1
        self._last = t
        if self._run < self.changes:
            return 0
        self._untrusted |= changed
        self._changed_at[square] = t
        self._run = 0
        return changed

    def due(self) -> float | None:
        """When the next distrusted square may be trusted again (if it stays quiet until then)."""
        return min(self._changed_at.values()) + self.quiet if self._changed_at else None

    def tick(self, t: float) -> int:
        """The distrusted squares quiet for long enough trusted again; which ones."""
        regained = 0
        for square, at in list(self._changed_at.items()):
            if t >= at + self.quiet:  # the very sum `due` gives: a tick at that moment trusts it
                regained |= 1 << square
                del self._changed_at[square]
        self._untrusted &= ~regained
        return regained

    def clear(self) -> int:
        """Every square trusted again at once (flap detection turned off); which ones were not."""
        was, self._untrusted = self._untrusted, 0
        self._changed_at.clear()
        self._run = 0
        return was


def reason(before: int, after: int) -> str:
    """What the page says when the distrusted squares go from `before` to `after`."""
    if not after:
        return "every switch is trusted again"
    if newly := after & ~before:
        return f"switch flapping on {_names(newly)}: ignored until it is quiet"
    return f"still flapping: {_names(after)}"


def _names(mask: int) -> str:
    return ", ".join(name(s) for s in squares_of(mask))
