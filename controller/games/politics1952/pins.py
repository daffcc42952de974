"""The pins of one state: who stands on which county line, in which order, and who leads.

A state's pins are a tuple with one entry per county line, west to east, and one more for the capital. Each entry
lists the seats whose pin stands on that line, north to south: the order of priority. A seat's pin stands on one
line only, so its line tells how many counties it has captured there (line k, 0-based: k + 1 counties; the capital:
all of them and the State won outright).
"""

from __future__ import annotations

from collections.abc import Iterable

Lines = tuple[tuple[int, ...], ...]


def empty(lines: int) -> Lines:
    """A state with `lines` county lines and no pin yet."""
    return ((),) * (lines + 1)


def line_of(pins: Lines, seat: int) -> int:
    """The 0-based line holding `seat`'s pin (the capital is the last one), -1 when it has none here."""
    for k, seats in enumerate(pins):
        if seat in seats:
            return k
    return -1


def counties(pins: Lines, seat: int) -> int:
    """Counties `seat` has captured here (taking the capital counts as one more)."""
    return line_of(pins, seat) + 1


def capital(pins: Lines) -> int | None:
    """The seat holding the capital, which locks the state; None while it is free."""
    return pins[-1][0] if pins[-1] else None


def is_locked(pins: Lines) -> bool:
    return bool(pins[-1])


def leader(pins: Lines) -> int | None:
    """Who controls the state: the pin furthest east, and on a tie the northernmost pin of that line.

    The capital is the easternmost "line", so its holder leads whatever the others have.
    """
    for seats in reversed(pins):
        if seats:
            return seats[0]
    return None


def has_pin(pins: Lines) -> bool:
    return any(pins)


def claim(pins: Lines, seat: int) -> Lines | None:
    """`seat` captures one more county: its pin moves one line east (the first one enters the westernmost line,
    one past the easternmost takes the capital) and goes to the south end of the pins already there.

    None when nothing can be captured: the capital is taken (by anyone: the state is locked).
    """
    if pins[-1]:
        return None
    k = line_of(pins, seat)
    out = list(pins)
    if k >= 0:
        out[k] = tuple(s for s in pins[k] if s != seat)
    out[k + 1] = (*pins[k + 1], seat)
    return tuple(out)


def without(pins: Lines, seats: Iterable[int]) -> Lines:
    """The state after the pins of `seats` are taken off the board; the others keep their order."""
    gone = frozenset(seats)
    return tuple(tuple(s for s in line if s not in gone) for line in pins)
