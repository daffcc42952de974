from __future__ import annotations

import pytest

from simulator.switches import Bounce, Switches


def levels(sw: Switches, times: list[float], square: int = 0) -> list[int]:
    return [sw.level(t) >> square & 1 for t in times]


def test_a_magnet_is_seen_only_by_scans_after_it_arrives() -> None:
    sw = Switches()
    sw.move(0, True, 1.0)
    assert levels(sw, [0.5, 1.0, 1.0001]) == [0, 0, 1]


def test_bounce_edges_follow_the_spacing_and_end_on_the_new_level() -> None:
    sw = Switches(bounce=Bounce(flips=2, spacing=0.01, jitter=0.0))
    sw.move(3, True, 1.0)
    assert levels(sw, [1.005, 1.015, 1.025, 1.035, 1.045, 2.0], 3) == [1, 0, 1, 0, 1, 1]
    assert sw.magnets == 1 << 3


def test_the_same_seed_bounces_the_same_way() -> None:
    def trace(seed: int) -> list[int]:
        sw = Switches(bounce=Bounce(flips=4, spacing=0.002), seed=seed)
        sw.move(7, True, 0.0)
        return levels(sw, [i * 0.0005 for i in range(40)], 7)

    assert trace(3) == trace(3)
    assert trace(3) != trace(4)


def test_faults_override_the_magnets_while_they_last() -> None:
    sw = Switches(initial=0b10)
    sw.add_fault(0, "stuck", 1.0)
    sw.add_fault(1, "dead", 1.0)
    sw.add_fault(2, "flapping", 1.0, period=0.2)
    assert sw.level(1.05) & 0b111 == 0b101
    assert sw.level(1.15) & 0b111 == 0b001
    sw.heal(0, 2.0)
    sw.heal(1, 2.0)
    assert sw.level(2.5) & 0b11 == 0b10


def test_busy_tells_when_the_levels_can_still_change_on_their_own() -> None:
    sw = Switches()
    assert not sw.busy(0.0)
    sw.move(0, True, 1.0)
    assert sw.busy(0.5)
    sw.level(1.5)
    assert not sw.busy(1.5)
    sw.add_fault(4, "flapping", 2.0)
    assert sw.busy(2.5)


def test_scans_must_go_forward_in_time() -> None:
    sw = Switches()
    sw.level(2.0)
    with pytest.raises(ValueError, match="forward"):
        sw.level(1.0)
