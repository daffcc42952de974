"""Illegal moves a player may physically try, with the reason and the squares that explain it, so the board can
say why instead of showing a bare mismatch."""

from __future__ import annotations

from controller.games.physical import Effect, NearMiss, Step
from controller.games.politrics.board import NEIGHBOUR, NONE, PLAYING
from controller.games.politrics.figures import CIVIL_SERVANT, PIECE, PRESIDENT, STEPS, letter
from controller.games.politrics.legality import problem
from controller.games.politrics.moves import Place, Shift
from controller.games.politrics.position import Position
from controller.games.squares import squares_of


def _placements(state: Position) -> list[NearMiss]:
    """Placements the Aura forbids: a President into an Aura, a Civil Servant next to a President."""
    seat, lay, lineup = state.turn, state.layout, state.lineup[state.turn]
    out = []
    for kind in (PRESIDENT, CIVIL_SERVANT):
        if not lineup[kind]:
            continue
        region = lay.empty & (PLAYING if kind == PRESIDENT else ~0)
        for dst in squares_of(region):
            move = Place(kind, dst)
            found = problem(move, state.board, lay, lineup, seat, state.rules)
            if found is not None:
                effect = Effect(decision=(Step(PIECE[letter(kind, seat)], None, dst),))
                out.append(NearMiss(move, effect, found[0], found[1]))
    return out


def _steps(state: Position) -> list[NearMiss]:
    """Steps to a free neighbouring square that the rules forbid: during the placement phase, into an Aura, from a
    retirement square, or by a Civil Servant."""
    seat, lay, lineup, board = state.turn, state.layout, state.lineup[state.turn], state.board
    out = []
    for kind in range(5):
        # A Civil Servant has no steps; trying one in any direction is the mistake to explain.
        directions = STEPS[kind] or STEPS[PRESIDENT]
        for src in squares_of(lay.kinds[seat][kind]):
            for d in directions:
                dst = NEIGHBOUR[src][d]
                if dst == NONE or not lay.empty >> dst & 1:
                    continue
                if kind == PRESIDENT and not PLAYING >> dst & 1:
                    continue
                move = Shift(kind, src, dst)
                found = problem(move, board, lay, lineup, seat, state.rules)
                if found is not None:
                    effect = Effect(decision=(Step(PIECE[board[src]], src, dst),))
                    out.append(NearMiss(move, effect, found[0], found[1]))
    return out


def near_misses(state: Position) -> tuple[NearMiss, ...]:
    if state.over:
        return ()
    return (*_placements(state), *_steps(state))
