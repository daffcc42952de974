"""A guest before its game: find the room's set-up on the broker, ask for seats, and wait until the host has given
them (and sent this place its seats' secrets)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any

from controller.remote import topics
from controller.remote.errors import MessageError, RemoteError
from controller.remote.messages import Entry, EntryKind, Private, Proposal, ProposalKind, Setup, decode, encode
from controller.remote.transport import LinkDown, Received, Transport


class _Lobby:
    """What a joining place has heard of the room so far; each message it reads is checked, anything else dropped."""

    def __init__(self, transport: Transport, room: str, me: str, seats: tuple[int, ...]) -> None:
        self.transport = transport
        self.room = room
        self.me = me
        self.join = Proposal(ProposalKind.JOIN, f"{me}:{secrets.token_hex(8)}", me, seats=seats)
        self.setup: Setup | None = None
        self.entries: dict[int, Entry] = {}
        self.privates: dict[int, Any] = {}

    def read(self, event: Received) -> str | None:
        """Take one message; what to tell the players, if anything. RemoteError when the host refuses the join."""
        try:
            data = decode(event.payload)
        except MessageError:
            return None
        sender = topics.place_of(event.topic)
        setup = self.setup
        try:
            if setup is None:
                return self._setup(event.topic, sender, data)
            if sender == setup.host and "/log/" in event.topic:
                self._entry(Entry.from_json(data))
            elif event.topic == topics.private(setup.host, self.room, self.me):
                private = Private.from_json(data)
                self.privates[private.seat] = private.data
        except MessageError:
            pass  # not a message of this protocol: a board ignores it
        return None

    def _setup(self, topic: str, sender: str | None, data: Mapping[str, Any]) -> str | None:
        if not topic.endswith(f"/rooms/{self.room}/setup"):
            return None
        setup = Setup.from_json(data)
        if setup.host != sender:
            return None  # a set-up speaks for the place whose topic it is on
        self.setup = setup
        self.transport.subscribe(topics.log(setup.host, self.room))
        self.transport.subscribe(topics.private(setup.host, self.room, self.me))
        self.transport.publish(topics.out(self.me, self.room), encode(self.join.to_json()))
        return f"Found room {self.room} of {setup.host} ({setup.game}); asking for seats"

    def _entry(self, entry: Entry) -> None:
        self.entries[entry.seq] = entry
        if entry.kind is EntryKind.REFUSED and entry.answers == self.join.id:
            raise RemoteError(f"the host of room {self.room} refused: {entry.text}")

    def seated(self) -> Setup | None:
        """The room's set-up once this place holds seats and the secrets of each (in a game that deals any)."""
        setup = self.setup
        mine = _my_seats(self.entries, self.me)
        if setup is None or not mine or (setup.sealed and not all(s in self.privates for s in mine)):
            return None
        return setup


async def lobby(
    transport: Transport, room: str, me: str, seats: tuple[int, ...], say: Callable[[str], None]
) -> tuple[Setup, dict[int, Any], list[Entry]]:
    transport.subscribe(topics.any_setup(room))
    waiting = _Lobby(transport, room, me, seats)
    say(f"Looking for room {room} on the broker")
    async for event in transport.events():
        if isinstance(event, LinkDown):
            say(f"Waiting for the broker: {event.reason}")
        elif isinstance(event, Received):
            told = waiting.read(event)
            if told is not None:
                say(told)
            setup = waiting.seated()
            if setup is not None:
                return setup, waiting.privates, [waiting.entries[k] for k in sorted(waiting.entries)]
    raise RemoteError("the connection to the broker closed")


def _my_seats(entries: dict[int, Entry], me: str) -> list[int]:
    places: tuple[str | None, ...] = ()
    for seq in sorted(entries):
        if entries[seq].kind is EntryKind.SEATS:
            places = entries[seq].places
    return [seat for seat, holder in enumerate(places) if holder == me]
