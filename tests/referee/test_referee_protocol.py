"""The referee protocol on the toy games: every command, and every kind of bad request answered, never raised."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.referee import Referee
from tests.toys.jumps import Jumps
from tests.toys.race import Race
from tests.toys.standoff import Standoff


def ask(ref: Referee, req: object) -> dict:
    answer = ref.handle(req if isinstance(req, str) else json.dumps(req))
    json.dumps(answer)  # every answer is JSON
    return answer


def test_new_legal_play_undo() -> None:
    ref = Referee(Jumps())
    a = ask(ref, {"cmd": "new", "seats": 2, "seed": 5, "options": {"limit": 10}})
    assert a["ok"] and a["to_move"] == 0 and a["outcome"] is None
    assert len(a["moves"]) == 32 and "A@a1" in a["moves"]
    a = ask(ref, {"cmd": "play", "move": "A@a1"})
    assert a["ok"] and a["to_move"] == 1
    assert ["a1", "A", 0] in a["state"]["board"]
    a = ask(ref, {"cmd": "undo"})
    assert a["ok"] and a["state"]["board"] == []
    assert ask(ref, {"cmd": "undo"})["error"]["kind"] == "protocol"


def test_load_takes_what_state_prints() -> None:
    ref = Referee(Jumps())
    ask(ref, {"cmd": "play", "move": "B@c3"})
    printed = ask(ref, {"cmd": "state"})["state"]
    other = Referee(Jumps())
    a = ask(other, {"cmd": "load", "state": printed})
    assert a["ok"] and a["state"] == printed and a["to_move"] == 1


def test_chance_roll_and_entered_dice() -> None:
    ref = Referee(Race())
    a = ask(ref, {"cmd": "new", "seed": 3})
    assert a["to_move"] == "chance" and a["moves"] == ["roll 1", "roll 2", "roll 3"]
    a = ask(ref, {"cmd": "roll"})
    assert a["ok"] and a["to_move"] == 0
    assert ask(ref, {"cmd": "roll"})["error"]["kind"] == "illegal"
    ask(ref, {"cmd": "play", "move": "go"})
    a = ask(ref, {"cmd": "chance", "outcome": "roll 2"})
    assert a["ok"] and a["state"]["rolled"] == 2
    ask(ref, {"cmd": "play", "move": "go"})
    assert ask(ref, {"cmd": "chance", "outcome": "roll 9"})["error"]["kind"] == "illegal"
    assert ask(ref, {"cmd": "chance", "outcome": "dice"})["error"]["kind"] == "invalid"


def test_seeded_rolls_replay() -> None:
    def rolls() -> list[int]:
        ref = Referee(Race())
        ask(ref, {"cmd": "new", "seed": 99})
        out = []
        while ask(ref, {"cmd": "state"})["outcome"] is None:
            out.append(ask(ref, {"cmd": "roll"})["state"]["rolled"])
            ask(ref, {"cmd": "play", "move": "go"})
        return out

    first = rolls()
    assert len(first) >= 3 and first == rolls()


def test_simultaneous_orders_stay_secret_until_all_are_in() -> None:
    ref = Referee(Standoff())
    a = ask(ref, {"cmd": "new"})
    assert a["to_move"] == "simultaneous" and a["waiting_for"] == [0, 1] and a["moves"] == []
    assert ask(ref, {"cmd": "legal", "seat": 0})["moves"] == ["b1-c1"]
    a = ask(ref, {"cmd": "submit", "seat": 0, "orders": ["b1-c1"]})
    assert a["ok"] and a["waiting_for"] == [1]
    view1 = ask(ref, {"cmd": "view", "seat": 1})["state"]
    assert view1["pending"] == {"0": "submitted"}
    assert ask(ref, {"cmd": "view", "seat": 0})["state"]["pending"] == {"0": ["b1-c1"]}
    a = ask(ref, {"cmd": "submit", "seat": 1, "orders": []})
    assert a["ok"] and a["state"]["tokens"][0] == [0, 2] and a["state"]["round"] == 1
    assert ask(ref, {"cmd": "submit", "seat": 0, "orders": ["a1-b1", "a1-b1"]})["error"]["kind"] == "illegal"


@pytest.mark.parametrize(
    ("request_line", "kind"),
    [
        ("not json", "protocol"),
        ("", "protocol"),
        ("[1, 2]", "protocol"),
        ('"legal"', "protocol"),
        ('{"cmd": "fly"}', "protocol"),
        ('{"command": "legal"}', "protocol"),
        ('{"cmd": "play"}', "protocol"),
        ('{"cmd": "play", "move": 12}', "protocol"),
        ('{"cmd": "play", "move": "zz"}', "invalid"),
        ('{"cmd": "play", "move": "A@z9"}', "invalid"),
        ('{"cmd": "play", "move": "a1-a2"}', "illegal"),
        ('{"cmd": "new", "seats": 3}', "invalid"),
        ('{"cmd": "new", "seats": "two"}', "protocol"),
        ('{"cmd": "new", "seats": true}', "protocol"),
        ('{"cmd": "new", "options": {"speed": 3}}', "invalid"),
        ('{"cmd": "new", "options": {"limit": "many"}}', "invalid"),
        ('{"cmd": "new", "options": [1]}', "protocol"),
        ('{"cmd": "load", "state": {"game": "chess"}}', "invalid"),
        ('{"cmd": "load", "state": {"game": "jumps"}}', "invalid"),
        ('{"cmd": "load"}', "protocol"),
        ('{"cmd": "view", "seat": 7}', "protocol"),
        ('{"cmd": "submit", "seat": 0, "orders": []}', "illegal"),
        ('{"cmd": "submit", "seat": 0, "orders": "a1-b1"}', "protocol"),
        ("[" * 100_000, "protocol"),
    ],
)
def test_bad_requests_get_an_error_of_the_right_kind(request_line: str, kind: str) -> None:
    ref = Referee(Jumps())
    before = ask(ref, {"cmd": "state"})["state"]
    answer = ask(ref, request_line)
    assert answer["ok"] is False
    assert answer["error"]["kind"] == kind, answer
    assert answer["error"]["message"]
    assert ask(ref, {"cmd": "state"})["state"] == before  # the session goes on unchanged


@given(st.text(max_size=200))
def test_the_referee_never_raises_on_any_text(line: str) -> None:
    ref = Referee(Jumps())
    answer = ref.handle(line)
    assert isinstance(answer["ok"], bool)
    json.dumps(answer)


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda c: (
            st.lists(c, max_size=3)
            | st.dictionaries(
                st.sampled_from(["cmd", "move", "seat", "seats", "seed", "orders", "options", "state", "outcome"]),
                c,
                max_size=4,
            )
        ),
        max_leaves=12,
    )
)
def test_the_referee_never_raises_on_any_json(req: object) -> None:
    ref = Referee(Race())
    answer = ref.handle(json.dumps(req))
    assert isinstance(answer["ok"], bool)
