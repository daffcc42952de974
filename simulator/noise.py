"""Noise on a serial line: bytes dropped, duplicated or corrupted at given rates, from a seeded generator."""

from __future__ import annotations

import random

from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class NoiseConfig:
    drop: float = 0.0
    duplicate: float = 0.0
    corrupt: float = 0.0
    seed: int = 0

    def __post_init__(self) -> None:
        for rate in (self.drop, self.duplicate, self.corrupt):
            if not 0.0 <= rate < 1.0:
                raise ValueError(f"a noise rate is a probability per byte below 1, not {rate}")

    @property
    def quiet(self) -> bool:
        return not (self.drop or self.duplicate or self.corrupt)

    @classmethod
    def parse(cls, text: str, seed: int = 0) -> NoiseConfig:
        """`drop=0.01,duplicate=0.005,corrupt=0.01` (any subset)."""
        rates: dict[str, float] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, value = part.partition("=")
            if not sep or key not in ("drop", "duplicate", "corrupt"):
                raise ValueError(f"noise is drop=P,duplicate=P,corrupt=P; not {part!r}")
            try:
                rates[key] = float(value)
            except ValueError:
                raise ValueError(f"{key} needs a probability, not {value!r}") from None
        return cls(seed=seed, **rates)


@dataclass(slots=True)
class NoiseStats:
    dropped: int = 0
    duplicated: int = 0
    corrupted: int = 0


class LineNoise:
    def __init__(self, config: NoiseConfig) -> None:
        self.config = config
        self.stats = NoiseStats()
        self._rng = random.Random(config.seed)

    def apply(self, data: bytes) -> bytes:
        c = self.config
        if c.quiet:
            return data
        out = bytearray()
        rnd = self._rng.random
        for b in data:
            x = rnd()
            if x < c.drop:
                self.stats.dropped += 1
                continue
            if x < c.drop + c.corrupt:
                self.stats.corrupted += 1
                b ^= self._rng.randrange(1, 256)
            out.append(b)
            if rnd() < c.duplicate:
                self.stats.duplicated += 1
                out.append(b)
        return bytes(out)
