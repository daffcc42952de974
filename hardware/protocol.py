"""The co-processor protocol (firmware/PROTOCOL.md), Pi side: framing, validation and typed messages.

The firmware has its own MicroPython implementation (firmware/agora_fw/protocol.py); this one is written
independently (binascii's CRC, typed messages) and the tests check that the two agree, so a mistake in one cannot
hide behind the same mistake in the other. Damaged or malformed frames are dropped and counted, never guessed at.
"""

from __future__ import annotations

import binascii
import struct

from controller.values import dataclass
from hardware.debounce import DebounceConfig

PROTOCOL_VERSION = 5
MAX_ENCODED = 512

HELLO, SNAPSHOT_REQ, LEDS, ACK, CONFIG, STOP = 0x01, 0x02, 0x03, 0x04, 0x05, 0x0E
HELLO_ACK, STATE, HEARTBEAT = 0x81, 0x82, 0x84
HELLO_MAGIC, STOP_MAGIC = b"AGRA", b"STOP"
CHANGE, PERIODIC, REQUESTED, RETRANSMIT = 0, 1, 2, 3
REASONS = ("change", "periodic", "requested", "retransmit")

OCC_BYTES = 11
OCC_LIMIT = 1 << 81
MAX_ENTRIES = 4
UPTIME_MASK = 0x3FFFFFFF
_STATE_HEADER = struct.Struct("<BHIB")
_ENTRY = struct.Struct(f"<HI{OCC_BYTES}s{OCC_BYTES}s")
_HEARTBEAT = struct.Struct("<IHHH")
_HELLO_ACK = struct.Struct("<BBBH")


def crc16(data: bytes | bytearray) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), which is what binascii.crc_hqx computes from 0xFFFF."""
    return binascii.crc_hqx(data, 0xFFFF)


def cobs_encode(data: bytes) -> bytes:
    out = bytearray()
    for chunk in data.split(b"\x00"):
        while len(chunk) >= 254:
            out.append(0xFF)
            out += chunk[:254]
            chunk = chunk[254:]
        out.append(len(chunk) + 1)
        out += chunk
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    out = bytearray()
    i, n = 0, len(data)
    while i < n:
        code = data[i]
        if code == 0 or i + code > n:
            raise ValueError("not COBS")
        out += data[i + 1 : i + code]
        i += code
        if code < 0xFF and i < n:
            out.append(0)
    return bytes(out)


def encode_frame(kind: int, seq: int, payload: bytes = b"") -> bytes:
    body = bytes((kind, seq & 0xFF)) + payload
    return cobs_encode(body + crc16(body).to_bytes(2, "big")) + b"\x00"


@dataclass(frozen=True, slots=True)
class Frame:
    kind: int
    seq: int
    payload: bytes


class FrameDecoder:
    """Bytes in any chunks -> frames with a valid CRC; everything else is counted in `bad`."""

    def __init__(self) -> None:
        self._buf = bytearray()
        self._skipping = False
        self.bad = 0
        self.good = 0

    def feed(self, data: bytes) -> list[Frame]:
        frames: list[Frame] = []
        parts = data.split(b"\x00")
        for i, part in enumerate(parts):
            if not self._skipping:
                if len(self._buf) + len(part) > MAX_ENCODED:
                    self._skipping = True
                    self._buf.clear()
                else:
                    self._buf += part
            if i == len(parts) - 1:
                break  # no delimiter after the last part: keep collecting
            if self._skipping:
                self.bad += 1
                self._skipping = False
            elif self._buf:
                frame = _decode(bytes(self._buf))
                if frame is None:
                    self.bad += 1
                else:
                    self.good += 1
                    frames.append(frame)
            self._buf.clear()
        return frames


def _decode(encoded: bytes) -> Frame | None:
    try:
        body = cobs_decode(encoded)
    except ValueError:
        return None
    if len(body) < 4 or crc16(body[:-2]) != int.from_bytes(body[-2:], "big"):
        return None
    return Frame(body[0], body[1], body[2:-2])


# --- messages from the co-processor


@dataclass(frozen=True, slots=True)
class HelloAck:
    version: int
    squares: int
    leds: int
    boot: int
    name: str


@dataclass(frozen=True, slots=True)
class StateEntry:
    gen: int
    t_ms: int
    occupancy: int
    untrusted: int


@dataclass(frozen=True, slots=True)
class State:
    reason: int
    boot: int
    uptime_ms: int
    entries: tuple[StateEntry, ...]


@dataclass(frozen=True, slots=True)
class Heartbeat:
    uptime_ms: int
    rx_bad: int
    rx_gaps: int
    scan_rate: int


DeviceMessage = HelloAck | State | Heartbeat


def parse_device_message(frame: Frame) -> DeviceMessage | None:
    """The message in a frame, or None when it is not exactly a well-formed message (count it as damaged)."""
    p = frame.payload
    if frame.kind == HELLO_ACK:
        # payload[0] is the protocol version in every version, so any firmware can be told apart and refused.
        if len(p) < _HELLO_ACK.size:
            return None
        version, squares, leds, boot = _HELLO_ACK.unpack_from(p)
        return HelloAck(version, squares, leds, boot, p[_HELLO_ACK.size :].decode("utf-8", "replace"))
    if frame.kind == STATE:
        if len(p) < _STATE_HEADER.size:
            return None
        reason, boot, uptime, count = _STATE_HEADER.unpack_from(p)
        if reason >= len(REASONS) or not 1 <= count <= MAX_ENTRIES or uptime > UPTIME_MASK:
            return None
        if len(p) != _STATE_HEADER.size + count * _ENTRY.size:
            return None
        entries: list[StateEntry] = []
        for k in range(count):
            gen, t_ms, occ, untrusted = _ENTRY.unpack_from(p, _STATE_HEADER.size + k * _ENTRY.size)
            entry = StateEntry(gen, t_ms, int.from_bytes(occ, "little"), int.from_bytes(untrusted, "little"))
            # Bits above 81 and non-consecutive generations cannot come from the firmware: a corrupted frame that
            # slipped past the CRC still has to pass these before it can move a piece.
            if entry.occupancy >= OCC_LIMIT or entry.untrusted >= OCC_LIMIT or t_ms > UPTIME_MASK:
                return None
            if entries and gen != (entries[-1].gen + 1) & 0xFFFF:
                return None
            entries.append(entry)
        return State(reason, boot, uptime, tuple(entries))
    if frame.kind == HEARTBEAT:
        if len(p) != _HEARTBEAT.size:
            return None
        return Heartbeat(*_HEARTBEAT.unpack(p))
    return None


# --- messages to the co-processor


def hello(version: int = PROTOCOL_VERSION) -> tuple[int, bytes]:
    return HELLO, bytes((version,)) + HELLO_MAGIC


def snapshot_request() -> tuple[int, bytes]:
    return SNAPSHOT_REQ, b""


def leds(chain_rgb: bytes) -> tuple[int, bytes]:
    return LEDS, bytes(chain_rgb)


def ack(gen: int) -> tuple[int, bytes]:
    return ACK, (gen & 0xFFFF).to_bytes(2, "little")


def config(debounce: DebounceConfig) -> tuple[int, bytes]:
    """The debounce and flap settings in the Pico's scans (its times are u16 counts: at most about 65 s)."""
    d = debounce
    cap = 0xFFFF
    windows = min(d.flap_window, cap), min(d.slow_gap, cap), min(d.quiet, cap)
    return CONFIG, struct.pack(
        "<BHBHBHB",
        d.depth,
        windows[0],
        d.flap_flips,
        windows[1],
        d.slow_changes,
        windows[2],
        d.quick_changes,
    )


def stop() -> tuple[int, bytes]:
    return STOP, STOP_MAGIC
