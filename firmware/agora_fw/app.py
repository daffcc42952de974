# The Pico's main loop: read the host's bytes, scan the matrix once per millisecond, send what the device core
# produced, and push a new LED frame to the PIO when one arrived. run() takes its I/O as arguments so the tests
# run it under CPython with stub pins; main() builds the real ones.


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
        while len(buf) < limit and self.poll.poll(0):
            buf.extend(self.inp.read(1))
        return buf

    def write(self, data):
        self.outp.write(data)


def run(device, matrix, strip, serial, ticks_ms, ticks_diff, loops=-1):
    """Until the host sends STOP (or `loops` iterations have run, for the tests)."""
    rows = [0] * 9
    last = ticks_ms()
    shown = device.leds_version
    while loops != 0 and not device.stop:
        loops -= 1
        data = serial.read(256)
        if data:
            device.receive(data)
        now = ticks_ms()
        dt = ticks_diff(now, last)
        if dt > 0:
            last = now
            device.step(matrix.read(rows), dt)
        out = device.take_output()
        if out:
            serial.write(out)
        if device.leds_version != shown:
            shown = device.leds_version
            strip.write(device.leds)


def main():
    import os
    import time

    import micropython

    from agora_fw import config
    from agora_fw.debounce import Debouncer
    from agora_fw.device import Device
    from agora_fw.matrix import Matrix
    from agora_fw.ws2812 import Strip

    strip = Strip(config.LED_PIN, config.LED_COUNT)
    strip.write(bytes(3 * config.LED_COUNT))
    matrix = Matrix(config.ROWS, config.COLUMNS, config.SETTLE_US)
    time.sleep_ms(config.BOOT_WINDOW_MS)
    # Frames carry arbitrary bytes; a 0x03 among them must not raise KeyboardInterrupt.
    micropython.kbd_intr(-1)
    boot = os.urandom(2)
    device = Device(
        boot[0] | boot[1] << 8,
        leds=config.LED_COUNT,
        debouncer=Debouncer(config.DEBOUNCE_SCANS, config.FLAP_WINDOW_SCANS, config.FLAP_FLIPS, config.QUIET_WINDOWS),
    )
    try:
        run(device, matrix, strip, UsbSerial(), time.ticks_ms, time.ticks_diff)
    finally:
        micropython.kbd_intr(3)
        strip.write(bytes(3 * config.LED_COUNT))
