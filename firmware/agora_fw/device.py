# The co-processor's logic without any I/O ("sans-IO"): bytes from the host go in through receive(), each matrix
# scan through step(), and the bytes for the host come out of take_output(). app.py wires it to the Pico's USB
# serial, pins and PIO; the simulator wires it to a pty. Time only moves through step(rows, dt_ms).

from agora_fw import FIRMWARE_NAME
from agora_fw import protocol as p
from agora_fw.debounce import Debouncer

UPTIME_MASK = 0x3FFFFFFF  # stays a MicroPython small int; wraps after 12 days, the host compares modulo 2**30
STATE_EVERY_MS = 1000
HEARTBEAT_EVERY_MS = 250
RETRANSMIT_AFTER_MS = 30
RETRANSMITS = 10
HOST_TIMEOUT_MS = 3000
CONFIG_BYTES = 10


class Device:
    def __init__(
        self,
        boot_id,
        squares=81,
        leds=81,
        version=p.PROTOCOL_VERSION,
        name=FIRMWARE_NAME,
        debouncer=None,
    ):
        self.boot_id = boot_id & 0xFFFF
        self.squares = squares
        self.led_count = leds
        self.version = version
        self.name = name
        self.debouncer = debouncer or Debouncer()
        self.decoder = p.Decoder()
        self.seq = p.Sequencer()
        self.out = bytearray()
        self.primed = False
        self.rows = [0] * 9
        self.gen = 0
        self.history = []  # the latest changes: (gen, t_ms, occupancy bytes, untrusted bytes), newest last
        self.acked = -1
        self.uptime = 0
        self.since_state = 0
        self.since_tx = 0
        self.unacked_ms = 0
        self.retries = 0
        self.since_host = 0
        self.host_ok = False  # a host with our protocol version said HELLO
        self.host_silent = False
        self.leds = bytearray(3 * leds)
        self.leds_version = 0
        self.rx_bad = 0
        self.stop = False
        self.snapshot_pending = False
        self.scans = 0
        self.scan_rate = 0
        self.rate_ms = 0

    # --- host -> device

    def receive(self, data):
        for kind, seq, payload in self.decoder.feed(data):
            if self.seq.accept(seq):
                self._handle(kind, payload)
        self.rx_bad = self.decoder.bad

    def _handle(self, kind, payload):
        if kind == p.HELLO:
            self._hello(payload)
            return
        if not self.host_ok:
            return  # a host speaking another version: its frames may mean something else
        self.since_host = 0
        self.host_silent = False
        if kind == p.SNAPSHOT_REQ and not payload:
            if self.history:
                self._send_state(p.REQUESTED)
            else:
                self.snapshot_pending = True  # asked before the first scan: answer right after it
        elif kind == p.LEDS and len(payload) == 3 * self.led_count:
            self.leds[:] = payload
            self.leds_version += 1
        elif kind == p.ACK and len(payload) == 2:
            self.acked = payload[0] | payload[1] << 8
        elif kind == p.CONFIG and len(payload) == CONFIG_BYTES:
            self._configure(payload)
        elif kind == p.STOP and payload == p.STOP_MAGIC:
            self.stop = True
        else:
            self.decoder.bad += 1

    def _hello(self, payload):
        if len(payload) != 5 or payload[1:] != p.HELLO_MAGIC:
            self.decoder.bad += 1
            return
        self.seq.restart()
        self.host_ok = payload[0] == self.version
        self.since_host = 0
        self.host_silent = False
        self.acked = -1
        body = bytes([self.version, self.squares, self.led_count, self.boot_id & 0xFF, self.boot_id >> 8])
        self._send(p.HELLO_ACK, body + self.name.encode())

    def _configure(self, payload):
        # depth (u8), flap_window (u16), flap_flips (u8), slow_gap (u16), slow_changes (u8), quiet (u16),
        # quick_changes (u8)
        try:
            self.debouncer = Debouncer(
                depth=payload[0],
                flap_window=payload[1] | payload[2] << 8,
                flap_flips=payload[3],
                slow_gap=payload[4] | payload[5] << 8,
                slow_changes=payload[6],
                quiet=payload[7] | payload[8] << 8,
                quick_changes=payload[9],
            )
        except ValueError:
            self.decoder.bad += 1
            return
        d = self.debouncer
        d.prime(self.rows)
        # Primed from the switches as they are: what the host knows changes if a frozen square or its mark does.
        if self.history and (p.pack_rows(d.reported), p.pack_rows(d.untrusted)) != self.history[-1][2:]:
            self.gen = (self.gen + 1) & 0xFFFF
            self._record()
            self._send_state(p.CHANGE)

    # --- scans and time

    def step(self, rows, dt_ms=1):
        """One matrix scan (9 row masks, bit c = file c) taken `dt_ms` after the previous one."""
        self.uptime = (self.uptime + dt_ms) & UPTIME_MASK
        for r in range(9):
            self.rows[r] = rows[r]
        if not self.primed:
            self.debouncer.prime(rows)
            self.primed = True
            self._record()
            if self.snapshot_pending:
                self.snapshot_pending = False
                self._send_state(p.REQUESTED)
        elif self.debouncer.sample(rows):
            self.gen = (self.gen + 1) & 0xFFFF
            self._record()
            self.retries = 0
            self.unacked_ms = 0
            if self.host_ok:
                self._send_state(p.CHANGE)
        self.scans += 1
        self.rate_ms += dt_ms
        if self.rate_ms >= 1000:
            self.scan_rate = self.scans * 1000 // self.rate_ms
            self.scans = 0
            self.rate_ms = 0
        self.since_state += dt_ms
        self.since_tx += dt_ms
        self.since_host += dt_ms
        if self.host_ok and self.acked != self.gen and self.retries < RETRANSMITS:
            self.unacked_ms += dt_ms
            if self.unacked_ms >= RETRANSMIT_AFTER_MS:
                self.unacked_ms = 0
                self.retries += 1
                self._send_state(p.RETRANSMIT)
        if self.since_state >= STATE_EVERY_MS:
            self._send_state(p.PERIODIC)
        elif self.since_tx >= HEARTBEAT_EVERY_MS:
            self._send_heartbeat()
        if self.since_host >= HOST_TIMEOUT_MS and self.host_ok and not self.host_silent:
            # The Pi is gone or stuck: lights it left on would lie about the game, and a full frame draws amps.
            # Its next frame (the Pi resends LEDs every second) lights them again; no new HELLO is needed.
            self.host_silent = True
            if any(self.leds):
                self.leds[:] = bytes(len(self.leds))
                self.leds_version += 1

    def take_output(self):
        out = bytes(self.out)
        self.out = bytearray()
        return out

    # --- device -> host

    def _record(self):
        d = self.debouncer
        entry = (self.gen, self.uptime, p.pack_rows(d.reported), p.pack_rows(d.untrusted))
        self.history.append(entry)
        if len(self.history) > p.MAX_ENTRIES:
            self.history.pop(0)

    def _send_state(self, reason):
        entries = self.history
        body = bytearray(
            [
                reason,
                self.boot_id & 0xFF,
                self.boot_id >> 8,
                self.uptime & 0xFF,
                self.uptime >> 8 & 0xFF,
                self.uptime >> 16 & 0xFF,
                self.uptime >> 24,
                len(entries),
            ]
        )
        for gen, t, occ, untrusted in entries:
            body.extend(bytes([gen & 0xFF, gen >> 8, t & 0xFF, t >> 8 & 0xFF, t >> 16 & 0xFF, t >> 24]))
            body.extend(occ)
            body.extend(untrusted)
        self._send(p.STATE, body)
        self.since_state = 0

    def _send_heartbeat(self):
        body = bytearray()
        for value, size in ((self.uptime, 4), (self.rx_bad, 2), (self.seq.gaps, 2), (self.scan_rate, 2)):
            for k in range(size):
                body.append(value >> (8 * k) & 0xFF)
        self._send(p.HEARTBEAT, body)

    def _send(self, kind, payload):
        self.out.extend(p.encode_frame(kind, self.seq.next(), payload))
        self.since_tx = 0
