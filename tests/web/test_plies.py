"""The page's findings per ply (controller.web.plies) kept between snapshots say exactly what working them out
afresh says, while the history grows, is taken back and is replaced by another game's."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, Orders, State
from controller.session.sources import Source
from controller.session.view import Ply
from controller.web.plies import PlyMemo
from controller.web.ply_words import plies_words
from tests.strategies import histories


def _plies(data: st.DataObject, game: str) -> tuple[list[Ply], list[State], tuple[str, ...]]:
    history = data.draw(histories(game, max_actions=10))
    plies = []
    for before, action in zip(history.states[:-1], history.actions, strict=True):
        seat = action.seat if isinstance(action, Orders) else before.to_move
        source = Source.DICE if before.to_move is CHANCE else Source.BOARD
        plies.append(
            Ply(
                before,
                action,
                before.record(action),
                seat if isinstance(seat, int) else None,
                source,
                before.effect(action),
            )
        )
    names = tuple(history.final.game.info.seat_names[history.final.seats])
    return plies, list(history.states), names


def _again(data: st.DataObject, ply: Ply) -> Ply:
    """The ply taken back and another move (or the same one) played in its place."""
    before = ply.before
    move = ply.move
    if isinstance(before.to_move, int):
        move = data.draw(st.sampled_from(before.legal_moves()))
    assert move is not None
    return Ply(before, move, before.record(move), ply.seat, ply.source, before.effect(move))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), game=st.sampled_from(["chesspolitik", "politics1952", "djambi", "polis"]))
def test_kept_findings_say_what_fresh_ones_say(data: st.DataObject, game: str) -> None:
    memo = PlyMemo()
    for _ in range(2):  # a game, then another one in the same memo
        plies, states, names = _plies(data, game)
        # The history as a session has it over time: plies played, some taken back (and played again as new
        # plies), the page asking at any moment.
        lengths = data.draw(st.lists(st.integers(0, len(plies)), min_size=1, max_size=6))
        for n in lengths:
            if data.draw(st.booleans()) and n:
                plies[n - 1] = _again(data, plies[n - 1])
            kept = plies_words(plies[:n], states[n], names, memo)
            assert kept == plies_words(plies[:n], states[n], names)
