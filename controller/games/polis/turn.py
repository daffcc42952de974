"""Resolving one Polis step: the hops, the stuns, the captures, the win (docs/rules/polis.md).

This is the hot path: every legal-move listing resolves every candidate step in full, because whether a step is
legal depends on what the hops and captures do to the mover. Positions are plain bitboards per seat.
"""

from __future__ import annotations

from typing import NamedTuple

from controller.games.polis.board import (
    AXES,
    GOAL_RANK,
    HOP_LINES,
    NEIGHBOUR,
    NEIGHBOUR_MASK,
    RANK_MASKS,
    SQUARES,
    flanked,
)
from controller.games.polis.rules import Rules

_NOT_STUNNED = (False, False)
_GOAL = tuple(RANK_MASKS[r] for r in GOAL_RANK)

# Per square, one mask per line through it holding the two squares on either side (lines cut by the edge left out):
# a piece is flanked along a line when both squares of one mask hold flankers.
_PAIRS = tuple(
    tuple(
        (1 << NEIGHBOUR[s][a]) | (1 << NEIGHBOUR[s][b])
        for a, b in AXES
        if NEIGHBOUR[s][a] >= 0 and NEIGHBOUR[s][b] >= 0
    )
    for s in range(SQUARES)
)


def is_flanked(sq: int, flankers: int) -> bool:
    for pair in _PAIRS[sq]:  # noqa: SIM110 - a plain loop is twice as fast as any() over a generator here
        if flankers & pair == pair:
            return True
    return False


def stun_flankers(dogs: tuple[int, int], chariots: tuple[int, int], both: bool) -> tuple[int, int]:
    """Per seat, the pieces that flank the OTHER seat's chariot for stunning.

    A stunned chariot flanks nothing, and whether the enemy chariot is stunned may hang on this chariot in turn.
    The cycle only closes when each chariot needs the other to be flanked; `both` (the default ruling) then
    stuns both, otherwise neither. A chariot flanked by dogs alone is stunned whatever the other does.
    """
    b0, b1 = 1 << chariots[0], 1 << chariots[1]
    d0, d1 = dogs
    by_dogs0 = is_flanked(chariots[0], d1)
    by_dogs1 = is_flanked(chariots[1], d0)
    if both:
        lame0, lame1 = by_dogs0, by_dogs1
    else:
        lame0 = by_dogs0 or is_flanked(chariots[0], d1 | b1)
        lame1 = by_dogs1 or is_flanked(chariots[1], d0 | b0)
    return (d0 if lame0 else d0 | b0), (d1 if lame1 else d1 | b1)


def stuns(dogs: tuple[int, int], chariots: tuple[int, int], both: bool) -> tuple[bool, bool]:
    """Which chariots are stunned on this board."""
    # Nearly always a chariot has fewer than two enemies around it; that is cheap to see and settles it.
    b0, b1 = 1 << chariots[0], 1 << chariots[1]
    near0 = NEIGHBOUR_MASK[chariots[0]] & (dogs[1] | b1)
    near1 = NEIGHBOUR_MASK[chariots[1]] & (dogs[0] | b0)
    if not near0 & (near0 - 1) and not near1 & (near1 - 1):
        return _NOT_STUNNED
    f0, f1 = stun_flankers(dogs, chariots, both)
    return is_flanked(chariots[0], f1), is_flanked(chariots[1], f0)


class Turn(NamedTuple):
    """Everything one step does. Squares are 0..63; `hops` are (from, to) pairs; `captured` a bitboard of the
    squares the captured dogs stood on after the hops. The `hopped_*` fields are the board after the hops, kept for
    explanations. `legal` is False when the mover itself is captured or stunned."""

    src: int
    dst: int
    seat: int
    chariot: bool
    hops: tuple[tuple[int, int], ...]
    hopped_dogs: tuple[int, int]
    hopped_chariots: tuple[int, int]
    hopped_stunned: tuple[bool, bool]
    captured: int
    dogs: tuple[int, int]
    chariots: tuple[int, int]
    stunned: tuple[bool, bool]
    winner: int | None
    legal: bool


def _winner(rules: Rules, me: int, cm: int, co: int, stepped_to: int | None) -> int | None:
    """Whose chariot stands on its goal rank after the hops (`cm` the mover's, `co` the other's), or, without
    `win_by_hop`, whether the mover's chariot stepped onto its goal itself (`stepped_to`: where, if it moved)."""
    if not rules.win_by_hop:
        return me if stepped_to is not None and _GOAL[me] >> stepped_to & 1 else None
    if _GOAL[me] >> cm & 1:
        return me
    if _GOAL[1 - me] >> co & 1:
        return 1 - me
    return None


def _stunned_for_hops(
    rules: Rules, stunned: tuple[bool, bool], me: int, dogs: tuple[int, int], chariots: tuple[int, int]
) -> tuple[bool, bool]:
    """Which chariots (the mover's, the other's) the hops find stunned: as the board stands after the step
    (`dogs`, `chariots`: the mover's first) with the hop_stun option 'current', else as the last turn left them."""
    if rules.hop_stun_current:
        return stuns(dogs, chariots, rules.mutual_stun_both)
    return stunned[me], stunned[1 - me]


def resolve(
    dogs: tuple[int, int],
    chariots: tuple[int, int],
    stunned: tuple[bool, bool],
    seat: int,
    src: int,
    dst: int,
    rules: Rules,
) -> Turn:
    """The turn where `seat` moves its piece on `src` to the empty square `dst` (both checked by the caller)."""
    me, op = seat, 1 - seat
    dm, do = dogs[me], dogs[op]
    cm, co = chariots[me], chariots[op]
    chariot = src == cm
    if chariot:
        cm = dst
    else:
        dm ^= (1 << src) | (1 << dst)
    bcm, bco = 1 << cm, 1 << co
    opp = do | bco
    occ = dm | bcm | opp

    still_me, still_op = _stunned_for_hops(rules, stunned, me, (dm, do), (cm, co))
    frozen = (bcm if still_me else 0) | (bco if still_op else 0)
    defenders = opp if rules.stunned_chariot_defends or not still_op else do

    # Hops are judged on the board before any hop (occ, opp stay as they are) and carried out as found.
    hops: list[tuple[int, int]] = []
    for n, nb, t, tb, bb in HOP_LINES[dst]:
        if not occ & nb or occ & tb or frozen & nb:
            continue
        if opp & nb:
            if defenders & bb:
                continue
            if do & nb:
                do ^= nb | tb
            else:
                co = t
        elif dm & nb:
            dm ^= nb | tb
        else:
            cm = t
        hops.append((n, t))

    hd = (dm, do) if me == 0 else (do, dm)
    hc = (cm, co) if me == 0 else (co, cm)
    hs = stuns(hd, hc, rules.mutual_stun_both)

    winner = _winner(rules, me, cm, co, dst if chariot else None)
    if winner is not None:
        # The game ends the moment a chariot arrives: no captures are worked out after that.
        legal = not (chariot and hs[me]) or (rules.stunned_arrival_wins and winner == me)
        return Turn(src, dst, seat, chariot, tuple(hops), hd, hc, hs, 0, hd, hc, hs, winner, legal)

    f0 = hd[0] if hs[0] else hd[0] | (1 << hc[0])
    f1 = hd[1] if hs[1] else hd[1] | (1 << hc[1])
    cap0 = hd[0] & flanked(f1)
    cap1 = hd[1] & flanked(f0)
    fd = (hd[0] ^ cap0, hd[1] ^ cap1)
    fs = stuns(fd, hc, rules.mutual_stun_both) if cap0 | cap1 else hs
    legal = not fs[me] if chariot else not ((cap0, cap1)[me] >> dst & 1)
    return Turn(src, dst, seat, chariot, tuple(hops), hd, hc, hs, cap0 | cap1, fd, hc, fs, None, legal)
