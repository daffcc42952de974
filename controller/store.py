"""Games on disk: SQLite in WAL mode with synchronous=FULL, so a committed move survives a power cut.

Every move is one row holding its text and the full state after it (the game API's JSON), so a game resumes from
its last row without replaying anything, and an export needs no rules engine.

Every failure of the file is a `StoreError` with one line for people. Some pass by themselves (locked by another
program, a full disk, a read-only mount, an I/O error: the writer retries); the others (not an Agora file, a damaged
row) name the way out: move the file aside.
"""

from __future__ import annotations

import base64
import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from controller.errors import GameNotStoredError, StoreError
from controller.values import dataclass

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

_COLUMNS_OF = {
    "games": {
        "id",
        "game",
        "seats",
        "seed",
        "options",
        "seat_kinds",
        "tokens",
        "initial",
        "created",
        "updated",
        "status",
        "outcome",
    },
    "moves": {"game_id", "ply", "text", "seat", "source", "state", "at"},
}


def default_db_path() -> Path:
    """Where the games file lives: `$AGORA_HOME/games.sqlite`, else ~/.local/share/agora/games.sqlite."""
    home = os.environ.get("AGORA_HOME")
    base = Path(home) if home else Path.home() / ".local" / "share" / "agora"
    return base / "games.sqlite"


APPLICATION_ID = 0x41474F52  # "AGOR": marks a games file as Agora's (PRAGMA application_id)
BUSY_TIMEOUT = 0.25  # seconds SQLite waits for another program's lock before a write fails (and is retried)


def _way_out(path: Path) -> str:
    return f"move it aside (mv {path} {path}.damaged) and start afresh"


def _failure(path: Path, exc: sqlite3.Error) -> StoreError:
    """One line for a failure of SQLite on the games file."""
    text = str(exc)
    low = text.lower()
    if "locked" in low or "busy" in low:
        return StoreError(f"the games file {path} is locked by another program: {text}")
    if "full" in low:
        return StoreError(f"the disk of the games file {path} is full: free some space")
    if "readonly" in low or "read-only" in low:
        return StoreError(f"the games file {path} cannot be written (read-only): {text}")
    if "disk i/o" in low or "unable to open" in low:
        return StoreError(f"the games file {path} cannot be reached: {text}")
    if isinstance(exc, sqlite3.DatabaseError) and ("not a database" in low or "malformed" in low):
        return StoreError(f"the games file {path} is damaged ({text}): {_way_out(path)}")
    return StoreError(f"the games file {path} cannot be used: {text}")


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
    """One SQLite file of games. One thread at a time uses it (`agora play` gives it a thread of its own)."""

    def __init__(self, path: str | Path, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.path = Path(path)
        try:
            if str(path) != ":memory:":
                self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot make the folder of the games file {path}: {exc.strerror}") from exc
        _check_header(self.path)
        try:
            self.db = sqlite3.connect(str(path), isolation_level=None, timeout=busy_timeout, check_same_thread=False)
        except sqlite3.Error as exc:
            raise _failure(self.path, exc) from exc
        try:
            self._check_kind()
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            self.db.close()
            raise _failure(self.path, exc) from exc
        except StoreError:
            self.db.close()
            raise

    def _check_kind(self) -> None:
        """Refuse another program's SQLite file instead of adding tables to it (or reading its rows as games)."""
        app = self.db.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        ours = {"games", "moves"}
        if app not in (0, APPLICATION_ID) or (tables and not ours <= tables):
            raise StoreError(
                f"{self.path} is not an Agora games file (another program's database): "
                f"choose another with --db, or {_way_out(self.path)}"
            )
        for table, wanted in _COLUMNS_OF.items():
            if table in tables:
                have = {r[1] for r in self.db.execute(f"PRAGMA table_info({table})")}
                if not wanted <= have:
                    raise StoreError(f"{self.path} has a {table} table of another layout: {_way_out(self.path)}")
        if app == 0 and not tables:
            self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")

    def close(self) -> None:
        self.db.close()

    def pending(self) -> int:
        """Writes not yet stored: none, every write here is durable when it returns (see `Journal`)."""
        return 0

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        try:
            self.db.execute("BEGIN IMMEDIATE")
            yield self.db
            self.db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise _failure(self.path, exc) from exc
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        try:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # the transaction is gone with the failure that ended it

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise _failure(self.path, exc) from exc

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
        tokens = [_token() for _ in range(seats)]
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
        plies = self._read("SELECT COUNT(*) FROM moves WHERE game_id = ?", (row[0],))[0][0]
        names = ("id", "game", "seats", "seed", "options", "seat_kinds", "tokens", "initial", "created", "updated")
        fields: dict[str, Any] = dict(zip(names, row[:10], strict=True))
        try:
            for key in ("options", "seat_kinds", "tokens", "initial"):
                fields[key] = json.loads(fields[key])
            outcome = json.loads(row[11]) if row[11] else None
        except (TypeError, ValueError) as exc:
            raise self._damaged(row[0], f"a column is not JSON ({exc})") from exc
        problem = _record_problem(fields, outcome)
        if problem:
            raise self._damaged(row[0], problem)
        return GameRecord(**fields, status=row[10], outcome=outcome, plies=plies)

    def _damaged(self, game_id: object, problem: str) -> StoreError:
        return StoreError(
            f"game {game_id} in the games file {self.path} is damaged: {problem}; start afresh with --new, "
            f"or {_way_out(self.path)}"
        )

    _COLUMNS = "id, game, seats, seed, options, seat_kinds, tokens, initial, created, updated, status, outcome"

    def get(self, game_id: int) -> GameRecord | None:
        rows = self._read(f"SELECT {self._COLUMNS} FROM games WHERE id = ?", (game_id,))
        return None if not rows else self._record(rows[0])

    def unfinished(self) -> GameRecord | None:
        """The game the board was playing when it stopped, if any."""
        rows = self._read(f"SELECT {self._COLUMNS} FROM games WHERE status = 'playing' ORDER BY updated DESC LIMIT 1")
        return None if not rows else self._record(rows[0])

    def games(self, limit: int = 100) -> list[GameRecord]:
        rows = self._read(f"SELECT {self._COLUMNS} FROM games ORDER BY id DESC LIMIT ?", (limit,))
        return [self._record(r) for r in rows]

    def moves(self, game_id: int) -> list[MoveRecord]:
        rows = self._read(
            "SELECT ply, text, seat, source, state, at FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
        )
        out: list[MoveRecord] = []
        for r in rows:
            try:
                state = json.loads(r[4])
            except (TypeError, ValueError) as exc:
                raise self._damaged(game_id, f"the state after move {r[0]} is not JSON ({exc})") from exc
            if not (isinstance(r[1], str) and isinstance(state, dict) and (r[2] is None or type(r[2]) is int)):
                raise self._damaged(game_id, f"move {r[0]} is not a move of an Agora game")
            out.append(MoveRecord(r[0], r[1], r[2], str(r[3]), state, r[5]))
        return out

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


def _check_header(path: Path) -> None:
    """SQLite takes a short file of anything for an empty database and would write over it: refuse it instead."""
    try:
        with path.open("rb") as f:
            head = f.read(16)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreError(f"cannot read the games file {path}: {exc.strerror}") from exc
    if head and head != b"SQLite format 3\x00":
        raise StoreError(f"{path} is not an Agora games file (not an SQLite database): {_way_out(path)}")


def _record_problem(f: dict[str, Any], outcome: Any) -> str:
    """What makes a stored game unreadable, or ""."""
    if not isinstance(f["game"], str) or type(f["seats"]) is not int or type(f["seed"]) is not int:
        return "its game, seat count or seed has the wrong type"
    if not isinstance(f["options"], dict) or not isinstance(f["initial"], dict):
        return "its options or start position is not a JSON object"
    for name, key in (("seat kinds", "seat_kinds"), ("seat tokens", "tokens")):
        items = f[key]
        if not isinstance(items, list) or len(items) != f["seats"] or not all(isinstance(x, str) for x in items):
            return f"its {name} are not {f['seats']} texts"
    if outcome is not None and not isinstance(outcome, dict):
        return "its outcome is not a JSON object"
    return ""


def _token() -> str:
    """A seat's token: 72 random bits from the system's generator in 12 URL-safe characters (`secrets.token_urlsafe(9)`
    without loading `secrets`, whose hashing libraries a board does not otherwise need before it is live)."""
    return base64.urlsafe_b64encode(os.urandom(9)).decode("ascii")
