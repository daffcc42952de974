"""Matches between computer players with seat rotation, and their win rates with 95% Wilson intervals.

The first player is the one measured: game i seats it at seat i mod n and fills every other seat with the other
players in turn, so "mcts:hard,greedy" on four seats is the search against three greedy players."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence

from controller.ai.players import Player
from controller.games import CHANCE, SIMULTANEOUS, Game, State
from controller.games.info import OptionValue
from controller.values import dataclass

Z95 = 1.959964


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (a shared win counts its share)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At p = 0 or 1 an end of the interval is exact: rounding must not leave the rate itself outside it.
    low = 0.0 if successes <= 0 else max(0.0, min(p, centre - half))
    high = 1.0 if successes >= trials else min(1.0, max(p, centre + half))
    return low, high


@dataclass
class Tally:
    """The measured player's results."""

    seats: int
    games: int = 0
    wins: float = 0.0  # a win shared by k winners counts 1/k
    draws: int = 0
    unfinished: int = 0  # stopped at the ply limit
    plies: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def fair_share(self) -> float:
        return 1.0 / self.seats

    def line(self, name: str) -> str:
        low, high = self.interval
        return (
            f"{name}: {self.wins:g} wins of {self.games} ({100 * self.rate:.0f}%, 95% CI {100 * low:.0f}-"
            f"{100 * high:.0f}%; fair share {100 * self.fair_share:.0f}%), {self.draws} drawn, "
            f"{self.unfinished} unfinished, {self.plies / max(self.games, 1):.0f} actions a game"
        )


def seating(players: Sequence[Player], seats: int, game_index: int) -> list[Player]:
    """Who sits where in game `game_index`: the measured player rotates, the others fill the rest in turn."""
    subject = game_index % seats
    others = list(players[1:]) or [players[0]]
    out: list[Player] = []
    j = 0
    for k in range(seats):
        if k == subject:
            out.append(players[0])
        else:
            out.append(others[j % len(others)])
            j += 1
    return out


def play_game(
    game: Game,
    state: State,
    seated: Sequence[Player],
    seed: int,
    max_actions: int,
) -> tuple[State, int]:
    """Play one game to its end (or `max_actions`): every seat decides from its own view only."""
    rnd = random.Random(seed)
    for n in range(max_actions):
        to_move = state.to_move
        if to_move is None:
            return state, n
        if to_move is CHANCE:
            state = state.play(state.sample_chance())
            continue
        if to_move is SIMULTANEOUS:
            for seat in sorted(state.waiting_for()):
                result = seated[seat].decide(game, seated[seat].sees(state, seat), seat, rnd.getrandbits(63))
                state = state.play(result.move)
            continue
        assert isinstance(to_move, int)
        result = seated[to_move].decide(game, seated[to_move].sees(state, to_move), to_move, rnd.getrandbits(63))
        state = state.play(result.move)
        if state.to_move is not None:
            follow = seated[to_move].follow_up(game, state.view(to_move), to_move)
            if follow is not None:
                state = state.play(follow)
    return state, max_actions


def run(
    game: Game,
    players: Sequence[Player],
    games: int,
    seed: int,
    seats: int | None = None,
    options: Mapping[str, OptionValue] | None = None,
    max_actions: int = 5000,
    progress: Callable[[int, Tally], None] | None = None,
    first: int = 0,
) -> Tally:
    """Play `games` seat-rotated games, numbers `first` on of the series `seed` starts (so one series can be split
    between processes or resumed); the tally is the first player's."""
    start = game.new(seats, seed, **(options or {}))
    tally = Tally(start.seats)
    for i in range(first, first + games):
        state = game.new(start.seats, seed + i, **(options or {}))
        seated = seating(players, start.seats, i)
        subject = i % start.seats
        final, actions = play_game(game, state, seated, seed * 7919 + i, max_actions)
        tally.games += 1
        tally.plies += actions
        result = final.outcome()
        if result is None:
            tally.unfinished += 1
        elif not result.winners:
            tally.draws += 1
        elif subject in result.winners:
            tally.wins += 1.0 / len(result.winners)
        if progress is not None:
            progress(tally.games, tally)
    return tally
