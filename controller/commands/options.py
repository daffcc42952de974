"""Command-line arguments shared by `agora play` and `agora replay`: players, seats, seed, game options."""

from __future__ import annotations

import argparse
import json
from typing import Any

from controller.games import Game
from controller.session.seats import SeatKind, parse_seat


class UsageError(ValueError):
    """A command-line value that cannot be used; the message says what to write instead."""


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=None, help="number of players (the game's default if left out)")
    parser.add_argument(
        "--seats",
        default=None,
        metavar="KINDS",
        help="who plays each seat, comma separated: board, phone or computer, a computer's level after a colon "
        "(computer:easy, computer:normal, computer:hard; default normal); default: all at the board",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for dice and deals (random if left out)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option (see 'agora games'); VALUE is JSON or a plain word, e.g. --option target=50",
    )


def parse_options(game: Game, items: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--option {item!r}: write NAME=VALUE, e.g. --option target=50")
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        out[name.strip()] = value
    return out


def parse_seats(text: str | None, count: int) -> list[SeatKind]:
    if text is None:
        return [SeatKind.BOARD] * count
    try:
        kinds = [SeatKind.parse(k) for k in text.split(",") if k.strip()]
    except ValueError as exc:
        raise UsageError(f"--seats: {exc}") from exc
    if len(kinds) != count:
        raise UsageError(f"--seats names {len(kinds)} seats but the game has {count} players")
    return kinds


def parse_levels(text: str | None, count: int) -> list[str | None]:
    """The level each computer seat of `--seats` names (None: the default); `parse_seats` checked the text."""
    if text is None:
        return [None] * count
    return [parse_seat(k)[1] for k in text.split(",") if k.strip()]
