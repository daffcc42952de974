"""Djambi: turns, power, inheritance, vassals, walled-in Chiefs, passing and draws (docs/rules/djambi.md)."""

from __future__ import annotations

import pytest

from controller.games.djambi import AnswerDraw, Djambi, Go, OfferDraw, Pass, Resign
from controller.games.djambi.board import CORPSE, MILITANT, parse_square
from controller.games.djambi.diagram import parse_diagram, position
from controller.games.djambi.order import VASSAL
from controller.games.djambi.rules import WalledIn
from controller.games.djambi.state import DjambiState
from controller.games.djambi.walls import walled
from controller.games.errors import IllegalMoveError

GAME = Djambi()
RED, BLUE, YELLOW, GREEN = range(4)


def play(state: DjambiState, text: str) -> DjambiState:
    return state.play(GAME.parse(text, state))


def shuffle(state: DjambiState) -> DjambiState:
    """A quiet turn: the party to play moves a Militant to an empty square."""
    move = next(m for m in state.legal_moves() if isinstance(m, Go) and m.kind == MILITANT)
    return state.play(move)


def turns(state: DjambiState, n: int) -> list[tuple[int, int | None, bool]]:
    """(party whose turn it is, player to move, extra turn?) for the next `n` quiet turns."""
    out = []
    for _ in range(n):
        out.append((state.turn_party, state.to_move, state.bonus))
        state = shuffle(state)
    return out


# Red's Chief one step from the Maze; every party has a Militant with room to move about.
QUIET = {"E3": "RC", "I9": "BC", "I1": "YC", "A1": "GC", "A5": "RM", "I5": "BM", "E1": "YM", "A3": "GM"}


def test_parties_play_red_blue_yellow_green() -> None:
    state = position(QUIET)
    assert turns(state, 5) == [(0, 0, False), (1, 1, False), (2, 2, False), (3, 3, False), (0, 0, False)]
    assert state.turn_text() == "Red to move"


def test_the_chief_in_power_plays_after_every_other_party() -> None:
    state = play(position(QUIET), "CE3-E5")
    assert turns(state, 8) == [
        (BLUE, BLUE, False),
        (RED, RED, True),
        (YELLOW, YELLOW, False),
        (RED, RED, True),
        (GREEN, GREEN, False),
        (RED, RED, False),  # the extra turn after Green is Red's own turn anyway
        (BLUE, BLUE, False),
        (RED, RED, True),
    ]
    assert shuffle(state).turn_text() == "Red, in power, plays again"


def test_leaving_the_maze_ends_the_extra_turns() -> None:
    state = shuffle(play(position(QUIET), "CE3-E5"))  # Blue has played: Red's extra turn
    assert state.bonus
    state = play(state, "CE5-E4")
    assert turns(state, 3) == [(YELLOW, YELLOW, False), (GREEN, GREEN, False), (RED, RED, False)]


def test_with_two_parties_left_they_simply_alternate() -> None:
    state = position({"E5": "RC", "I9": "BC", "I5": "BM", "A5": "RM", "I1": "xx", "A1": "xx"}, turn=BLUE)
    assert turns(state, 4) == [(BLUE, BLUE, False), (RED, RED, False), (BLUE, BLUE, False), (RED, RED, False)]


def test_the_inheritor_plays_the_dead_chiefs_pieces_on_their_turn() -> None:
    state = play(position({**QUIET, "H8": "RM", "G5": "BD"}), "MH8xI9>H5")
    assert state.control[BLUE] == RED
    assert (state.turn_party, state.to_move) == (BLUE, RED)
    assert state.turn_text() == "Red plays Blue's pieces"
    assert state.legal_moves(BLUE) == ()
    assert {m.src for m in state.legal_moves() if isinstance(m, Go)} == {parse_square("G5"), parse_square("I5")}


def test_killing_a_chief_who_holds_several_colours_takes_them_all() -> None:
    state = position(
        {"A9": "RC", "I1": "YC", "A1": "GC", "C5": "BM", "A8": "YM", "I9": "xx"},
        control=(RED, RED, YELLOW, GREEN),
        turn=YELLOW,
    )
    state = play(state, "MA8xA9>D9")
    assert state.control == (YELLOW, YELLOW, YELLOW, GREEN)


def test_vassals_obey_the_chief_in_power_and_sleep_without_one() -> None:
    pieces = {"A9": "RC", "I9": "BC", "I1": "YC", "A1": "xx", "G5": "GM", "C5": "RM", "I5": "BM", "E1": "YM"}
    asleep = position(pieces, control=(RED, BLUE, YELLOW, None))
    assert [t for t, _, _ in turns(asleep, 4)] == [RED, BLUE, YELLOW, RED]
    ruled = position({**pieces, "A9": "..", "E5": "RC"}, control=(RED, BLUE, YELLOW, None), turn=YELLOW)
    state = shuffle(ruled)  # Yellow, then Red's extra turn, then Green's vassals played by Red
    assert (state.turn_party, state.to_move, state.bonus) == (RED, RED, True)
    state = shuffle(state)
    assert (state.turn_party, state.to_move) == (GREEN, RED)
    assert state.turn_text() == "Red, in power, plays Green's vassal pieces"


# Green's Chief in the corner with corpses on two of its three neighbours; a corpse on B2 shuts it in.
NEARLY_WALLED = {"E5": "RC", "I9": "BC", "I1": "YC", "A1": "GC", "A2": "xx", "B1": "xx", "G5": "GM"}


def test_a_walled_in_chief_dies_and_its_pieces_become_vassals() -> None:
    state = position({**NEARLY_WALLED, "C4": "RM", "C5": "YM"})
    move = GAME.parse("MC4xC5>B2", state)
    effect = state.effect(move)
    assert effect.chore_touch == frozenset({parse_square("A1")})  # the Chief is turned over where it stands
    after = state.play(move)
    assert after.board[parse_square("A1")] == CORPSE
    assert after.control[GREEN] == VASSAL
    assert after.quiet == 0
    assert after.outcome() is None


def _board(**squares: str) -> bytes:
    rows = [[".."] * 9 for _ in range(9)]
    for name, token in squares.items():
        sq = parse_square(name)
        rows[8 - sq // 9][sq % 9] = token
    return parse_diagram("\n".join(" ".join(r) for r in rows))


RING = dict.fromkeys(("B1", "B2", "B3", "A3"), "xx")  # a ring of corpses around A1 and A2


@pytest.mark.parametrize(
    ("extra", "dies"),
    [
        ({}, True),  # a pocket of empty squares leads nowhere
        ({"A2": "GM"}, True),  # own pieces do not help
        ({"A2": "GN"}, False),  # an own Necromobile could carry the corpses away
        ({"B2": "RM"}, False),  # another party's living piece is within reach
        ({"B2": "BM"}, False),
        ({"B2": ".."}, False),  # a gap in the ring: the board beyond is open
    ],
)
def test_walled_in_region_rule(extra: dict[str, str], dies: bool) -> None:
    board = _board(A1="GC", I9="BC", I1="YC", A9="RC", **{**RING, **extra})
    assert walled(board, WalledIn.REGION) == ([parse_square("A1")] if dies else [])


@pytest.mark.parametrize(
    ("extra", "dies"),
    [
        ({}, True),
        ({"A2": "GM"}, True),
        ({"A2": "GN"}, False),
        ({"G7": "BN"}, False),  # any Necromobile left on the board could still open the wall from outside
        ({"F4": "GN"}, False),  # its own, outside
        ({"B2": "RM"}, False),
    ],
)
def test_walled_in_only_once_no_necromobile_is_left(extra: dict[str, str], dies: bool) -> None:
    board = _board(A1="GC", I9="BC", I1="YC", A9="RC", **{**RING, **extra})
    assert walled(board, WalledIn.NO_NECROMOBILE) == ([parse_square("A1")] if dies else [])


def test_by_default_the_last_necromobiles_death_walls_the_chief_in() -> None:
    state = position({**NEARLY_WALLED, "C4": "RM", "C5": "YM", "G7": "BN", "H7": "BM"})
    assert state.rules.walled_in == "no_necromobile"
    shut = play(state, "MC4xC5>B2")
    assert shut.control[GREEN] == GREEN and shut.board[parse_square("A1")] != CORPSE
    assert shut.turn_party == BLUE
    # Blue's Militant kills Blue's own Necromobile, the last one: Green's Chief on A1 dies at once, far away.
    last = GAME.parse("MH7xG7>H4", shut)
    assert shut.effect(last).chore_touch == frozenset({parse_square("A1")})
    after = shut.play(last)
    assert after.board[parse_square("A1")] == CORPSE and after.control[GREEN] == VASSAL
    # Under the earlier reading only a Necromobile of Green's inside the walls counts.
    old = position({**NEARLY_WALLED, "C4": "RM", "C5": "YM", "G7": "BN", "H7": "BM"}, walled_in="region")
    assert play(old, "MC4xC5>B2").control[GREEN] == VASSAL


def test_walled_in_corpses_rule_needs_corpses_on_every_neighbour() -> None:
    pocket = _board(A1="GC", I9="BC", I1="YC", A9="RC", **RING)
    assert walled(pocket, WalledIn.CORPSES) == []  # A2 is empty
    shut = _board(A1="GC", I9="BC", I1="YC", A9="RC", A2="xx", B1="xx", B2="xx")
    assert walled(shut, WalledIn.CORPSES) == [parse_square("A1")]
    assert walled(shut, WalledIn.NEVER) == []


def test_the_region_reaches_the_empty_maze() -> None:
    ring = dict.fromkeys(("C3", "D3", "E3", "F3", "G3", "C4", "G4", "C5", "G5", "C6", "G6"), "xx")
    ring |= dict.fromkeys(("C7", "D7", "E7", "F7", "G7"), "xx")
    board = _board(D4="GC", I9="BC", I1="YC", A9="RC", **ring)
    assert walled(board, WalledIn.REGION) == []
    assert walled(_board(D4="GC", I9="BC", I1="YC", A9="RC", E5="xx", **ring), WalledIn.REGION) == [parse_square("D4")]


def test_chiefs_walled_in_together_die_together() -> None:
    board = _board(A1="GC", I1="YC", I9="BC", A9="RC", A2="xx", B2="xx", B1="xx", H1="xx", H2="xx", I2="xx")
    assert walled(board, WalledIn.REGION) == [parse_square("I1"), parse_square("A1")]


def test_a_chief_in_power_is_never_walled_in() -> None:
    ring = dict.fromkeys(("D4", "E4", "F4", "D5", "F5", "D6", "E6", "F6"), "xx")
    board = _board(E5="RC", I9="BC", A1="GM", **ring)
    assert walled(board, WalledIn.REGION) == []
    assert walled(board, WalledIn.CORPSES) == []


def test_first_vassals_option_keeps_them_after_power_is_lost() -> None:
    state = position({**NEARLY_WALLED, "C4": "RM", "C5": "YM"}, vassals="first")
    after = play(state, "MC4xC5>B2")
    assert after.control[GREEN] == RED
    plain = play(position({**NEARLY_WALLED, "C4": "RM", "C5": "YM"}), "MC4xC5>B2")
    assert plain.control[GREEN] == VASSAL


def test_no_legal_move_means_pass() -> None:
    # Blue is Red's by inheritance; its last living piece is a Militant boxed in by corpses.
    state = position(
        {"A9": "RC", "I1": "YC", "A1": "GC", "I9": "BM", "H9": "xx", "H8": "xx", "I8": "xx"},
        control=(RED, RED, YELLOW, GREEN),
        turn=BLUE,
    )
    assert state.legal_moves() == (Pass(), OfferDraw(), Resign())
    assert state.turn_text() == "Red plays Blue's pieces (no legal move: pass)"
    assert state.effect(Pass()).is_empty
    after = state.play(Pass())
    assert after.turn_party == YELLOW and after.quiet == state.quiet + 1
    with pytest.raises(IllegalMoveError, match="only when"):
        GAME.parse("pass", after)


def test_forty_quiet_turns_draw_the_game_and_a_kill_resets_the_count() -> None:
    state = position(QUIET, draw_turns=3)
    for _ in range(2):
        state = shuffle(state)
    assert state.quiet == 2 and state.outcome() is None
    drawn = shuffle(state)
    result = drawn.outcome()
    assert result is not None and result.is_draw and "3 turns" in result.reason
    assert drawn.to_move is None and drawn.legal_moves() == ()
    killer = position({**QUIET, "B5": "BR"}, quiet=2, draw_turns=3)
    assert play(killer, "MA5xB5>A6").quiet == 0
    assert GAME.new().rules.draw_turns == 40


def test_a_draw_needs_every_player_still_in_the_game() -> None:
    state = position(QUIET)
    state = state.play(OfferDraw())
    assert state.to_move == BLUE and state.legal_moves() == (AnswerDraw(True), AnswerDraw(False))
    assert state.turn_text() == "Blue: Red offers a draw; accept or decline"
    state = play(state, "accept draw")
    assert state.to_move == YELLOW and state.outcome() is None
    state = play(play(state, "accept draw"), "accept draw")
    result = state.outcome()
    assert result is not None and result.is_draw and state.to_move is None


def test_a_declined_draw_gives_the_turn_back_without_a_second_offer() -> None:
    start = position(QUIET)
    state = play(play(play(start, "offer draw"), "accept draw"), "decline draw")
    assert state.to_move == RED and state.turn_party == RED and state.outcome() is None
    assert OfferDraw() not in state.legal_moves()
    assert set(state.legal_moves()) == set(start.legal_moves()) - {OfferDraw()}
    with pytest.raises(IllegalMoveError, match="already offered"):
        GAME.parse("offer draw", state)
    assert OfferDraw() in shuffle(state).legal_moves()  # the next player may offer again


def test_eliminated_players_do_not_vote() -> None:
    state = position({"A9": "RC", "I1": "YC", "I9": "xx", "A1": "xx", "C5": "RM", "G5": "YM"})
    state = play(play(state, "offer draw"), "accept draw")
    result = state.outcome()
    assert result is not None and result.is_draw


def test_the_last_chief_standing_wins() -> None:
    state = position({"A9": "RC", "I9": "BC", "H8": "RM", "I1": "xx", "A1": "xx"})
    after = play(state, "MH8xI9>E1")
    result = after.outcome()
    assert result is not None and result.winners == (RED,) and "Red wins" in result.reason
    assert after.to_move is None and after.turn_text() == result.reason


def test_resigning_turns_the_chief_over_and_hands_everything_to_the_power() -> None:
    state = position({**QUIET, "I9": "xx", "C8": "BM"}, control=(RED, RED, YELLOW, GREEN))
    effect = state.effect(Resign())
    # Said on the page; the board then asks for the Chief to be turned over.
    assert effect.decision == () and not effect.decision_touch
    assert effect.chore_touch == frozenset({parse_square("E3")})
    after = state.play(Resign())
    assert after.board[parse_square("E3")] == CORPSE
    assert after.control == (VASSAL, VASSAL, YELLOW, GREEN) and after.quiet == 0
    assert [t for t, _, _ in turns(after, 3)] == [YELLOW, GREEN, YELLOW]  # nobody in power: the vassals sleep
    assert state.record(Resign()) == "resign (Red vassal; Blue vassal)"


def test_resigning_with_one_opponent_left_concedes_the_game() -> None:
    state = position({"A9": "RC", "I9": "BC", "I1": "xx", "A1": "xx", "C5": "RM"})
    result = state.play(GAME.parse("resign", state)).outcome()
    assert result is not None and result.winners == (BLUE,)


def test_sleeping_vassals_may_be_made_untouchable() -> None:
    pieces = {"A9": "RC", "I9": "BC", "I1": "YC", "A1": "xx", "C5": "RM", "C6": "GM", "I5": "BM", "E1": "YM"}
    control = (RED, BLUE, YELLOW, None)
    assert any(str(m).startswith("MC5xC6") for m in position(pieces, control=control).legal_moves())
    immune = position(pieces, control=control, sleeping_vassals="immune")
    assert not any(str(m).startswith("MC5xC6") for m in immune.legal_moves())
    ruled = position({**pieces, "I9": "..", "E5": "BC"}, control=control, sleeping_vassals="immune")
    assert any(str(m).startswith("MC5xC6") for m in ruled.legal_moves())  # awake: Blue's to defend
