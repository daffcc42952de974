"""`agora history`: the games stored on this board: list them, export one as JSON, or print its moves."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from controller.errors import StoreError
from controller.games import GameError, load
from controller.store import GameStore, default_db_path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "action",
        nargs="?",
        choices=["list", "export", "show", "replay"],
        default="list",
        help="list the games (default), export one as JSON, show its moves, or replay it: play its moves again "
        "from the start, saying each one and checking every stored position",
    )
    parser.add_argument("game_id", nargs="?", type=int, help="the game's number (from 'agora history list')")
    parser.add_argument("--db", type=Path, default=None, help=f"the games file (default {default_db_path()})")
    parser.add_argument("--limit", type=int, default=30, help="how many games to list (default 30)")


def run(args: argparse.Namespace) -> int:
    path = args.db or default_db_path()
    if not path.exists():
        print(f"agora history: no games file at {path} yet: play a game first", file=sys.stderr)
        return 1
    try:
        store = GameStore(path)
    except StoreError as exc:
        print(f"agora history: {exc}", file=sys.stderr)
        return 1
    try:
        if args.action == "list":
            for r in store.games(args.limit):
                when = time.strftime("%Y-%m-%d %H:%M", time.localtime(r.created))
                result = ""
                if r.outcome:
                    result = f" winners {r.outcome.get('winners')} ({r.outcome.get('reason')})"
                print(f"#{r.id:<5} {when}  {r.game:<13} {r.seats}p  {r.plies:>4} moves  {r.status}{result}")
            return 0
        if args.game_id is None:
            print(f"agora history {args.action}: which game? give its number", file=sys.stderr)
            return 2
        data = store.export(args.game_id)
        if args.action == "replay":
            return _replay(data)
        if args.action == "export":
            print(json.dumps(data, indent=2))
        else:
            print(f"#{data['id']} {data['game']} ({data['status']})")
            for m in data["moves"]:
                seat = "" if m["seat"] is None else f" seat {m['seat']}"
                print(f"{m['ply'] + 1:>4}. {m['text']}{seat} [{m['source']}]")
        return 0
    except StoreError as exc:
        print(f"agora history: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()


def _replay(data: dict[str, Any]) -> int:
    """Play the stored move texts again from the stored start; every position must be the one stored."""
    try:
        game = load(data["game"])
        state = game.from_json(data["initial"])
    except GameError as exc:
        print(f"agora history replay: game #{data['id']} cannot be read: {exc}", file=sys.stderr)
        return 1
    print(f"#{data['id']} {game.info.title}, {len(data['moves'])} moves")
    for m, stored in zip(data["moves"], data["states"], strict=True):
        try:
            move = game.parse(m["text"], state, m["seat"])
            line = state.describe(move)
            state = state.play(move)
        except GameError as exc:
            print(f"{m['ply'] + 1:>4}. {m['text']}: cannot be played again: {exc}", file=sys.stderr)
            return 1
        if state != game.from_json(stored):
            print(f"{m['ply'] + 1:>4}. {m['text']}: the position differs from the stored one", file=sys.stderr)
            return 1
        print(f"{m['ply'] + 1:>4}. {m['text']:<24} {line}")
    result = state.outcome()
    print(result.reason if result else state.turn_text())
    return 0
