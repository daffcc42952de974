"""A tiny seeded generator whose whole state is one integer, so it lives inside an immutable game state.

splitmix64 is used because one step is a handful of integer operations, the state round-trips through JSON as a
number, and two states with the same seed and history draw the same dice: games replay exactly.
"""

from __future__ import annotations

import os

_MASK = (1 << 64) - 1


def fresh_seed() -> int:
    """A seed for a game started without one; recorded in the state so the game still replays."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def next_u64(rng: int) -> tuple[int, int]:
    """One 64-bit value and the next generator state."""
    rng = (rng + 0x9E3779B97F4A7C15) & _MASK
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), rng


def draw(rng: int, n: int) -> tuple[int, int]:
    """A uniform integer in range(n) and the next generator state (rejection sampling: no modulo bias)."""
    if n <= 0:
        raise ValueError("draw needs n >= 1")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, rng = next_u64(rng)
        if value < limit:
            return value % n, rng


def shuffled(rng: int, items: tuple[object, ...]) -> tuple[list[object], int]:
    """A Fisher-Yates shuffle of `items` and the next generator state."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, rng = draw(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out, rng
