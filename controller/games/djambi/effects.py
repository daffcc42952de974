"""The physical effect of a Djambi move: net piece movements the board's sensors can check.

A kill is one decision of several steps carried out together: the killer onto the victim's square and the victim,
turned over into a corpse (another Piece value), onto the square chosen for it. The Assassin's victim goes to the
Assassin's origin (a swap: both squares lifted and filled). A Reporter's victim is turned over where it stands: the
square is touched though its occupancy stays. Acts in the Maze show the actor's net movement, from its origin to
where it left the Maze; a master move adds the second Chief carried from its square into the Maze. The only chores
are Chiefs that die walled in: turned over in place (`chore_touch`).
"""

from __future__ import annotations

from collections.abc import Sequence

from controller.games.djambi.apply import BoardMove
from controller.games.djambi.board import ASSASSIN, CORPSE, DIPLOMAT, MAZE, PIECE_OF, SQUARES
from controller.games.djambi.moves import Act, Go, Report
from controller.games.moves import Move
from controller.games.physical import Effect, Step

_MAZE = 1 << MAZE
_BIT = tuple(1 << sq for sq in range(SQUARES))

_STEPS: dict[int, Step] = {}
_STEP_CACHE_LIMIT = 200_000


def step(code: int, src: int, dst: int) -> Step:
    """A shared Step value: the same few thousand recur at every turn start, and building one costs more than a
    dictionary look-up."""
    key = (code * SQUARES + src) * SQUARES + dst
    found = _STEPS.get(key)
    if found is None:
        if len(_STEPS) >= _STEP_CACHE_LIMIT:
            _STEPS.clear()
        piece = PIECE_OF[code]
        assert piece is not None
        found = _STEPS[key] = Step(piece, src, dst)
    return found


_NONE: frozenset[int] = frozenset()


def effect(board: bytes, move: BoardMove, walled: tuple[int, ...] | list[int], all_reporter: bool) -> Effect:
    chores = frozenset(walled) if walled else _NONE
    actor = board[move.src]
    if isinstance(move, Act):
        # Killers' victims and the Necromobile's load are corpses; only the Diplomat moves a living piece.
        displaced = board[move.dst] if move.kind == DIPLOMAT else CORPSE
        if move.exit is None:
            return Effect((step(actor, move.src, move.dst), step(displaced, move.dst, move.place)), (), _NONE, chores)
        if move.master:
            # Out of the Maze onto a second Chief, which goes into the Maze: dead after an Assassin.
            second = CORPSE if move.kind == ASSASSIN else board[move.exit]
            return Effect(
                (step(actor, move.src, move.exit), step(displaced, MAZE, move.place), step(second, move.exit, MAZE)),
                (),
                _NONE,
                chores,
            )
        if move.exit == move.src:
            # Out of the Maze back to where it came from: its square is touched, its occupancy unchanged.
            return Effect((step(displaced, MAZE, move.place),), (), frozenset((move.src,)), chores)
        return Effect((step(actor, move.src, move.exit), step(displaced, MAZE, move.place)), (), _NONE, chores)
    decision: tuple[Step, ...] = (step(actor, move.src, move.dst),)
    if isinstance(move, Report) and move.victims:
        victims = frozenset(move.victims)
        if all_reporter:
            # In the 'all' variant the victims follow from where the Reporter stops: forced, so chores.
            return Effect(decision, (), _NONE, chores | victims)
        return Effect(decision, (), victims, chores)
    return Effect(decision, (), _NONE, chores)


def outlines(moves: Sequence[Move]) -> list[tuple[int, int]]:
    """Each move's decision sources and the squares its steps and taps may involve (State.outlines), read from the
    move alone as `effect` would build it: thousands per turn start, so no effect is built."""
    out: list[tuple[int, int]] = []
    add = out.append
    bit = _BIT
    for m in moves:
        if type(m) is Act and m.exit is None:  # a kill with its corpse's square: most of a wide turn's moves
            both = bit[m.src] | bit[m.dst]
            add((both, both | bit[m.place]))
        elif isinstance(m, Act):
            both = bit[m.src] | bit[m.dst]
            exit_ = m.exit
            if exit_ is None:
                add((both, both | bit[m.place]))
                continue
            reach = both | bit[m.place] | _MAZE | bit[exit_]
            if m.master:
                add((bit[m.src] | _MAZE | bit[exit_], reach))
            elif exit_ == m.src:
                add((_MAZE, reach))  # out of the Maze back home: only the load is carried
            else:
                add((bit[m.src] | _MAZE, reach))
        elif isinstance(m, Go):
            add((bit[m.src], bit[m.src] | bit[m.dst]))
        elif isinstance(m, Report):
            reach = bit[m.src] | bit[m.dst]
            for v in m.victims:
                reach |= bit[v]
            add((bit[m.src], reach))
        else:
            add((0, 0))  # passing, resigning, draws: said on the page
    return out
