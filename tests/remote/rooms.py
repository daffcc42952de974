"""A room of places on a simulated network that delivers messages in any order, any number of times.

Every message is written to JSON and read back on delivery, as the broker would carry it. Each place's session is
modelled by the list of ply texts it holds, changed only through the effects the place asks for.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from controller.games import CHANCE, SIMULTANEOUS, Orders, State, load
from controller.games.playout import random_orders
from controller.remote.errors import RefusedError
from controller.remote.messages import Entry, Private, Proposal, Setup, decode, encode
from controller.remote.place import ApplyPly, Place, Rollback, Stopped
from controller.remote.secrecy import secrecy_for

ROOM = "test-room"


@dataclass
class Sent:
    """A message as published: its order on the network, its JSON, who published it."""

    order: int
    sender: str
    payload: str
    to: str | None = None  # a private message's only recipient


@dataclass
class Net:
    places: dict[str, Place]
    host: str
    initial: State
    sessions: dict[str, list[str]] = field(default_factory=dict)
    queues: dict[str, list[tuple[str, bytes]]] = field(default_factory=dict)
    sent: list[Sent] = field(default_factory=list)
    stopped: dict[str, str] = field(default_factory=dict)
    forged: set[str] = field(default_factory=set)
    effects: dict[str, list[object]] = field(default_factory=dict)
    counter: itertools.count[int] = field(default_factory=itertools.count)

    def __post_init__(self) -> None:
        for name in self.places:
            self.sessions.setdefault(name, [])
            self.queues.setdefault(name, [])

    # ---- carrying messages ---------------------------------------------------------------------------------
    def flush(self, name: str) -> None:
        place = self.places[name]
        out, effects = place.take()
        for item in out:
            if isinstance(item, Entry):
                payload = encode(item.to_json())
                for other in self.places:  # the host hears its own log back too, as from the broker
                    self.queues[other].append(("entry", payload))
            elif isinstance(item, Proposal):
                payload = encode(item.to_json())
                self.queues[self.host].append(("proposal", payload))
            else:
                target, private = item
                payload = encode(private.to_json())
                self.queues[target].append(("private", payload))
            to = item[0] if isinstance(item, tuple) else None
            self.sent.append(Sent(next(self.counter), name, payload.decode(), to))
        session = self.sessions[name]
        self.effects.setdefault(name, []).extend(effects)
        for effect in effects:
            if isinstance(effect, ApplyPly):
                assert effect.applied.entry.ply == len(session), (name, effect, session)
                session.append(effect.applied.entry.text)
            elif isinstance(effect, Rollback):
                assert effect.plies <= len(session)
                del session[effect.plies :]
            elif isinstance(effect, Stopped):
                self.stopped[name] = effect.message

    def deliver(self, name: str, index: int, duplicate: bool) -> None:
        queue = self.queues[name]
        kind, payload = queue[index] if duplicate else queue.pop(index)
        place = self.places[name]
        data = decode(payload)
        if kind == "entry":
            place.on_entry(Entry.from_json(data))
        elif kind == "proposal":
            place.on_proposal(Proposal.from_json(data))
        else:
            Private.from_json(data)  # privates are handed over before the game in these rooms
        self.flush(name)

    def pending(self) -> list[str]:
        return [n for n, q in self.queues.items() if q]

    def drain(self) -> None:
        while names := self.pending():
            self.deliver(names[0], 0, duplicate=False)

    # ---- what players do -----------------------------------------------------------------------------------
    def act(self, name: str, rnd: random.Random) -> bool:
        """One thing this place's players may do now (a move, orders, the dice); False if nothing."""
        place = self.places[name]
        state = place.local_state
        mine = place.my_seats()
        if state.to_move is None:
            return False
        if state.to_move is CHANCE:
            if not place.is_host:
                return False
            return self._local(name, None, state, state.sample_chance())
        if state.to_move is SIMULTANEOUS:
            waiting = [s for s in mine if s in state.waiting_for() and s not in place.sealed]
            waiting = [s for s in waiting if s not in place.replica.commits and not place.replica.closed]
            if not waiting:
                return False
            seat = rnd.choice(waiting)
            orders = Orders(seat, random_orders(state, seat, rnd))
            place.seal_orders(seat, str(orders))
            self.flush(name)
            return True
        options = [(s, m) for s in mine for m in state.legal_moves(s)]
        if not options:
            return False
        seat, move = rnd.choice(options)
        return self._local(name, seat, state, move)

    def _local(self, name: str, seat: int | None, state: State, move: object) -> bool:
        text = state.record(move)  # type: ignore[arg-type]
        self.sessions[name].append(text)  # the session commits first, then tells the place
        self.places[name].local_ply(seat, text)
        self.flush(name)
        return True

    def forge(self, name: str, rnd: random.Random) -> bool:
        """A guest proposes a move for a seat it does not hold."""
        place = self.places[name]
        state = place.replica.state
        if place.is_host or not isinstance(state.to_move, int) or state.to_move in place.my_seats():
            return False
        moves = state.legal_moves()
        if not moves:
            return False
        ident = f"{name}:forged{next(self.counter)}"
        self.forged.add(ident)
        text = state.record(rnd.choice(moves))
        proposal = Proposal.from_json(
            {
                "v": 1,
                "kind": "ply",
                "id": ident,
                "place": name,
                "base": len(place.replica.plies),
                "prev": place.replica.last_ply_id,
                "seat": state.to_move,
                "text": text,
            }
        )
        self.queues[self.host].append(("proposal", encode(proposal.to_json())))
        return True

    def takeback(self, name: str) -> bool:
        place = self.places[name]
        r = place.replica
        try:
            if r.request is not None and r.request.by != name:
                place.answer_takeback(accept=True)
            elif r.plies and r.request is None:
                place.request_takeback(len(r.plies) - 1)
            else:
                return False
        except RefusedError:
            return False
        self.flush(name)
        return True

    def close(self) -> bool:
        host = self.places[self.host]
        r = host.replica
        if r.state.to_move is not SIMULTANEOUS or r.closed:
            return False
        host.close_orders()
        self.flush(self.host)
        return True


def make_room(game_name: str, seats: int, seed: int, n_places: int = 2) -> Net:
    game = load(game_name)
    state = game.new(seats, seed=seed)
    secrecy = secrecy_for(game)
    deal = secrecy.deal(state, ROOM)
    names = ["host"] + [f"guest{i}" for i in range(1, n_places)]
    holders = tuple(names[seat % n_places] for seat in range(state.seats))
    setup = Setup(ROOM, game.name, state.seats, "host", holders, deal.initial, sealed=deal.sealed)
    setup = Setup.from_json(decode(encode(setup.to_json())))  # as a guest reads it from the broker
    places: dict[str, Place] = {"host": Place("host", setup, game, state, secrecy, privates=deal.privates)}
    for name in names[1:]:
        privates = {s: deal.privates[s] for s, holder in enumerate(holders) if holder == name and s in deal.privates}
        start = secrecy.place_state(game, setup.initial, setup.sealed, privates)
        places[name] = Place(name, setup, game, start, secrecy, privates=privates)
    net = Net(places, "host", state)
    for seat, holder in enumerate(holders):  # the host hands each place its seats' secrets
        if holder != "host" and seat in deal.privates:
            payload = encode(Private(seat, deal.privates[seat]).to_json()).decode()
            net.sent.append(Sent(next(net.counter), "host", payload, to=holder))
    return net
