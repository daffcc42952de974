"""The firmware and the Pi implement the protocol and the debounce separately; they must agree exactly."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from hypothesis import given
from hypothesis import strategies as st

from hardware import protocol as pi
from hardware.debounce import DebounceConfig, Debouncer

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


CFG = DebounceConfig(depth=3, flap_window=25, flap_flips=4, quiet_windows=2)


# A few squares toggled often, so that flapping and trust recovery happen, among random others.
SQUARE = st.one_of(st.sampled_from([0, 40, 80]), st.integers(0, 80))


@given(st.lists(st.tuples(SQUARE, st.integers(1, 6)), max_size=60), st.integers(0, (1 << 81) - 1))
def test_the_firmware_debounce_agrees_with_the_pi_debounce_scan_by_scan(
    toggles: list[tuple[int, int]], initial: int
) -> None:
    from simulator.firmware import firmware_module

    fw_debouncer = firmware_module("debounce").Debouncer(CFG.depth, CFG.flap_window, CFG.flap_flips, CFG.quiet_windows)
    fw_debouncer.prime([(initial >> (9 * r)) & 0x1FF for r in range(9)])
    pi_debouncer = Debouncer(CFG, initial)
    raw = initial
    for square, hold in toggles:
        raw ^= 1 << square
        for _ in range(hold):
            flags = fw_debouncer.sample([(raw >> (9 * r)) & 0x1FF for r in range(9)])
            changed, untrusted_changed = pi_debouncer.sample(raw)
            reported = sum(v << (9 * r) for r, v in enumerate(fw_debouncer.reported))
            untrusted = sum(v << (9 * r) for r, v in enumerate(fw_debouncer.untrusted))
            assert (reported, untrusted) == (pi_debouncer.occupancy, pi_debouncer.untrusted)
            assert (bool(flags & 1), bool(flags & 2)) == (changed, untrusted_changed)
