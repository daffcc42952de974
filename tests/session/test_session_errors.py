"""One error hierarchy: whatever the position, a request the session refuses for its state is a SessionError (the
web answers 409), a bad move text a GameError (400), and a refusal changes nothing."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.errors import (
    TABLE,
    AgoraError,
    ErrorKind,
    GameError,
    IllegalMoveError,
    SessionError,
    StoreError,
    answer_for,
)
from controller.games import CHANCE, SIMULTANEOUS, Game
from controller.games.playout import random_orders
from controller.session.core import Session, SessionSettings
from controller.session.factory import new_session
from controller.session.seats import SeatKind
from controller.session.sources import Dice
from tests.toys.jumps import Jumps
from tests.toys.race import Race
from tests.toys.standoff import Standoff

TOYS: dict[str, type[Game]] = {"jumps": Jumps, "race": Race, "standoff": Standoff}


def _played(game: str, plies: int, seed: int) -> Session:
    """A session of `game` after up to `plies` random page moves, dice entered by hand, every seat a phone."""
    g = TOYS[game]()
    state = g.new(seed=seed)
    session = new_session(
        g, seed=seed, seat_kinds=[SeatKind.PHONE] * state.seats, settings=SessionSettings(dice=Dice.MANUAL)
    )
    session.start(session.state.occupancy(), 0.0)
    rnd = random.Random(seed)
    for ply in range(plies):
        s = session.state
        t = float(ply)
        if s.to_move is None:
            break
        if s.to_move is CHANCE:
            session.play_text(str(rnd.choice([m for m, _ in s.chance_outcomes()])), t)
        elif s.to_move is SIMULTANEOUS:
            seat = min(s.waiting_for())
            session.submit_orders(seat, [str(o) for o in random_orders(s, seat, rnd)], t)
        else:
            moves = s.legal_moves()
            if not moves or not isinstance(s.to_move, int):
                break
            session.play_text(str(rnd.choice(moves)), t, s.to_move)
    return session


def _refusals(session: Session, t: float) -> list[tuple[str, Callable[[], object]]]:
    """Requests the session's state refuses, whatever the move would be."""
    s = session.state
    out: list[tuple[str, Callable[[], object]]] = []
    if s.to_move is not CHANCE:
        out.append(("roll", lambda: session.roll(t)))
    if s.to_move is not SIMULTANEOUS:
        out.append(("close orders", lambda: session.close_orders(t)))
        out.append(("orders", lambda: session.submit_orders(0, [], t)))
    if s.to_move is None or s.to_move is SIMULTANEOUS:
        out.append(("page move", lambda: session.play_text("anything", t)))
    if s.to_move is SIMULTANEOUS:
        out.append(("orders of no seat", lambda: session.submit_orders(s.seats, [], t)))
    if not session.prompt:
        out.append(("answer", lambda: session.answer(0, t)))
    if not session.history:
        out.append(("undo", lambda: session.undo(t)))
    return out


@given(game=st.sampled_from(sorted(TOYS)), plies=st.integers(0, 40), seed=st.integers(0, 2**16))
def test_requests_refused_for_the_sessions_state_are_session_errors(game: str, plies: int, seed: int) -> None:
    session = _played(game, plies, seed)
    session.drain()
    before = (session.state, len(session.history))
    for what, request in _refusals(session, 1e3):
        with pytest.raises(SessionError) as caught:
            request()
        assert answer_for(caught.value).status == 409, what
        assert (session.state, len(session.history)) == before, what
    assert session.drain() == []


@given(game=st.sampled_from(sorted(TOYS)), plies=st.integers(0, 40), seed=st.integers(0, 2**16))
def test_a_bad_move_text_is_a_game_error_when_moves_may_be_typed(game: str, plies: int, seed: int) -> None:
    session = _played(game, plies, seed)
    if session.state.to_move is None or session.state.to_move is SIMULTANEOUS:
        return
    with pytest.raises(GameError) as caught:
        session.play_text("no such move", 1e3)
    assert answer_for(caught.value).status == 400


def _subclasses(cls: type[AgoraError]) -> set[type[AgoraError]]:
    out = set(cls.__subclasses__())
    for sub in list(out):
        out |= _subclasses(sub)
    return out


def test_every_error_has_one_answer_and_the_families_keep_theirs() -> None:
    for cls in _subclasses(AgoraError):
        answer = answer_for(cls("x"))
        assert answer.kind in ErrorKind and 400 <= answer.status < 600, cls
        for family, status in ((GameError, {400, 404}), (SessionError, {409}), (StoreError, {404, 503})):
            if issubclass(cls, family):
                assert answer.status in status, cls
    assert answer_for(IllegalMoveError("x")).kind is ErrorKind.ILLEGAL
    assert set(TABLE) >= {AgoraError, GameError, SessionError, StoreError}
