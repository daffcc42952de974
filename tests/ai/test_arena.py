"""The arena: seat rotation, Wilson intervals, and `agora arena` on a short run."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.ai import greedy, make_player, random_player
from controller.ai.arena import run, seating, wilson
from controller.cli.main import main
from controller.games import load


def test_wilson_matches_the_textbook_values():
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


@given(wins=st.integers(0, 200), extra=st.integers(0, 200))
def test_wilson_holds_the_rate_and_narrows_with_more_games(wins, extra):
    games = wins + extra
    if games == 0:
        return
    low, high = wilson(wins, games)
    assert 0.0 <= low <= wins / games <= high <= 1.0
    wider = wilson(wins, games)
    narrower = wilson(4 * wins, 4 * games)
    assert narrower[1] - narrower[0] <= wider[1] - wider[0] + 1e-12


def test_the_measured_player_sits_at_every_seat_in_turn():
    hard, g = make_player("mcts:hard"), greedy()
    for i in range(8):
        seated = seating([hard, g], 4, i)
        assert seated.index(hard) == i % 4 and seated.count(hard) == 1 and seated.count(g) == 3
    assert seating([hard, g], 2, 1) == [g, hard]


def test_greedy_beats_random_at_polis():
    tally = run(load("polis"), [greedy(), random_player()], 4, seed=3)
    assert tally.games == 4 and tally.wins >= 3 and tally.seats == 2


def test_a_series_split_in_two_plays_the_same_games_as_whole():
    polis = load("polis")
    whole = run(polis, [greedy(), random_player()], 4, seed=7)
    halves = [run(polis, [greedy(), random_player()], 2, seed=7, first=first) for first in (0, 2)]
    assert whole.games == sum(h.games for h in halves) == 4
    assert whole.wins == sum(h.wins for h in halves) and whole.plies == sum(h.plies for h in halves)
    assert halves[1] != run(polis, [greedy(), random_player()], 2, seed=9)


def test_agora_arena_prints_json_and_refuses_bad_players(capsys):
    assert main(["arena", "polis", "--players", "greedy,random", "--games", "2", "--seed", "5", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 2 and result["players"] == ["greedy", "random"] and len(result["interval"]) == 2
    assert main(["arena", "polis", "--players", "greedy"]) == 2
    assert main(["arena", "polis", "--players", "greedy,chess-engine"]) == 2
    assert main(["arena", "polis", "--seats", "5"]) == 2
    assert main(["arena", "polis", "--first", "-1"]) == 2
    assert main(["arena", "nogame"]) == 2
