"""Chiefs an enemy takes with two moves of its own before the Chief's party moves again, as the Djambi computer
counts them.

A Chief moves only on its own party's turn, and some players move twice before it does: the Chief in power plays after
every other party's turn, and a player who inherited a party plays its turn too. In arena games against greedy
players the search lost its Chief this way more often than to any other single move: a Militant of the party in power
killed the Reporter beside the Chief and then the Chief, on the power's two extra turns; a Diplomat set the Chief down
beside a Militant that its player moved next with the other party it plays. The search, one turn deep at its leaves,
saw none of it coming until the first of the two moves was made, too late to flee.

- `twice`: whether `player` can take the Chief on `chief` with two of its turns in `window`: a killer of a party
  with two turns there steps (or kills its way) onto one of the Chief's lines, or the player's Diplomat moves the
  Chief and a later turn of the same player strikes it wherever it was put.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from controller.games.djambi.board import (
    ASSASSIN,
    CHIEF,
    DIPLOMAT,
    EMPTY,
    KIND_OF,
    MAZE,
    MAZE_BIT,
    MILITANT,
    ORTHOGONAL,
    PARTY_OF,
    RAYS,
    REPORTER,
    code,
)

MILITANT_REACH = 2  # a Militant moves (and kills) one or two squares
# The pieces of the party in power that strike by two moves: not its Chief, whose leaving the Maze ends the extra turns.
KILLERS = (ASSASSIN, MILITANT, REPORTER)


def _lines(board: bytes, square: int, reach: int = 0) -> tuple[int, int]:
    """Along the eight lines from `square` (the first `reach` squares only, when given): the empty squares up to the
    first piece, and the first pieces that are alive (a corpse can be neither killed nor acted on)."""
    empty = living = 0
    for ray in RAYS[square]:
        for sq in ray[:reach] if reach else ray:
            b = board[sq]
            if b == EMPTY:
                empty |= 1 << sq
                continue
            if b >= 2:
                living |= 1 << sq
            break
    return empty, living


class _Strikes:
    """The squares from which a piece strikes the Chief on `chief` by its next move, per kind, each worked out once
    when first asked."""

    def __init__(self, board: bytes, chief: int) -> None:
        self._board, self._chief = board, chief
        self._found: dict[int, int] = {}

    def of(self, kind: int) -> int:
        found = self._found.get(kind)
        if found is None:
            found = self._found[kind] = self._work_out(kind)
        return found

    def _work_out(self, kind: int) -> int:
        board, chief = self._board, self._chief
        if kind in (CHIEF, ASSASSIN):
            lines, firsts = _lines(board, chief)  # a killer of a first piece stands on the line once it is dead
            return lines | firsts if kind == CHIEF else (lines & ~MAZE_BIT) | firsts
        if kind == MILITANT:  # no Militant kills the Chief in power
            near, firsts = _lines(board, chief, MILITANT_REACH)
            return 0 if chief == MAZE else near | firsts
        beside = 0  # a Reporter: the squares from which it steps beside the Chief
        for n in ORTHOGONAL[chief]:
            if board[n] == EMPTY and n != MAZE:
                beside |= _lines(board, n)[0]
        return beside & ~MAZE_BIT


def _destinations(board: bytes, square: int, kind: int) -> int:
    """Where a piece of the party in power, of `kind` (not the Chief) on `square`, can be after one move: a kill
    lands on its victim's square; never the Maze, which holds its own player's Chief."""
    empty, living = _lines(board, square, MILITANT_REACH if kind == MILITANT else 0)
    if kind == REPORTER:
        living = 0  # it steps onto empty squares only
    return (empty | living) & ~MAZE_BIT


def movers(board: bytes, chief: int, power: int | None) -> list[tuple[int, bool]]:
    """The parties that could take the Chief on `chief` by two moves of their own, the board as it is, whatever the
    turns: (party, True) for a Diplomat among the first pieces on the Chief's lines, (party, False) for the party in
    power (`power`: the only party with two turns in a row of the others) with a killer one move from striking."""
    found: list[tuple[int, bool]] = []
    _, firsts = _lines(board, chief)
    while firsts:
        low = firsts & -firsts
        firsts ^= low
        byte = board[low.bit_length() - 1]
        if KIND_OF[byte] == DIPLOMAT:
            found.append((PARTY_OF[byte], True))
    if power is not None and PARTY_OF[board[chief]] != power:
        strikes = _Strikes(board, chief)
        for kind in KILLERS:
            byte = code(power, kind)
            sq = board.find(byte)
            while sq >= 0:
                if _destinations(board, sq, kind) & strikes.of(kind):
                    found.append((power, False))
                    return found
                sq = board.find(byte, sq + 1)
    return found


def twice(window: Sequence[int], party: int, by_diplomat: bool, play: Callable[[int], int | None]) -> bool:
    """Does the player of `party` get the two turns the move of `movers` needs in `window` (the parties that move
    before the Chief's party, in order; `play` says who plays a party): the Diplomat's party's turn and a later turn
    of the same player, or two turns of the party in power?"""
    if party not in window:
        return False
    first = window.index(party)
    if not by_diplomat:
        return party in window[first + 1 :]
    player = play(party)
    return any(play(p) == player for p in window[first + 1 :])
