"""The room protocol's messages: versioned JSON, checked field by field when read.

Three kinds travel:
- `Setup`: the room as its host made it (game, seats, options, who holds which seat, the public start position,
  commitments to the secrets dealt). Retained, so a place that joins late finds it.
- `Entry`: one line of the room's log. Only the host writes the log; entries are numbered from 0 (`seq`) and every
  place applies them in that order, each checked by its own rules engine.
- `Proposal`: what a guest place asks the host to put in the log (its ply, its orders' commitment, a takeback
  request or answer, joining). The host answers every proposal with an entry: the ply itself, or a refusal.
Plus `Private`: a seat's secrets (a Politics hand with its salts) sent to the place holding that seat only.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import field
from typing import Any, TypeVar

from controller.remote.errors import MessageError
from controller.values import dataclass

VERSION = 1

K = TypeVar("K", bound=enum.Enum)


class EntryKind(enum.Enum):
    SEATS = "seats"  # who holds which seat (a place joined)
    PLY = "ply"  # a move of the game (a reveal of sealed orders carries its proof)
    COMMIT = "commit"  # a seat's sealed orders: a salted digest, the orders stay at their place
    CLOSE = "close"  # the host's timer closed a phase of orders: seats that committed nothing give none
    REQUEST = "request"  # a place asks to take moves back
    ANSWER = "answer"  # the other side accepts or refuses a takeback request
    TAKEBACK = "takeback"  # moves taken back: the game goes back to `ply` plies
    REFUSED = "refused"  # the host refused a proposal (illegal, stale, not the sender's seat)


class ProposalKind(enum.Enum):
    JOIN = "join"
    PLY = "ply"
    COMMIT = "commit"
    REVEAL = "reveal"  # sealed orders in the clear, once the phase is ready: played as the next ply wherever it is
    REQUEST = "request"
    ANSWER = "answer"


def _obj(data: object, what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise MessageError(f"{what} is not a JSON object")
    if data.get("v") != VERSION:
        raise MessageError(f"{what} is of protocol version {data.get('v')!r}; this board speaks version {VERSION}")
    return data


def _opt_int(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    return None if value is None else _req_int(data, key)


def _req_int(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise MessageError(f"{key!r} must be a whole number, not {value!r}")
    return value


def _opt_str(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    return None if value is None else _req_str(data, key)


def _req_str(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise MessageError(f"{key!r} must be a text, not {value!r}")
    return value


def _places(value: object) -> tuple[str | None, ...]:
    if not isinstance(value, list) or not all(p is None or isinstance(p, str) for p in value):
        raise MessageError("'places' must be a list of place names (or null for a seat nobody holds yet)")
    return tuple(value)


def _kind(kinds: type[K], data: Mapping[str, Any], what: str) -> K:
    try:
        return kinds(data.get("kind"))
    except ValueError:
        raise MessageError(f"unknown {what} kind {data.get('kind')!r}") from None


# The fields entries and proposals share: an id, and what a ply, a commitment or an answer carries.
_SHARED_OPTIONAL = ("seat", "proof", "prev", "answers", "accept")


def _read(data: Mapping[str, Any]) -> dict[str, Any]:
    """The shared fields of an entry or a proposal, each checked."""
    accept = data.get("accept")
    if accept is not None and not isinstance(accept, bool):
        raise MessageError("'accept' must be true or false")
    return {
        "id": _req_str(data, "id"),
        "seat": _opt_int(data, "seat"),
        "text": _opt_str(data, "text") or "",
        "proof": _opt_str(data, "proof"),
        "prev": _opt_str(data, "prev"),
        "answers": _opt_str(data, "answers"),
        "accept": accept,
    }


def _write(message: Entry | Proposal, head: dict[str, Any]) -> dict[str, Any]:
    """An entry's or a proposal's JSON: its own fields (`head`), then the shared ones it has."""
    out: dict[str, Any] = {"v": VERSION, **head}
    for key in _SHARED_OPTIONAL:
        value = getattr(message, key)
        if value is not None:
            out[key] = value
    if message.text:
        out["text"] = message.text
    return out


def decode(payload: bytes | str) -> Mapping[str, Any]:
    try:
        data = json.loads(payload)
    except (ValueError, UnicodeDecodeError) as exc:
        raise MessageError(f"not JSON: {exc}") from exc
    return _obj(data, "the message")


def encode(data: Mapping[str, Any]) -> bytes:
    return json.dumps(data, separators=(",", ":"), sort_keys=True).encode()


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the room's log. Which fields matter depends on `kind` (see EntryKind)."""

    seq: int
    kind: EntryKind
    by: str  # the place that authored it: a guest's proposal keeps its proposer, the host's own work the host
    id: str  # unique in the room: the proposal's id, or the host's `HOST#seq`
    ply: int = 0  # PLY: this ply's index; COMMIT/CLOSE: the phase's ply; REQUEST/TAKEBACK: the plies kept
    seat: int | None = None
    text: str = ""  # PLY: the move; COMMIT: the digest; REFUSED: the reason
    proof: str | None = None  # PLY: the salt that opens a commitment (sealed orders, a speech card)
    prev: str | None = None  # PLY: the id of the ply before it (None for the first)
    answers: str | None = None  # ANSWER, REFUSED: the id of the request or proposal answered
    accept: bool | None = None  # ANSWER
    places: tuple[str | None, ...] = ()  # SEATS

    def to_json(self) -> dict[str, Any]:
        head = {"seq": self.seq, "kind": self.kind.value, "by": self.by, "id": self.id, "ply": self.ply}
        out = _write(self, head)
        if self.kind is EntryKind.SEATS:
            out["places"] = list(self.places)
        return out

    @classmethod
    def from_json(cls, data: object) -> Entry:
        d = _obj(data, "a log entry")
        kind = _kind(EntryKind, d, "log entry")
        entry = cls(
            seq=_req_int(d, "seq"),
            kind=kind,
            by=_req_str(d, "by"),
            ply=_req_int(d, "ply"),
            places=_places(d.get("places")) if kind is EntryKind.SEATS else (),
            **_read(d),
        )
        if entry.seq < 0 or entry.ply < 0:
            raise MessageError("'seq' and 'ply' are never negative")
        if kind is EntryKind.ANSWER and entry.accept is None:
            raise MessageError("an answer must say whether it accepts")
        if kind is EntryKind.COMMIT and entry.seat is None:
            raise MessageError(f"a {kind.value} entry names its seat")
        return entry


@dataclass(frozen=True, slots=True)
class Proposal:
    """What a guest place asks the host to write into the log."""

    kind: ProposalKind
    id: str  # unique: the place's name, a colon and a random part
    place: str
    base: int = 0  # PLY: the plies the sender had before it; COMMIT: the phase's ply; REQUEST: the plies to keep
    prev: str | None = None  # PLY, REQUEST: the id of the sender's last ply
    seat: int | None = None
    text: str = ""
    proof: str | None = None
    answers: str | None = None  # ANSWER: the request's id
    accept: bool | None = None
    seats: tuple[int, ...] = ()  # JOIN: the seats wanted (empty: every free seat)

    def to_json(self) -> dict[str, Any]:
        out = _write(self, {"kind": self.kind.value, "id": self.id, "place": self.place, "base": self.base})
        if self.kind is ProposalKind.JOIN:
            out["seats"] = list(self.seats)
        return out

    @classmethod
    def from_json(cls, data: object) -> Proposal:
        d = _obj(data, "a proposal")
        kind = _kind(ProposalKind, d, "proposal")
        seats = d.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
            raise MessageError("'seats' must be a list of seat numbers")
        proposal = cls(kind=kind, place=_req_str(d, "place"), base=_req_int(d, "base"), seats=tuple(seats), **_read(d))
        if kind in (ProposalKind.PLY, ProposalKind.COMMIT, ProposalKind.REVEAL) and proposal.seat is None:
            raise MessageError(f"a {kind.value} proposal names its seat")
        return proposal


@dataclass(frozen=True, slots=True)
class Setup:
    """The room as its host made it. `initial` is the start position as every place may see it; `sealed` holds
    what the game's secrecy needs in public (commitments to the hands dealt, their sizes)."""

    room: str
    game: str
    seats: int
    host: str
    places: tuple[str | None, ...]  # per seat: the place holding it, None while nobody has joined for it
    initial: dict[str, Any]
    options: dict[str, Any] = field(default_factory=dict)
    sealed: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "v": VERSION,
            "room": self.room,
            "game": self.game,
            "seats": self.seats,
            "host": self.host,
            "places": list(self.places),
            "initial": self.initial,
            "options": self.options,
            "sealed": self.sealed,
        }

    @classmethod
    def from_json(cls, data: object) -> Setup:
        d = _obj(data, "a room set-up")
        places = _places(d.get("places"))
        seats = _req_int(d, "seats")
        if len(places) != seats:
            raise MessageError(f"a room of {seats} seats names {len(places)} places")
        for key in ("initial", "options", "sealed"):
            if not isinstance(d.get(key, {}), dict):
                raise MessageError(f"{key!r} must be a JSON object")
        return cls(
            room=_req_str(d, "room"),
            game=_req_str(d, "game"),
            seats=seats,
            host=_req_str(d, "host"),
            places=places,
            initial=dict(d.get("initial", {})),
            options=dict(d.get("options", {})),
            sealed=dict(d.get("sealed", {})),
        )


@dataclass(frozen=True, slots=True)
class Private:
    """A seat's secrets, for the place that holds the seat and nobody else."""

    seat: int
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"v": VERSION, "seat": self.seat, "data": self.data}

    @classmethod
    def from_json(cls, data: object) -> Private:
        d = _obj(data, "a private message")
        if not isinstance(d.get("data"), dict):
            raise MessageError("'data' must be a JSON object")
        return cls(seat=_req_int(d, "seat"), data=dict(d["data"]))
