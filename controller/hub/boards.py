"""What the hub knows of the boards on a broker, folded from their retained topics: whether each is online (its last
will says when it is not), what it plays, its LED picture, and the public snapshot of each room."""

from __future__ import annotations

import json
from dataclasses import field
from typing import Any

from controller.remote import topics
from controller.values import dataclass

FILTERS = (
    f"{topics.ROOT}/places/+/online",
    f"{topics.ROOT}/places/+/info",
    f"{topics.ROOT}/places/+/leds",
    f"{topics.ROOT}/places/+/rooms/+/snapshot",
)


@dataclass
class Board:
    place: str
    online: bool = False
    info: dict[str, Any] = field(default_factory=dict)
    frame: str = ""

    def to_json(self, snapshots: dict[tuple[str, str], dict[str, Any]]) -> dict[str, Any]:
        host, room = self.info.get("host"), self.info.get("room")
        snap = snapshots.get((str(host), str(room)), {}) if host and room else {}
        return {
            "place": self.place,
            "online": self.online,
            "room": room,
            "host": host,
            "game": self.info.get("title") or self.info.get("game"),
            "players": [_player(s) for s in self.info.get("seats", [])],
            "plies": snap.get("plies", self.info.get("plies", 0)),
            "turn": snap.get("turn", self.info.get("turn")),
            "last": snap.get("last"),
            "outcome": snap.get("outcome"),
        }


def _player(seat: dict[str, Any]) -> str:
    where = seat.get("place")
    return f"{seat.get('name')} ({where})" if where else str(seat.get("name"))


class Boards:
    def __init__(self) -> None:
        self.boards: dict[str, Board] = {}
        self.snapshots: dict[tuple[str, str], dict[str, Any]] = {}
        self.version = 0

    def take(self, topic: str, payload: bytes) -> bool:
        """Fold one message in; whether anything changed."""
        place = topics.place_of(topic)
        if place is None:
            return False
        try:
            data = json.loads(payload) if payload else {}
        except ValueError:
            return False
        if not isinstance(data, dict):
            return False
        board = self.boards.setdefault(place, Board(place))
        kind = topic.rsplit("/", 1)[-1]
        if kind == "online":
            board.online = bool(data.get("online"))
        elif kind == "info":
            board.info = data
        elif kind == "leds":
            board.frame = str(data.get("frame", ""))
        elif kind == "snapshot":
            room = topic.split("/")[-2]
            self.snapshots[(place, room)] = data
        else:
            return False
        self.version += 1
        return True

    def listing(self) -> list[dict[str, Any]]:
        return [self.boards[p].to_json(self.snapshots) for p in sorted(self.boards) if self.boards[p].info]

    def board(self, place: str) -> dict[str, Any] | None:
        b = self.boards.get(place)
        if b is None:
            return None
        out = b.to_json(self.snapshots)
        out["frame"] = b.frame
        snap = self.snapshots.get((str(b.info.get("host")), str(b.info.get("room"))), {})
        out["view"] = snap.get("view")
        out["pieces"] = snap.get("pieces", [])
        return out
