"""What the page's Djambi panel is drawn from (DjambiState.view): who plays each party and on what title, the power,
the coming turns with the extra turns of the Chief in power, and the marks that make the LEDs say who moves."""

from __future__ import annotations

from typing import Any

from controller.games.djambi import Djambi
from controller.games.djambi.board import parse_square
from controller.games.djambi.diagram import position

GAME = Djambi()
RED, BLUE, YELLOW, GREEN = range(4)


def turns(view: dict[str, Any]) -> list[tuple[int, int | None, bool]]:
    return [(u["party"], u["player"], u["bonus"]) for u in view["upcoming"]]


def test_at_the_start_everyone_plays_its_own_party_in_turn() -> None:
    view = GAME.new().view(None)
    assert [p["how"] for p in view["parties"]] == ["own"] * 4
    assert view["parties"][RED] == {
        "party": "Red",
        "how": "own",
        "player": 0,
        "owner": 0,
        "chief": "A9",
        "pieces": 9,
        "walled_in": False,
        "held_for": None,
    }
    assert turns(view)[:5] == [(0, 0, False), (1, 1, False), (2, 2, False), (3, 3, False), (0, 0, False)]
    assert view["maze"] == "empty" and view["power"] is None and view["turn_party"] == RED and not view["bonus"]


def test_the_chief_in_power_plays_between_the_others_and_plays_the_vassals() -> None:
    # Red in power; Yellow's Chief is dead and Yellow a vassal, played by Red on Yellow's turns.
    state = position(
        {"E5": "RC", "I9": "BC", "I1": "xx", "A1": "GC", "A5": "RM", "G2": "YM", "I5": "BM", "A3": "GM"},
        turn=BLUE,
        control=(0, 1, None, 3),
    )
    view = state.view(None)
    assert view["maze"] == "power" and view["power"] == RED
    assert view["parties"][YELLOW]["how"] == "vassal" and view["parties"][YELLOW]["player"] == RED
    assert view["parties"][YELLOW]["owner"] is None and view["parties"][YELLOW]["chief"] is None
    assert turns(view)[:7] == [
        (BLUE, BLUE, False),
        (RED, RED, True),
        (YELLOW, RED, False),
        (RED, RED, True),
        (GREEN, GREEN, False),
        (RED, RED, False),
        (BLUE, BLUE, False),
    ]
    # On Yellow's turn Red moves Yellow's pieces: Red's Chief glows for Red.
    red_extra = state.play(GAME.parse("MI5-I6", state))
    yellow_turn = red_extra.play(GAME.parse("MA5-A6", red_extra))
    assert yellow_turn.turn_party == YELLOW and yellow_turn.to_move == RED
    assert yellow_turn.marks() == {parse_square("E5"): RED}


def test_an_inherited_party_and_a_party_out_of_pieces_and_a_puppet_power() -> None:
    state = position({"A9": "RC", "I1": "YC", "A1": "GC", "G8": "BM", "I9": "xx", "E5": "xx"}, control=(0, 0, 2, 3))
    view = state.view(None)
    assert view["parties"][BLUE]["how"] == "inherited" and view["parties"][BLUE]["owner"] == RED
    assert view["maze"] == "puppet" and view["power"] is None
    gone = position({"A9": "RC", "I1": "YC", "A1": "GC", "I9": "xx"}, control=(0, 0, 2, 3))
    assert gone.view(None)["parties"][BLUE] == {
        "party": "Blue",
        "how": "out",
        "player": None,
        "owner": 0,
        "chief": None,
        "walled_in": False,
        "held_for": None,
        "pieces": 0,
    }
    assert BLUE not in [u["party"] for u in gone.view(None)["upcoming"]]


def test_no_turns_to_come_once_the_game_is_over() -> None:
    over = position({"A9": "RC", "I9": "xx", "B2": "BM"})
    assert over.view(None)["upcoming"] == [] and over.marks() == {}


def test_a_walled_in_chief_kept_by_the_comeback_rule_and_the_rules_in_play() -> None:
    board = {"E5": "RC", "I9": "BC", "I1": "YC", "A1": "GC", "B1": "xx", "B2": "xx", "B3": "xx", "A3": "xx"}
    state = position({**board, "G5": "GM"}, held=(None, None, None, GREEN), comeback=True, master_moves=True)
    view = state.view(None)
    green = view["parties"][GREEN]
    assert green["how"] == "vassal" and green["walled_in"] and green["held_for"] == GREEN and green["chief"] == "A1"
    assert green["player"] == RED  # played by the Chief in power meanwhile
    assert any("comes back" in n for n in view["notes"]) and any("Master moves" in n for n in view["notes"])
    plain = GAME.new().view(None)["notes"]
    assert plain == ["Walled in: a Chief dies when no way out is left and no Necromobile is left to open one"]
