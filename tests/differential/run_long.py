"""The long differential run against the reference adjudicator, by hand:

    .venv/bin/python -m tests.differential.run_long --positions 50000 --games 1000 --seed 1

Prints the agreement (phases compared, disagreements with their position and orders, the ones the reference's known
departure from the DATC explains), the single orders whose validation was compared, what the phases contained, and
the speed ratio: per phase while comparing, and in a batch of the same phases on each side.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from controller.games.chesspolitik import Chesspolitik
from tests.differential.compare import Tally, measure_speed, run_games, run_positions, sample_phases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=20000, help="random positions per board size")
    parser.add_argument("--games", type=int, default=300, help="random games per board size")
    parser.add_argument("--years", type=int, default=25, help="years per game at most")
    parser.add_argument("--validate", type=int, default=2, help="single orders validated per position")
    parser.add_argument("--speed", type=int, default=2000, help="phases in the batch timing (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=5, help="disagreements to print")
    args = parser.parse_args(argv)

    game = Chesspolitik()
    rnd = random.Random(args.seed)
    tally = Tally()
    started = time.perf_counter()
    for seats in (4, 2):
        run_positions(rnd, seats, args.positions, tally, validate=args.validate)
        run_games(rnd, seats, args.games, args.years, tally, game.new(seats))
    print(f"seed {args.seed}, {time.perf_counter() - started:.0f} s")
    print(tally.summary())
    for title, items in (
        ("disagreements", tally.disagreements),
        ("validation disagreements", tally.validation_disagreements),
        ("explained by the reference's head-to-head rule", tally.known_deviations),
    ):
        for text in items[: args.show]:
            print(f"{title}: {text}")
    if args.speed:
        print(measure_speed(sample_phases(rnd, args.speed, {n: game.new(n) for n in (2, 4)})).summary())
    return 1 if tally.disagreements or tally.validation_disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
