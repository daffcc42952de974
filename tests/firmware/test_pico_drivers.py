"""The Pico-only modules (matrix scan through the SIO registers, WS2812 through PIO, the main loop) against
stand-ins for machine and rp2."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from hardware import protocol as pi
from simulator.firmware import firmware_module, make_device
from tests.firmware.conftest import Pin


def test_the_matrix_scan_reads_each_switch_in_its_row_and_column(pico: SimpleNamespace) -> None:
    pico.closed.update({(0, 0), (0, 1), (1, 0), (8, 8)})  # three corners of a rectangle, and i9
    matrix = pico.matrix.Matrix(tuple(range(9)), tuple(range(9, 18)), settle_us=5, sleep_us=lambda us: None)
    rows = matrix.read([0] * 9)
    assert rows == [0b11, 0b1, 0, 0, 0, 0, 0, 0, 1 << 8]
    assert pico.sio.out == (1 << 30) - 1  # every row deselected again
    assert ((9, 0, 1) in Pin.made) and ((0, 1, None) in Pin.made)  # columns pulled up, rows outputs


def test_the_matrix_needs_consecutive_column_pins(pico: SimpleNamespace) -> None:
    with pytest.raises(ValueError, match="consecutive"):
        pico.matrix.Matrix(tuple(range(9)), (9, 10, 11, 12, 13, 14, 15, 16, 18), sleep_us=lambda us: None)


def test_the_pio_program_produces_ws2812_bit_timing(pico: SimpleNamespace) -> None:
    strip = pico.ws2812.Strip(22, 81)
    prog, freq = strip.sm.program, strip.sm.freq
    cycle_ns = 1e9 / freq
    ins = prog.instructions
    assert len(ins) <= 32 and prog.options["pull_thresh"] == 24

    def waveform(bit: int) -> tuple[float, float]:
        high = low = 0
        pc = prog.wrap_target
        while True:
            i = ins[pc]
            cycles = 1 + i["delay"]
            if i["side"]:
                high += cycles
            else:
                low += cycles
            if i["op"] == "jmp" and i["args"][0] == "not_x":
                pc = prog.labels[i["args"][1]] if bit == 0 else pc + 1
            elif i["op"] == "jmp" or pc + 1 == len(ins):
                break
            else:
                pc += 1
        return high * cycle_ns, low * cycle_ns

    t1h, t1l = waveform(1)
    t0h, t0l = waveform(0)
    assert 1250 - 150 <= t1h + t1l <= 1250 + 150 and t1h + t1l == t0h + t0l
    assert 580 <= t1h <= 1000  # WS2812B: T1H 0.58-1.0 us
    assert 220 <= t0h <= 380  # T0H 0.22-0.38 us


def test_frames_go_out_as_grb_words_in_the_top_24_bits(pico: SimpleNamespace) -> None:
    strip = pico.ws2812.Strip(22, 3)
    strip.write(bytes([0x11, 0x22, 0x33, 0, 0, 0, 0xFF, 0, 0x80]))
    words, shift = strip.sm.puts[-1]
    assert shift == 8
    assert words == [0x221133, 0, 0x00FF80]


class FakeSerial:
    def __init__(self, incoming: bytes) -> None:
        self.incoming = bytearray(incoming)
        self.written = bytearray()

    def read(self, limit: int) -> bytes:
        data = bytes(self.incoming[:limit])
        del self.incoming[:limit]
        return data

    def write(self, data: bytes) -> None:
        self.written += data


def test_the_main_loop_answers_scans_and_shows_frames(pico: SimpleNamespace) -> None:
    app = firmware_module("app")
    device = make_device(5)
    pico.closed.add((2, 3))  # d3
    matrix = pico.matrix.Matrix(tuple(range(9)), tuple(range(9, 18)), sleep_us=lambda us: None)
    strip = pico.ws2812.Strip(22, 81)
    serial = FakeSerial(
        pi.encode_frame(pi.HELLO, 0, pi.hello()[1])
        + pi.encode_frame(pi.SNAPSHOT_REQ, 1)
        + pi.encode_frame(pi.LEDS, 2, bytes([7]) * 243)
    )
    now = [0]

    def ticks_ms() -> int:
        now[0] += 1
        return now[0]

    app.run(device, matrix, strip, serial, ticks_ms, lambda a, b: a - b, loops=20)
    messages = [pi.parse_device_message(f) for f in pi.FrameDecoder().feed(bytes(serial.written))]
    assert isinstance(messages[0], pi.HelloAck)
    state = next(m for m in messages if isinstance(m, pi.State))
    assert state.entries[-1].occupancy == 1 << (2 * 9 + 3)
    assert strip.sm.puts[-1][0][0] == 0x070707


def test_the_main_loop_ends_on_stop(pico: SimpleNamespace) -> None:
    app = firmware_module("app")
    device = make_device(5)
    matrix = pico.matrix.Matrix(tuple(range(9)), tuple(range(9, 18)), sleep_us=lambda us: None)
    serial = FakeSerial(pi.encode_frame(pi.HELLO, 0, pi.hello()[1]) + pi.encode_frame(pi.STOP, 1, pi.STOP_MAGIC))
    clock = iter(range(1, 10**6))
    app.run(device, matrix, pico.ws2812.Strip(22, 81), serial, lambda: next(clock), lambda a, b: a - b)
    assert device.stop
