"""Djambi: how each piece moves and acts, and the Maze (docs/rules/djambi.md, "Moving" and "Acting")."""

from __future__ import annotations

import pytest

from controller.games.djambi import Djambi
from controller.games.djambi.board import CORPSE, MAZE, NAMES, code, parse_square
from controller.games.djambi.diagram import diagram, position
from controller.games.djambi.order import power_party
from controller.games.djambi.state import DjambiState

GAME = Djambi()
RED, BLUE, YELLOW, GREEN = range(4)
# Chiefs far from the action, so a test position is a legal four-party game.
CORNERS = {"A9": "RC", "I9": "BC", "I1": "YC", "A1": "GC"}


def texts(state: DjambiState, src: str | None = None) -> set[str]:
    """The legal moves in notation, only those of the piece on `src` if given."""
    return {str(m) for m in state.legal_moves() if src is None or str(m)[1:3] == src}


def play(state: DjambiState, text: str) -> DjambiState:
    return state.play(GAME.parse(text, state))


def at(state: DjambiState, name: str) -> str:
    """The diagram token on a square: RC, BM, xx or .."""
    sq = parse_square(name)
    return diagram(state.board).split("\n")[8 - sq // 9].split()[sq % 9]


def empties(state: DjambiState) -> set[str]:
    return {NAMES[s] for s in range(81) if state.board[s] == 0}


def test_start_has_the_hand_counted_moves_without_own_kills() -> None:
    # Red's block A7-C9: only the Necromobile and the four Militants on its edge can move (counted by hand).
    state = GAME.new(kill_own=False)
    assert texts(state) == {
        *("MA7-A6", "MA7-A5", "MA7-B6", "MA7-C5", "MB7-B6", "MB7-B5", "MB7-C6", "MB7-D5", "MB7-A6"),
        *("NC7-D7", "NC7-E7", "NC7-F7", "NC7-C6", "NC7-C5", "NC7-C4", "NC7-D8", "NC7-E9", "NC7-D6", "NC7-F4"),
        *("NC7-B6", "NC7-A5", "MC8-D8", "MC8-E8", "MC8-D9", "MC8-D7", "MC8-E6", "MC9-D9", "MC9-E9", "MC9-D8"),
        *("MC9-E7", "offer draw", "resign"),
    }


def test_start_position_follows_the_table_and_the_setup_option() -> None:
    state = GAME.new()
    assert [at(state, n) for n in ("A9", "B9", "A8", "B8", "C7", "C9", "C8", "A7", "B7")] == [
        *("RC", "RA", "RR", "RD", "RN", "RM", "RM", "RM", "RM")
    ]
    assert [at(state, n) for n in ("I9", "H9", "I8", "H8", "G7")] == ["BC", "BA", "BR", "BD", "BN"]
    assert [at(state, n) for n in ("I1", "H1", "I2", "H2", "G3")] == ["YC", "YA", "YR", "YD", "YN"]
    assert [at(state, n) for n in ("A1", "B1", "A2", "B2", "C3")] == ["GC", "GA", "GR", "GD", "GN"]
    files = GAME.new(setup="files")
    assert [at(files, n) for n in ("A8", "B9", "I8", "H9", "I2", "H1", "A2", "B1")] == [
        *("RA", "RR", "BA", "BR", "YA", "YR", "GA", "GR")
    ]


@pytest.mark.parametrize("setup", ["ranks", "files"])
def test_the_rotated_layout_is_reds_block_turned_with_the_board(setup: str) -> None:
    state = GAME.new(layout="rotated", setup=setup)
    tokens = {n: at(state, n) for n in NAMES}
    for name, token in tokens.items():
        f, r = "ABCDEFGHI".index(name[0]), int(name[1]) - 1
        turned = f"{'ABCDEFGHI'[r]}{9 - f}"  # a quarter turn clockwise: A9 -> I9 -> I1 -> A1
        following = token if token == ".." else "RBYG"[("RBYG".index(token[0]) + 1) % 4] + token[1]
        assert tokens[turned] == following, (name, turned)
    # Each Assassin stands beside its Chief along the board's edge, the same way round.
    assassins = ("B9", "I8", "H1", "A2") if setup == "ranks" else ("A8", "H9", "I2", "B1")
    assert [tokens[n] for n in assassins] == ["RA", "BA", "YA", "GA"]
    # Red and Yellow are where the mirrored layout puts them; Blue and Green swap Assassin and Reporter.
    mirrored = GAME.new(setup=setup)
    assert all(at(mirrored, n) == tokens[n] for n in NAMES if tokens[n][0] in "RY")
    assert {n for n in NAMES if at(mirrored, n) != tokens[n]} == {"H9", "I8", "A2", "B1"}


def test_chief_moves_like_a_queen_and_may_end_in_the_maze() -> None:
    state = position({**CORNERS, "A9": "..", "C3": "RC", "C6": "xx", "F3": "BM"})
    moves = texts(state, "C3")
    assert {"CC3-C4", "CC3-C5", "CC3-D4", "CC3-E5", "CC3-F6", "CC3-H8", "CC3-E3", "CC3-A3", "CC3-B2"} <= moves
    assert "CC3-C6" not in moves and "CC3-C7" not in moves  # a corpse blocks the way
    assert "CC3-G3" not in moves  # no jumping over the Militant on F3
    assert any(m.startswith("CC3xF3>") for m in moves)


@pytest.mark.parametrize(("piece", "kind"), [("RM", "M"), ("RN", "N"), ("RA", "A"), ("RD", "D"), ("RR", "R")])
def test_only_a_chief_ends_in_the_maze_the_others_cross_it_while_empty(piece: str, kind: str) -> None:
    state = position({**CORNERS, "D4": piece})
    moves = texts(state, "D4")
    assert f"{kind}D4-E5" not in moves
    assert f"{kind}D4-F6" in moves
    blocked = position({**CORNERS, "D4": piece, "E5": "xx"})
    assert f"{kind}D4-F6" not in texts(blocked, "D4")


def test_militant_moves_one_or_two_squares() -> None:
    state = position({**CORNERS, "E3": "RM", "E4": "xx"})
    assert texts(state, "E3") == {
        *("ME3-D3", "ME3-C3", "ME3-F3", "ME3-G3", "ME3-E2", "ME3-E1", "ME3-D2", "ME3-C1", "ME3-F2", "ME3-G1"),
        *("ME3-D4", "ME3-C5", "ME3-F4", "ME3-G5"),
    }


def test_chief_kill_puts_the_corpse_on_any_empty_square_but_the_maze() -> None:
    state = position({**CORNERS, "A9": "..", "C3": "RC", "C5": "BM"})
    kills = {m for m in texts(state, "C3") if m.startswith("CC3xC5>")}
    # Every empty square but the Maze, counted before the move, plus the Chief's own origin C3.
    assert {m[-2:] for m in kills} == (empties(state) - {"E5"}) | {"C3"}
    after = play(state, "CC3xC5>H5")
    assert at(after, "C5") == "RC" and at(after, "H5") == "xx" and at(after, "C3") == ".."


def test_militant_kills_up_to_two_squares_but_never_the_chief_in_power() -> None:
    state = position({**CORNERS, "I9": "..", "E5": "BC", "D4": "RM", "D6": "YM", "B4": "GM", "E1": "RC", "A9": ".."})
    moves = texts(state)
    assert not any(m.startswith("MD4xE5") for m in moves)
    assert any(m.startswith("MD4xD6>") for m in moves) and any(m.startswith("MD4xB4>") for m in moves)
    # The Chief in power falls to a Chief, which takes its place in the Maze.
    after = play(state, "CE1xE5>A5")
    assert at(after, "E5") == "RC" and at(after, "A5") == "xx" and power_party(after.board) == RED


def test_assassin_leaves_the_corpse_where_it_came_from() -> None:
    state = position({**CORNERS, "C3": "RA", "F6": "YR"})
    assert "AC3xF6" in texts(state)
    after = play(state, "AC3xF6")
    assert at(after, "F6") == "RA" and at(after, "C3") == "xx"


def test_assassin_in_the_maze_must_leave_it_at_once() -> None:
    state = position({**CORNERS, "I9": "..", "E5": "BC", "C3": "RA"})
    kills = {m for m in texts(state) if m.startswith("AC3xE5")}
    assert kills and all("~" in m for m in kills)
    # Out along any line from the Maze to an empty square; C3 now holds the corpse, so not past D4.
    assert "AC3xE5~D4" in kills and "AC3xE5~C3" not in kills and "AC3xE5~I9" in kills
    after = play(state, "AC3xE5~F5")
    assert at(after, "E5") == ".." and at(after, "F5") == "RA" and at(after, "C3") == "xx"
    walled = position(
        {**CORNERS, "I9": "..", "E5": "BC", "D4": "RA", "D5": "xx", "D6": "xx", "E6": "xx", "F6": "xx"}
        | {"F5": "xx", "F4": "xx", "E4": "xx"}
    )
    assert not any(m.startswith("AD4xE5") for m in texts(walled))  # no way out: the act is impossible


def test_reporter_kills_one_orthogonal_neighbour_where_it_stands_if_it_wants() -> None:
    state = position({**CORNERS, "A3": "RR", "C4": "BM", "D4": "YM", "C2": "xx"})
    moves = texts(state, "A3")
    assert {"RA3-C3", "RA3-C3xC4"} <= moves
    assert "RA3-C3xD4" not in moves  # diagonal
    assert not any(m.startswith("RA3-E5") for m in moves)
    after = play(state, "RA3-C3xC4")
    assert at(after, "C3") == "RR" and at(after, "C4") == "xx"


def test_reporter_next_to_the_maze_leaves_a_puppet_power() -> None:
    state = position({**CORNERS, "I9": "..", "E5": "BC", "E2": "RR"})
    after = play(state, "RE2-E4xE5")
    assert after.board[MAZE] == CORPSE and power_party(after.board) is None
    assert after.control[BLUE] == RED  # a direct kill: Red inherits Blue


def test_reporter_all_variant_kills_every_adjacent_enemy_and_must() -> None:
    state = position({**CORNERS, "A5": "RR", "C4": "BM", "B3": "RM", "C2": "YM", "D3": "xx"}, reporter="all")
    moves = texts(state, "A5")
    assert "RA5-C3xC4xC2" in moves  # both enemies, not Red's own Militant on B3
    assert not any(m in moves for m in ("RA5-C3", "RA5-C3xC4", "RA5-C3xC2"))
    assert "RA5-A6" in moves  # nobody next to A6: a plain move
    after = play(state, "RA5-C3")  # the victims follow from the square: they may be left out
    assert at(after, "C4") == "xx" and at(after, "C2") == "xx" and at(after, "B3") == "RM"


def test_diplomat_moves_an_enemy_piece_anywhere_empty_only_a_chief_into_the_maze() -> None:
    state = position({**CORNERS, "C3": "RD", "C5": "BM", "D3": "RM", "B2": "xx", "F3": "GC", "A1": ".."})
    moves = texts(state, "C3")
    assert {m[-2:] for m in moves if m.startswith("DC3xC5>")} == (empties(state) - {"E5"}) | {"C3"}
    assert not any(m.startswith(("DC3xD3", "DC3xB2")) for m in moves)  # own pieces and corpses are not targets
    assert "DC3xF3>E5" not in moves and "DC3xF3>C3" not in moves  # D3 blocks the way to the Green Chief
    state2 = position({**CORNERS, "C3": "RD", "E3": "GC", "A1": ".."})
    after = play(state2, "DC3xE3>E5")
    assert at(after, "E3") == "RD" and at(after, "E5") == "GC" and power_party(after.board) == GREEN


def test_diplomat_ousting_the_chief_in_power_leaves_the_maze() -> None:
    state = position({**CORNERS, "I9": "..", "E5": "BC", "C3": "RD"})
    moves = {m for m in texts(state) if m.startswith("DC3xE5")}
    assert "DC3xE5>A5~F6" in moves and "DC3xE5>A5~C3" in moves
    assert not any(m.startswith("DC3xE5>E5") for m in moves)
    assert "DC3xE5>F6~F6" not in moves and "DC3xE5>F6~G7" not in moves  # the ousted Chief blocks that way
    after = play(state, "DC3xE5>F6~D4")
    assert at(after, "F6") == "BC" and at(after, "D4") == "RD" and at(after, "E5") == ".."


def test_necromobile_carries_corpses_never_into_the_maze() -> None:
    state = position({**CORNERS, "C3": "RN", "C5": "xx", "E3": "BM"})
    moves = texts(state, "C3")
    assert {m[-2:] for m in moves if m.startswith("NC3xC5>")} == (empties(state) - {"E5"}) | {"C3"}
    assert not any(m.startswith("NC3xE3") for m in moves)
    after = play(state, "NC3xC5>G8")
    assert at(after, "C5") == "RN" and at(after, "G8") == "xx"


def test_necromobile_clears_a_puppet_power_and_leaves_the_maze() -> None:
    state = position({**CORNERS, "E5": "xx", "C3": "RN"})
    moves = {m for m in texts(state) if m.startswith("NC3xE5")}
    assert "NC3xE5>A5~D4" in moves and all("~" in m for m in moves)
    after = play(state, "NC3xE5>A5~E7")
    assert at(after, "E5") == ".." and at(after, "E7") == "RN" and at(after, "A5") == "xx"


def test_a_freshly_killed_chief_may_be_put_into_the_empty_maze() -> None:
    pieces = {**CORNERS, "A9": "..", "C3": "RC", "C6": "BC", "I9": ".."}
    state = position(pieces)
    assert "CC3xC6>E5" in texts(state)
    assert "CC3xC6>E5" not in texts(position(pieces, chief_corpse_to_maze=False))
    assert "CC3xC6>E5" not in texts(position({**pieces, "C6": "BM", "H9": "BC"}))  # not a Chief
    after = play(state, "CC3xC6>E5")
    assert after.board[MAZE] == CORPSE and after.control[BLUE] == RED


def test_own_pieces_may_be_killed_but_never_the_own_chief() -> None:
    state = position({**CORNERS, "A9": "..", "C3": "RC", "C4": "RM", "D3": "RN", "D4": "BM"})
    moves = texts(state)
    assert any(m.startswith("CC3xC4>") for m in moves)
    assert not any(m.startswith(("MC4xC3", "NC4xC3")) for m in moves)
    strict = position({**CORNERS, "A9": "..", "C3": "RC", "C4": "RM", "D3": "RN", "D4": "BM"}, kill_own=False)
    assert not any(m.startswith("CC3xC4") for m in texts(strict)) and any(m.startswith("CC3xD4") for m in texts(strict))


def test_without_own_kills_the_pieces_of_an_inherited_party_are_spared_too() -> None:
    state = position(
        {"A9": "RC", "I1": "YC", "A1": "GC", "C3": "RM", "C4": "BM", "I9": "xx"},
        control=(RED, RED, YELLOW, GREEN),
        kill_own=False,
    )
    assert not any(m.startswith("MC3xC4") for m in texts(state))


def test_corpses_are_neither_killed_nor_moved_by_anyone_but_a_necromobile() -> None:
    state = position({**CORNERS, "A9": "..", "C3": "RC", "C4": "xx", "E3": "RM", "E4": "xx", "G3": "RD", "G4": "xx"})
    assert not any("xC4" in m or "xE4" in m or "xG4" in m for m in texts(state))


def test_killed_pieces_change_into_corpses_of_no_party() -> None:
    state = position({**CORNERS, "C3": "RM", "C4": "BD"})
    after = play(state, "MC3xC4>H4")
    assert after.board[parse_square("H4")] == CORPSE
    assert after.pieces()[parse_square("H4")].owner is None
    assert after.board[parse_square("C4")] == code(RED, 5)
