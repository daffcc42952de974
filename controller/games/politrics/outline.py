"""What each Politrics move may touch, read from the move and the layout before its effect is worked out
(`State.outlines`): the recognizer then works out the effects only of the moves whose squares the board touches.

A placement, step or beat moves its own figure (and takes the beaten one); a move that ends the board also puts
every figure standing back in the line-ups, so it may involve every occupied square. Which moves may end the board
is told without playing them: every answer to a declared row, every beat (it may beat the President or leave the
opponent too few figures), a step that may repeat a position, and a move after which the opponent may be
immobilized (looked at on the layout after the move only when the opponent's line-up does not settle it at once).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from controller.games.moves import Move
from controller.games.politrics import movegen
from controller.games.politrics.board import PLAYING
from controller.games.politrics.figures import CIVIL_SERVANT, DELEGATE, MINISTER, PRESIDENT, VOTER
from controller.games.politrics.layout import Layout
from controller.games.politrics.moves import Beat, Place, Shift
from controller.games.politrics.rules import Rules


class Position(Protocol):
    """What the outlines read of a Politrics position (a `PolitricsState`, which imports this module)."""

    @property
    def layout(self) -> Layout: ...
    @property
    def lineup(self) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
    @property
    def turn(self) -> int: ...
    @property
    def declared(self) -> int | None: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def history(self) -> tuple[str, ...]: ...
    @property
    def key(self) -> str: ...
    def apply(self, move: Place | Shift | Beat) -> tuple[str, tuple[tuple[int, ...], tuple[int, ...]]]: ...


def outlines(state: Position, moves: Sequence[Move]) -> list[tuple[int, int]]:
    """Each move's decision sources and the squares its steps may involve (see the module); (0, 0) for a move said
    on the page (a declaration, a concession)."""
    standing = state.layout.occ[0] | state.layout.occ[1]
    out: list[tuple[int, int]] = []
    for m in moves:
        if isinstance(m, Place):
            acts, own = 0, 1 << m.dst
        elif isinstance(m, Beat):
            acts = 1 << m.src
            out.append((acts, standing | acts | 1 << m.dst))
            continue
        elif isinstance(m, Shift):
            acts = 1 << m.src
            own = acts | 1 << m.dst
        else:
            out.append((0, 0))
            continue
        out.append((acts, standing | own if may_end_board(state, m) else own))
    return out


def may_end_board(state: Position, move: Place | Shift) -> bool:
    """Whether a placement or step may end the board (`PolitricsState.play`): the answer to a declared row, a step
    repeating a position often enough, or the opponent left immobilized."""
    if state.declared is not None:
        return True
    seat, rules = state.turn, state.rules
    if isinstance(move, Shift):
        key = f"{1 - seat}{state.apply(move)[0]}"
        if (*state.history, state.key).count(key) + 1 >= rules.repetitions:
            return True
    opponent = 1 - seat
    lineup = state.lineup[opponent]
    empty_after = state.layout.empty & ~(1 << move.dst)
    if not lineup[PRESIDENT] and (lineup[VOTER] or lineup[MINISTER] or lineup[DELEGATE]) and empty_after:
        return False  # `movegen.can_act`: a figure other than the President to place and a square to place it on
    # `movegen.can_act`: the President to place and a square of the playing field for him, where no Civil Servant's
    # Aura can keep him out since there is none (every move of the first turns)
    servants = state.layout.kinds[0][CIVIL_SERVANT] | state.layout.kinds[1][CIVIL_SERVANT]
    if lineup[PRESIDENT] and empty_after & PLAYING and move.kind != CIVIL_SERVANT and not servants:
        return False
    return not movegen.can_act(state.layout.after(move, seat, None), lineup, opponent, rules)
