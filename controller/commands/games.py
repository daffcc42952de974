"""`agora games`: the games this board plays, their seats and their options."""

from __future__ import annotations

import argparse
import json

from controller.games import load, names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the games' metadata as JSON")


def run(args: argparse.Namespace) -> int:
    infos = [load(n).info for n in names()]
    if args.json:
        print(json.dumps([i.to_json() for i in infos], indent=2))
        return 0
    for info in infos:
        seats = "/".join(str(n) for n in info.seat_counts)
        traits = [info.dynamics.value]
        if info.chance:
            traits.append("dice")
        if info.hidden_information:
            traits.append("secrets")
        print(f"{info.name:<14} {info.title}: {seats} players, {', '.join(traits)}")
        if info.summary:
            print(f"{'':<15}{info.summary}")
        for o in info.options:
            print(f"{'':<15}option {o.name}={json.dumps(o.default)}: {o.help}")
    return 0
