"""Djambi on the board: what the LEDs show in the middle of a multi-step act, driven through a real session.

Once the acting piece has landed, the squares lit as destinations are where the piece it displaced may go (a
corpse, a living piece moved by a Diplomat) or, in the Maze, where the actor may leave to. The replay scenarios in
tests/scenarios/djambi/ check what gets committed; these check the guidance on the way.
"""

from __future__ import annotations

from controller.games.djambi import Djambi
from controller.games.djambi.board import MAZE, NAMES, SQUARES, parse_square
from controller.games.djambi.diagram import position
from controller.games.djambi.state import DjambiState
from controller.lights import SEAT_COLOURS, SceneInput, render
from controller.recognizer.machine import Guidance, Mode
from controller.session.core import Session
from controller.session.seats import SeatKind

GAME = Djambi()
CORNERS = {"A9": "RC", "I9": "BC", "I1": "YC", "A1": "GC"}


class Table:
    """A session with every seat at the board, and hands that lift and place pieces on virtual time."""

    def __init__(self, state: DjambiState) -> None:
        self.session = Session(GAME, state, seat_kinds=[SeatKind.BOARD] * 4)
        self.occupancy = state.occupancy()
        self.t = 0.0
        self.session.start(self.occupancy, self.t)

    def do(self, *actions: str) -> Guidance:
        for action in actions:
            verb, name = action.split()
            self.t += 0.3
            bit = 1 << parse_square(name)
            self.occupancy = self.occupancy & ~bit if verb == "lift" else self.occupancy | bit
            self.session.on_board(self.occupancy, self.t)
        return self.session.recognizer.guidance()


def names(mask: int) -> set[str]:
    return {NAMES[s] for s in range(SQUARES) if mask >> s & 1}


def empty_squares(state: DjambiState) -> set[str]:
    return {NAMES[s] for s in range(SQUARES) if not state.board[s]}


def test_once_the_killer_has_landed_the_corpses_possible_squares_light_up() -> None:
    state = position({**CORNERS, "A9": "..", "C3": "RC", "C6": "BM", "D4": "YM"})
    for order in (("lift c3", "lift c6", "place c6"), ("lift c6", "lift c3", "place c6")):
        g = Table(state).do(*order)
        # Any empty square but the Maze, and the square the Chief just left.
        assert g.mode is Mode.TURN and names(g.destinations) == (empty_squares(state) - {"E5"}) | {"C3"}


def test_a_killed_chiefs_corpse_may_also_go_into_the_empty_maze() -> None:
    state = position({**CORNERS, "A9": "..", "I9": "..", "C3": "RC", "C6": "BC"})
    g = Table(state).do("lift c3", "lift c6", "place c6")
    assert "E5" in names(g.destinations) and "C3" in names(g.destinations)


def test_a_militants_victim_lit_before_the_kill_and_its_corpses_squares_after() -> None:
    state = position({**CORNERS, "F2": "RM", "F4": "YR"})
    table = Table(state)
    lifted = table.do("lift f2")
    assert "F4" in names(lifted.captures) and {"F3", "F4"} <= names(lifted.destinations | lifted.captures)
    landed = table.do("lift f4", "place f4")
    assert names(landed.destinations) == (empty_squares(state) - {"E5"}) | {"F2"}


def test_the_diplomats_load_may_go_to_any_empty_square_and_into_the_maze_only_if_a_chief() -> None:
    state = position({**CORNERS, "C3": "RD", "C6": "BM", "G7": "YC", "I1": ".."})
    g = Table(state).do("lift c3", "lift c6", "place c6")
    assert names(g.destinations) == (empty_squares(state) - {"E5"}) | {"C3"}
    g = Table(state).do("lift c3", "lift g7", "place g7")  # Yellow's Chief: the empty Maze too
    assert names(g.destinations) == empty_squares(state) | {"C3"}


def test_in_the_maze_the_ways_out_light_up_once_the_ousted_chief_is_down() -> None:
    state = position({**CORNERS, "I9": "..", "E5": "BC", "G3": "RD", "H8": "BM", "E7": "YM"})
    g = Table(state).do("lift g3", "lift e5", "place e5", "place b4")
    # Every straight line out of the Maze up to the first piece. (Had the Chief been set down on one of these
    # squares, the sensors could not tell it from the Diplomat gone out there.) The Diplomat's own square G3 is a
    # way out too: it pulses as the lifted piece's origin.
    exits = {"D5", "C5", "B5", "A5", "F5", "G5", "H5", "I5", "E6", "E4", "E3", "E2", "E1", "D6", "C7", "B8"}
    exits |= {"F6", "G7", "F4", "H2", "D4", "C3", "B2"}
    assert names(g.destinations) == exits and names(g.lifted) == {"G3"}


def test_the_assassins_corpse_goes_home_and_the_ways_out_are_lit_in_the_maze() -> None:
    state = position({**CORNERS, "I9": "..", "E5": "BC", "C3": "RA", "E7": "YM", "G5": "GM"})
    g = Table(state).do("lift c3", "lift e5", "place e5")
    lit = names(g.destinations)
    assert {"C3", "E6", "F5", "F6", "D5", "A5"} <= lit and not {"E8", "H5", "E5"} & lit


def test_the_reporters_possible_victims_flash_once_it_has_landed() -> None:
    state = position({**CORNERS, "A9": "..", "E9": "RC", "A3": "RR", "C4": "BM", "C2": "YM", "D3": "xx"})
    g = Table(state).do("lift a3", "place c3")
    # Corpses cannot be killed: D3 stays dark.
    assert names(g.captures) == {"C4", "C2"} and not g.destinations


def test_the_player_who_plays_another_partys_pieces_sees_its_own_chief_glow_in_its_colour() -> None:
    # Red inherited Blue: on Blue's turn Blue's pieces are the ones to move, and Red's Chief shows who moves them.
    state = position({"A9": "RC", "I1": "YC", "A1": "GC", "G8": "BM", "I9": "xx"}, turn=1, control=(0, 0, 2, 3))
    assert state.to_move == 0 and state.marks() == {parse_square("A9"): 0}
    table = Table(state)
    frame = render(SceneInput(guidance=table.do(), region=(1 << 81) - 1, marks=state.marks()), 0.0)
    red = SEAT_COLOURS[0]
    assert frame[parse_square("A9")] == (int(red[0] * 0.15), int(red[1] * 0.15), int(red[2] * 0.15))
    assert frame[parse_square("G8")] != (0, 0, 0) and frame[MAZE] == (0, 0, 0)
