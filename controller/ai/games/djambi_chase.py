"""How many moves each player's killers need to take an enemy Chief, as the Djambi computer weighs a hunt.

A lone Chief is seldom caught by a player who only looks a move or two ahead: once no kill is in sight, every quiet
move looks alike to the evaluation, so a player far ahead wanders until the quiet-turn draw (R19) shares the game
out. A Chief is taken by a killer that first comes within reach of it (onto one of its free lines, within a
Militant's two squares, or a line from a square beside it for a Reporter) and then strikes; a player who moves
several times a round (its Chief in the Maze, or several parties) does both before the hunted Chief moves. Counting
the moves the nearest killer still needs gives the hunt a slope to climb.

- `strikes`: per player, the fewest of its own moves in which one of its killers (Assassin, Militant, Reporter)
  kills an enemy Chief on the board as it is (the other pieces standing still), up to `HORIZON`. Not the Chiefs:
  a Chief on another Chief's line is as much in its reach, and two Chiefs two moves apart counted as a hunt for both
  sides alike (a Chief's own two-move kills are in the move ordering, djambi_threats).
"""

from __future__ import annotations

from controller.games.djambi.board import (
    ASSASSIN,
    CHIEF,
    CHIEF_CODES,
    EMPTY,
    KIND_OF,
    MAZE,
    MILITANT,
    ORTHOGONAL,
    PARTY_OF,
    RAYS,
    REPORTER,
    SHORT_RAYS,
)
from controller.games.djambi.order import VASSAL, controller

HORIZON = 3  # moves looked at: a kill further off counts as none (HORIZON + 1)
MILITANT_REACH = 2
KILLERS = (ASSASSIN, MILITANT, REPORTER)  # the hunters


def _lines(board: bytes, square: int, near: bool) -> int:
    """The empty squares on the eight lines from `square` up to the first piece (`near`: two squares at most)."""
    found = 0
    for ray in RAYS[square]:
        for distance, sq in enumerate(ray):
            if board[sq] != EMPTY or (near and distance >= MILITANT_REACH):
                break
            found |= 1 << sq
    return found


def _targets(board: bytes, chief: int) -> tuple[int, int, int]:
    """The squares from which a piece kills the Chief on `chief` by its next move: a Chief or Assassin (its free
    lines), a Militant (two squares of them; none in the Maze), a Reporter (a free line to an empty square beside
    it, the Maze not one)."""
    lines = _lines(board, chief, False)
    near = 0 if chief == MAZE else _lines(board, chief, True) & ~(1 << MAZE)
    reporter = 0
    for beside in ORTHOGONAL[chief]:
        if beside != MAZE and board[beside] == EMPTY:
            reporter |= _lines(board, beside, False)
    return lines, near, reporter & ~(1 << MAZE)


def _strikes_onto(kind: int, chief: int) -> bool:
    """Does a piece of `kind` kill a Chief on `chief` by moving onto it? (A Reporter kills from beside; a Militant
    never kills the Chief in power.)"""
    return kind != REPORTER and not (kind == MILITANT and chief == MAZE)


def _moves_to_kill(board: bytes, src: int, kind: int, chiefs: int, beside: int, target: int) -> int:
    """The fewest moves in which the piece of `kind` on `src` kills one of the Chiefs on `chiefs` (a mask) with
    every other piece standing still, or HORIZON + 1. `beside`: the empty squares from which a Reporter kills one;
    `target`: the squares from which this piece kills one by its next move."""
    rays = SHORT_RAYS if kind == MILITANT else RAYS
    seen = 1 << src
    frontier = [src]
    for step in range(1, HORIZON + 1):
        reached = 0
        nxt: list[int] = []
        for at in frontier:
            for ray in rays[at]:
                for sq in ray:
                    b = EMPTY if sq == src else board[sq]
                    if b != EMPTY:
                        if step == 1 and chiefs >> sq & 1 and _strikes_onto(kind, sq):
                            return 1
                        break
                    if sq == MAZE and kind != CHIEF:
                        continue  # only a Chief stops in the Maze; the others pass through it
                    if not seen >> sq & 1:
                        seen |= 1 << sq
                        reached |= 1 << sq
                        nxt.append(sq)
        if kind == REPORTER and reached & beside:
            return step
        if reached & target:
            return step + 1
        if step + 1 >= HORIZON:
            break
        frontier = nxt
    return HORIZON + 1


def strikes(board: bytes, control: tuple[int, ...], seats: int) -> list[int]:
    """Per player, the fewest of its moves in which one of its killers kills an enemy Chief (HORIZON + 1: none
    within the horizon, no killer, or no enemy Chief)."""
    chiefs: list[tuple[int, int, tuple[int, int, int]]] = []  # square, owner, targets of each Chief still in the game
    for byte in CHIEF_CODES:
        sq = board.find(byte)
        owner = control[PARTY_OF[byte]]
        if sq >= 0 and owner != VASSAL:
            chiefs.append((sq, owner, _targets(board, sq)))
    best = [HORIZON + 1] * seats
    aims: dict[int, tuple[int, int, tuple[int, int, int]]] = {}  # per player: enemy Chiefs, squares beside, targets
    for src, byte in enumerate(board):
        kind = KIND_OF[byte]
        if kind not in KILLERS:
            continue
        player = controller(PARTY_OF[byte], control, board)
        if player is None or best[player] == 1:
            continue
        aim = aims.get(player)
        if aim is None:
            at = beside = lines = near = reporter = 0
            for sq, owner, (on_line, close, reported) in chiefs:
                if owner != player:
                    at |= 1 << sq
                    lines, near, reporter = lines | on_line, near | close, reporter | reported
                    for b in ORTHOGONAL[sq]:
                        if b != MAZE and board[b] == EMPTY:
                            beside |= 1 << b
            aim = aims[player] = (at, beside, (lines, near, reporter))
        at, beside, (lines, near, reporter) = aim
        if not at:
            continue
        target = near if kind == MILITANT else reporter if kind == REPORTER else lines
        best[player] = min(best[player], _moves_to_kill(board, src, kind, at, beside, target))
    return best
