# The boot window: for BOOT_WINDOW_MS after power-up a Ctrl-C (0x03) from a terminal or mpremote still reaches the
# MicroPython REPL, so a firmware can always be replaced. But a Pi that restarts while the Pico boots sends frames,
# and a frame may hold 0x03 anywhere (a sequence number, a CRC byte): that must never stop the firmware.
#
# The Pi always opens the link with a lone 0x00 before its first frame (PROTOCOL.md), and mpremote never sends
# 0x00. So the firmware reads the USB bytes itself from the first moment (keyboard interrupt off) and:
#   - a 0x03 before any 0x00, inside the window, hands over to the REPL;
#   - a 0x00, or the end of the window, closes the window for good: from then on 0x03 is data.
# Pure logic, no I/O: tests/firmware runs it under CPython and MicroPython.


class BootWindow:
    def __init__(self, window_ms=2000):
        self.left_ms = window_ms
        self.open = window_ms > 0

    def feed(self, data):
        """True when `data` asks for the REPL (a Ctrl-C while the window is open and no host has spoken)."""
        if not self.open:
            return False
        for b in data:
            if b == 0:
                self.open = False
                return False
            if b == 3:
                return True
        return False

    def tick(self, dt_ms):
        """Time passes; returns True once, when the window closes by time."""
        if not self.open:
            return False
        self.left_ms -= dt_ms
        if self.left_ms <= 0:
            self.open = False
            return True
        return False
