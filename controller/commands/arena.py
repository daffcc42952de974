"""`agora arena GAME --players mcts:hard,greedy --games N --seed S`: seat-rotated matches between computer players
and the first player's win rate with its 95% confidence interval (Wilson), with a progress line while they run."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable

from controller.ai.arena import Tally
from controller.ai.arena import run as run_arena
from controller.ai.clairvoyant import arena_player
from controller.commands.options import UsageError, parse_options
from controller.games import GameError, UnknownGameError, load, names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"the game: {', '.join(names())}")
    parser.add_argument(
        "--players",
        default="mcts:hard,greedy",
        help="comma separated: the measured player first, then its opponents (random, greedy, mcts:easy|normal|hard, "
        "mcts:N for N playouts; for reference only, players that cheat: clairvoyant:N or clairvoyant:LEVEL, the "
        "search seeing every hand and the dice to come, and clairvoyant-vs-greedy, which besides plays each move's "
        "game out against greedy players); the measured player sits at every seat in turn, the others fill the rest",
    )
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed + i")
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="the number of the first game to play (default 0): --first 12 --games 12 plays games 12 to 23 of the "
        "series --seed starts, the same games as the second half of --games 24 (a series split over processes)",
    )
    parser.add_argument("--seats", type=int, default=None, help="number of seats (the game's default if left out)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option, e.g. --option target=20"
    )
    parser.add_argument(
        "--max-actions", type=int, default=5000, help="a game still going after this many is unfinished"
    )
    parser.add_argument(
        "--budget",
        choices=("playouts", "cpu"),
        default="playouts",
        help="what a level (mcts:easy|normal|hard) thinks for: the game's playouts for it (default: the same games "
        "for the same seed however loaded the machine is) or its CPU time",
    )
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.epilog = "Example: agora arena polis --players mcts:hard,greedy --games 40 --seed 1"


def _progress(total: int, started: float) -> Callable[[int, Tally], None]:
    def show(done: int, tally: Tally) -> None:
        low, high = tally.interval
        cpu = time.process_time() - started
        sys.stderr.write(
            f"\r[{'#' * (20 * done // total):<20}] {done}/{total} games, {tally.wins:g} won "
            f"({100 * low:.0f}-{100 * high:.0f}%), {cpu:.0f} s CPU"
        )
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def run(args: argparse.Namespace) -> int:
    try:
        game = load(args.game)
        by_playouts = args.budget == "playouts"
        players = [arena_player(p, by_playouts=by_playouts) for p in args.players.split(",") if p.strip()]
        if len(players) < 2:
            raise UsageError("--players names the measured player and at least one opponent")
        if args.games < 1:
            raise UsageError("--games is at least 1")
        if args.first < 0:
            raise UsageError("--first is at least 0")
        options = parse_options(game, args.option)
        game.new(args.seats, args.seed, **options)  # a bad seat count or option is told before any game is played
    except (UnknownGameError, UsageError, GameError, ValueError) as exc:
        print(f"agora arena: {exc}", file=sys.stderr)
        return 2
    started = time.process_time()
    tally = run_arena(
        game,
        players,
        args.games,
        args.seed,
        seats=args.seats,
        options=options,
        max_actions=args.max_actions,
        progress=_progress(args.games, started),
        first=args.first,
    )
    names_ = [str(p) for p in players]
    if args.json:
        low, high = tally.interval
        print(
            json.dumps(
                {
                    "game": game.name,
                    "players": names_,
                    "seats": tally.seats,
                    "games": tally.games,
                    "wins": tally.wins,
                    "draws": tally.draws,
                    "unfinished": tally.unfinished,
                    "rate": tally.rate,
                    "interval": [low, high],
                    "fair_share": tally.fair_share,
                    "cpu_seconds": round(time.process_time() - started, 1),
                }
            )
        )
    else:
        print(f"{game.info.title}, {tally.seats} seats: {tally.line(names_[0])} against {', '.join(names_[1:])}")
    return 0
