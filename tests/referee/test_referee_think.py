"""The referee's `think`: the computer player's move for a seat, from that seat's view only, deterministic for a seed
and a playout budget, the state left as it was; every bad request answered with its kind."""

from __future__ import annotations

import json
import random

import pytest

from controller.games import load
from controller.games.playout import random_orders
from controller.referee import Referee
from tests.ai.test_secrets import twin_politics


def ask(ref: Referee, req: dict) -> dict:
    answer = ref.handle(json.dumps(req))
    json.dumps(answer)
    return answer


@pytest.mark.parametrize("name", ["polis", "djambi", "politrics"])
def test_think_answers_a_legal_move_and_leaves_the_state(name):
    ref = Referee(load(name))
    before = ask(ref, {"cmd": "new", "seed": 4})
    seat = before["to_move"]
    a = ask(ref, {"cmd": "think", "seat": seat, "playouts": 3, "seed": 9})
    assert a["ok"] and a["move"] in before["moves"] and a["playouts"] == 3
    assert ask(ref, {"cmd": "state"})["state"] == before["state"]
    assert ask(ref, {"cmd": "think", "seat": seat, "playouts": 3, "seed": 9})["move"] == a["move"]
    assert ask(ref, {"cmd": "play", "move": a["move"]})["ok"]


def test_think_gives_an_order_set_that_can_be_handed_in():
    ref = Referee(load("chesspolitik"))
    ask(ref, {"cmd": "new", "seats": 2, "seed": 1})
    a = ask(ref, {"cmd": "think", "seat": 1, "playouts": 4, "seed": 2})
    assert a["ok"] and isinstance(a["orders"], list) and "move" not in a
    assert ask(ref, {"cmd": "submit", "seat": 1, "orders": a["orders"]})["ok"]


def test_think_by_level_takes_cpu_time_not_playouts():
    ref = Referee(load("politics1952"))
    ask(ref, {"cmd": "new", "seats": 3, "seed": 2})
    while ask(ref, {"cmd": "state"})["to_move"] == "chance":
        ask(ref, {"cmd": "roll"})
    seat = ask(ref, {"cmd": "state"})["to_move"]
    a = ask(ref, {"cmd": "think", "seat": seat, "level": "easy"})
    assert a["ok"] and a["playouts"] >= 1


def test_the_referee_thinks_from_the_seats_view_not_from_its_full_state():
    # Two referees hold positions that differ only in the other seats' speech cards and the dice generator.
    game = load("politics1952")
    state = game.new(4, 11)
    rnd = random.Random(1)
    while not isinstance(state.to_move, int):
        state = state.play(state.sample_chance())
    seat = state.to_move
    twin = twin_politics(state, seat, rnd)
    assert twin.to_json() != state.to_json()
    answers = []
    for position in (state, twin):
        ref = Referee(game)
        ask(ref, {"cmd": "load", "state": position.to_json()})
        answers.append(ask(ref, {"cmd": "think", "seat": seat, "playouts": 10, "seed": 3}))
    assert answers[0]["ok"] and answers[0]["move"] == answers[1]["move"]
    assert "hands" not in answers[0]["state"]  # the answer shows the seat's view, like `view`


@pytest.mark.parametrize(
    ("req", "kind"),
    [
        ({"cmd": "think"}, "protocol"),
        ({"cmd": "think", "seat": 7}, "protocol"),
        ({"cmd": "think", "seat": 0, "level": "genius"}, "protocol"),
        ({"cmd": "think", "seat": 0, "level": "hard", "playouts": 5}, "protocol"),
        ({"cmd": "think", "seat": 0, "playouts": 0}, "protocol"),
        ({"cmd": "think", "seat": 0, "playouts": 10**9}, "protocol"),
        ({"cmd": "think", "seat": 0, "playouts": "many"}, "protocol"),
        ({"cmd": "think", "seat": 1, "playouts": 2}, "illegal"),
    ],
)
def test_bad_think_requests_are_answered(req, kind):
    ref = Referee(load("polis"))
    a = ask(ref, req)
    assert not a["ok"] and a["error"]["kind"] == kind


def test_a_seat_that_handed_in_its_orders_has_nothing_to_think_about():
    ref = Referee(load("chesspolitik"))
    ask(ref, {"cmd": "new", "seats": 2, "seed": 1})
    state = ref.state
    orders = [str(o) for o in random_orders(state, 0, random.Random(0))]
    assert ask(ref, {"cmd": "submit", "seat": 0, "orders": orders})["ok"]
    assert ask(ref, {"cmd": "think", "seat": 0, "playouts": 2})["error"]["kind"] == "illegal"
