"""The command line as a terminal user meets it: output piped into `head` ends quietly (no BrokenPipe traceback),
the help lists every command whether or not one follows it, and the README's synopsis of `agora play` names every
option its `--help` lists."""

from __future__ import annotations

import argparse
import fcntl
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from controller.cli.main import COMMANDS, SIGPIPE_STATUS, build_parser, main

F_SETPIPE_SZ = 1031  # Linux: set a pipe's capacity
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("argv", [["games"], ["play", "--help"]])
def test_output_cut_short_by_its_reader_ends_quietly(argv: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "AGORA_HOME": str(tmp_path)}
    # The reader takes one line and goes away, as `head -1` does; a pipe of one page (smaller than any of these
    # outputs) makes the writer meet the closed pipe while it still has plenty to say.
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, F_SETPIPE_SZ, 4096)
    proc = subprocess.Popen(
        [sys.executable, "-m", "controller", *argv], stdout=write_end, stderr=subprocess.PIPE, env=env, cwd=ROOT
    )
    os.close(write_end)
    with os.fdopen(read_end, "rb") as out:
        assert out.readline()
    assert proc.stderr is not None
    err = proc.stderr.read().decode()
    code = proc.wait(60)
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert code in (0, SIGPIPE_STATUS)


def test_the_readme_synopsis_of_play_names_every_option_of_its_help() -> None:
    parser = build_parser("play")
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    play = subparsers.choices["play"]
    options = {s for action in play._actions for s in action.option_strings if s.startswith("--") and s != "--help"}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    synopsis = re.search(r"```\nagora play politrics(.*?)```", readme, re.S)
    assert synopsis is not None
    missing = sorted(o for o in options if not re.search(re.escape(o) + r"\b", synopsis.group(1)))
    assert not missing, f"the README's synopsis of agora play lacks {missing}"


def test_the_readme_links_the_user_guide_for_hosts() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/user-guide.md)" in readme
    assert (ROOT / "docs" / "user-guide.md").is_file()


@pytest.mark.parametrize("argv", [["--help"], ["--help", "play"], ["-h", "games"]])
def test_the_help_before_a_command_lists_every_command(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(argv)
    listed = capsys.readouterr().out
    assert all(f"    {name} " in listed or f"    {name}\n" in listed for name in COMMANDS), listed


def test_a_command_given_builds_its_parser_alone_and_still_helps_and_refuses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    subparsers = next(a for a in build_parser("play", alone=True)._actions if isinstance(a, argparse._SubParsersAction))
    assert list(subparsers.choices) == ["play"]
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "--pinmap" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:
        main(["play", "politrics", "--no-such-option"])
    assert refused.value.code == 2 and "--no-such-option" in capsys.readouterr().err
