"""Illegal moves a player may physically try, each with its reason and the squares that explain it, so the board can
say why instead of showing a bare mismatch (State.near_misses; the recognizer indexes them next to the legal moves).

Which ones: a Militant carried three squares or more, a piece other than a Chief set down in the empty Maze, a piece
carried over another, a Militant set on the Chief in power, and a piece set on its own player's Chief.

A near miss must never look like the middle of a legal act, or the board would object while a player is still
busy. So the two kills are caught at the moment the killer stands on the victim's square with the victim in hand
(the killer's origin empty, the victim's square touched): no legal act passes through that picture except one rare
order of an own Chief killing its own piece next to it. The acts in the Maze left there are not near misses: the
actor standing in the Maze is exactly the middle of the legal act, before it leaves. For the same reason a Diplomat
or Necromobile that can act in the Maze gets no near misses: with the actor in the Maze and its load set down on
any square, the board looks like that piece carried there over others.
"""

from __future__ import annotations

from collections.abc import Callable

from controller.games.djambi.board import (
    ASSASSIN,
    CHIEF,
    CHIEF_CODES,
    DIPLOMAT,
    EMPTY,
    KIND_OF,
    KINDS,
    MAZE,
    MILITANT,
    NAMES,
    NECROMOBILE,
    PARTY_OF,
    PIECE_OF,
    RAYS,
)
from controller.games.djambi.effects import step
from controller.games.djambi.moves import Go
from controller.games.djambi.order import power_party
from controller.games.djambi.position import Position
from controller.games.djambi.text import piece_name
from controller.games.moves import Move
from controller.games.physical import Effect, NearMiss, Step
from controller.values import dataclass

THROUGH = "no piece jumps over another: {} in the way"
TOO_FAR = "a Militant moves one or two squares"
MAZE_ONLY_CHIEF = "only a Chief may stay in the Maze; the other pieces only pass through it while it is empty"
POWER = "a Militant may not kill the Chief in power"
OWN_CHIEF = "nobody kills their own Chief"


@dataclass(frozen=True, slots=True)
class Attempt(Move):
    """A kill begun that the rules forbid: the killer set on the victim's square, the victim still in hand."""

    kind: int
    src: int
    dst: int

    def __str__(self) -> str:
        return f"{KINDS[self.kind]}{NAMES[self.src]}x{NAMES[self.dst]}"


def _in_the_way(board: bytes, squares: list[int]) -> str:
    names = ", ".join(f"{piece_name(board[s])} on {NAMES[s]}" for s in squares)
    return f"{names} {'stands' if len(squares) == 1 else 'stand'}"


def near_misses(state: Position) -> tuple[NearMiss, ...]:
    seat = state.to_move
    if seat is None or state.offer >= 0:
        return ()
    board, party = state.board, state.turn
    own_chief = CHIEF_CODES[seat]
    asleep = state.asleep()
    power = power_party(board)
    # The Chief in power, when a Militant of this party could otherwise kill it (not asleep, not its own Chief).
    power_chief = board[MAZE] if power is not None and power not in asleep and board[MAZE] != own_chief else -1
    out: list[NearMiss] = []
    add = out.append
    for src, code in enumerate(board):
        if PARTY_OF[code] != party:
            continue
        kind = KIND_OF[code]
        if kind in (DIPLOMAT, NECROMOBILE) and board[MAZE] != EMPTY and _reaches_maze(board, src):
            continue
        for ray in RAYS[src]:
            _along(board, code, kind, src, ray, own_chief, power_chief, add)
    return tuple(out)


def _along(
    board: bytes,
    code: int,
    kind: int,
    src: int,
    ray: tuple[int, ...],
    own_chief: int,
    power_chief: int,
    add: Callable[[NearMiss], None],
) -> None:
    """The near misses of the piece on `src` along one straight line out of it."""
    blockers: list[int] = []
    for i, dst in enumerate(ray):
        t = board[dst]
        if t != EMPTY:
            if not blockers and kind in (MILITANT, ASSASSIN) and (kind == ASSASSIN or i < 2):
                # The first piece in reach: a kill the rules forbid?
                reason = OWN_CHIEF if t == own_chief else POWER if t == power_chief and kind == MILITANT else ""
                if reason:
                    add(_attempt(code, kind, src, dst, t, reason))
            blockers.append(dst)
            if kind == MILITANT and i >= 1:
                break
            continue
        if blockers:
            if dst != MAZE or kind == CHIEF:
                reason = THROUGH.format(_in_the_way(board, blockers))
                add(_go(code, kind, src, dst, reason, frozenset(blockers)))
            if kind == MILITANT:
                break
            continue
        if dst == MAZE:
            if kind != CHIEF:
                add(_go(code, kind, src, dst, MAZE_ONLY_CHIEF, frozenset((MAZE,))))
            continue
        if kind == MILITANT and i >= 2:
            add(_go(code, kind, src, dst, TOO_FAR, frozenset(ray[:2])))


def _reaches_maze(board: bytes, src: int) -> bool:
    """Is the Maze the first piece on one of the lines from `src`?"""
    for ray in RAYS[src]:
        for sq in ray:
            if board[sq] != EMPTY:
                if sq == MAZE:
                    return True
                break
    return False


def _attempt(code: int, kind: int, src: int, dst: int, victim_code: int, reason: str) -> NearMiss:
    """A kill caught with the killer on the victim's square and the victim in hand (see the module's text)."""
    victim = PIECE_OF[victim_code]
    assert victim is not None
    effect = Effect((step(code, src, dst), Step(victim, dst, None)))
    return NearMiss(Attempt(kind, src, dst), effect, reason, frozenset((dst,)))


def _go(code: int, kind: int, src: int, dst: int, reason: str, squares: frozenset[int]) -> NearMiss:
    return NearMiss(Go(kind, src, dst), Effect((step(code, src, dst),)), reason, squares)
