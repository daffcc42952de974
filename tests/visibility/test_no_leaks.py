"""No output meant for a spectator or another seat holds a seat's secret, over random games of every game with
secrets: a Politics (1952) speech card in a hand, a Chesspolitik order not yet adjudicated. The outputs are every
way out: the page's snapshot (the API and the WebSocket send it), the history export of a running game, and the
referee's `legal` and `view` with and without a seat."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import DEFAULT, Orders, State
from controller.referee import Referee
from controller.session.core import Session
from controller.session.seats import SeatKind
from controller.session.snapshot import snapshot
from controller.visibility import export_for_spectator
from tests.strategies import histories

SECRET_GAMES = [n for n in DEFAULT.names() if DEFAULT.load(n).info.hidden_information]


def secrets_of(state: State, seat: int) -> set[str]:
    """What only `seat` may know now, as texts that would show it."""
    data = state.to_json()
    out: set[str] = set()
    for card in (data.get("hands") or [[]] * state.seats)[seat]:
        out.add(f"card {card}")
    pending = (data.get("pending") or {}).get(str(seat)) or []
    # An order written again as it was last adjudicated (a bounced unit tries again) is public by the report.
    report = state.view(None).get("last") or {}
    public = {str(o.get("order")) for o in report.get("orders", [])} if isinstance(report, dict) else set()
    for order in pending:
        if str(order) not in public:
            out.add(str(order))
    return out


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (str(k), *strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def shown_hand(value: Any, hand: list[int]) -> bool:
    """A seat's hand as a list of card numbers under any key of `value` (a view's `hand`, a state's `hands`)."""
    if isinstance(value, dict):
        return any(shown_hand(v, hand) for v in value.values())
    if isinstance(value, list):
        return (bool(hand) and value == hand) or any(shown_hand(v, hand) for v in value)
    return False


def outputs_for(name: str, state: State, viewer: int | None, export: dict[str, Any]) -> list[Any]:
    game = DEFAULT.load(name)
    session = Session(game, state, seat_kinds=[SeatKind.BOARD] * state.seats)
    referee = Referee(game)
    referee.handle(json.dumps({"cmd": "load", "state": state.to_json()}))
    seat = {} if viewer is None else {"seat": viewer}
    out: list[Any] = [
        snapshot(session, viewer),
        referee.handle(json.dumps({"cmd": "legal", **seat})),
        referee.handle(json.dumps({"cmd": "view", **seat})),
    ]
    if viewer is None:
        out.append(export_for_spectator(export))
    return out


@pytest.mark.parametrize("name", SECRET_GAMES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_nothing_meant_for_others_holds_a_seats_secret(name: str, data: st.DataObject) -> None:
    history = data.draw(histories(name, max_actions=40))
    state = history.final
    moves: list[dict[str, Any]] = []
    for before, action in zip(history.states[:-1], history.actions, strict=True):
        seat = before.to_move if isinstance(before.to_move, int) else None
        if isinstance(action, Orders):
            seat = action.seat
        moves.append({"ply": len(moves), "text": before.record(action), "seat": seat, "source": "board"})
    export = {
        "id": 1,
        "game": name,
        "seats": state.seats,
        "seed": 1,
        "options": {},
        "status": "playing",
        "outcome": None,
        "created": 0.0,
        "moves": moves,
        "states": [s.to_json() for s in history.states[1:]],
        "initial": history.start.to_json(),
        "final": state.to_json(),
    }
    hands = state.to_json().get("hands") or [[] for _ in range(state.seats)]
    for owner in range(state.seats):
        secret = secrets_of(state, owner)
        for viewer in [None, *range(state.seats)]:
            if viewer == owner:
                continue
            # A viewer's own possible orders may contain another's order text (a support names the move it supports).
            own = set() if viewer is None else {str(m) for m in state.legal_moves(viewer)}
            for output in outputs_for(name, state, viewer, export):
                texts = [t for t in strings(output) if t not in own]
                leaked = {s for s in secret if any(s == t or (" - " in s and s in t) for t in texts)}
                assert not leaked, f"seat {owner}'s {sorted(leaked)} shown to {viewer}"
                assert not shown_hand(output, list(hands[owner])), f"seat {owner}'s hand shown to {viewer}"
