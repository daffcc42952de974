# The Pico's main loop: read the host's bytes, scan the matrix once per millisecond, send what the device core
# produced, and push a new LED frame to the PIO when one arrived. run() takes its I/O as arguments so the tests
# run it under CPython and MicroPython with stub pins; main() builds the real ones.

from agora_fw.boot import BootWindow

CHUNK = 64
"""Bytes read per loop at most. MicroPython cannot read more than one byte of USB stdin without blocking, so a
LED frame (about 250 bytes) is taken over a few loops while the matrix keeps being scanned every millisecond; USB
flow control holds the rest on the host meanwhile, nothing is lost."""

REPL_FLAG = "agora_repl"
"""A file that makes the next boot stay at the REPL (the host's STOP: the watchdog cannot be stopped once started,
so the firmware restarts the Pico into a boot that never starts it)."""


class UsbSerial:
    """The USB CDC serial through sys.stdin/stdout, without blocking (MicroPython)."""

    def __init__(self):
        import select
        import sys

        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.inp = sys.stdin.buffer
        self.outp = sys.stdout.buffer

    def read(self, limit):
        buf = bytearray()
        poll, read = self.poll.poll, self.inp.read
        while len(buf) < limit and poll(0):
            buf.extend(read(1))
        return buf

    def write(self, data):
        self.outp.write(data)


def run(device, matrix, strip, serial, ticks_ms, ticks_diff, loops=-1, boot=None, start_watchdog=None):
    """Until the host sends STOP (returns "stop"), a Ctrl-C in the boot window asks for the REPL (returns "repl"),
    or `loops` iterations have run (the tests; returns None). The watchdog starts when the boot window closes."""
    rows = [0] * 9
    last = ticks_ms()
    shown = device.leds_version
    boot = boot or BootWindow(0)
    watchdog = None if boot.open or start_watchdog is None else start_watchdog()
    while loops != 0:
        loops -= 1
        data = serial.read(CHUNK)
        if data:
            if boot.feed(data):
                return "repl"
            device.receive(data)
        now = ticks_ms()
        dt = ticks_diff(now, last)
        if dt > 0:
            last = now
            device.step(matrix.read(rows), dt)
            if boot.tick(dt) and start_watchdog is not None:
                watchdog = start_watchdog()
        if not boot.open and watchdog is None and start_watchdog is not None:
            watchdog = start_watchdog()  # the host's 0x00 closed the window
        out = device.take_output()
        if out:
            serial.write(out)
        if device.leds_version != shown and strip.ready():
            shown = device.leds_version
            strip.write(device.leds)
        if watchdog is not None:
            watchdog.feed()
        if device.stop:
            return "stop"
    return None


def main():
    import os
    import time

    import machine
    import micropython

    from agora_fw import config
    from agora_fw.debounce import Debouncer
    from agora_fw.device import Device
    from agora_fw.matrix import Matrix
    from agora_fw.ws2812 import Strip

    try:
        os.remove(REPL_FLAG)
        return  # the host asked for the REPL (STOP) before this restart: no firmware, no watchdog
    except OSError:
        pass
    strip = Strip(config.LED_PIN, config.LED_COUNT)
    strip.write(bytes(3 * config.LED_COUNT))
    matrix = Matrix(config.ROWS, config.COLUMNS, config.SETTLE_US)
    # Frames carry arbitrary bytes: Ctrl-C is decided by BootWindow, never by MicroPython's keyboard interrupt.
    micropython.kbd_intr(-1)
    boot = os.urandom(2)
    device = Device(
        boot[0] | boot[1] << 8,
        leds=config.LED_COUNT,
        debouncer=Debouncer(
            config.DEBOUNCE_SCANS,
            config.FLAP_WINDOW_SCANS,
            config.FLAP_FLIPS,
            config.SLOW_GAP_SCANS,
            config.SLOW_CHANGES,
            config.QUIET_SCANS,
            config.QUICK_CHANGES,
        ),
    )

    def watchdog():
        # Reset after WATCHDOG_MS without a loop: a hang (or a crash into the REPL) restarts the firmware.
        return machine.WDT(timeout=config.WATCHDOG_MS)

    reason = None
    try:
        reason = run(
            device,
            matrix,
            strip,
            UsbSerial(),
            time.ticks_ms,
            time.ticks_diff,
            boot=BootWindow(config.BOOT_WINDOW_MS),
            start_watchdog=watchdog,
        )
    finally:
        micropython.kbd_intr(3)
        strip.write(bytes(3 * config.LED_COUNT))
    if reason == "stop":
        with open(REPL_FLAG, "w") as f:
            f.write("STOP from the host\n")
        machine.reset()
