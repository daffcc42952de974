"""The replay of a stored game, over random games of every game: a frame for the start and one after every move,
each frame's pieces those of the position then, and the squares each move changed; a running game with secrets
is refused until it is over."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games import DEFAULT
from controller.games.squares import name
from controller.web.errors import ApiError
from controller.web.history import public_export
from controller.web.replay import frames
from tests.strategies import histories


def export(h: Any, status: str) -> dict[str, Any]:
    moves = [
        {"ply": i, "text": before.record(a), "seat": None, "source": "board"}
        for i, (before, a) in enumerate(zip(h.states[:-1], h.actions, strict=True))
    ]
    return {
        "id": 7,
        "game": h.final.game.info.name,
        "seats": h.final.seats,
        "seed": 1,
        "options": {},
        "status": status,
        "outcome": None,
        "created": 0.0,
        "moves": moves,
        "states": [s.to_json() for s in h.states[1:]],
        "initial": h.start.to_json(),
        "final": h.final.to_json(),
    }


@pytest.mark.parametrize("game", DEFAULT.names())
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_move_has_its_frame_with_the_board_then(game: str, data: st.DataObject) -> None:
    h = data.draw(histories(game, max_actions=10))
    replay = frames(public_export(export(h, "finished")))
    assert len(replay["frames"]) == len(h.actions) + 1
    for frame, state in zip(replay["frames"], h.states, strict=True):
        assert {p["square"]: (p["kind"], p["owner"]) for p in frame["pieces"]} == {
            name(sq): (p.kind, p.owner) for sq, p in state.pieces().items()
        }
    for i, frame in enumerate(replay["frames"][1:]):
        was, now = h.states[i].pieces(), h.states[i + 1].pieces()
        assert set(frame["changed"]) == {name(sq) for sq in set(was) | set(now) if was.get(sq) != now.get(sq)}


@pytest.mark.parametrize("game", [n for n in DEFAULT.names() if DEFAULT.load(n).info.hidden_information])
def test_a_running_game_with_secrets_is_not_replayed(game: str) -> None:
    g = DEFAULT.load(game)
    state = g.new(g.info.check_seats(None), seed=1)
    h = type("H", (), {"states": (state,), "actions": (), "start": state, "final": state})()
    with pytest.raises(ApiError) as err:
        frames(public_export(export(h, "playing")))
    assert err.value.status == 409
