# Scanning the 9x9 reed-switch matrix on the Pico through the SIO registers: one write selects a row, one read
# returns every column at once.
#
# Rows are never driven high (as on the Pi, hardware/matrix_pins.py): every row pin keeps its output level at 0 and
# is selected by enabling its output driver (GPIO_OE_SET) and released by disabling it (GPIO_OE_CLR), back to an
# input with a pull-up. A row shorted to a column or to another row then meets a pull-up, never a driven output.
#
# The RP2040 (Pico) and the RP2350 (Pico 2) have their SIO registers at different offsets; the chip is read from
# sys.implementation._machine ("... with RP2350"). With RP2040 offsets an RP2350 would write its rows' high-half
# registers and read an empty board.

import machine

SIO_BASE = 0xD0000000
# register -> offset from SIO_BASE, per chip (RP2040 datasheet 2.3.1.7, RP2350 datasheet 3.1.11)
LAYOUTS = {
    "RP2040": {
        "GPIO_IN": 0x004,
        "GPIO_OUT_SET": 0x014,
        "GPIO_OUT_CLR": 0x018,
        "GPIO_OE_SET": 0x024,
        "GPIO_OE_CLR": 0x028,
    },
    "RP2350": {
        "GPIO_IN": 0x004,
        "GPIO_OUT_SET": 0x018,
        "GPIO_OUT_CLR": 0x020,
        "GPIO_OE_SET": 0x038,
        "GPIO_OE_CLR": 0x040,
    },
}


def chip_of(machine_name):
    """`RP2350` or `RP2040` from sys.implementation._machine, e.g. 'Raspberry Pi Pico2 with RP2350'."""
    return "RP2350" if "RP2350" in machine_name else "RP2040"


def registers(chip):
    layout = LAYOUTS[chip]
    return {name: SIO_BASE + offset for name, offset in layout.items()}


def this_chip():
    import sys

    return chip_of(getattr(sys.implementation, "_machine", ""))


class Matrix:
    def __init__(self, rows, columns, settle_us=25, sleep_us=None, chip=None):
        for i in range(1, len(columns)):
            if columns[i] != columns[i - 1] + 1:
                raise ValueError("matrix columns must be consecutive GPIOs")
        self.chip = chip or this_chip()
        regs = registers(self.chip)
        self.gpio_in = regs["GPIO_IN"]
        self.oe_set = regs["GPIO_OE_SET"]
        self.oe_clr = regs["GPIO_OE_CLR"]
        Pin = machine.Pin
        self.row_pins = [Pin(r, Pin.IN, Pin.PULL_UP) for r in rows]
        self.column_pins = [Pin(c, Pin.IN, Pin.PULL_UP) for c in columns]
        self.row_masks = [1 << r for r in rows]
        all_rows = 0
        for m in self.row_masks:
            all_rows |= m
        # Output level 0 on every row, drivers off: a row is selected only by enabling its driver.
        machine.mem32[regs["GPIO_OUT_CLR"]] = all_rows
        machine.mem32[self.oe_clr] = all_rows
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
        gpio_in, oe_set, oe_clr = self.gpio_in, self.oe_set, self.oe_clr
        shift, mask, settle, sleep_us = self.shift, self.mask, self.settle_us, self.sleep_us
        for r, m in enumerate(self.row_masks):
            mem[oe_set] = m
            # Most of a column's capacitance is the board's wiring, not the Pico: its pull-up needs about 20 us to
            # bring a column back high after the previous row let go of it.
            sleep_us(settle)
            # A closed switch pulls its column low: invert so 1 = magnet.
            rows[r] = ~(mem[gpio_in] >> shift) & mask
            mem[oe_clr] = m
        return rows
