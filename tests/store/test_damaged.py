"""A games file that is not what it should be (another program's database, not a database at all, a damaged row of
any column) or that another `agora play` holds: `agora play` and `agora history` say so in one line with a way out,
never a traceback, and never touch the file."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.cli.main import build_parser, main
from controller.commands.options import UsageError
from controller.commands.resume import choose_session
from controller.errors import SessionError, StoreError
from controller.games import GameError
from controller.session.core import SessionSettings
from controller.session.factory import new_session
from controller.store import GameStore
from controller.storelock import StoreLock
from tests.e2e.server import free_port


def play(db: Path, *extra: str) -> list[str]:
    return ["play", "politrics", "--board", "sim", "--port", str(free_port()), "--db", str(db), *extra]


def one_line_failure(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    code = main(argv)
    out = capsys.readouterr()
    assert code != 0, out
    lines = [line for line in out.err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in out.err, out.err
    return lines[0]


def test_another_programs_database_is_refused_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "notes.sqlite"
    other = sqlite3.connect(db)
    other.execute("CREATE TABLE notes (id INTEGER, body TEXT)")
    other.commit()
    other.close()
    before = db.read_bytes()
    line = one_line_failure(capsys, play(db))
    assert "not an Agora games file" in line and "mv " in line
    assert db.read_bytes() == before
    assert "not an Agora games file" in one_line_failure(capsys, ["history", "list", "--db", str(db)])


@given(junk=st.binary(min_size=1, max_size=4096))
@settings(max_examples=25, deadline=None)
def test_a_file_that_is_not_a_database_gives_one_line(junk: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.sqlite"
        db.write_bytes(junk if not junk.startswith(b"SQLite format 3") else b"x" + junk)
        assert "Traceback" not in one_line_failure_plain(play(db))
        assert db.read_bytes()[: len(junk)] in (junk, b"x" + junk[: len(junk) - 1])


def one_line_failure_plain(argv: list[str]) -> str:
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(argv)
    lines = err.getvalue().strip().splitlines()
    assert code != 0 and len(lines) == 1, err.getvalue()
    return lines[0]


COLUMNS = ["game", "seats", "seed", "options", "seat_kinds", "tokens", "initial", "outcome"]
JUNK = st.one_of(
    st.none(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=5)),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
        max_leaves=10,
    ).map(json.dumps),
)


@given(column=st.sampled_from([*COLUMNS, "moves.state", "moves.text", "moves.seat", "moves.source"]), value=JUNK)
@settings(max_examples=60, deadline=None)
def test_a_damaged_row_gives_one_line_with_a_way_out(column: str, value: object) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.sqlite"
        store = GameStore(db)
        session = new_session("politrics", seed=3, store=store)
        assert session.game_id is not None
        session.play_text(str(session.state.legal_moves()[0]), 0.0)
        table, _, name = column.rpartition(".")
        with contextlib.suppress(sqlite3.IntegrityError):  # a NOT NULL column keeps its value
            store.db.execute(f"UPDATE {table or 'games'} SET {name} = ?", (value,))
        store.close()
        reader = GameStore(db)
        args = build_parser("play").parse_args(play(db))
        try:
            choice = choose_session(args, reader, reader, SessionSettings())
        except (GameError, SessionError, UsageError, StoreError) as exc:
            # `agora play` prints exactly this line: it names the way out.
            assert "\n" not in str(exc) and ("--new" in str(exc) or "mv " in str(exc)), str(exc)
        else:
            assert choice.session.game_id is not None
        finally:
            reader.close()


def test_a_second_agora_play_on_the_same_file_names_the_holder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.sqlite"
    with StoreLock(db):
        line = one_line_failure(capsys, play(db))
        assert f"pid {os.getpid()}" in line and "in use" in line
    # Released with its holder: the lock file left behind blocks nobody.
    with StoreLock(db):
        pass
