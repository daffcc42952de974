"""The firmware and the Pi implement the protocol and the debounce separately; they must agree exactly."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hardware import protocol as pi
from hardware.debounce import DebounceConfig, Debouncer
from tests.hardware import switch_behaviour as sb

Fw = Callable[[str], ModuleType]


@given(st.integers(0, 255), st.integers(0, 255), st.binary(max_size=300))
def test_both_sides_frame_any_payload_byte_for_byte_alike(kind: int, seq: int, payload: bytes) -> None:
    from simulator.firmware import firmware_module

    fp = firmware_module("protocol")
    frame = pi.encode_frame(kind, seq, payload)
    assert fp.encode_frame(kind, seq, payload) == frame
    assert fp.Decoder().feed(frame) == [(kind, seq, payload)]
    assert pi.FrameDecoder().feed(frame) == [pi.Frame(kind, seq, payload)]


@given(st.binary(max_size=1500))
def test_both_decoders_accept_and_reject_the_same_garbage(data: bytes) -> None:
    from simulator.firmware import firmware_module

    fd, pd = firmware_module("protocol").Decoder(), pi.FrameDecoder()
    assert [tuple(f) for f in fd.feed(data)] == [(f.kind, f.seq, f.payload) for f in pd.feed(data)]
    assert fd.bad == pd.bad


def test_the_constants_agree(fw: Fw) -> None:
    fp = fw("protocol")
    for name in ("PROTOCOL_VERSION", "HELLO", "SNAPSHOT_REQ", "LEDS", "ACK", "CONFIG", "STOP", "HELLO_ACK", "STATE"):
        assert getattr(fp, name) == getattr(pi, name), name
    assert fp.HELLO_MAGIC == pi.HELLO_MAGIC and fp.MAX_ENTRIES == pi.MAX_ENTRIES


def test_occupancy_packing_is_the_81_bit_little_endian_integer(fw: Fw) -> None:
    fp = fw("protocol")
    occupancy = (1 << 80) | (1 << 40) | 1
    rows = [(occupancy >> (9 * r)) & 0x1FF for r in range(9)]
    assert fp.pack_rows(rows) == occupancy.to_bytes(11, "little")
    assert fp.unpack_rows(fp.pack_rows(rows)) == rows


CFG = DebounceConfig(depth=3, flap_window=25, flap_flips=4, slow_gap=12, slow_changes=5, quiet=40, quick_changes=3)


def firmware_debouncer(cfg: DebounceConfig, initial: int) -> Any:
    from simulator.firmware import firmware_module

    d = firmware_module("debounce").Debouncer(
        cfg.depth, cfg.flap_window, cfg.flap_flips, cfg.slow_gap, cfg.slow_changes, cfg.quiet, cfg.quick_changes
    )
    d.prime(rows_of(initial))
    return d


def rows_of(occupancy: int) -> list[int]:
    return [(occupancy >> (9 * r)) & 0x1FF for r in range(9)]


def agree(fw_debouncer: Any, pi_debouncer: Debouncer, raw: int) -> None:
    flags = fw_debouncer.sample(rows_of(raw))
    changed, untrusted_changed = pi_debouncer.sample(raw)
    reported = sum(v << (9 * r) for r, v in enumerate(fw_debouncer.reported))
    untrusted = sum(v << (9 * r) for r, v in enumerate(fw_debouncer.untrusted))
    assert (reported, untrusted) == (pi_debouncer.occupancy, pi_debouncer.untrusted)
    assert (bool(flags & 1), bool(flags & 2)) == (changed, untrusted_changed)


# A few squares toggled often, so that flapping and trust recovery happen, among random others.
SQUARE = st.one_of(st.sampled_from([0, 40, 80]), st.integers(0, 80))


@given(st.lists(st.tuples(SQUARE, st.integers(1, 6)), max_size=60), st.integers(0, (1 << 81) - 1))
def test_the_firmware_debounce_agrees_with_the_pi_debounce_scan_by_scan(
    toggles: list[tuple[int, int]], initial: int
) -> None:
    fw_debouncer, pi_debouncer = firmware_debouncer(CFG, initial), Debouncer(CFG, initial)
    raw = initial
    for square, hold in toggles:
        raw ^= 1 << square
        for _ in range(hold):
            agree(fw_debouncer, pi_debouncer, raw)


@settings(max_examples=25)
@given(st.lists(st.tuples(st.integers(0, 80), st.one_of(sb.hands(until=4.0), sb.flapping())), min_size=1, max_size=3))
def test_both_debounces_agree_on_drawn_hands_and_flaps_at_the_pi_settings(
    squares: list[tuple[int, sb.Behaviour]],
) -> None:
    """Switches drawn by tests/hardware/switch_behaviour.py on a few squares at once, at the pin map's settings."""
    cfg = DebounceConfig.for_rate(200)
    initial = sum(b.initial << s for s, b in squares)
    fw_debouncer, pi_debouncer = firmware_debouncer(cfg, initial), Debouncer(cfg, initial)
    end = max(b.end for _, b in squares)
    for k in range(1, round(end / sb.SCAN) + 1):
        t = k * sb.SCAN
        raw = 0
        for s, b in squares:
            raw = raw & ~(1 << s) | b.level(t) << s
        agree(fw_debouncer, pi_debouncer, raw)


def test_the_firmware_rebases_its_scan_counter_without_changing_a_decision() -> None:
    """After about 6 days at 1 kHz the firmware moves its counter back (to stay a small int): the same answers."""
    fw_debouncer, pi_debouncer = firmware_debouncer(CFG, 0), Debouncer(CFG, 0)
    fw_debouncer.tick = (1 << 29) - 30  # a few scans before the rebase
    for raw in [1, 0] * 3 + [0] * 45 + [1, 1, 1, 1, 0, 0, 0, 0] * 5:
        agree(fw_debouncer, pi_debouncer, raw)
    assert fw_debouncer.tick < 1 << 20
