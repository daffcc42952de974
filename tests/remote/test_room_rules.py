"""The room protocol's rules one by one: forged, stale, changed and early messages, commit-reveal, takebacks,
joining, and the stand-in state that checks another place's speech cards."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from controller.games import Orders, load
from controller.games.playout import random_orders
from controller.remote.errors import MessageError, RefusedError
from controller.remote.messages import Entry, EntryKind, Proposal, ProposalKind, Setup, decode, encode
from controller.remote.place import Place, Stopped, TakebackAsked
from controller.remote.secrecy import secrecy_for
from tests.remote.rooms import ROOM, Net, make_room


def host_entries(net: Net) -> list[Entry]:
    return net.places["host"].replica.entries


def test_a_move_for_a_seat_the_proposer_does_not_hold_is_refused_and_never_played():
    net = make_room("polis", 2, 1)
    state = net.places["host"].replica.state
    move = state.legal_moves()[0]
    forged = Proposal(ProposalKind.PLY, "guest1:x", "guest1", base=0, seat=0, text=state.record(move))
    net.places["host"].on_proposal(forged)
    net.flush("host")
    net.drain()
    [entry] = host_entries(net)
    assert entry.kind is EntryKind.REFUSED and entry.answers == "guest1:x"
    assert "which host holds" in entry.text
    assert net.sessions["host"] == net.sessions["guest1"] == []


def test_a_proposal_whose_id_is_not_its_senders_is_ignored():
    net = make_room("polis", 2, 1)
    state = net.places["host"].replica.state
    text = state.record(state.legal_moves()[0])
    net.places["host"].on_proposal(Proposal(ProposalKind.PLY, "host:1", "guest1", base=0, seat=0, text=text))
    assert host_entries(net) == []


def test_a_log_that_plays_for_a_seat_its_author_does_not_hold_is_refused_by_every_guest():
    net = make_room("polis", 2, 1)
    state = net.places["guest1"].replica.state
    text = state.record(state.legal_moves()[0])
    # Seat 0 is the host's; an entry claiming the guest made it cannot be from an honest host.
    bad = Entry(0, EntryKind.PLY, by="guest1", id="guest1:1", ply=0, seat=0, text=text)
    guest = net.places["guest1"]
    guest.on_entry(bad)
    _, effects = guest.take()
    assert isinstance(effects[-1], Stopped) and "which host holds" in effects[-1].message
    assert guest.replica.plies == []


def test_an_entry_saying_this_place_moved_when_it_did_not_is_refused():
    net = make_room("polis", 2, 1)
    host = net.places["host"]
    net.act("host", random.Random(0))
    net.drain()
    state = host.replica.state
    text = state.record(state.legal_moves()[0])
    # The guest holds seat 1 and made no move: a host writing one for it is caught by the guest itself.
    forged = Entry(
        1, EntryKind.PLY, by="guest1", id="guest1:zz", ply=1, seat=1, text=text, prev=host.replica.last_ply_id
    )
    guest = net.places["guest1"]
    guest.on_entry(forged)
    _, effects = guest.take()
    assert isinstance(effects[-1], Stopped) and "never did" in effects[-1].message


def test_the_log_never_changes_its_past_and_waits_for_missing_entries():
    net = make_room("polis", 2, 1)
    rnd = random.Random(2)
    for _ in range(3):
        for name in ("host", "guest1"):
            net.act(name, rnd)
            net.drain()
    entries = host_entries(net)
    host = net.places["host"]
    fresh = Place("watcher", host.setup, host.replica.game, net.initial, host.replica.secrecy)
    for e in reversed(entries):  # backwards: nothing applies until entry 0 arrives, then all at once
        fresh.on_entry(e)
    assert [a.entry for a in fresh.replica.plies] == [a.entry for a in net.places["host"].replica.plies]
    changed = replace(entries[1], text="a1-a2")
    fresh.on_entry(changed)
    _, effects = fresh.take()
    assert isinstance(effects[-1], Stopped) and "changed" in effects[-1].message


def test_an_illegal_ply_in_the_log_is_refused_and_not_applied():
    net = make_room("polis", 2, 1)
    guest = net.places["guest1"]
    guest.on_entry(Entry(0, EntryKind.PLY, by="host", id="host#0", ply=0, seat=0, text="a1-h8"))
    _, effects = guest.take()
    assert isinstance(effects[-1], Stopped)
    assert guest.replica.plies == [] and guest.replica.broken is not None


def test_a_stale_speculative_move_is_rolled_back_when_the_log_took_another():
    net = make_room("politrics", 2, 3)
    rnd = random.Random(5)
    host, guest = net.places["host"], net.places["guest1"]
    net.act("host", rnd)
    net.drain()
    net.act("guest1", rnd)  # the guest moves while the host asks to take its own move back
    host.request_takeback(0)
    net.flush("host")
    [proposal] = [p for kind, p in net.queues["host"] if kind == "proposal"]
    net.queues["host"].clear()
    net.drain()  # the guest sees the request
    guest.answer_takeback(True)
    net.flush("guest1")
    net.queues["host"].append(("proposal", proposal))  # the move arrives after the answer: stale
    net.drain()
    assert net.stopped == {}
    assert net.sessions["host"] == net.sessions["guest1"] == []
    kinds = [e.kind for e in host_entries(net)]
    assert kinds[-2:] == [EntryKind.TAKEBACK, EntryKind.REFUSED]
    assert host_entries(net)[-1].answers == Proposal.from_json(decode(proposal)).id


def chesspolitik_phase() -> tuple[Net, dict[str, str]]:
    net = make_room("chesspolitik", 2, 0)
    rnd = random.Random(0)
    texts = {}
    for name in ("host", "guest1"):
        place = net.places[name]
        [seat] = place.my_seats()
        texts[name] = str(Orders(seat, random_orders(place.replica.state, seat, rnd)))
    return net, texts


def test_orders_travel_as_digests_until_every_seat_committed():
    net, texts = chesspolitik_phase()
    net.places["guest1"].seal_orders(1, texts["guest1"])
    net.flush("guest1")
    net.drain()
    assert not any(texts["guest1"] in s.payload for s in net.sent)
    assert [e.kind for e in host_entries(net)] == [EntryKind.COMMIT]
    net.places["host"].seal_orders(0, texts["host"])
    net.flush("host")
    net.drain()
    kinds = [e.kind for e in host_entries(net)]
    assert kinds == [EntryKind.COMMIT, EntryKind.COMMIT, EntryKind.PLY, EntryKind.PLY]
    assert net.sessions["host"] == net.sessions["guest1"] == [e.text for e in host_entries(net)[2:]]


def test_a_reveal_that_is_not_what_was_committed_is_refused():
    net, texts = chesspolitik_phase()
    guest = net.places["guest1"]
    guest.seal_orders(1, texts["guest1"])
    net.flush("guest1")
    net.drain()
    salt = guest.sealed[1].salt
    net.places["host"].seal_orders(0, texts["host"])
    net.flush("host")
    net.queues["guest1"].clear()  # the guest does not hear of it: a rogue reveals in its place
    host = net.places["host"]
    host.on_proposal(Proposal(ProposalKind.REVEAL, "guest1:r", "guest1", seat=1, text="orders 1:", proof=salt))
    net.flush("host")
    refusal = host_entries(net)[-1]
    assert refusal.kind is EntryKind.REFUSED and "not the ones it committed" in refusal.text


def test_the_host_timer_gives_no_orders_for_seats_that_committed_none():
    net, texts = chesspolitik_phase()
    net.places["guest1"].seal_orders(1, texts["guest1"])
    net.flush("guest1")
    net.drain()
    net.close()
    net.drain()
    plies = [a.entry.text for a in net.places["host"].replica.plies]
    assert plies[0] == "orders 0:" and plies[1] == texts["guest1"]
    assert net.sessions["guest1"] == plies


def test_a_takeback_needs_the_other_side_and_a_refusal_keeps_the_game():
    net = make_room("polis", 2, 1)
    rnd = random.Random(3)
    net.act("host", rnd)
    net.drain()
    net.act("guest1", rnd)
    net.drain()
    guest = net.places["guest1"]
    guest.request_takeback(1)
    net.flush("guest1")
    net.drain()
    host = net.places["host"]
    assert host.replica.request is not None
    host.answer_takeback(False)
    net.flush("host")
    net.drain()
    assert len(net.sessions["guest1"]) == 2 and guest.replica.request is None
    guest.request_takeback(1)
    net.flush("guest1")
    net.drain()
    assert TakebackAsked("guest1", 1) in net.effects["host"]
    host.answer_takeback(True)
    net.flush("host")
    net.drain()
    assert len(net.sessions["host"]) == len(net.sessions["guest1"]) == 1


def test_joining_takes_free_seats_and_sends_secrets_only_to_their_holder():
    game = load("politics1952")
    state = game.new(3, seed=4)
    secrecy = secrecy_for(game)
    deal = secrecy.deal(state, ROOM)
    setup = Setup(ROOM, game.name, 3, "host", ("host", None, None), deal.initial, sealed=deal.sealed)
    host = Place("host", setup, game, state, secrecy, privates=deal.privates)
    host.on_proposal(Proposal(ProposalKind.JOIN, "anna:1", "anna", seats=(2,)))
    host.on_proposal(Proposal(ProposalKind.JOIN, "ben:1", "ben"))
    host.on_proposal(Proposal(ProposalKind.JOIN, "carl:1", "carl"))
    out, _ = host.take()
    assert host.replica.places == ["host", "ben", "anna"]
    privates = [item for item in out if isinstance(item, tuple)]
    assert sorted((to, p.seat) for to, p in privates) == [("anna", 2), ("ben", 1)]
    assert host.replica.entries[-1].kind is EntryKind.REFUSED  # carl: every seat is taken
    assert "hands" not in encode(setup.to_json()).decode() or all(h == [] for h in setup.initial["hands"])
    assert "rng" not in setup.initial or setup.initial["rng"] == 0


def test_a_stand_in_hand_takes_the_card_another_place_plays():
    net = make_room("politics1952", 3, 7)
    guest = net.places["guest1"]  # holds seat 1 only
    host = net.places["host"]
    true_hands = host.replica.state.to_json()["hands"]
    stand_in = guest.replica.state.to_json()["hands"]
    assert stand_in[1] == true_hands[1]
    rnd = random.Random(1)
    while not host.replica.state.to_json()["played"][0] and host.replica.state.to_move is not None:
        state = host.local_state
        cards = [m for m in state.legal_moves(0) if str(m).startswith("card")] if state.to_move == 0 else []
        if cards:
            net._local("host", 0, state, cards[0])
        elif not net.act("host", rnd) and not net.act("guest1", rnd):
            break
        net.drain()
    assert net.stopped == {}
    assert guest.replica.state.view(None) == host.replica.state.view(None)


def test_a_card_never_dealt_to_the_seat_is_refused():
    net = make_room("politics1952", 2, 7)
    host, guest = net.places["host"], net.places["guest1"]
    while host.replica.state.to_move != 0:
        net.act("host", random.Random(0)) or net.act("guest1", random.Random(0))
        net.drain()
    foreign = next(c for c in range(1, 19) if c not in host.replica.state.to_json()["hands"][0])
    r = host.replica
    bad = Entry(
        r.next_seq,
        EntryKind.PLY,
        by="host",
        id="host#x",
        ply=len(r.plies),
        seat=0,
        text=f"card {foreign}",
        proof="00" * 16,
        prev=r.last_ply_id,
    )
    guest.on_entry(bad)
    _, effects = guest.take()
    assert isinstance(effects[-1], Stopped) and "not one of the cards dealt" in effects[-1].message


@pytest.mark.parametrize(
    "payload",
    [b"hello", b"[]", b'{"v":2,"kind":"ply"}', b'{"v":1,"kind":"nope","seq":0}', b'{"v":1,"kind":"ply","seq":"1"}'],
)
def test_messages_that_are_not_of_the_protocol_are_refused_with_a_reason(payload):
    with pytest.raises(MessageError):
        Entry.from_json(decode(payload))


def test_every_message_round_trips_through_json():
    net = make_room("chesspolitik", 2, 0)
    net.drain()
    for e in [
        Entry(3, EntryKind.SEATS, by="h", id="h#3", places=("h", None)),
        Entry(4, EntryKind.ANSWER, by="g", id="g:1", answers="h#2", accept=False),
    ]:
        assert Entry.from_json(decode(encode(e.to_json()))) == e
    p = Proposal(ProposalKind.JOIN, "g:1", "g", seats=(1, 2))
    assert Proposal.from_json(decode(encode(p.to_json()))) == p


def test_a_guest_cannot_play_for_a_seat_it_does_not_hold():
    net = make_room("polis", 2, 1)
    with pytest.raises(RefusedError):
        net.places["guest1"].local_ply(0, "a1-a2")
    assert net.places["guest1"].take() == ([], [])
