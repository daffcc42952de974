"""A place's own record of a room, in SQLite next to its games file: the set-up, this place's secrets (its seats'
cards, its sealed orders), the game it plays in the games file, and every entry of the log it applied.

With it a place resumes a room after a power cut even if the broker forgot everything: the host republishes its
log, a guest rebuilds its replica without waiting for anybody. The games file keeps the moves as for any game.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from controller.remote.errors import RemoteError
from controller.remote.messages import Entry, Setup
from controller.remote.place import Sealed

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    room TEXT PRIMARY KEY,
    place TEXT NOT NULL,
    setup TEXT NOT NULL,
    privates TEXT NOT NULL,
    game_id INTEGER,
    status TEXT NOT NULL DEFAULT 'playing'
);
CREATE TABLE IF NOT EXISTS entries (room TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL,
    PRIMARY KEY (room, seq));
CREATE TABLE IF NOT EXISTS sealed (room TEXT NOT NULL, seat INTEGER NOT NULL, sealed TEXT NOT NULL,
    PRIMARY KEY (room, seat));
"""


def journal_path(games_file: Path) -> Path:
    return games_file.with_name(games_file.stem + "-rooms.sqlite")


class Journal:
    def __init__(self, path: Path) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(path), isolation_level=None, timeout=5.0)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise RemoteError(f"cannot use the rooms file {path}: {exc}") from exc

    def close(self) -> None:
        self.db.close()

    def _write(self, sql: str, args: tuple[Any, ...]) -> None:
        try:
            self.db.execute(sql, args)
        except sqlite3.DatabaseError as exc:
            raise RemoteError(f"cannot write the rooms file: {exc}") from exc

    def create(self, setup: Setup, place: str, privates: dict[int, Any], game_id: int | None) -> None:
        self._write("DELETE FROM entries WHERE room = ?", (setup.room,))
        self._write("DELETE FROM sealed WHERE room = ?", (setup.room,))
        self._write(
            "INSERT OR REPLACE INTO rooms (room, place, setup, privates, game_id, status) VALUES (?, ?, ?, ?, ?, ?)",
            (setup.room, place, json.dumps(setup.to_json()), json.dumps(privates), game_id, "playing"),
        )

    def set_game(self, room: str, game_id: int) -> None:
        self._write("UPDATE rooms SET game_id = ? WHERE room = ?", (game_id, room))

    def finish(self, room: str) -> None:
        self._write("UPDATE rooms SET status = 'finished' WHERE room = ?", (room,))

    def append(self, room: str, entry: Entry) -> None:
        self._write(
            "INSERT OR REPLACE INTO entries (room, seq, entry) VALUES (?, ?, ?)",
            (room, entry.seq, json.dumps(entry.to_json())),
        )

    def seal(self, room: str, sealed: dict[int, Sealed]) -> None:
        self._write("DELETE FROM sealed WHERE room = ?", (room,))
        for seat, s in sealed.items():
            self._write(
                "INSERT INTO sealed (room, seat, sealed) VALUES (?, ?, ?)", (room, seat, json.dumps(s.to_json()))
            )

    # ---- reading ---------------------------------------------------------------------------------------------
    def load(self, room: str) -> Stored | None:
        row = self.db.execute(
            "SELECT place, setup, privates, game_id, status FROM rooms WHERE room = ?", (room,)
        ).fetchone()
        if row is None:
            return None
        entries = [
            Entry.from_json(json.loads(r[0]))
            for r in self.db.execute("SELECT entry FROM entries WHERE room = ? ORDER BY seq", (room,))
        ]
        sealed: dict[int, Sealed] = {}
        for (text,) in self.db.execute("SELECT sealed FROM sealed WHERE room = ?", (room,)):
            d = json.loads(text)
            sealed[int(d["seat"])] = Sealed(int(d["seat"]), int(d["phase"]), str(d["text"]), str(d["salt"]))
        privates = {int(k): v for k, v in json.loads(row[2]).items()}
        return Stored(row[0], Setup.from_json(json.loads(row[1])), privates, row[3], row[4], entries, sealed)


class Stored:
    def __init__(
        self,
        place: str,
        setup: Setup,
        privates: dict[int, Any],
        game_id: int | None,
        status: str,
        entries: list[Entry],
        sealed: dict[int, Sealed],
    ) -> None:
        self.place = place
        self.setup = setup
        self.privates = privates
        self.game_id = game_id
        self.status = status
        self.entries = entries
        self.sealed = sealed
