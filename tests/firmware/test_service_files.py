"""The Pi's service files agree with what the software expects."""

from __future__ import annotations

from pathlib import Path

PI = Path(__file__).resolve().parents[2] / "firmware" / "pi"


def test_the_service_keeps_its_games_where_it_may_write() -> None:
    unit = (PI / "agora.service").read_text()
    assert "ProtectHome=yes" in unit
    # With the home directory hidden, the games file must live in the unit's own state directory.
    assert "StateDirectory=agora" in unit and "AGORA_HOME=/var/lib/agora" in unit
    assert "ExecStart=/opt/agora/.venv/bin/agora play $AGORA_ARGS" in unit


def test_the_default_arguments_name_a_game_and_a_board() -> None:
    from controller.games import names

    args = next(line for line in (PI / "agora.default").read_text().splitlines() if line.startswith("AGORA_ARGS="))
    words = args.split("=", 1)[1].strip('"').split()
    assert words[0] in names() and "--board" in words
