"""Which moves a seat has: placements, steps and beats, from precomputed per-square tables and bitmasks.

The tables leave out what can never be legal (a figure on a retirement square moving, a President stepping off
the playing field), so the generators only test occupancy.
"""

from __future__ import annotations

from functools import cache

from controller.games.moves import Move
from controller.games.politrics.board import LANDING, NEIGHBOUR, NONE, PLAYING, RETIREMENT, SQUARES
from controller.games.politrics.figures import BEATS, CIVIL_SERVANT, DELEGATE, MINISTER, PRESIDENT, STEPS, VOTER
from controller.games.politrics.layout import Layout
from controller.games.politrics.moves import Beat, Place, Shift
from controller.games.politrics.rules import Rules, Unplaceable
from controller.games.squares import squares_of

PLACES: tuple[tuple[Place, ...], ...] = tuple(tuple(Place(k, sq) for sq in range(SQUARES)) for k in range(5))


def _shifts(kind: int, sq: int) -> tuple[tuple[int, Shift], ...]:
    if RETIREMENT >> sq & 1:
        return ()
    out = []
    for d in STEPS[kind]:
        dst = NEIGHBOUR[sq][d]
        if dst != NONE and (kind != PRESIDENT or PLAYING >> dst & 1):
            out.append((1 << dst, Shift(kind, sq, dst)))
    return tuple(out)


def _beats(kind: int, sq: int) -> tuple[tuple[int, int, Beat], ...]:
    if RETIREMENT >> sq & 1:
        return ()
    return tuple(
        (1 << NEIGHBOUR[sq][d], 1 << LANDING[sq][d], Beat(kind, sq, LANDING[sq][d]))
        for d in BEATS[kind]
        if LANDING[sq][d] != NONE
    )


# shift_table()[kind][sq]: (destination bit, move); beat_table()[kind][sq]: (victim bit, landing bit, move). Made at
# their first use, not at import: some 1,700 moves that no turn needs while the line-ups are being placed (steps
# come after, and a beat needs a figure next to an enemy), so the board goes live without them.
@cache
def shift_table() -> tuple[tuple[tuple[tuple[int, Shift], ...], ...], ...]:
    return tuple(tuple(_shifts(k, sq) for sq in range(SQUARES)) for k in range(5))


@cache
def beat_table() -> tuple[tuple[tuple[tuple[int, int, Beat], ...], ...], ...]:
    return tuple(tuple(_beats(k, sq) for sq in range(SQUARES)) for k in range(5))


JUMPERS = (VOTER, MINISTER, DELEGATE)
WALKERS = (VOTER, MINISTER, DELEGATE)


def placement_squares(kind: int, lay: Layout, seat: int, rules: Rules) -> int:
    """Where `seat` may place a figure of `kind` (line-up counts aside)."""
    empty = lay.empty
    if kind == PRESIDENT:
        return empty & PLAYING & ~lay.aura_of(lay.civil_servants_blocking(seat, rules))
    if kind == CIVIL_SERVANT:
        return empty & ~lay.aura_of(lay.presidents_blocked_by(seat, rules))
    return empty


def president_steps(lay: Layout, seat: int, rules: Rules) -> list[Shift]:
    allowed = lay.empty & ~lay.aura_of(lay.civil_servants_blocking(seat, rules))
    table = shift_table()[PRESIDENT]
    return [m for sq in squares_of(lay.kinds[seat][PRESIDENT]) for b, m in table[sq] if allowed & b]


def figure_steps(lay: Layout, seat: int) -> list[Shift]:
    """Steps of every figure but the President."""
    empty = lay.empty
    kinds = lay.kinds[seat]
    table = shift_table()
    return [m for k in WALKERS for sq in squares_of(kinds[k]) for b, m in table[k][sq] if empty & b]


def beats(lay: Layout, seat: int, victims: int | None = None) -> list[Beat]:
    """Every beat of `seat`, or only those beating a figure on `victims`."""
    empty = lay.empty
    enemy = lay.occ[1 - seat] if victims is None else lay.occ[1 - seat] & victims
    kinds = lay.kinds[seat]
    if not enemy:
        return []  # no figure to beat (the first turns): the table need not even be made
    table = beat_table()
    return [
        m for k in JUMPERS for sq in squares_of(kinds[k]) for ob, lb, m in table[k][sq] if enemy & ob and empty & lb
    ]


def placements(lay: Layout, lineup: tuple[int, ...], seat: int, rules: Rules) -> list[Place]:
    out: list[Place] = []
    for kind in range(5):
        if lineup[kind]:
            table = PLACES[kind]
            out.extend(table[sq] for sq in squares_of(placement_squares(kind, lay, seat, rules)))
    return out


def moves(lay: Layout, lineup: tuple[int, ...], seat: int, rules: Rules) -> list[Move]:
    """The seat's placements (while its line-up is not empty) or steps (once it is), and its beats."""
    out: list[Move] = []
    if any(lineup):
        out.extend(placements(lay, lineup, seat, rules))
    else:
        out.extend(president_steps(lay, seat, rules))
        out.extend(figure_steps(lay, seat))
    out.extend(beats(lay, seat))
    return out


def can_act(lay: Layout, lineup: tuple[int, ...], seat: int, rules: Rules) -> bool:
    """False when `seat` is immobilized: it has no move but President steps (unless those count), or its President
    is still in the line-up with nowhere to go (unless the rules let him wait)."""
    if lineup[PRESIDENT]:
        president_fits = bool(placement_squares(PRESIDENT, lay, seat, rules))
        if not president_fits and rules.unplaceable_president is Unplaceable.IMMOBILIZES:
            return False
        if president_fits:
            return True
    if any(lineup):
        if lay.empty and (lineup[VOTER] or lineup[MINISTER] or lineup[DELEGATE]):
            return True
        if lineup[CIVIL_SERVANT] and placement_squares(CIVIL_SERVANT, lay, seat, rules):
            return True
    elif figure_steps(lay, seat) or (rules.president_moves_count and president_steps(lay, seat, rules)):
        return True
    return bool(beats(lay, seat))
