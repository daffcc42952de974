"""The Pi side of the wire format: framing, validation, and what damaged input turns into (nothing)."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware import protocol as p


@pytest.mark.parametrize(
    ("data", "encoded"),
    [
        (b"\x00", b"\x01\x01"),
        (b"\x00\x00", b"\x01\x01\x01"),
        (b"\x11\x22\x00\x33", b"\x03\x11\x22\x02\x33"),
        (b"\x11\x00\x00\x00", b"\x02\x11\x01\x01\x01"),
        (bytes(range(1, 255)), b"\xff" + bytes(range(1, 255)) + b"\x01"),
        (bytes(range(1, 256)), b"\xff" + bytes(range(1, 255)) + b"\x02\xff"),
    ],
)
def test_cobs_matches_the_published_examples(data: bytes, encoded: bytes) -> None:
    assert p.cobs_encode(data) == encoded
    assert p.cobs_decode(encoded) == data


def test_crc_is_ccitt_false() -> None:
    assert p.crc16(b"123456789") == 0x29B1


def state_payload(entries: list[tuple[int, int, int, int]], reason: int = p.CHANGE, boot: int = 7) -> bytes:
    body = struct.pack("<BHIB", reason, boot, 5000, len(entries))
    for gen, t, occ, untrusted in entries:
        body += struct.pack("<HI", gen, t) + occ.to_bytes(11, "little") + untrusted.to_bytes(11, "little")
    return body


def test_a_state_frame_round_trips_to_a_typed_message() -> None:
    payload = state_payload([(41, 4990, 1 << 80, 0), (42, 4995, 1 << 80 | 5, 1 << 40)])
    frames = p.FrameDecoder().feed(p.encode_frame(p.STATE, 9, payload))
    message = p.parse_device_message(frames[0])
    assert message == p.State(
        p.CHANGE, 7, 5000, (p.StateEntry(41, 4990, 1 << 80, 0), p.StateEntry(42, 4995, 1 << 80 | 5, 1 << 40))
    )


@pytest.mark.parametrize(
    "payload",
    [
        state_payload([(1, 0, 1 << 81, 0)]),  # a bit beyond square 80
        state_payload([(1, 0, 0, 1 << 87)]),
        state_payload([(1, 0, 0, 0), (3, 0, 0, 0)]),  # generations must be consecutive
        state_payload([(1, 0, 0, 0)])[:-1],  # one byte short
        state_payload([(1, 0, 0, 0)], reason=9),
        state_payload([]),
        struct.pack("<BHIB", 0, 0, 0, 5) + bytes(5 * 28),  # more entries than a device sends
    ],
)
def test_malformed_states_are_rejected_even_with_a_good_crc(payload: bytes) -> None:
    (frame,) = p.FrameDecoder().feed(p.encode_frame(p.STATE, 0, payload))
    assert p.parse_device_message(frame) is None


def test_chunks_and_garbage_between_frames_do_not_matter() -> None:
    stream = b"\x17\x99garbage\x00" + p.encode_frame(p.HEARTBEAT, 1, struct.pack("<IHHH", 1, 2, 3, 1000))
    stream += p.encode_frame(p.HELLO_ACK, 2, bytes((1, 81, 81, 7, 0)) + b"agora-fw 1.0")
    d = p.FrameDecoder()
    frames = [f for i in range(len(stream)) for f in d.feed(stream[i : i + 1])]
    assert [p.parse_device_message(f) for f in frames] == [
        p.Heartbeat(1, 2, 3, 1000),
        p.HelloAck(1, 81, 81, 7, "agora-fw 1.0"),
    ]
    assert d.bad == 1


def test_an_overlong_frame_is_dropped_and_the_next_one_read() -> None:
    d = p.FrameDecoder()
    frames = d.feed(b"\x05" * 5000 + b"\x00" + p.encode_frame(p.HEARTBEAT, 0, bytes(10)))
    assert len(frames) == 1 and d.bad == 1


def test_every_single_byte_corruption_of_a_state_frame_is_caught() -> None:
    frame = p.encode_frame(p.STATE, 3, state_payload([(7, 100, (1 << 81) - 1, 0), (8, 200, 12345, 1 << 3)]))
    body = frame[:-1]
    accepted = 0
    for i in range(len(body)):
        for value in range(256):
            if value == body[i]:
                continue
            d = p.FrameDecoder()
            damaged = body[:i] + bytes((value,)) + body[i + 1 :] + b"\x00"
            for f in d.feed(damaged):
                accepted += p.parse_device_message(f) is not None
    assert accepted == 0


@given(st.binary(max_size=2000))
def test_random_bytes_never_crash_the_decoder_and_every_frame_is_accounted_for(data: bytes) -> None:
    d = p.FrameDecoder()
    frames = d.feed(data)
    for f in frames:
        assert p.crc16(bytes((f.kind, f.seq)) + f.payload) is not None
        p.parse_device_message(f)  # may be None, must not raise
    non_empty_parts = sum(1 for part in data.split(b"\x00")[:-1] if part)
    assert d.good + d.bad <= non_empty_parts


@given(st.lists(st.binary(max_size=300), max_size=8), st.lists(st.integers(1, 40), max_size=10))
def test_frames_survive_any_chunking(payloads: list[bytes], cuts: list[int]) -> None:
    stream = b"".join(p.encode_frame(0x84, i, pl) for i, pl in enumerate(payloads))
    d = p.FrameDecoder()
    got, pos = [], 0
    for n in [*cuts, len(stream)]:
        got += d.feed(stream[pos : pos + n])
        pos += n
    got += d.feed(stream[pos:])
    assert [f.payload for f in got] == payloads and d.bad == 0
