"""Games on disk: SQLite in WAL mode with synchronous=FULL, so a committed move survives a power cut.

Every move is one row holding its text and the full state after it (the game API's JSON), so a game resumes from
its last row without replaying anything, and an export needs no rules engine.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.errors import GameNotStoredError, StoreError

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    seat_kinds TEXT NOT NULL,
    tokens TEXT NOT NULL,
    initial TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
    outcome TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game_id INTEGER NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    text TEXT NOT NULL,
    seat INTEGER,
    source TEXT NOT NULL,
    state TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, ply)
);
"""


def default_db_path() -> Path:
    """Where the games file lives: `$AGORA_HOME/games.sqlite`, else ~/.local/share/agora/games.sqlite."""
    home = os.environ.get("AGORA_HOME")
    base = Path(home) if home else Path.home() / ".local" / "share" / "agora"
    return base / "games.sqlite"


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    game: str
    seats: int
    seed: int
    options: dict[str, Any]
    seat_kinds: list[str]
    tokens: list[str]
    initial: dict[str, Any]
    created: float
    updated: float
    status: str
    outcome: dict[str, Any] | None
    plies: int


@dataclass(frozen=True, slots=True)
class MoveRecord:
    ply: int
    text: str
    seat: int | None
    source: str
    state: dict[str, Any]
    at: float


class GameStore:
    """One SQLite file of games. Not shared between threads: the controller's one loop owns it."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            if str(path) != ":memory:":
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(path), isolation_level=None, timeout=5.0)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot use the games file {path}: {exc}") from exc

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        try:
            self.db.execute("BEGIN IMMEDIATE")
            yield self.db
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    # ---- writing ----------------------------------------------------------------------------------------------
    def create(
        self,
        game: str,
        seats: int,
        seed: int,
        options: dict[str, Any],
        seat_kinds: list[str],
        initial: dict[str, Any],
    ) -> int:
        now = time.time()
        tokens = [secrets.token_urlsafe(9) for _ in range(seats)]
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO games (game, seats, seed, options, seat_kinds, tokens, initial, created, updated, status)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'playing')",
                (
                    game,
                    seats,
                    seed,
                    json.dumps(options),
                    json.dumps(seat_kinds),
                    json.dumps(tokens),
                    json.dumps(initial),
                    now,
                    now,
                ),
            )
            # Only one game is unfinished at a time: the one the board plays.
            db.execute("UPDATE games SET status = 'abandoned' WHERE status = 'playing' AND id != ?", (cur.lastrowid,))
        assert cur.lastrowid is not None
        return cur.lastrowid

    def append(self, game_id: int, ply: int, text: str, seat: int | None, source: str, state: dict[str, Any]) -> None:
        """Store a move durably (returns after the WAL is synced)."""
        now = time.time()
        with self._tx() as db:
            db.execute(
                "INSERT INTO moves (game_id, ply, text, seat, source, state, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, ply, text, seat, source, json.dumps(state), now),
            )
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (now, game_id))

    def truncate(self, game_id: int, plies: int) -> None:
        """Forget the moves from ply `plies` on (an undo), and reopen a finished game."""
        with self._tx() as db:
            db.execute("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (game_id, plies))
            db.execute(
                "UPDATE games SET status = 'playing', outcome = NULL, updated = ? WHERE id = ? AND status = 'finished'",
                (time.time(), game_id),
            )

    def finish(self, game_id: int, outcome: dict[str, Any]) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE games SET status = 'finished', outcome = ?, updated = ? WHERE id = ?",
                (json.dumps(outcome), time.time(), game_id),
            )

    def abandon(self, game_id: int) -> None:
        with self._tx() as db:
            db.execute("UPDATE games SET status = 'abandoned', updated = ? WHERE id = ?", (time.time(), game_id))

    # ---- reading ----------------------------------------------------------------------------------------------
    def _record(self, row: tuple[Any, ...]) -> GameRecord:
        plies = self.db.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?", (row[0],)).fetchone()[0]
        return GameRecord(
            id=row[0],
            game=row[1],
            seats=row[2],
            seed=row[3],
            options=json.loads(row[4]),
            seat_kinds=json.loads(row[5]),
            tokens=json.loads(row[6]),
            initial=json.loads(row[7]),
            created=row[8],
            updated=row[9],
            status=row[10],
            outcome=json.loads(row[11]) if row[11] else None,
            plies=plies,
        )

    _COLUMNS = "id, game, seats, seed, options, seat_kinds, tokens, initial, created, updated, status, outcome"

    def get(self, game_id: int) -> GameRecord | None:
        row = self.db.execute(f"SELECT {self._COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else self._record(row)

    def unfinished(self) -> GameRecord | None:
        """The game the board was playing when it stopped, if any."""
        row = self.db.execute(
            f"SELECT {self._COLUMNS} FROM games WHERE status = 'playing' ORDER BY updated DESC LIMIT 1"
        ).fetchone()
        return None if row is None else self._record(row)

    def games(self, limit: int = 100) -> list[GameRecord]:
        rows = self.db.execute(f"SELECT {self._COLUMNS} FROM games ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
        return [self._record(r) for r in rows]

    def moves(self, game_id: int) -> list[MoveRecord]:
        rows = self.db.execute(
            "SELECT ply, text, seat, source, state, at FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
        ).fetchall()
        return [MoveRecord(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]

    def export(self, game_id: int) -> dict[str, Any]:
        """A stored game as JSON: its set-up, the move texts in order, and the final state."""
        record = self.get(game_id)
        if record is None:
            raise GameNotStoredError(f"there is no game {game_id} in {self.path}")
        moves = self.moves(game_id)
        return {
            "id": record.id,
            "game": record.game,
            "seats": record.seats,
            "seed": record.seed,
            "options": record.options,
            "status": record.status,
            "outcome": record.outcome,
            "created": record.created,
            "moves": [{"ply": m.ply, "text": m.text, "seat": m.seat, "source": m.source} for m in moves],
            "states": [m.state for m in moves],
            "initial": record.initial,
            "final": moves[-1].state if moves else record.initial,
        }
