"""One error hierarchy: whatever the position, a request the session refuses for its state is a SessionError (the
web answers 409), a bad move text a GameError (400), and a refusal changes nothing."""

from __future__ import annotations

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
from controller.games import CHANCE, SIMULTANEOUS, Game, Orders
from controller.session.core import Session, SessionSettings
from controller.session.seats import SeatKind
from controller.session.sources import Dice
from tests.conftest import WITH_TOYS
from tests.strategies import histories
from tests.toys.jumps import Jumps
from tests.toys.race import Race
from tests.toys.standoff import Standoff

TOYS: dict[str, type[Game]] = {"jumps": Jumps, "race": Race, "standoff": Standoff}


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    """A session of a toy game after a drawn playout entered on the page (dice entered by hand, every seat a phone):
    drawn move by move with the shared strategies, so a failure shrinks to the shortest playout."""
    game = WITH_TOYS.load(draw(st.sampled_from(sorted(TOYS))))
    history = draw(histories(game.name, registry=WITH_TOYS, max_actions=40))
    start = history.start
    session = Session(
        game, start, seat_kinds=[SeatKind.PHONE] * start.seats, settings=SessionSettings(dice=Dice.MANUAL)
    )
    session.start(start.occupancy(), 0.0)
    for ply, (state, action) in enumerate(zip(history.states, history.actions, strict=False)):
        t = float(ply)
        if state.to_move is CHANCE:
            session.play_text(str(action), t)
        elif isinstance(action, Orders):
            session.submit_orders(action.seat, [str(o) for o in action.orders], t)
        else:
            seat = next(k for k in range(state.seats) if action in state.legal_moves(k))
            session.play_text(str(action), t, seat)
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


@given(session=sessions())
def test_requests_refused_for_the_sessions_state_are_session_errors(session: Session) -> None:
    session.drain()
    before = (session.state, len(session.history))
    for what, request in _refusals(session, 1e3):
        with pytest.raises(SessionError) as caught:
            request()
        assert answer_for(caught.value).status == 409, what
        assert (session.state, len(session.history)) == before, what
    assert session.drain() == []


@given(session=sessions())
def test_a_bad_move_text_is_a_game_error_when_moves_may_be_typed(session: Session) -> None:
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
