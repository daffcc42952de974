"""A guest before its game: find the room's set-up on the broker, ask for seats, and wait until the host has given
them (and sent this place its seats' secrets)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from controller.remote import topics
from controller.remote.errors import MessageError, RemoteError
from controller.remote.messages import Entry, EntryKind, Private, Proposal, ProposalKind, Setup, decode, encode
from controller.remote.transport import LinkDown, Received, Transport


async def lobby(
    transport: Transport, room: str, me: str, seats: tuple[int, ...], say: Callable[[str], None]
) -> tuple[Setup, dict[int, Any], list[Entry]]:
    transport.subscribe(topics.any_setup(room))
    setup: Setup | None = None
    entries: dict[int, Entry] = {}
    privates: dict[int, Any] = {}
    join = Proposal(ProposalKind.JOIN, f"{me}:{secrets.token_hex(8)}", me, seats=seats)
    say(f"Looking for room {room} on the broker")
    async for event in transport.events():
        if isinstance(event, LinkDown):
            say(f"Waiting for the broker: {event.reason}")
            continue
        if not isinstance(event, Received):
            continue
        try:
            data = decode(event.payload)
        except MessageError:
            continue
        sender = topics.place_of(event.topic)
        if setup is None and event.topic.endswith(f"/rooms/{room}/setup"):
            try:
                setup = Setup.from_json(data)
            except MessageError:
                continue
            if setup.host != sender:
                setup = None
                continue
            transport.subscribe(topics.log(setup.host, room))
            transport.subscribe(topics.private(setup.host, room, me))
            transport.publish(topics.out(me, room), encode(join.to_json()))
            say(f"Found room {room} of {setup.host} ({setup.game}); asking for seats")
        elif setup is not None and sender == setup.host and "/log/" in event.topic:
            try:
                entry = Entry.from_json(data)
            except MessageError:
                continue
            entries[entry.seq] = entry
            if entry.kind is EntryKind.REFUSED and entry.answers == join.id:
                raise RemoteError(f"the host of room {room} refused: {entry.text}")
        elif setup is not None and event.topic == topics.private(setup.host, room, me):
            try:
                private = Private.from_json(data)
            except MessageError:
                continue
            privates[private.seat] = private.data
        if setup is not None:
            mine = _my_seats(entries, me)
            if mine and (not setup.sealed or all(s in privates for s in mine)):
                return setup, privates, [entries[k] for k in sorted(entries)]
    raise RemoteError("the connection to the broker closed")


def _my_seats(entries: dict[int, Entry], me: str) -> list[int]:
    places: tuple[str | None, ...] = ()
    for seq in sorted(entries):
        if entries[seq].kind is EntryKind.SEATS:
            places = entries[seq].places
    return [seat for seat, holder in enumerate(places) if holder == me]
