"""Every replay scenario in tests/scenarios/<game>/ through the real controller on the simulator."""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from controller.commands.replay import replay
from controller.games import load
from tests.boards import open_board
from tests.scenarios.harness import all_scenarios, check, load_scenario, run_scenario, start_session


@pytest.mark.parametrize("path", all_scenarios(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario(path: Path) -> None:
    scenario = load_scenario(path)
    check(scenario, run_scenario(scenario))


def test_agora_replay_command_with_a_start_state(tmp_path: Path) -> None:
    """The command itself: --start takes what the referee's `state` prints, output is JSON lines."""
    scenario = load_scenario(next(p for p in all_scenarios() if p.stem == "beat_mover_first"))
    referee = subprocess.run(
        [sys.executable, "-m", "controller", "referee", "politrics"],
        input=json.dumps({"cmd": "load", "state": scenario.header["start"]}) + "\n" + '{"cmd": "state"}\n',
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    start = tmp_path / "start.json"
    start.write_text(referee.stdout.splitlines()[-1])
    events = tmp_path / "events.jsonl"
    events.write_text("\n".join(scenario.inputs) + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "controller", "replay", "politrics", "--events", str(events), "--start", str(start)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    check(scenario, [json.loads(line) for line in done.stdout.splitlines()])


def test_agora_replay_reports_bad_lines_and_goes_on(tmp_path: Path) -> None:
    events = tmp_path / "events.jsonl"
    events.write_text(
        '{"t": 0.5, "place": "e5"}\nnot json\n{"t": 0.1, "lift": "e5"}\n{"t": 3, "answer": {"choice": 9}}\n'
        '{"t": 4, "answer": {"choice": 1}}\n'
    )
    done = subprocess.run(
        [sys.executable, "-m", "controller", "replay", "politrics", "--events", str(events)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1
    assert [e["line"] for e in out if e["event"] == "error"] == [2, 3, 4]
    assert any(e["event"] == "committed" and e["move"] == "V55" for e in out)


def test_every_kind_of_bad_replay_line_is_reported_with_its_reason_and_the_replay_goes_on() -> None:
    session = start_session(load("politrics"), {})
    lines = [
        "[1]",
        '{"t": 1}',
        '{"t": 1, "button": "fire"}',
        '{"t": 1, "orders": ["x"]}',
        '{"t": 1, "answer": {}}',
        '{"t": 1, "lift": "z9"}',
        '{"t": 1, "move": "V99-98"}',
        '{"t": 0.5, "place": "e5"}',
        '{"t": 2, "place": "e5"}',
        '{"t": 4, "answer": {"choice": 1}}',
    ]
    out = io.StringIO()
    errors = asyncio.run(replay(open_board, session, lines, out))
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    reported = {e["line"]: e["message"] for e in events if e["event"] == "error"}
    assert errors == len(reported) == 8
    assert "JSON object" in reported[1]
    assert "a line needs one of" in reported[2]
    assert "a button is ok, back or menu" in reported[3]
    assert "orders need a seat" in reported[4]
    assert "an answer is" in reported[5]
    assert "z9" in reported[6]
    assert "99" in reported[7]
    assert "time goes backwards" in reported[8]
    assert any(e["event"] == "committed" and e["move"] == "V55" for e in events)
