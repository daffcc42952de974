from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.debounce import DebounceConfig, Debouncer, untrusted_reason

CFG = DebounceConfig(depth=3, flap_window=20, flap_flips=4, quiet_windows=2)


def run(d: Debouncer, samples: list[int]) -> list[int]:
    out = []
    for raw in samples:
        d.sample(raw)
        out.append(d.occupancy)
    return out


def test_a_change_counts_after_depth_agreeing_scans() -> None:
    assert run(Debouncer(CFG), [1, 1, 1, 1]) == [0, 0, 1, 1]


def test_a_bounce_shorter_than_the_depth_is_filtered_out() -> None:
    # One open scan inside a closed stretch, then a real lift; a lone closed scan after it.
    assert run(Debouncer(CFG, 1), [0, 1, 0, 0, 0, 0, 1, 0]) == [1, 1, 1, 1, 0, 0, 0, 0]


def test_squares_are_independent() -> None:
    d = Debouncer(CFG)
    run(d, [0b11, 0b11, 0b01])
    assert d.occupancy == 0b01  # square 0 reached depth 3; square 1 fell back to 1 and stays empty


def test_flips_over_the_threshold_untrust_the_square_and_freeze_its_bit() -> None:
    d = Debouncer(CFG)
    samples = [1] * 3 + [0] * 3 + [1] * 3 + [0] * 3 + [1] * 8  # 5 flips in the first window of 20
    run(d, samples[:19])
    assert d.occupancy == 1 and d.untrusted == 0
    _, untrusted_changed = d.sample(samples[19])
    assert untrusted_changed and d.untrusted == 1
    assert d.occupancy == 1  # frozen at what it read when it was distrusted...
    run(d, [0] * 5)
    assert d.occupancy == 1  # ...even though the debounced bit went to 0


def test_an_untrusted_square_needs_quiet_windows_in_a_row_to_be_trusted_again() -> None:
    d = Debouncer(CFG)
    run(d, [1, 0] * 10)
    assert d.untrusted == 1
    run(d, [0] * 19 + [1])  # the window ends with a flip: not quiet
    assert d.untrusted == 1
    run(d, [1] * 20)
    assert d.untrusted == 1  # one quiet window
    run(d, [1] * 20)
    assert d.untrusted == 0 and d.occupancy == 1  # two: trusted, and its bit follows the switch again


@given(st.lists(st.integers(0, 3), max_size=60), st.integers(1, 100))
def test_skipping_a_settled_stretch_equals_scanning_it(prefix: list[int], gap: int) -> None:
    scanned, skipping = Debouncer(CFG), Debouncer(CFG)
    run(scanned, prefix)
    run(skipping, prefix)
    settle = [prefix[-1] if prefix else 0] * (CFG.depth + 1)
    run(scanned, settle)
    run(skipping, settle)
    if not skipping.settled:
        return
    run(scanned, [settle[-1]] * gap)
    skipping.skip(gap)
    tail = [3, 0, 3, 0, 3, 0] * 4
    assert run(scanned, tail) == run(skipping, tail)
    assert scanned.untrusted == skipping.untrusted


def test_skip_refuses_while_anything_is_in_flux() -> None:
    d = Debouncer(CFG)
    d.sample(1)
    with pytest.raises(RuntimeError):
        d.skip(5)


def test_times_become_scan_counts() -> None:
    cfg = DebounceConfig.for_rate(200, debounce_ms=20, flap_window_ms=1000)
    assert (cfg.depth, cfg.flap_window) == (4, 200)
    assert cfg.rescaled(200, 1000) == DebounceConfig(depth=20, flap_window=1000, flap_flips=10, quiet_windows=2)


def test_reasons_name_the_squares() -> None:
    assert "e5" in untrusted_reason(0, 1 << 40)
    assert "trusted again" in untrusted_reason(1 << 40, 0)
