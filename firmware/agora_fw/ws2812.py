# WS2812B output through a PIO state machine (the RP2040 datasheet's program): 8 MHz PIO clock, 10 cycles per bit
# = 800 kHz. The PIO keeps exact timing while the CPU goes on scanning; a DMA channel feeds it, so showing a frame
# never holds up the matrix scan (without DMA, put() would wait about 2.4 ms for 81 LEDs to shift out).
# ruff: noqa: F821  (asm_pio injects the PIO instruction names)

import array

import rp2
from machine import Pin

PIO0_TXF0 = 0x50200010  # PIO0's TX FIFO of state machine 0, the same address on the RP2040 and the RP2350
DREQ_PIO0_TX0 = 0  # its DMA request line, the same number on both chips


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


BIT_US = 1.25
LATCH_US = 300  # low time that ends a frame (WS2812B-V5: 280 us)


class Strip:
    def __init__(self, pin, count, state_machine=0, ticks_us=None, ticks_diff=None):
        self.count = count
        if ticks_us is None:
            import time

            ticks_us, ticks_diff = time.ticks_us, time.ticks_diff
        self.ticks_us, self.ticks_diff = ticks_us, ticks_diff
        self.frame_us = int(count * 24 * BIT_US) + LATCH_US
        self.busy_until = ticks_us()
        self.words = array.array("I", [0] * count)
        self.sm = rp2.StateMachine(state_machine, ws2812, freq=8_000_000, sideset_base=Pin(pin))
        self.sm.active(1)
        self.dma = None
        if hasattr(rp2, "DMA"):  # MicroPython 1.22 and newer
            self.dma = rp2.DMA()
            self.fifo = PIO0_TXF0 + 4 * state_machine
            self.ctrl = self.dma.pack_ctrl(size=2, inc_write=False, treq_sel=DREQ_PIO0_TX0 + state_machine)

    def ready(self):
        """False while the previous frame is still going out or latching."""
        if self.dma is not None and self.dma.active():
            return False
        return self.ticks_diff(self.ticks_us(), self.busy_until) >= 0

    def write(self, data):
        """`data`: 3 bytes per LED in chain order and already in the chip's colour order (the pin map's `order`,
        applied by the Pi), gamma-corrected and current-limited: they go out as they are."""
        w = self.words
        for i in range(self.count):
            j = 3 * i
            w[i] = data[j] << 24 | data[j + 1] << 16 | data[j + 2] << 8  # 24 bits at the top: shifted out first
        # The next frame may start only after this one is out and the line stayed low long enough to latch.
        self.busy_until = self.ticks_us() + self.frame_us
        if self.dma is None:
            self.sm.put(w)
        else:
            self.dma.config(read=w, write=self.fifo, count=self.count, ctrl=self.ctrl, trigger=True)
