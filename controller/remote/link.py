"""A place of a room inside the controller's one asyncio loop: the broker's messages reach the session in order with
the board's events (through `Controller.request`), and what the session does here reaches the room.

- A ply another place made arrives, is checked by this place's replica, and is played on the session as a move
  decided elsewhere: the LEDs guide its pieces as chores, checked by the sensors before the next turn.
- A ply made here (the board, a phone, the host's dice) is handed to the room: the host writes it into the log, a
  guest proposes it. Orders are sealed, an undo becomes a takeback request.
- While the broker cannot be reached, or the room's log is refused, the game pauses with the reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from controller.games import Move, Orders
from controller.remote import topics
from controller.remote.errors import MessageError
from controller.remote.journal import Journal
from controller.remote.messages import Entry, Private, Proposal, decode, encode
from controller.remote.place import ApplyPly, Notice, Place, Rollback, Stopped, TakebackAsked
from controller.remote.public import info_json, snapshot_json
from controller.remote.replica import Applied
from controller.remote.rooms import seat_of
from controller.remote.transport import LinkDown, LinkUp, Received, Transport, TransportEvent
from controller.session.core import Ply, Session
from controller.session.pauses import PauseCause
from controller.session.render import frame_hex
from controller.session.runner import Controller
from controller.session.sources import Source


def carry_out_text(applied: Applied) -> str:
    """What the players read while the LEDs show a move made at another place as chores."""
    if isinstance(applied.move, Orders):
        return "Every power's orders are in: the lights show the pieces to move here."
    return f"From {applied.entry.by}: {applied.before.describe(applied.move)} The lights show the pieces to move here."


class RoomLink:
    def __init__(self, controller: Controller, place: Place, transport: Transport, journal: Journal) -> None:
        self.controller = controller
        self.place = place
        self.transport = transport
        self.journal = journal
        self.room = place.setup.room
        self.host = place.setup.host
        self.up = False
        self.asked: TakebackAsked | None = None  # a takeback the other side asks of this place
        self.notices: list[str] = []
        self._journaled = len(place.replica.entries)
        self._frame = ""
        self.on_change: Callable[[], None] | None = None
        self.task: asyncio.Task[None] | None = None  # carrying messages (start_link)
        self._acting: asyncio.Task[None] | None = None  # effects of this place's own action, queued for the loop

    # ---- the session's side: what happens here ------------------------------------------------------------
    def played_here(self, index: int, ply: Ply) -> None:
        if ply.move is None:
            return
        seat = seat_of(ply.before, ply.move)
        self.place.local_ply(seat, ply.text)
        self._flush()

    def seal_orders(self, orders: Orders) -> None:
        self.place.seal_orders(orders.seat, str(orders))
        self._flush()

    def close_orders(self) -> None:
        self.place.close_orders()
        self._flush()

    def ask_takeback(self, plies: int) -> None:
        self.place.request_takeback(plies)
        self._flush()

    def answer_takeback(self, accept: bool) -> None:
        self.place.answer_takeback(accept)
        self.asked = None
        self._flush()

    def sealed_seats(self) -> set[int]:
        """Seats of this place whose orders are handed in (sealed or committed) and not yet revealed."""
        r = self.place.replica
        return set(self.place.sealed) | {s for s in r.commits if s in self.place.my_seats()}

    # ---- the broker's side -------------------------------------------------------------------------------
    def subscribe(self) -> None:
        host, room, me = self.host, self.room, self.place.name
        if self.place.is_host:
            self.transport.subscribe(topics.any_out(room))
        else:
            self.transport.subscribe(topics.setup(host, room))
            self.transport.subscribe(topics.log(host, room))
            self.transport.subscribe(topics.private(host, room, me))
            self.transport.subscribe(topics.online(host))

    async def run(self) -> None:
        """Carry messages until cancelled."""
        self.subscribe()
        leds = asyncio.create_task(self._publish_leds())
        try:
            if self.transport.connected:  # up before the link began (a guest's lobby used the connection)
                await self.controller.request(self._handler(LinkUp()))
            async for event in self.transport.events():
                await self.controller.request(self._handler(event))
        finally:
            leds.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await leds

    def _handler(self, event: TransportEvent) -> Callable[[Session, float], None]:
        def handle(session: Session, t: float) -> None:
            if isinstance(event, LinkDown):
                self._down(session, t, event.reason)
            elif isinstance(event, LinkUp):
                self._up(session, t)
            else:
                self._received(session, t, event)

        return handle

    def _down(self, session: Session, t: float, reason: str) -> None:
        self.up = False
        session.pause(
            PauseCause.ROOM, f"the link to the other places is down ({reason}); waiting for it to come back", t
        )

    def _up(self, session: Session, t: float) -> None:
        self.up = True
        if self.place.replica.broken is None:
            session.unpause(PauseCause.ROOM, t)
        self.republish()
        self._flush()

    def republish(self) -> None:
        """After a (re)connection: the host publishes its set-up, log and secrets again (the broker may have lost
        them); a guest asks to join again (a no-op for a place that holds its seats) and resends what is pending."""
        p = self.place
        if p.is_host:
            self._publish(topics.setup(self.host, self.room), p.setup.to_json(), retain=True)
            for entry in p.replica.entries:
                self._publish(topics.log(self.host, self.room, entry.seq), entry.to_json(), retain=True)
            for seat, private in p.privates.items():
                holder = p.replica.places[seat]
                if holder is not None and holder != p.name:
                    self._publish(topics.private(self.host, self.room, holder), Private(seat, private).to_json(), True)
            self._snapshot()
        else:
            p.join()
            for proposal in p.unanswered():
                p.outbox.append(proposal)
        self._info()

    def _received(self, session: Session, t: float, message: Received) -> None:
        try:
            data = decode(message.payload)
        except MessageError:
            return  # not this protocol (or an emptied retained topic): nothing to do
        sender = topics.place_of(message.topic)
        if message.topic.startswith(topics.log(self.host, self.room)[:-1]):
            if sender == self.host:
                with contextlib.suppress(MessageError):
                    self.place.on_entry(Entry.from_json(data))
        elif message.topic.endswith("/out") and self.place.is_host:
            with contextlib.suppress(MessageError):
                proposal = Proposal.from_json(data)
                if proposal.place == sender:  # a proposal speaks for the place whose topic it is on
                    self.place.on_proposal(proposal)
        elif message.topic == topics.private(self.host, self.room, self.place.name):
            with contextlib.suppress(MessageError):
                private = Private.from_json(data)
                self.place.privates[private.seat] = private.data
        elif message.topic == topics.online(self.host) and data.get("online") and not self.place.is_host:
            for proposal in self.place.unanswered():  # the host is back: it may have missed them
                self.place.outbox.append(proposal)
        self._act(session, t)
        self._flush()

    # ---- effects on the session ----------------------------------------------------------------------------
    def _act(self, session: Session, t: float) -> None:
        effects, self.place.effects = self.place.effects, []
        for effect in effects:
            if isinstance(effect, ApplyPly):
                a = effect.applied
                source = self._source(a.entry, a.move)
                session.play_from_room(a.move, t, source, before=a.before)
                if source is Source.REMOTE and session.chores_open:
                    session.tell(carry_out_text(a))
            elif isinstance(effect, Rollback):
                if effect.plies < len(session.history):
                    session.rollback_to(effect.plies, t)
                self._notice(session, effect.reason)
            elif isinstance(effect, Notice):
                self._notice(session, effect.message)
            elif isinstance(effect, TakebackAsked):
                self.asked = effect
                self._notice(session, f"{effect.by} asks to take back moves: accept or refuse on the page")
            elif isinstance(effect, Stopped):
                session.pause(PauseCause.ROOM, f"this board refuses the room's log: {effect.message}", t)
        if self.place.replica.state.to_move is None:
            self.journal.finish(self.room)

    def _source(self, entry: Entry, move: Move) -> Source:
        if entry.by == self.place.name:
            return Source.PHONE if isinstance(move, Orders) else Source.BOARD
        if entry.seat is None:
            return Source.DICE
        if entry.by == self.host and isinstance(move, Orders) and not move.orders:
            return Source.TIMER
        return Source.REMOTE

    def _notice(self, session: Session, message: str) -> None:
        self.notices = [*self.notices[-4:], message]
        session.tell(message)

    # ---- sending -----------------------------------------------------------------------------------------------
    def _flush(self) -> None:
        p = self.place
        out = p.outbox
        p.outbox = []
        wrote = False
        for item in out:
            if isinstance(item, Entry):
                self._publish(topics.log(self.host, self.room, item.seq), item.to_json(), retain=True)
                wrote = True
            elif isinstance(item, Proposal):
                self._publish(topics.out(p.name, self.room), item.to_json())
            else:
                to, private = item
                self._publish(topics.private(self.host, self.room, to), private.to_json(), retain=True)
        entries = p.replica.entries
        for entry in entries[self._journaled :]:
            self.journal.append(self.room, entry)
        if len(entries) != self._journaled:
            self._journaled = len(entries)
            self.journal.seal(self.room, p.sealed)
            self._info()
            if p.is_host and wrote:
                self._snapshot()
        elif p.sealed:
            self.journal.seal(self.room, p.sealed)
        if self.on_change is not None:
            self.on_change()
        if p.effects and self._acting is None:
            # This place's own action led to more (its sealed orders revealed as the last seat of a phase
            # committed, a takeback it agreed to): the session is in the middle of that action, so the effects
            # reach it as the loop's next input, in order with the board's events.
            self._acting = asyncio.get_running_loop().create_task(self.controller.request(self._act_queued))

    def _act_queued(self, session: Session, t: float) -> None:
        self._acting = None
        self._act(session, t)
        self._flush()

    def _publish(self, topic: str, data: dict[str, Any], retain: bool = False) -> None:
        self.transport.publish(topic, encode(data), retain=retain)

    def _snapshot(self) -> None:
        snapshot = snapshot_json(self.place.replica, self.room)
        self._publish(topics.snapshot(self.host, self.room), snapshot, retain=True)

    def _info(self) -> None:
        info = info_json(self.place.name, self.place.replica, self.room, self.host)
        self._publish(topics.info(self.place.name), info, retain=True)

    async def _publish_leds(self) -> None:
        """The board's LED picture for spectators, at most twice a second and only when it changed."""
        while True:
            frame = frame_hex(self.controller.frame)
            if frame != self._frame and self.up:
                self._frame = frame
                self.transport.publish(
                    topics.leds(self.place.name), json.dumps({"v": 1, "frame": frame}).encode(), retain=True
                )
            await self.controller.clock.sleep(0.5)


def start_link(controller: Controller, place: Place, transport: Transport, journal: Journal) -> RoomLink:
    """Join the controller's session to its room and carry the room's messages beside it until the controller
    stops (the link's task is the returned link's `task`)."""
    link = RoomLink(controller, place, transport, journal)
    controller.session.join_room(link)
    link.task = asyncio.create_task(link.run(), name="room")
    return link
