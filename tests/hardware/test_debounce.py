from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.debounce import DebounceConfig, Debouncer, untrusted_reason
from tests.hardware import switch_behaviour as sb

# The fast and slow detectors alone (the quick and lone ones are tested on their own below).
CFG = DebounceConfig(depth=3, flap_window=20, flap_flips=4, slow_gap=10, slow_changes=6, quiet=40, quick_changes=0)
PI = DebounceConfig.for_rate(200)  # the pin map's defaults: what tests/hardware/switch_behaviour.py is drawn for


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


def test_flips_crowding_the_sliding_window_untrust_the_square_at_once_and_freeze_its_bit() -> None:
    d = Debouncer(CFG)
    run(d, [0] * 50)  # no window boundary to wait for: the flap is seen wherever it starts
    run(d, [1] * 3 + [0] * 3 + [1] * 3)  # three flips
    assert d.occupancy == 1 and d.untrusted == 0
    _, untrusted_changed = d.sample(0)  # the fourth within 20 scans
    assert untrusted_changed and d.untrusted == 1
    assert d.occupancy == 1  # frozen at what it read when it was distrusted...
    run(d, [0] * 5)
    assert d.occupancy == 1  # ...even though the debounced bit went to 0


def test_flips_spread_wider_than_the_window_are_no_flap() -> None:
    d = Debouncer(CFG)
    run(d, ([1] * 7 + [0] * 7) * 4)  # a flip every 7 scans: never 4 within 20; 8 debounced changes 7 scans apart
    assert d.untrusted == 1  # ...but that long an oscillation is a slow flap
    slow_off = Debouncer(replace(CFG, slow_changes=0))
    run(slow_off, ([1] * 7 + [0] * 7) * 4)
    assert slow_off.untrusted == 0


def test_an_untrusted_square_is_trusted_again_after_quiet_scans_and_starts_afresh() -> None:
    d = Debouncer(CFG)
    run(d, ([1] * 3 + [0] * 3) * 2)  # four flips, each the debounce depth after the last
    assert d.untrusted == 1
    run(d, [1] * 40)
    assert d.untrusted == 1  # the first of these flipped: 39 scans without a flip
    run(d, [1])
    assert d.untrusted == 0 and d.occupancy == 1  # 40: trusted, and its bit follows the switch again
    run(d, [0] * 4 + [1] * 4 + [0] * 4)  # three flips: the flips before it was trusted again no longer count
    assert d.untrusted == 0


def test_detection_off_trusts_every_square_and_sees_no_flap_until_on_again() -> None:
    d = Debouncer(CFG)
    run(d, ([1] * 3 + [0] * 3) * 2)  # four flips, each the debounce depth after the last
    assert d.detect_flaps(False) and d.untrusted == 0 and d.occupancy == 0
    run(d, [1, 1, 1, 0, 0, 0] * 10)  # the piece test: a piece set on the same square again and again
    assert d.untrusted == 0 and d.occupancy == 0
    assert not d.detect_flaps(True)
    run(d, ([1] * 3 + [0] * 3) * 2)  # four flips, each the debounce depth after the last
    assert d.untrusted == 1


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
    cfg = DebounceConfig.for_rate(200, debounce_ms=20, flap_window_ms=500, slow_gap_ms=1200, quiet_ms=2000)
    assert (cfg.depth, cfg.flap_window, cfg.slow_gap, cfg.quiet) == (4, 100, 240, 400)
    assert cfg.rescaled(200, 1000) == DebounceConfig(depth=20, flap_window=500, slow_gap=1200, quiet=2000)
    assert not cfg.without_flaps().detects


def test_reasons_name_the_squares() -> None:
    assert "e5" in untrusted_reason(0, 1 << 40)
    assert "trusted again" in untrusted_reason(1 << 40, 0)


# ---- drawn switch behaviour (tests/hardware/switch_behaviour.py) ----------------------------------------------------

HAND_SETTLE = (sb.DEPTH + 1) * sb.SCAN + sb.DEBOUNCE  # the debounce, after the longest drawn bounce


def trace(b: sb.Behaviour) -> list[tuple[float, int, int]]:
    """(time, reported, untrusted) of square 0 at every scan of `b` through the Pi's debounce."""
    d = Debouncer(PI, b.initial)
    out = []
    for t, raw in b.scans():
        if t:
            d.sample(raw)
        out.append((t, d.occupancy, d.untrusted))
    return out


@settings(max_examples=50)
@given(sb.hands())
def test_a_hand_is_never_taken_for_a_flap_and_is_followed_after_the_debounce(b: sb.Behaviour) -> None:
    changes = [t for t, _ in b.hand]
    for t, reported, untrusted in trace(b):
        assert not untrusted, t
        last = max((c for c in changes if c < t), default=-1.0)
        if t - last >= HAND_SETTLE:
            assert reported == b.meant(t), t


def detection(b: sb.Behaviour) -> float:
    """How long after the flap began the square was distrusted."""
    assert b.flap is not None
    steps = trace(b)
    assert not any(u for t, _, u in steps if t <= b.flap.start)  # the hands before it never were
    return next(t for t, _, u in steps if u) - b.flap.start


@settings(max_examples=50)
@given(sb.flapping())
def test_a_flap_is_reported_within_a_few_of_its_own_halves(b: sb.Behaviour) -> None:
    assert b.flap is not None
    if b.flap.band == "chatter":  # a flip counted once per debounce time at most
        bound = (sb.FLAP_FLIPS - 1) * (sb.DEBOUNCE + b.flap.longest_half) + sb.SCAN
    elif b.flap.band == "fast":
        bound = (sb.FLAP_FLIPS - 1) * b.flap.longest_half + sb.SCAN
    elif b.flap.band == "middle" and (sb.QUICK_CHANGES - 1) * b.flap.longest_half < sb.FLAP_WINDOW - sb.DEBOUNCE:
        bound = (sb.QUICK_CHANGES - 1) * b.flap.longest_half + (sb.DEPTH + 1) * sb.SCAN  # five within half a second
    else:
        bound = (sb.SLOW_CHANGES - 1) * b.flap.longest_half + (sb.DEPTH + 1) * sb.SCAN
    assert detection(b) <= bound + 1e-9


@settings(max_examples=50)
@given(sb.flapping(bands=("chatter", "fast")))
def test_a_fast_flap_is_reported_within_half_a_second_wherever_it_starts(b: sb.Behaviour) -> None:
    assert detection(b) <= 0.5


@settings(max_examples=30)
@given(sb.flapping(bands=("middle",)))
def test_a_flap_of_a_period_up_to_a_quarter_second_is_reported_within_half_a_second(b: sb.Behaviour) -> None:
    """Irregular halves of 50-150 ms: whenever five changes fall within half a second (every half under 0.12 s),
    the quick detector reports the flap within half a second of its first change; hands never make five."""
    assert b.flap is not None
    if (sb.QUICK_CHANGES - 1) * b.flap.longest_half < sb.FLAP_WINDOW - sb.DEBOUNCE:
        assert detection(b) <= 0.5
    else:
        assert detection(b) <= (sb.SLOW_CHANGES - 1) * b.flap.longest_half + (sb.DEPTH + 1) * sb.SCAN + 1e-9


@settings(max_examples=50)
@given(sb.flapping())
def test_an_untrusted_square_reads_frozen_and_once_healed_is_trusted_after_the_quiet_time(b: sb.Behaviour) -> None:
    assert b.flap is not None
    steps = trace(b)
    frozen = None
    for t, reported, untrusted in steps:
        if untrusted:
            frozen = reported if frozen is None else frozen
            assert reported == frozen, t
        elif frozen is not None:
            assert b.flap.end < t  # trusted again only once it healed...
            assert t - b.flap.end >= sb.QUIET - sb.SCAN  # ...and was quiet for the quiet time
            break
    if b.flap.end < b.end:  # healed: trusted again, reading the switch as it came to rest
        t, reported, untrusted = steps[-1]
        assert not untrusted and reported == b.level(t)


def regular_flap(period: float, start: float, initial: int) -> sb.Behaviour:
    """A switch flipping every half `period` from `start` on, for as long as the slowest report may take."""
    half = period / 2
    # Enough halves for the slowest report, and at least a second of them (a flap quicker than the debounce is counted
    # once per debounce time, not once per flip).
    count = max(sb.FLAP_FLIPS, sb.SLOW_CHANGES) + 2 + int(1.0 / half)
    steps = tuple((start + k * half, (initial + k + 1) % 2) for k in range(count))
    flap = sb.Flap("regular", start, float("inf"), half)
    return sb.Behaviour(initial, steps, (), flap, steps[-1][0] + half)


def detection_with(b: sb.Behaviour, config: DebounceConfig, scan: float) -> float:
    """How long after the flap began a square scanned every `scan` seconds through `config` was distrusted."""
    assert b.flap is not None
    d = Debouncer(config, b.initial)
    for t, raw in b.scans(scan):
        if t:
            d.sample(raw)
            if d.untrusted:
                assert t > b.flap.start, "distrusted before the flap began"
                return t - b.flap.start
    raise AssertionError("never reported")


@settings(max_examples=40)
@given(
    st.floats(0.05, 2.0),
    st.floats(0.0, 1.0),
    st.integers(0, 1),
    st.sampled_from([(200, 20.0), (200, 10.0), (200, 30.0), (1000, 8.0), (1000, 20.0)]),
)
def test_a_sustained_flap_of_any_period_from_50_ms_to_2_s_is_reported_in_time(
    period: float, start: float, initial: int, rate_and_debounce: tuple[int, float]
) -> None:
    """At the Pi's and the Pico's scan rates, for debounce times of 8-30 ms: periods under 0.25 s within half a second
    of the first change (the fast or the quick detector); slower ones once seventeen of their changes, each through the
    debounce, have followed one another without a pause (16 s for a 2 s period)."""
    hz, debounce_ms = rate_and_debounce
    config = DebounceConfig.for_rate(hz, debounce_ms=debounce_ms)
    took = detection_with(regular_flap(period, start, initial), config, 1 / hz)
    lag = debounce_ms / 1000 + 2 / hz  # the last change through the debounce, on a scan
    if period < 0.25:
        assert took <= 0.5
    else:
        assert took <= (sb.SLOW_CHANGES - 1) * period / 2 + lag + 1e-9


@settings(max_examples=30)
@given(st.integers(1, (sb.SLOW_CHANGES - 1) // 2), st.floats(0.0, 1.0), st.data())
def test_a_politics_candidate_tapping_one_state_county_after_county_is_no_flap(
    taps: int, start: float, data: st.DataObject
) -> None:
    """Up to five counties: set down for 0.1-0.3 s and lifted, then waiting for the claim to light (the 0.35 s
    settle) before the next; the board then stays still. Every change is followed, none taken for a flap."""
    steps: list[tuple[float, int]] = []
    t = start
    for _ in range(taps):
        steps.append((t, 1))
        t += data.draw(st.floats(0.1, 0.3))
        steps.append((t, 0))
        t += data.draw(st.floats(0.4, 1.1))
    b = sb.Behaviour(0, tuple(steps), tuple(steps), None, t + sb.QUIET)
    for t, reported, untrusted in trace(b):
        assert not untrusted, t
        last = max((c for c, _ in steps if c < t), default=-1.0)
        if t - last >= HAND_SETTLE:
            assert reported == b.meant(t), t
