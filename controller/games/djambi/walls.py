"""Walled-in Chiefs: when a Chief outside the Maze can no longer get anywhere, it dies at once.

Spread from the Chief one step at a time (8 directions) through empty squares and its own party's living pieces: the
Chief lives on while that region touches another party's living piece or contains the empty Maze. Rule
'no_necromobile' (the default): or while any Necromobile lives on the board, since one could still open the wall.
Rule 'region': or while a Necromobile of its party is inside the region. Rule 'corpses': it dies when every
neighbouring square holds a corpse.

Checking this after each of thousands of candidate moves must be cheap, so the search returns a certificate: the
squares of one way out (the path and the piece or square it reaches). A move that changes none of them cannot wall
that Chief in, and only the rare moves that touch a certificate pay for a new search.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from controller.games.djambi.board import (
    CHIEF_CODES,
    CODES,
    CORPSE,
    EMPTY,
    FULL,
    KIND_OF,
    MAZE,
    MAZE_BIT,
    NECROMOBILE,
    NEIGHBOUR_MASK,
    NEIGHBOURS,
    PARTIES,
    PARTY_OF,
    dilate,
)
from controller.games.djambi.rules import WalledIn
from controller.games.squares import lowest, mask


def _table(keep: Iterable[int]) -> bytes:
    """A bytes.translate table that turns a board into '1' where the byte is in `keep`, '0' elsewhere."""
    wanted = set(keep)
    return bytes(ord("1") if c in wanted else ord("0") for c in range(256))


_EMPTY = _table([EMPTY])
_LIVING = _table(CODES)
_OWN = tuple(_table(c for c in CODES if PARTY_OF[c] == p) for p in range(len(PARTIES)))
_NECRO = tuple(_table(c for c in CODES if PARTY_OF[c] == p and KIND_OF[c] == NECROMOBILE) for p in range(len(PARTIES)))
_ANY_NECRO = _table(c for c in CODES if KIND_OF[c] == NECROMOBILE)


def _bits(board: bytes | bytearray, table: bytes) -> int:
    """The squares whose byte the table marks, as a bitboard (C-speed: translate, reverse, read in base 2)."""
    return int(board.translate(table)[::-1], 2)


def escape(board: bytes | bytearray, square: int, mode: WalledIn) -> int | None:
    """A certificate that the Chief on `square` is not walled in (a mask of squares), or None when it is."""
    if mode is WalledIn.NEVER:
        return 0
    if mode is WalledIn.CORPSES:
        for n in NEIGHBOURS[square]:
            if board[n] != CORPSE:
                return 1 << n
        return None
    cert = _region_escape(board, square)
    if cert is None and mode is WalledIn.NO_NECROMOBILE:
        # Any Necromobile could still carry a corpse of the wall away: the Chief lives while that one does.
        necros = _bits(board, _ANY_NECRO)
        if necros:
            return necros & -necros
    return cert


def _region_escape(board: bytes | bytearray, square: int) -> int | None:
    return way_out(square, *region_bounds(board, PARTY_OF[board[square]]))


def way_out(square: int, goals: int, passable: int) -> int | None:
    """The squares of one shortest way from `square` through `passable` to a square of `goals`, that square
    included (a mask), or None when there is none."""
    layer = visited = 1 << square
    layers = [layer]
    while layer:
        around = dilate(layer) & ~visited
        hit = around & goals
        if hit:
            sq = lowest(hit)
            cert = 1 << sq
            for earlier in reversed(layers):
                sq = lowest(NEIGHBOUR_MASK[sq] & earlier)
                cert |= 1 << sq
            return cert
        visited |= around
        layer = around & passable
        layers.append(layer)
    return None


def wall(board: bytes | bytearray, square: int, mode: WalledIn) -> int:
    """For a walled-in Chief: the squares its fate depends on, the region it reaches and the wall around it. Only a
    move that changes one of them can open the wall (no Necromobile ever comes back to the board)."""
    if mode is WalledIn.CORPSES:
        return NEIGHBOUR_MASK[square] | 1 << square
    _, passable = region_bounds(board, PARTY_OF[board[square]])
    region = 1 << square
    while True:
        grown = region | (dilate(region) & passable)
        if grown == region:
            return dilate(region)
        region = grown


def chief_squares(board: bytes | bytearray) -> list[int]:
    return [board.index(c) for c in CHIEF_CODES if c in board]


def flips(board: bytes | bytearray, mode: WalledIn, sleeping: Collection[int] = ()) -> tuple[list[int], list[int]]:
    """(the squares of the Chiefs walled in on this board, those of the `sleeping` parties' Chiefs, walled in before
    and kept on the board by the comeback rule, whose wall is open again).

    Nobody is walled in once at most one Chief is still in the game (the game is over). Chiefs walled in by one move
    go together; one walled in never shuts another in, since a Chief whose only way out led to it would itself be
    in reach of that Chief, which then would not be walled in."""
    if mode is WalledIn.NEVER:
        return [], []
    chiefs = [(sq, PARTY_OF[board[sq]]) for sq in chief_squares(board)]
    freed = [sq for sq, p in chiefs if p in sleeping and (sq == MAZE or escape(board, sq, mode) is not None)]
    awake = [sq for sq, p in chiefs if p not in sleeping or sq in freed]
    if len(awake) <= 1:
        return [], freed
    return [sq for sq in awake if sq != MAZE and sq not in freed and escape(board, sq, mode) is None], freed


def walled(board: bytes | bytearray, mode: WalledIn) -> list[int]:
    """The squares of the Chiefs walled in on this board, none of them walled in before."""
    return flips(board, mode)[0]


def region_bounds(board: bytes | bytearray, party: int) -> tuple[int, int]:
    """The region search of `party`'s Chief, as bitboards: the squares that end it (another party's living piece,
    the empty Maze, an own Necromobile, which could carry corpses away) and those it spreads through (empty squares
    and the party's own pieces)."""
    empty = _bits(board, _EMPTY)
    own = _bits(board, _OWN[party])
    goals = (_bits(board, _LIVING) & ~own) | (empty & MAZE_BIT) | _bits(board, _NECRO[party])
    return goals, empty | own


def open_squares(board: bytes | bytearray, party: int) -> int:
    """The passable squares from which `party`'s Chief, put there, would not be walled in (rule 'region')."""
    goals, passable = region_bounds(board, party)
    region = dilate(goals & ~passable) & passable | (goals & passable)
    while True:
        grown = region | (dilate(region) & passable)
        if grown == region:
            return region
        region = grown


class WallWatch:
    """Per position: each living Chief's square with its certificate, to answer 'whose fate could this move change?'.

    An awake Chief's certificate is its way out; a sleeping one's (walled in, kept by the comeback rule) is its wall.
    """

    __slots__ = ("union", "watch")

    def __init__(self, board: bytes | bytearray, mode: WalledIn, sleeping: Collection[int] = ()) -> None:
        watch: list[tuple[int, int]] = []
        if mode is not WalledIn.NEVER:
            for sq in chief_squares(board):
                if sq == MAZE:
                    watch.append((sq, 1 << sq))  # exempt for as long as it stays in the Maze
                    continue
                cert = escape(board, sq, mode)
                if PARTY_OF[board[sq]] in sleeping:
                    watch.append((sq, wall(board, sq, mode) if cert is None else FULL))
                else:
                    watch.append((sq, FULL if cert is None else cert | (1 << sq)))
        self.watch = tuple(watch)
        self.union = 0
        for _, cert in watch:
            self.union |= cert

    def hits(self, changed: int) -> list[int]:
        """The squares of the Chiefs whose way out a move changing the `changed` squares touches."""
        if not changed & self.union:
            return []
        return [sq for sq, cert in self.watch if changed & cert]


class PlacementWatch:
    """For the moves that differ only in where the displaced piece goes (`place`): whose way out each placement
    touches. `base` is the board after such a move with the placement square left empty.

    A corpse put on a square outside every Chief's certificate changes no way out. A living piece put there cannot
    shut anyone in either, except a Chief moved by a Diplomat: that one lives where it lands if the square is open.
    """

    __slots__ = ("chief_party", "open", "safe", "slow", "watch")

    def __init__(self, base: bytes | bytearray, mode: WalledIn, displaced: int, sleeping: Collection[int] = ()) -> None:
        self.watch = WallWatch(base, mode, sleeping)
        self.chief_party = PARTY_OF[displaced] if displaced in CHIEF_CODES else -1
        # A Chief already walled in on the base board, or a walled-in Chief moved: leave every placement to the full
        # search.
        self.slow = any(cert == FULL for _, cert in self.watch.watch) or self.chief_party in sleeping
        self.open = FULL
        if self.chief_party >= 0:
            if mode is WalledIn.REGION or (mode is WalledIn.NO_NECROMOBILE and not _bits(base, _ANY_NECRO)):
                self.open = open_squares(base, self.chief_party)
            elif mode is WalledIn.CORPSES:
                self.open = mask(p for p in range(len(base)) if any(base[n] != CORPSE for n in NEIGHBOURS[p]))
        # Placements that touch no way out and leave a moved Chief in the open: nobody is walled in.
        self.safe = 0 if self.slow else self.open & ~self.watch.union

    def hits(self, place: int) -> list[int] | None:
        """The Chiefs whose way out putting the displaced piece on `place` touches; None: search the whole board."""
        if self.slow or not (self.open >> place) & 1:
            return None
        return self.watch.hits(1 << place)
