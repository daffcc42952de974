# WS2812B output through a PIO state machine (the RP2040 datasheet's program): 8 MHz PIO clock, 10 cycles per bit
# = 800 kHz. The PIO keeps exact timing while the CPU goes on scanning.
# ruff: noqa: F821  (asm_pio injects the PIO instruction names)

import array

import rp2
from machine import Pin


@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT, autopull=True, pull_thresh=24)
def ws2812():
    wrap_target()
    label("bitloop")
    out(x, 1).side(0)[2]
    jmp(not_x, "do_zero").side(1)[1]
    jmp("bitloop").side(1)[4]
    label("do_zero")
    nop().side(0)[4]
    wrap()


class Strip:
    def __init__(self, pin, count, state_machine=0):
        self.count = count
        self.words = array.array("I", [0] * count)
        self.sm = rp2.StateMachine(state_machine, ws2812, freq=8_000_000, sideset_base=Pin(pin))
        self.sm.active(1)

    def write(self, rgb):
        """`rgb`: 3 bytes per LED in chain order, already gamma-corrected and current-limited by the Pi."""
        w = self.words
        for i in range(self.count):
            j = 3 * i
            w[i] = rgb[j + 1] << 16 | rgb[j] << 8 | rgb[j + 2]  # the chip wants G, R, B
        self.sm.put(w, 8)  # 24 bits per word, shifted to the top of the 32-bit FIFO word
