from __future__ import annotations

import pytest

from simulator.noise import LineNoise, NoiseConfig


def test_quiet_lines_pass_everything() -> None:
    assert LineNoise(NoiseConfig()).apply(b"\x00\x01\x02") == b"\x00\x01\x02"


def test_noise_is_seeded_and_roughly_at_its_rates() -> None:
    data = bytes(range(256)) * 200
    a = LineNoise(NoiseConfig(drop=0.01, duplicate=0.02, corrupt=0.03, seed=1))
    out = a.apply(data)
    assert out == LineNoise(NoiseConfig(drop=0.01, duplicate=0.02, corrupt=0.03, seed=1)).apply(data)
    n = len(data)
    assert 0.005 * n < a.stats.dropped < 0.015 * n
    assert 0.015 * n < a.stats.duplicated < 0.025 * n
    assert 0.025 * n < a.stats.corrupted < 0.035 * n
    assert len(out) == n - a.stats.dropped + a.stats.duplicated


def test_parse() -> None:
    assert NoiseConfig.parse("drop=0.1, corrupt=0.2", seed=3) == NoiseConfig(drop=0.1, corrupt=0.2, seed=3)
    with pytest.raises(ValueError, match="drop=P"):
        NoiseConfig.parse("loss=0.1")
    with pytest.raises(ValueError):
        NoiseConfig(drop=1.5)
