"""What may go into the Maze: only a Chief, living (in power, or put there by a Diplomat) or just killed.

No corpse goes into the Maze but a Chief just killed there or put there by its killer (docs/rules/djambi.md R8, R9,
R12). The property runs over drawn games under drawn options and checks every legal move of every piece at each
position, on the board after the move and on its physical effect (what the LEDs light).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games.djambi import Act, Djambi, Go, Report
from controller.games.djambi.apply import after, killed
from controller.games.djambi.board import CHIEF, CORPSE, CORPSE_KIND, KIND_OF, MAZE
from controller.games.djambi.diagram import position
from controller.games.djambi.state import DjambiState
from controller.games.moves import Move
from tests.games.djambi_positions import positions
from tests.games.test_djambi_properties import Transition, transitions

GAME = Djambi()
CORNERS = {"A9": "RC", "I9": "BC", "I1": "YC", "A1": "GC"}

variants = st.fixed_dictionaries(
    {
        "kill_own": st.booleans(),
        "chief_corpse_to_maze": st.booleans(),
        "reporter": st.sampled_from(["one", "all"]),
        "master_moves": st.booleans(),
    }
)


def maze_faults(state: DjambiState, move: Move) -> list[str]:
    """Why `move` would leave the Maze holding what it may not hold (empty list: nothing wrong)."""
    if not isinstance(move, Go | Act | Report):
        return []
    board = state.board
    out = []
    now = after(board, move)[MAZE]
    chiefs_killed = [c for c in killed(board, move) if KIND_OF[c] == CHIEF]
    if now == CORPSE and board[MAZE] != CORPSE and not chiefs_killed:
        out.append("a corpse other than a Chief just killed goes into the Maze")
    if now >= 2 and KIND_OF[now] != CHIEF:
        out.append("a piece other than a Chief stays in the Maze")
    for step in state.effect(move).decision:
        if step.dst == MAZE and step.piece.kind not in ("C", CORPSE_KIND):
            out.append(f"the effect sets {step.piece} in the Maze")
        if step.dst == MAZE and step.piece.kind == CORPSE_KIND and not chiefs_killed:
            out.append("the effect sets a corpse in the Maze")
    return out


@settings(max_examples=8)
@given(drawn=transitions(max_actions=150))
def test_no_legal_move_puts_a_corpse_in_the_maze_but_a_chief_just_killed(drawn: list[Transition]) -> None:
    for state in [t.before for t in drawn]:
        for move in state.legal_moves():
            faults = maze_faults(state, move)
            assert not faults, f"{move}: {faults}"


@settings(max_examples=150)
@given(state=positions(), options=variants)
def test_in_any_position_no_act_puts_a_corpse_in_the_maze_but_a_chief_just_killed(
    state: DjambiState, options: dict[str, object]
) -> None:
    state = GAME.from_json({**state.to_json(), "options": options})
    for move in state.legal_moves():
        faults = maze_faults(state, move)
        assert not faults, f"{move}: {faults}"


def test_the_chief_in_power_leaving_to_kill_keeps_its_victims_corpse_out_of_the_maze() -> None:
    board = {**CORNERS, "E5": "RC", "A9": "..", "E3": "BM", "G7": "YC", "I1": "xx"}
    moves = {str(m) for m in position(board).legal_moves()}
    assert "CE5xE3>E5" not in moves and "CE5xE3>D4" in moves
    # A Chief it kills is a fresh Chief's corpse: the Maze it has just left may take it (a puppet power).
    assert "CE5xG7>E5" in moves
    assert "CE5xG7>E5" not in {str(m) for m in position(board, chief_corpse_to_maze=False).legal_moves()}
