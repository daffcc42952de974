"""Djambi's master moves (option master_moves, docs/rules/djambi.md R12): an Assassin or Diplomat that acted on the
Chief in the Maze acts once more as it leaves, on another Chief in a straight line, which goes into the Maze."""

from __future__ import annotations

from controller.games.djambi import Act, Djambi
from controller.games.djambi.board import CORPSE, MAZE, parse_square
from controller.games.djambi.diagram import position
from controller.games.djambi.order import power_party
from controller.games.djambi.state import DjambiState
from controller.games.physical import Piece

GAME = Djambi()
RED, BLUE, YELLOW, GREEN = range(4)
# Blue's Chief in power; Red's Assassin (C3) and Diplomat (G3) reach it; Yellow's Chief on G7 is in line with the
# Maze, Red's own Chief on A9 too; Green's on A1 stands behind the Assassin, Blue's Militant on H8 behind Yellow's.
POWER = {"A9": "RC", "E5": "BC", "G7": "YC", "A1": "GC", "C3": "RA", "G3": "RD", "H8": "BM", "B2": "GM", "H2": "YM"}


def sq(name: str) -> int:
    return parse_square(name)


def masters(state: DjambiState) -> set[str]:
    return {str(m) for m in state.legal_moves() if isinstance(m, Act) and m.master}


def test_master_moves_are_off_by_default() -> None:
    assert not GAME.new().rules.master_moves
    assert masters(position(POWER)) == set()


def test_the_assassin_kills_a_second_chief_whose_corpse_takes_the_maze() -> None:
    state = position(POWER, master_moves=True)
    # Red's own Chief on A9 is in line too, but nobody kills their own Chief; Green's is behind the Assassin's corpse.
    assert {m for m in masters(state) if m.startswith("A")} == {"AC3xE5xG7"}
    move = GAME.parse("AC3xE5xG7", state)
    after = state.play(move)
    assert after.board[sq("C3")] == CORPSE and after.board[MAZE] == CORPSE
    assert after.board[sq("G7")] == state.board[sq("C3")]
    assert after.control == (RED, RED, RED, GREEN) and power_party(after.board) is None
    assert state.record(move) == (
        "AC3xE5xG7 (kills Blue's Chief; kills Yellow's Chief; Red takes Blue; Red takes Yellow; puppet power)"
    )


def test_the_diplomat_puts_a_second_chief_in_power() -> None:
    state = position(POWER, master_moves=True)
    diplomat = {m for m in masters(state) if m.startswith("D")}
    assert "DG3xE5>B4xG7>E5" in diplomat
    # Blue's Chief set down on F6 stands between the Maze and Yellow's Chief: no second act along that line, and the
    # ousted Chief is never the second one.
    assert not any(m.startswith("DG3xE5>F6x") for m in diplomat)
    assert all(m.endswith("xG7>E5") for m in diplomat)
    after = state.play(GAME.parse("DG3xE5>B4xG7", state))
    assert power_party(after.board) == YELLOW and after.board[sq("B4")] == state.board[MAZE]
    assert after.board[sq("G7")] == state.board[sq("G3")] and after.control == (RED, BLUE, YELLOW, GREEN)


def test_the_second_act_needs_a_chief_first_on_a_straight_line() -> None:
    # A Militant of Yellow's between the Maze and Yellow's Chief: nothing to act on as the actor leaves.
    state = position({**POWER, "F6": "YM"}, master_moves=True)
    assert not any("xG7" in m for m in masters(state))
    # Neither acts on its own player's Chief: with Red's Chief in line instead of Yellow's, no master move at all.
    own = position({**POWER, "G7": "..", "A9": "..", "F6": "RC", "I1": "YC"}, master_moves=True)
    assert any(isinstance(m, Act) and m.exit is not None for m in own.legal_moves())
    assert masters(own) == set()


def test_the_master_moves_physical_effect_is_a_three_square_cycle() -> None:
    state = position(POWER, master_moves=True)
    effect = state.effect(GAME.parse("AC3xE5xG7", state))
    corpse = Piece("corpse", None)
    assert [(s.piece, s.src, s.dst) for s in effect.decision] == [
        (Piece("A", RED), sq("C3"), sq("G7")),
        (corpse, MAZE, sq("C3")),
        (corpse, sq("G7"), MAZE),
    ]
    occ = state.occupancy()
    assert effect.after_decision(occ) == occ
    assert effect.must_touch(occ) == 1 << sq("C3") | 1 << MAZE | 1 << sq("G7")
    diplomat = state.effect(GAME.parse("DG3xE5>B4xG7", state))
    assert [(s.piece, s.src, s.dst) for s in diplomat.decision] == [
        (Piece("D", RED), sq("G3"), sq("G7")),
        (Piece("C", BLUE), MAZE, sq("B4")),
        (Piece("C", YELLOW), sq("G7"), MAZE),
    ]
    assert diplomat.after_decision(occ) == occ & ~(1 << sq("G3")) | 1 << sq("B4")


def test_notation_of_master_moves() -> None:
    state = position(POWER, master_moves=True)
    for move in state.legal_moves():
        if isinstance(move, Act) and move.master:
            assert GAME.parse(str(move), state) == move
            assert GAME.parse(state.record(move), state) == move
    assert GAME.parse("ac3 x e5 x g7 > e5", state) == GAME.parse("AC3xE5xG7", state)
