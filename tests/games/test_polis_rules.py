"""Polis rules: every diagram of the seed (001_366a451569cbaac4.txt) and every ruling of docs/rules/polis.md.

Positions are built from small diagrams like the seed's own (rows north to south, `BD`, `BC`, `RD`, `RC`, `.`),
placed on the board at a named top-left square.
"""

from __future__ import annotations

from typing import Any

import pytest

from controller.games import IllegalMoveError
from controller.games.polis import Polis, PolisMove, PolisState
from controller.games.squares import parse

GAME = Polis()
FAR = "a8 BC, h1 RC"  # the chariots out of the way, in their starting corners


def pieces(spec: str) -> dict[str, str]:
    """'a8 BC, h1 RC' -> {'a8': 'BC', 'h1': 'RC'}."""
    out = {}
    for item in spec.split(","):
        if item.strip():
            sq, code = item.split()
            out[sq] = code
    return out


def grid(corner: str, diagram: str) -> dict[str, str]:
    """A diagram's pieces, its first cell on `corner`, rows running south."""
    f0, r0 = "abcdefgh".index(corner[0]), int(corner[1])
    out = {}
    for dr, row in enumerate(diagram.strip().splitlines()):
        for df, cell in enumerate(row.split()):
            if cell != ".":
                out[f"{'abcdefgh'[f0 + df]}{r0 - dr}"] = cell
    return out


def pos(*parts: dict[str, str] | str, turn: int = 0, **options: Any) -> PolisState:
    board: dict[str, str] = {}
    for part in parts:
        board.update(pieces(part) if isinstance(part, str) else part)
    data = {"game": "polis", "pieces": board, "turn": turn, "winner": None, "options": options}
    return GAME.from_json(data)


def look(state: PolisState, corner: str, width: int, height: int) -> str:
    """The diagram of a rectangle of the board, as `grid` reads it."""
    board = state.to_json()["pieces"]
    f0, r0 = "abcdefgh".index(corner[0]), int(corner[1])
    rows = []
    for dr in range(height):
        rows.append(" ".join(board.get(f"{'abcdefgh'[f0 + df]}{r0 - dr}", ".") for df in range(width)))
    return "\n".join(rows)


def same(diagram: str) -> str:
    return "\n".join(" ".join(row.split()) for row in diagram.strip().splitlines())


def move(text: str) -> PolisMove:
    a, b = text.split("-")
    return PolisMove(parse(a), parse(b))


def play(state: PolisState, text: str) -> PolisState:
    return state.play(move(text))


# --- setup ---------------------------------------------------------------------------------------------------
def test_setup_chariots_in_opposite_corners_fifteen_dogs_blue_first() -> None:
    state = GAME.new()
    board = state.to_json()["pieces"]
    assert board["a8"] == "BC" and board["h1"] == "RC"
    assert sorted(sq for sq, p in board.items() if p == "BD") == sorted(
        f"{f}{r}" for f in "abcdefgh" for r in "78" if f"{f}{r}" != "a8"
    )
    assert sorted(sq for sq, p in board.items() if p == "RD") == sorted(
        f"{f}{r}" for f in "abcdefgh" for r in "12" if f"{f}{r}" != "h1"
    )
    assert state.to_move == 0 and GAME.info.seat_names[2] == ("Blue", "Red")


# --- hops ------------------------------------------------------------------------------------------------------
SEED_HOP_BEFORE = """
BD BD .
BD .  .
.  .  RD
"""
SEED_HOP_AFTER = """
RD .  .
.  BD BD
.  BD .
"""


def test_seed_hop_example() -> None:
    # "If the top left blue dog is moved to the center square ... You would end up with:"
    state = pos(FAR, grid("c5", SEED_HOP_BEFORE))
    after = play(state, "c5-d4")
    assert look(after, "c5", 3, 3) == same(SEED_HOP_AFTER)
    assert state.annotated(move("c5-d4")) == "c5-d4 (hops c4>e4, d5>d3, e3>c5)"


def test_neighbours_facing_each_other_across_the_mover_both_stay() -> None:
    # "if a red dog would hop to the square that a blue dog is on, the pieces stay still instead of swapping"
    after = play(pos(FAR, "c5 RD, e3 BD, e5 BD"), "e5-d4")
    assert look(after, "c5", 3, 3) == same("RD . .\n. BD .\n. . BD")


def test_a_hop_off_the_board_does_not_happen() -> None:
    # "if a piece would hop off the edge of the board it stays still instead"
    after = play(pos(FAR, "b5 BD, b4 RD"), "b5-a4")
    assert look(after, "a5", 3, 2) == same(". . .\nBD RD .")


def test_the_square_the_mover_left_receives_a_hop() -> None:
    after = play(pos(FAR, "c4 BD, e4 RD"), "c4-d4")
    assert look(after, "c4", 3, 1) == "RD BD ."


def test_several_neighbours_hop_in_one_turn() -> None:
    after = play(pos(FAR, "d5 RD, c4 RD, e5 BD, f6 BD"), "e5-d4")
    assert look(after, "c6", 4, 4) == same(". . . BD\n. . . .\n. BD RD .\n. RD . .")


def test_seed_defended_enemy_stays() -> None:
    # "| RD | RD | BD <- |  |": the middle red dog is held in place by the red dog behind it.
    after = play(pos(FAR, "a4 RD, b4 RD, d4 BD"), "d4-c4")
    assert look(after, "a4", 4, 1) == "RD RD BD ."


def test_an_undefended_enemy_hops() -> None:
    after = play(pos(FAR, "b4 RD, d4 BD"), "d4-c4")
    assert look(after, "a4", 4, 1) == ". . BD RD"


def test_seed_defence_only_along_the_axis() -> None:
    # "| RD |   |   | / |   | RD | BD <- |": beside another red dog, but not on the mover's axis: it hops.
    after = play(pos(FAR, grid("a5", "RD . . .\n. RD . BD")), "d4-c4")
    assert look(after, "a5", 4, 2) == same("RD . . .\n. . BD RD")


def test_the_movers_own_pieces_are_never_defended() -> None:
    # "Your own dogs will hop over your pieces as well as enemy pieces"
    after = play(pos(FAR, "a4 BD, b4 BD, d4 BD"), "d4-c4")
    assert look(after, "a4", 4, 1) == "BD . BD BD"


def test_a_defender_is_of_the_hopping_pieces_side() -> None:
    after = play(pos(FAR, "a4 BD, b4 RD, d4 BD"), "d4-c4")
    assert look(after, "a4", 4, 1) == "BD . BD RD"


# --- captures --------------------------------------------------------------------------------------------------
def quiet(state: PolisState) -> PolisState:
    """A step far from the action (Blue's chariot a8-b8 or Red's h1-g1): captures are checked over the whole board."""
    return play(state, "a8-b8" if state.turn == 0 else "h1-g1")


def test_seed_capture_needs_both_sides_of_one_axis() -> None:
    after = quiet(pos(FAR, grid("c5", ". . .\nRD BD .\n. RD ."), turn=1))
    assert look(after, "c5", 3, 3) == same(". . .\nRD BD .\n. RD .")


def test_seed_capture_along_a_diagonal() -> None:
    after = quiet(pos(FAR, grid("c5", "RD . .\n. BD .\n. . RD"), turn=1))
    assert look(after, "c5", 3, 3) == same("RD . .\n. . .\n. . RD")


def test_a_step_into_the_corner_traps_a_dog_that_cannot_hop_off_the_board() -> None:
    state = pos(FAR, "a2 RD, b2 BD, c3 RD", turn=1)
    assert state.annotated(move("a2-a1")) == "a2-a1 (captures b2)"


def test_seed_captures_are_simultaneous() -> None:
    # "| RD | BD | RD | BD |": both the central blue dog and the central red dog are captured.
    after = quiet(pos(FAR, "c4 RD, d4 BD, e4 RD, f4 BD", turn=1))
    assert look(after, "c4", 4, 1) == "RD . . BD"


def test_hops_happen_before_captures_a_dog_can_hop_out_of_danger() -> None:
    # Red's step to e4 would catch d4 between c4 and e4, but d4 first hops over the mover to f4.
    state = pos(FAR, "c4 RD, d4 BD, f5 RD", turn=1)
    assert state.annotated(move("f5-e4")) == "f5-e4 (hops d4>f4)"


def test_seed_row_attack_from_the_strategy_section() -> None:
    # "| RD | RD -> | | BD |": the blue dog hops in between the two red dogs and is captured.
    state = pos(FAR, "a4 RD, b4 RD, d4 BD", turn=1)
    assert state.annotated(move("b4-c4")) == "b4-c4 (hops d4>b4; captures b4)"
    assert look(state.play(move("b4-c4")), "a4", 4, 1) == "RD . RD ."


def test_seed_death_square_on_a_diagonal() -> None:
    # "Look for your pieces that are spaced one apart ... Don't forget diagonals!" (RD c5, the square d4, RD e3)
    state = pos(FAR, "c5 RD, e3 RD, b2 BD, c2 RD", turn=1)
    assert state.annotated(move("c2-c3")) == "c2-c3 (hops b2>d4; captures d4)"


# --- chariots --------------------------------------------------------------------------------------------------
def test_a_chariot_is_never_captured_it_is_stunned() -> None:
    after = quiet(pos("a7 BD, h1 RC, d4 RD, e4 BC, f4 RD", turn=1))
    assert after.to_json()["pieces"]["e4"] == "BC"
    assert after.stunned == (True, False)


def test_seed_a_stunned_chariot_does_not_count_toward_captures() -> None:
    # "| RD | BC | RD | BD |": the blue chariot is stunned, so the central red dog is safe.
    after = quiet(pos("a7 BD, h1 RC, c4 RD, d4 BC, e4 RD, f4 BD", turn=1))
    assert look(after, "c4", 4, 1) == "RD BC RD BD"
    # Without the red dog that stuns it, the chariot captures.
    after = quiet(pos("a7 BD, h1 RC, d4 BC, e4 RD, f4 BD", turn=1))
    assert look(after, "c4", 4, 1) == ". BC . BD"


def test_a_stunned_chariot_cannot_move() -> None:
    state = pos("h1 RC, c4 RD, d4 BC, e4 RD, a7 BD")
    assert state.stunned == (True, False)
    assert [str(m) for m in state.legal_moves() if str(m).startswith("d4")] == []
    with pytest.raises(IllegalMoveError) as err:
        play(state, "d4-d5")
    assert str(err.value) == "the chariot on d4 is stunned between c4 and e4 and cannot move"
    assert err.value.squares == {parse("c4"), parse("e4")}


# The red dogs around d5 all face another piece across d5, so Red's step d6-d5 makes only the chariot on d4 hop.
BOXED = "a7 BD, h1 RC, d4 BC, e4 RD, c6 RD, e6 RD, d6 RD"


def test_a_chariot_stunned_at_the_end_of_the_last_turn_does_not_hop() -> None:
    stunned = pos(BOXED, "c4 RD", turn=1)
    assert stunned.stunned == (True, False)
    assert play(stunned, "d6-d5").to_json()["pieces"]["d4"] == "BC"
    free = pos(BOXED, "c4 BD", turn=1)  # c4 still blocks e6's hop, but does not stun
    assert free.annotated(move("d6-d5")) == "d6-d5 (hops d4>d6; stuns d6)"


def test_a_chariot_flanked_only_by_this_step_still_hops() -> None:
    # Not stunned when the turn began: Red's step to e4 flanks it with c4, but it hops over e4 to f4 first.
    state = pos("a7 BD, h1 RC, c4 RD, d4 BC, e5 RD", turn=1)
    after = play(state, "e5-e4")
    assert after.to_json()["pieces"].get("f4") == "BC"
    assert after.stunned == (False, False)


def test_option_hop_stun_current_holds_a_chariot_flanked_right_after_the_step() -> None:
    state = pos("a7 BD, h1 RC, c4 RD, d4 BC, e5 RD", turn=1, hop_stun="current")
    after = play(state, "e5-e4")
    assert after.to_json()["pieces"]["d4"] == "BC" and after.stunned == (True, False)


def test_a_stunned_chariot_does_not_help_stun_the_other_chariot() -> None:
    # Blue's chariot f3 is stunned between e3 and g3; Red's chariot e4 sits between d5 (a blue dog) and f3.
    assert pos("a7 BD, e3 RD, g3 RD, f3 BC, e4 RC, d5 BD").stunned == (True, False)
    # With Blue's chariot free, it does stun Red's.
    assert pos("a7 BD, e3 RD, f3 BC, e4 RC, d5 BD").stunned == (False, True)


def test_a_chariot_recovers_when_no_longer_flanked() -> None:
    # Blue's step to f4 hops the red dog on e4 to g4 (d4 behind it is Blue's, so it is not defended).
    state = pos("a7 BD, h1 RC, c4 RD, d4 BC, e4 RD, f5 BD")
    assert state.stunned == (True, False)
    assert state.annotated(move("f5-f4")) == "f5-f4 (hops e4>g4; frees d4)"
    after = play(state, "f5-f4")
    assert after.stunned == (False, False)
    assert after.play(move("h1-g1")).is_legal(move("d4-d5"))


def test_mutual_stun_both_by_default_neither_as_an_option() -> None:
    # "| RD | BC | RC | BD |": each chariot is flanked only with the other's help.
    spec = "c4 RD, d4 BC, e4 RC, f4 BD"
    assert pos(spec).stunned == (True, True)
    assert pos(spec, mutual_stun="neither").stunned == (False, False)


def test_a_stunned_chariot_defends_by_default_and_not_under_the_option() -> None:
    # Blue's chariot b4 is stunned between b5 and b3. Red steps to d4: the blue dog on c4 would hop to e4, but the
    # chariot behind it holds it in place, unless the option says a stunned chariot does not.
    spec = "h1 RC, a7 BD, b5 RD, b3 RD, b4 BC, c4 BD, e5 RD"
    assert pos(spec).stunned == (True, False)
    assert pos(spec, turn=1).annotated(move("e5-d4")) == "e5-d4"
    lax = pos(spec, turn=1, stunned_chariot_defends=False)
    assert lax.annotated(move("e5-d4")) == "e5-d4 (hops c4>e4)"


# --- illegal moves ---------------------------------------------------------------------------------------------
def test_hand_counted_position_lists_every_legal_step() -> None:
    # The "hand-counted" position of tests/data/movecounts/polis.json. Three chariot steps; the dog on d4 has eight,
    # and d4-e5 is refused: d6 and f4 face each other across e5, neither hops, the dog is caught between them.
    state = pos(FAR, "d4 BD, d6 RD, f4 RD, b2 RD")
    legal = sorted(str(m) for m in state.legal_moves())
    assert legal == ["a8-a7", "a8-b7", "a8-b8", "d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e4"]


def test_a_dog_may_not_step_where_it_would_be_captured() -> None:
    state = pos(FAR, "d4 BD, d6 RD, f4 RD")
    with pytest.raises(IllegalMoveError) as err:
        play(state, "d4-e5")
    assert str(err.value) == "the dog on e5 would be captured between d6 and f4"
    assert err.value.squares == {parse("d6"), parse("f4")}


def test_no_sacrifice_even_when_the_hops_would_capture() -> None:
    # c5-d4 would hop d5 to d3 and capture it there (d2, d4), but the mover itself dies between c4 and e4.
    spec = "c5 BD, c4 RD, e4 RD, d5 RD, d2 BD"
    assert move("c5-d4") not in pos(FAR, spec).legal_moves()
    without = pos(FAR, spec.replace("c4 RD, ", ""))
    assert without.annotated(move("c5-d4")) == "c5-d4 (hops d5>d3, e4>c4; captures d3)"


def test_a_safe_step_may_hop_an_ally_into_danger() -> None:
    # d5 (Blue's own) hops to d3 between the red dogs c3 and e3, which b2 and f2 hold in place; it is captured.
    state = pos(FAR, "c4 BD, d5 BD, c3 RD, e3 RD, b2 RD, f2 RD")
    assert state.annotated(move("c4-d4")) == "c4-d4 (hops d5>d3; captures d3)"


def test_a_chariot_may_not_step_where_it_would_be_stunned() -> None:
    state = pos("a7 BD, h1 RC, d5 BC, c4 RD, e4 RD")
    with pytest.raises(IllegalMoveError) as err:
        play(state, "d5-d4")
    assert str(err.value) == "the chariot on d4 would be stunned between c4 and e4"


# --- winning ---------------------------------------------------------------------------------------------------
def test_a_chariot_stepping_onto_its_goal_rank_wins() -> None:
    after = play(pos("b2 BC, h1 RC, a8 BD"), "b2-b1")
    assert after.to_move is None
    result = after.outcome()
    assert result is not None and result.winners == (0,) and result.reason == "Blue's chariot reached rank 1"
    assert after.legal_moves() == ()


def test_red_wins_on_rank_8() -> None:
    result = play(pos("a7 BC, g7 RC, a1 BD", turn=1), "g7-g8").outcome()
    assert result is not None and result.winners == (1,)


def test_a_chariot_hopped_onto_its_goal_rank_wins_unless_the_option_says_no() -> None:
    # Red's step to c2 hops Blue's chariot from c3 over it onto c1: Blue wins, on Red's move.
    state = pos("c3 BC, h5 RC, a8 BD, b1 RD", turn=1)
    assert state.annotated(move("b1-c2")) == "b1-c2 (hops c3>c1; wins)"
    result = state.play(move("b1-c2")).outcome()
    assert result is not None and result.winners == (0,)
    strict = pos("c3 BC, h5 RC, a8 BD, b1 RD", turn=1, win_by_hop=False)
    assert strict.annotated(move("b1-c2")) == "b1-c2 (hops c3>c1)"
    assert strict.play(move("b1-c2")).outcome() is None


def test_when_both_chariots_are_on_their_goal_ranks_the_mover_wins() -> None:
    # One step on 8 ranks never brings both chariots home (hops reach two ranks around the mover), so the ruling is
    # checked on the resolver with both chariots already there.
    from controller.games.polis.board import BY_NAME
    from controller.games.polis.rules import Rules
    from controller.games.polis.turn import resolve

    chariots = (BY_NAME["c1"], BY_NAME["d8"])
    dogs = (1 << BY_NAME["a5"], 1 << BY_NAME["h4"])
    blue = resolve(dogs, chariots, (False, False), 0, BY_NAME["a5"], BY_NAME["a4"], Rules())
    red = resolve(dogs, chariots, (False, False), 1, BY_NAME["h4"], BY_NAME["h3"], Rules())
    assert (blue.winner, red.winner) == (0, 1)


def test_the_game_ends_at_once_no_captures_after_a_win() -> None:
    # The red dog on f5 stands between two blue dogs: any other step would capture it, the winning one does not.
    spec = "c2 BC, h3 RC, a8 BD, e5 BD, f5 RD, g5 BD"
    assert pos(spec).annotated(move("a8-b8")) == "a8-b8 (captures f5)"
    assert pos(spec).annotated(move("c2-c1")) == "c2-c1 (wins)"


def test_a_chariot_may_not_arrive_stunned_unless_the_option_says_so() -> None:
    # On c1 the chariot would be caught between b1 and d1, which face each other across it and do not hop.
    spec = "c2 BC, h5 RC, a8 BD, b1 RD, d1 RD"
    with pytest.raises(IllegalMoveError, match="the chariot on c1 would be stunned between b1 and d1"):
        pos(spec).play(move("c2-c1"))
    result = pos(spec, stunned_arrival_wins=True).play(move("c2-c1")).outcome()
    assert result is not None and result.winners == (0,)


def test_a_player_with_no_legal_move_loses() -> None:
    # Blue's only piece is boxed into its corner.
    state = pos("a8 BC, a7 RD, b7 RD, b8 RD, h1 RC")
    assert state.legal_moves() == ()
    assert state.to_move is None
    result = state.outcome()
    assert result is not None and result.winners == (1,) and result.reason == "Blue has no legal move"


def test_a_player_whose_every_step_is_refused_loses() -> None:
    # Blue's chariot on h4 is stunned; its dog on d4 is hemmed in but for e5, where it would be caught between d6
    # and f4 (the red dogs d5 and e4 next to e5 are held in place by c5 and e3).
    reds = "c3 RD, c4 RD, c5 RD, d3 RD, d5 RD, e3 RD, e4 RD, d6 RD, f4 RD, h3 RD, h5 RD"
    state = pos("d4 BD, h4 BC, a1 RC", reds)
    assert state.stunned == (True, False) and state.legal_moves() == ()
    assert [m.reason for m in state.near_misses() if str(m.move) == "d4-e5"] == [
        "the dog on e5 would be captured between d6 and f4"
    ]
    result = state.outcome()
    assert result is not None and result.winners == (1,)
