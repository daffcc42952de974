"""The end of a turn: Chiefs walled in, Chiefs freed, and who plays which party after that.

A walled-in Chief dies (turned over where it stands) and every party its player played becomes a vassal. With the
comeback rule it is turned over but kept: its parties are vassals `held` for it, and when a later move opens its wall
it is turned back and its player plays them again. With the 'first' vassals rule the first Chief in power takes the
vassals for good; a Chief whose parties are so taken is dead for good too.
"""

from __future__ import annotations

from controller.games.djambi.board import CHIEF_CODES, CORPSE, PARTIES, PARTY_OF
from controller.games.djambi.order import VASSAL, power_party
from controller.games.djambi.rules import Rules, Vassals
from controller.games.djambi.walls import flips

N = len(PARTIES)
NOBODY = -1  # held[party]: no walled-in Chief waits for it


def sleeping(held: tuple[int, ...] | list[int]) -> frozenset[int]:
    """The parties whose Chief is walled in but kept on the board (comeback rule)."""
    return frozenset(p for p, h in enumerate(held) if h == p)


def settle(board: bytearray, control: list[int], held: list[int], rules: Rules) -> bool:
    """Carry out on `board`, `control` and `held` what the end of a turn brings; True when a Chief was walled in,
    freed or lost for good (the quiet-turn count starts again)."""
    asleep = sleeping(held)
    walls, freed = flips(board, rules.walled_in, asleep)
    for sq in freed:
        owner = PARTY_OF[board[sq]]
        for q in range(N):
            if held[q] == owner:
                held[q], control[q] = NOBODY, owner
    power = power_party(bytes(board))
    taken = rules.vassals is Vassals.FIRST and power is not None
    for sq in walls:
        lost = PARTY_OF[board[sq]]
        kept = rules.comeback and not taken
        for q in range(N):
            if control[q] == lost:
                control[q], held[q] = VASSAL, lost if kept else NOBODY
        if not kept:
            board[sq] = CORPSE
    lost_for_good = False
    if rules.vassals is Vassals.FIRST and power is not None:
        for p in asleep:
            if held[p] == p:  # still walled in: its Chief dies as the Chief in power takes its parties
                board[board.index(CHIEF_CODES[p])] = CORPSE
                lost_for_good = True
        for q in range(N):
            if control[q] == VASSAL:
                control[q], held[q] = power, NOBODY
    return bool(walls or freed or lost_for_good)


def inherit(control: list[int], held: list[int], victim: int, seat: int) -> None:
    """A direct kill of `victim`'s Chief: the killer's player takes every party the victim's player played or, its
    Chief walled in, held."""
    for q in range(N):
        if control[q] == victim or held[q] == victim:
            control[q], held[q] = seat, NOBODY
