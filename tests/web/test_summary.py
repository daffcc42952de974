"""The end-of-game picture's numbers: none while a game goes on; at the end, one value per seat in every group,
and for Djambi the pieces each party took counted from the moves that killed."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games import DEFAULT
from controller.session.sources import Source
from controller.web.summary import summary
from tests.strategies import histories
from tests.web.test_now import Table


@pytest.mark.parametrize("name", DEFAULT.names())
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_picture_while_the_game_goes_on(name: str, data: st.DataObject) -> None:
    state = data.draw(histories(name, max_actions=10, ongoing=True)).final
    assert summary(Table(state).s) is None


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_djambi_counts_the_pieces_each_party_took(data: st.DataObject) -> None:
    state = data.draw(histories("djambi", max_actions=12, ongoing=True)).final
    table = Table(state)
    kills = [0] * 4
    # Play on from the page until the game ends: the other parties resign in turn.
    while table.s.state.outcome() is None:
        s = table.s.state
        seat = s.to_move
        assert isinstance(seat, int)
        moves = [m for m in s.legal_moves(seat) if "resigns" in s.describe(m)]
        move = moves[0] if moves else data.draw(st.sampled_from(s.legal_moves(seat)))
        table.s.play_text(str(move), table.t, seat, Source.PAGE)
        table.t += 1
        table.board(table.s.state.occupancy())
        table.wait()
    names = ("Red", "Blue", "Yellow", "Green")
    for ply in table.s.history:
        said = ply.before.describe(ply.move) if ply.move is not None else ""
        if " kills " in said:
            kills[names.index(said.split("'s ")[0])] += 1
    drawn = summary(table.s)
    assert drawn is not None and drawn["series"][0]["values"] == kills
