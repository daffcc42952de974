"""The room protocol under any delivery: every place ends with the same log and the same plies, forged plies are
refused, and no secret can be read before it is due."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.remote.messages import EntryKind
from controller.remote.replica import Replica
from tests.remote.rooms import Net, make_room

GAMES = [("polis", 2, 2), ("politrics", 2, 2), ("chesspolitik", 2, 2), ("politics1952", 3, 2), ("djambi", 4, 3)]


def play(net: Net, data: st.DataObject, steps: int) -> None:
    rnd = random.Random(data.draw(st.integers(0, 2**32 - 1), label="players' seed"))
    names = list(net.places)
    for _ in range(steps):
        action = data.draw(
            st.sampled_from(["deliver", "deliver", "deliver", "act", "act", "forge", "takeback", "close"])
        )
        if action == "deliver" and (pending := net.pending()):
            name = data.draw(st.sampled_from(pending))
            index = data.draw(st.integers(0, len(net.queues[name]) - 1))
            net.deliver(name, index, duplicate=data.draw(st.booleans()))
        elif action == "act":
            net.act(data.draw(st.sampled_from(names)), rnd)
        elif action == "forge":
            net.forge(data.draw(st.sampled_from(names)), rnd)
        elif action == "takeback":
            net.takeback(data.draw(st.sampled_from(names)))
        elif action == "close":
            net.close()
    net.drain()


def check_agreement(net: Net) -> None:
    assert net.stopped == {}
    host = net.places[net.host]
    log = [e.to_json() for e in host.replica.entries]
    plies = [a.entry.text for a in host.replica.plies]
    for name, place in net.places.items():
        assert [e.to_json() for e in place.replica.entries] == log, name
        assert place.spec == [], name
        assert net.sessions[name] == plies, name
        assert place.replica.state.view(None) == host.replica.state.view(None), name


def check_forgeries_refused(net: Net) -> None:
    host = net.places[net.host]
    ply_ids = {e.id for e in host.replica.entries if e.kind is EntryKind.PLY}
    refused = {e.answers for e in host.replica.entries if e.kind is EntryKind.REFUSED}
    assert not net.forged & ply_ids
    assert net.forged <= refused


def check_secrets(net: Net) -> None:
    """A sealed order's salt, and a dealt card's salt, travel only when due: the orders once every seat of the
    phase committed (or the host closed it), a card privately to its holder or when it is played."""
    check_orders_sealed(net)
    check_cards_private(net)


def check_orders_sealed(net: Net) -> None:
    host = net.places[net.host]
    replay = Replica(host.setup, host.replica.game, net.initial, host.replica.secrecy)
    ready_since: int | None = None  # seq of the entry that made the current phase ready
    for e in host.replica.entries:
        was_phase = (replay.phase, len(replay.plies))
        replay.apply(e)
        if replay.phase_ready() and ready_since is None:
            ready_since = e.seq
        if e.kind is EntryKind.PLY and e.proof is not None and e.text.startswith("orders"):
            assert ready_since is not None
            published = next(s.order for s in net.sent if s.sender == net.host and f'"seq":{ready_since},' in s.payload)
            early = [s for s in net.sent if e.proof in s.payload and s.order <= published]
            assert not early, f"orders of seat {e.seat} left their place before the phase was ready"
        if not replay.phase_ready() and (replay.phase, len(replay.plies)) != was_phase:
            ready_since = None


def check_cards_private(net: Net) -> None:
    host = net.places[net.host]
    for s in net.sent:
        if s.to is not None:
            seat = int(s.payload.split('"seat":')[1].split("}")[0].split(",")[0])
            assert host.replica.places[seat] == s.to
    if not host.replica.setup.sealed:
        return
    for private in host.privates.values():
        for card, salt in private["cards"]:
            for s in net.sent:
                if salt in s.payload and s.to is None:
                    assert f"card {card}" in s.payload, "a speech card's secret travelled with another message"


@pytest.mark.parametrize(("game", "seats", "places"), GAMES)
@settings(max_examples=10)
@given(data=st.data(), seed=st.integers(0, 2**31))
def test_any_delivery_order_gives_every_place_the_same_game(game: str, seats: int, places: int, data, seed) -> None:
    net = make_room(game, seats, seed, places)
    play(net, data, steps=80)
    check_agreement(net)
    check_forgeries_refused(net)
    check_secrets(net)
