# The wire format of firmware/PROTOCOL.md: COBS frames ending in 0x00, each holding
#   type (u8) | seq (u8) | payload | CRC-16/CCITT-FALSE (u16, big-endian) over type, seq and payload.
# MicroPython-compatible: no typing, no dataclasses; the Pi has its own typed twin in hardware/protocol.py and the
# tests check that both agree byte for byte.

PROTOCOL_VERSION = 5
MAX_ENCODED = 512  # longer frames are garbage: the largest real frame (LEDS) is about 250 bytes

# host -> device
HELLO = 0x01
SNAPSHOT_REQ = 0x02
LEDS = 0x03
ACK = 0x04
CONFIG = 0x05
STOP = 0x0E
# device -> host
HELLO_ACK = 0x81
STATE = 0x82
HEARTBEAT = 0x84

HELLO_MAGIC = b"AGRA"
STOP_MAGIC = b"STOP"

# STATE reasons
CHANGE = 0
PERIODIC = 1
REQUESTED = 2
RETRANSMIT = 3

OCC_BYTES = 11  # 81 bits, little-endian
ENTRY_BYTES = 2 + 4 + OCC_BYTES + OCC_BYTES
STATE_HEADER = 1 + 2 + 4 + 1
MAX_ENTRIES = 4


def _table():
    t = []
    for i in range(256):
        c = i << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) if c & 0x8000 else (c << 1)
        t.append(c & 0xFFFF)
    return t


_CRC = _table()


def crc16(data, crc=0xFFFF):
    t = _CRC
    for b in data:
        crc = ((crc << 8) & 0xFF00) ^ t[(crc >> 8) ^ b]
    return crc


def cobs_encode(data):
    out = bytearray(b"\x00")
    code_at = 0
    code = 1
    for b in data:
        if b:
            out.append(b)
            code += 1
            if code == 0xFF:
                out[code_at] = code
                code_at = len(out)
                out.append(0)
                code = 1
        else:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
    out[code_at] = code
    return bytes(out)


def cobs_decode(data):
    """Raises ValueError on anything that is not valid COBS."""
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        if code == 0:
            raise ValueError("zero byte inside a COBS frame")
        end = i + code
        if end > n:
            raise ValueError("COBS block runs past the frame")
        out.extend(data[i + 1 : end])
        i = end
        if code < 0xFF and i < n:
            out.append(0)
    return bytes(out)


def encode_frame(kind, seq, payload=b""):
    body = bytes([kind, seq & 0xFF]) + bytes(payload)
    crc = crc16(body)
    return cobs_encode(body + bytes([crc >> 8, crc & 0xFF])) + b"\x00"


def decode_frame(encoded):
    """(kind, seq, payload) of one frame without its 0x00, or None when it is damaged."""
    try:
        body = cobs_decode(encoded)
    except ValueError:
        return None
    if len(body) < 4:
        return None
    if crc16(body[:-2]) != (body[-2] << 8) | body[-1]:
        return None
    return body[0], body[1], body[2:-2]


class Decoder:
    """Bytes in any chunks -> frames. Damaged frames are dropped and counted, never guessed at."""

    def __init__(self):
        self.buf = bytearray()
        self.skipping = False  # an over-long frame: drop everything until the next 0x00
        self.bad = 0
        self.good = 0

    def feed(self, data):
        data = bytes(data)  # MicroPython's bytearray has no find()
        frames = []
        start = 0
        n = len(data)
        while start < n:
            z = data.find(b"\x00", start)
            end = n if z < 0 else z
            if not self.skipping:
                if len(self.buf) + end - start > MAX_ENCODED:
                    self.skipping = True
                    self.buf = bytearray()
                else:
                    self.buf.extend(data[start:end])
            if z < 0:
                break
            if self.skipping:
                self.bad += 1
                self.skipping = False
            elif self.buf:
                frame = decode_frame(self.buf)
                if frame is None:
                    self.bad += 1
                else:
                    self.good += 1
                    frames.append(frame)
            self.buf = bytearray()
            start = z + 1
        return frames


class Sequencer:
    """Numbers outgoing frames; notices lost and repeated incoming ones."""

    def __init__(self):
        self.tx = 0
        self.rx = -1
        self.gaps = 0
        self.duplicates = 0

    def next(self):
        s = self.tx
        self.tx = (s + 1) & 0xFF
        return s

    def accept(self, seq):
        """False for a repeat of the previous frame (drop it)."""
        last = self.rx
        self.rx = seq
        if last < 0:
            return True
        if seq == last:
            self.duplicates += 1
            return False
        if seq != (last + 1) & 0xFF:
            self.gaps += 1
        return True

    def restart(self):
        self.rx = -1


def pack_rows(rows):
    """9 row masks (bit c = file c) -> the 11-byte little-endian occupancy."""
    out = bytearray(OCC_BYTES)
    for r in range(9):
        v = rows[r]
        if v:
            base = r * 9
            for c in range(9):
                if v >> c & 1:
                    i = base + c
                    out[i >> 3] |= 1 << (i & 7)
    return bytes(out)


def unpack_rows(data):
    rows = [0] * 9
    for i in range(81):
        if data[i >> 3] >> (i & 7) & 1:
            rows[i // 9] |= 1 << (i % 9)
    return rows
