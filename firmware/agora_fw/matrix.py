# Scanning the 9x9 reed-switch matrix on the Pico through the SIO registers: one write selects a row, one read
# returns every column at once. About 9 x (settle + 3 register accesses) = 60 us per scan in MicroPython.

import machine

SIO_BASE = 0xD0000000
GPIO_IN = SIO_BASE + 0x004
GPIO_OUT_SET = SIO_BASE + 0x014
GPIO_OUT_CLR = SIO_BASE + 0x018


class Matrix:
    def __init__(self, rows, columns, settle_us=5, sleep_us=None):
        for i in range(1, len(columns)):
            if columns[i] != columns[i - 1] + 1:
                raise ValueError("matrix columns must be consecutive GPIOs")
        Pin = machine.Pin
        self.row_pins = [Pin(r, Pin.OUT, value=1) for r in rows]
        self.column_pins = [Pin(c, Pin.IN, Pin.PULL_UP) for c in columns]
        self.row_masks = [1 << r for r in rows]
        self.shift = columns[0]
        self.mask = (1 << len(columns)) - 1
        self.settle_us = settle_us
        if sleep_us is None:
            import time

            sleep_us = time.sleep_us
        self.sleep_us = sleep_us

    def read(self, rows):
        """Fill `rows` with 9 masks: bit c set = the switch at file c of that rank is closed."""
        mem = machine.mem32
        shift, mask, settle, sleep_us = self.shift, self.mask, self.settle_us, self.sleep_us
        for r, m in enumerate(self.row_masks):
            mem[GPIO_OUT_CLR] = m
            sleep_us(settle)
            # A closed switch pulls its column low: invert so 1 = magnet.
            rows[r] = ~(mem[GPIO_IN] >> shift) & mask
            mem[GPIO_OUT_SET] = m
        return rows
