"""The classes of positions the recognition fuzzer must reach in each game, and how a move is classed.

Issue 12's list: chores pending, secret orders pending, the last beat of a Politrics board, Djambi with many corpses
and a Chief in the Maze, Chesspolitik phases with bounces and dislodgements, Politics 1952 with a closed board. The
fuzzer counts the moves it makes in each class (`classes`), so a run shows what it tried, and the CI sample checks
every game reaches its own classes.
"""

from __future__ import annotations

from controller.games import Effect, Move, State
from controller.games.chesspolitik.state import ChesspolitikState
from controller.games.djambi.board import CHIEF_CODES, CORPSE, MAZE
from controller.games.djambi.state import DjambiState
from controller.games.politics1952.state import PoliticsState
from controller.games.politrics.state import PolitricsState

CHORES = "chores"  # a move whose forced follow-up the hands carry out
ORDERS_DURING_CHORES = "orders during chores"  # the next phase's orders handed in while the last one's are carried out
TAKEBACK = "takeback"
CONTESTED_TAKEBACK = "takeback of pieces the next player could take or move"
UNFAIR_TAKEBACK = "takeback not tried (every order of hands passes through another move)"
LAST_BEAT = "last beat of a board"
MANY_CORPSES = "6+ corpses"
CHIEF_IN_MAZE = "Chief in the Maze"
CORPSES_AND_CHIEF = "6+ corpses, Chief in the Maze"
BOUNCE = "bounce"
DISLODGED = "dislodgement"
CLOSED = "closed board"

MANY = 6

# What each game's runs must reach (besides takebacks, which every game with pieces that move makes).
REQUIRED: dict[str, tuple[str, ...]] = {
    "politrics": (CHORES, LAST_BEAT, TAKEBACK),
    "polis": (CHORES, TAKEBACK),
    "politics1952": (CLOSED,),
    "chesspolitik": (CHORES, ORDERS_DURING_CHORES, BOUNCE, DISLODGED),
    "djambi": (CHORES, CORPSES_AND_CHIEF, TAKEBACK),
}


def classes(before: State, move: Move, effect: Effect) -> set[str]:
    """The classes `move`, made in `before` with `effect`, belongs to."""
    out = {CHORES} if effect.chores or effect.chore_touch else set()
    if isinstance(before, PolitricsState):
        after = before.play(move)
        if len(after.boards) > len(before.boards):
            out.add(LAST_BEAT)
    elif isinstance(before, DjambiState):
        if before.board.count(CORPSE) >= MANY:
            out.add(MANY_CORPSES)
        if before.board[MAZE] in CHIEF_CODES:
            out.add(CHIEF_IN_MAZE)
        if {MANY_CORPSES, CHIEF_IN_MAZE} <= out:
            out.add(CORPSES_AND_CHIEF)
    elif isinstance(before, ChesspolitikState):
        if effect.chore_show:
            out.add(BOUNCE)
        report = before.play(move).report if effect.chores or effect.chore_show else None
        if report is not None and any(r.dislodged_by is not None for r in report.results):
            out.add(DISLODGED)
    elif isinstance(before, PoliticsState) and before.is_closed():
        out.add(CLOSED)
    return out
