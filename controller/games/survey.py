"""What pieces a game puts on the board, found by playing it: the piece list (drawings) and the doctor's piece test.

The games know their pieces only as letters on squares, so the start position and seeded random play are surveyed:
the most pieces of each seat and kind on the board at once, and whether pieces lie turned over (a Djambi corpse is
a player's piece turned over: an ownerless piece on the board).
"""

from __future__ import annotations

import random
from collections import Counter

from controller.games import load
from controller.games.playout import random_step
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class Survey:
    counts: dict[tuple[int, str], int]  # (seat, kind) -> the most on the board at once
    turned_over: bool  # the game turns pieces over, so every kind must work both ways up

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(sorted({kind for _, kind in self.counts}))


def survey(game_name: str, seeds: int = 4, actions: int = 600) -> Survey:
    """The start, then `seeds` random games of at most `actions` plies each, of the most seats the game allows."""
    game = load(game_name)
    seats = max(game.info.seat_counts)
    best: Counter[tuple[int, str]] = Counter()
    turned_over = False
    for seed in range(seeds):
        state, rnd = game.new(seats, seed), random.Random(seed)
        for _ in range(actions):
            pieces = state.pieces().values()
            # Ownerless pieces (Djambi's corpses) are players' pieces turned over: not more pieces to make.
            turned_over = turned_over or any(p.owner is None for p in pieces)
            now = Counter((p.owner, p.kind) for p in pieces if p.owner is not None)
            for key, n in now.items():
                best[key] = max(best[key], n)
            if state.outcome() is not None:
                break
            state = random_step(state, rnd)
    return Survey(dict(sorted(best.items())), turned_over)
