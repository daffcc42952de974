"""Scenarios of the firmware's pure modules, run by the same code under CPython and under real MicroPython (the
WebAssembly port, tests/firmware/micropython_run.mjs): test_micropython.py checks both give the same answers and
that the answers are right. MicroPython-compatible: no typing, no f-string formats it lacks, no dataclasses.

`run()` returns a dict of plain values (JSON-able); the MicroPython side prints it as JSON.
"""

import json
import sys

from agora_fw import protocol as p
from agora_fw.boot import BootWindow
from agora_fw.debounce import Debouncer
from agora_fw.device import Device


def hx(data):
    """Hex text of `data` (MicroPython's b"".hex() gives b"", not "")."""
    return "".join("{:02x}".format(b) for b in data)  # noqa: UP032 (no f-string format specs needed here)


class Rng:
    """A tiny LCG: the same numbers on both interpreters (MicroPython's random differs)."""

    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF

    def next(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n

    def bytes(self, n):
        return bytes([self.next(256) for _ in range(n)])


def protocol_scenario(rng):
    frames = []
    decoded = []
    for _ in range(120):
        kind, seq = rng.next(256), rng.next(256)
        payload = rng.bytes(rng.next(260))
        frame = p.encode_frame(kind, seq, payload)
        frames.append(hx(frame))
        got = p.Decoder().feed(frame)
        decoded.append([[k, s, hx(bytes(pl))] for k, s, pl in got] == [[kind, seq, hx(payload)]])
    garbage = p.Decoder()
    good = garbage.feed(rng.bytes(3000) + b"\x00")
    return {"frames": frames, "roundtrip": decoded, "garbage": [len(good), garbage.bad, garbage.good]}


def debounce_scenario(rng):
    d = Debouncer(depth=4, flap_window=50, flap_flips=6, slow_gap=80, slow_changes=5, quiet=100, quick_changes=3)
    rows = [0] * 9
    d.prime(rows)
    trace = []
    for step in range(600):
        if rng.next(4) == 0:
            r, c = rng.next(9), rng.next(9)
            rows[r] ^= 1 << c
        if 200 <= step < 300:
            rows[4] ^= 1 << 4  # e5 flaps
        result = d.sample(rows)
        trace.append([result, hx(p.pack_rows(d.reported)), hx(p.pack_rows(d.untrusted))])
    return trace


def flap_scenario(rng):
    """The Pico's own settings (config.py, 1 kHz): a fast flap and a slow one starting at drawn moments, a piece
    lifted and set at a person's pace; the scan at which each square was distrusted (and trusted again)."""
    from agora_fw import config

    d = Debouncer(
        config.DEBOUNCE_SCANS,
        config.FLAP_WINDOW_SCANS,
        config.FLAP_FLIPS,
        config.SLOW_GAP_SCANS,
        config.SLOW_CHANGES,
        config.QUIET_SCANS,
    )
    rows = [0] * 9
    d.prime(rows)
    fast_from = 200 + rng.next(700)  # c1: closed and open 3 ms each (quicker than the debounce), then healed
    slow_from = 300 + rng.next(700)  # e5: closed and open 0.5-1 s each (a 1-2 s period), never healed
    slow_next = slow_from
    seen = {"fast": -1, "slow": -1, "hand": -1, "fast_trusted": -1}
    for scan in range(18000):
        if fast_from <= scan < fast_from + 1000 and (scan - fast_from) % 3 == 0:
            rows[0] ^= 1 << 2
        if scan == slow_next:
            rows[4] ^= 1 << 4
            slow_next += 500 + rng.next(500)
        if scan % 1500 == 0:
            rows[8] ^= 1  # a9: a person sets or lifts a piece every 1.5 s
        d.sample(rows)
        for key, r, c in (("fast", 0, 2), ("slow", 4, 4), ("hand", 8, 0)):
            if seen[key] < 0 and d.untrusted[r] >> c & 1:
                seen[key] = scan
        if seen["fast"] >= 0 and seen["fast_trusted"] < 0 and not d.untrusted[0] >> 2 & 1:
            seen["fast_trusted"] = scan
    return [fast_from, seen["fast"], seen["fast_trusted"], slow_from, seen["slow"], seen["hand"]]


def device_scenario(rng):
    dev = Device(0xBEEF)
    host = p.encode_frame(p.HELLO, 0, bytes([p.PROTOCOL_VERSION]) + p.HELLO_MAGIC)
    host += p.encode_frame(p.SNAPSHOT_REQ, 1)
    host += p.encode_frame(p.LEDS, 2, rng.bytes(243))
    out = []
    rows = [0] * 9
    for ms in range(400):
        if ms < len(host):
            dev.receive(host[ms : ms + 1])  # byte by byte, as the Pico reads USB
        if ms % 37 == 5:
            rows[rng.next(9)] ^= 1 << rng.next(9)
        dev.step(rows, 1)
        out.append(hx(dev.take_output()))
    return {"out": "".join(out), "leds": hx(bytes(dev.leds)), "gen": dev.gen, "bad": dev.rx_bad}


def boot_scenario(rng):
    results = []
    cases = [b"\r\x03", b"\x00\x03", b"", b"abc\x03"]
    for _ in range(30):
        cases.append(b"\x00" + p.encode_frame(p.HELLO, rng.next(256), bytes([p.PROTOCOL_VERSION]) + p.HELLO_MAGIC))
    for data in cases:
        w = BootWindow(2000)
        results.append(w.feed(data))
    late = BootWindow(2000)
    closed_by_time = late.tick(2000)
    results.append([closed_by_time, late.feed(b"\x03")])
    return results


class FakeMem:
    """machine.mem32 over one chip's SIO registers (offsets from the datasheets), wired as the matrix."""

    def __init__(self, layout, closed):
        self.names = {0xD0000000 + off: name for name, off in layout.items()}
        self.closed = closed
        self.out = 0x3FFFFFFF
        self.oe = 0
        self.high = 0

    def __getitem__(self, address):
        if self.names[address] != "GPIO_IN":
            raise ValueError("read of " + self.names[address])
        value = 0x3FFFFFFF
        for r in range(9):
            if self.oe >> r & 1 and not self.out >> r & 1:
                for c in range(9):
                    if (r * 9 + c) in self.closed:
                        value &= ~(1 << (9 + c))
        return value

    def __setitem__(self, address, value):
        name = self.names[address]
        if name == "GPIO_OUT_SET":
            self.out |= value
        elif name == "GPIO_OUT_CLR":
            self.out &= ~value
        elif name == "GPIO_OE_SET":
            self.oe |= value
        elif name == "GPIO_OE_CLR":
            self.oe &= ~value
        self.high |= self.oe & self.out & 0x1FF


class FakeMachine:
    def __init__(self):
        self.mem32 = None

        class Pin:
            IN, OUT, PULL_UP = 0, 1, 1

            def __init__(self, *args):
                pass

        self.Pin = Pin


NAMES = ("GPIO_IN", "GPIO_OUT_SET", "GPIO_OUT_CLR", "GPIO_OE_SET", "GPIO_OE_CLR")


def layout(offsets):
    return {NAMES[i]: offsets[i] for i in range(len(NAMES))}  # MicroPython's zip has no strict=


LAYOUTS = {  # the datasheets' offsets, written out independently of firmware/agora_fw/matrix.py
    "RP2040": layout((0x004, 0x014, 0x018, 0x024, 0x028)),
    "RP2350": layout((0x004, 0x018, 0x020, 0x038, 0x040)),
}


def matrix_scenario(rng):
    fake = FakeMachine()
    saved = sys.modules.get("machine")
    sys.modules["machine"] = fake  # type: ignore[assignment]
    sys.modules.pop("agora_fw.matrix", None)
    try:
        from agora_fw import matrix as m

        out = {}
        for chip in ("RP2040", "RP2350"):
            reads = []
            for _ in range(20):
                closed = {rng.next(81) for _ in range(rng.next(30))}
                fake.mem32 = FakeMem(LAYOUTS[chip], closed)
                scan = m.Matrix(tuple(range(9)), tuple(range(9, 18)), 25, lambda us: None, chip)
                rows = scan.read([0] * 9)
                want = [sum(1 << c for c in range(9) if r * 9 + c in closed) for r in range(9)]
                reads.append([rows == want, fake.mem32.high == 0, fake.mem32.oe & 0x1FF == 0])
            out[chip] = reads
        return out
    finally:
        sys.modules.pop("agora_fw.matrix", None)
        if saved is None:
            sys.modules.pop("machine", None)
        else:
            sys.modules["machine"] = saved


def run():
    return {
        "protocol": protocol_scenario(Rng(1)),
        "debounce": debounce_scenario(Rng(2)),
        "flaps": [flap_scenario(Rng(seed)) for seed in (3, 4, 5)],
        "device": device_scenario(Rng(3)),
        "boot": boot_scenario(Rng(4)),
        "matrix": matrix_scenario(Rng(5)),
    }


def main():
    print(json.dumps(run()))


if __name__ == "__main__":
    main()
