"""The Pico-only modules (matrix scan through the SIO registers, WS2812 through PIO, the main loop) against
stand-ins for machine and rp2."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware import protocol as pi
from simulator.firmware import firmware_module, make_device
from tests.firmware.conftest import Pin


# The fixture is reset by hand for each example (closed switches, driven rows).
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(closed=st.sets(st.tuples(st.integers(0, 8), st.integers(0, 8))))
def test_the_matrix_scan_reads_any_pattern_on_both_chips_and_never_drives_a_row_high(
    pico: SimpleNamespace, closed: set[tuple[int, int]]
) -> None:
    pico.closed.clear()
    pico.closed.update(closed)
    pico.sio.driven_high.clear()
    waits: list[int] = []
    matrix = pico.matrix.Matrix(tuple(range(9)), tuple(range(9, 18)), settle_us=25, sleep_us=waits.append)
    assert matrix.chip == pico.chip  # read from sys.implementation._machine
    rows = matrix.read([0] * 9)
    assert rows == [sum(1 << c for c in range(9) if (r, c) in closed) for r in range(9)]
    assert pico.sio.oe & 0x1FF == 0  # every row released again
    assert not pico.sio.driven_high  # a row is only ever driven low
    assert waits == [25] * 9
    assert ((9, 0, 1) in Pin.made) and ((0, 0, 1) in Pin.made)  # columns and idle rows: inputs with pull-ups


def test_the_chip_is_told_from_the_machine_name(pico: SimpleNamespace) -> None:
    matrix = pico.matrix
    assert matrix.chip_of("Raspberry Pi Pico2 with RP2350") == "RP2350"
    assert matrix.chip_of("Raspberry Pi Pico W with RP2040") == "RP2040"
    assert matrix.registers("RP2350")["GPIO_OE_SET"] == 0xD0000038


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


def test_frames_go_out_by_dma_as_received_in_the_top_24_bits_and_latch_before_the_next(pico: SimpleNamespace) -> None:
    now = [0]
    strip = pico.ws2812.Strip(22, 3, ticks_us=lambda: now[0], ticks_diff=lambda a, b: a - b)
    assert strip.ready()
    strip.write(bytes([0x11, 0x22, 0x33, 0, 0, 0, 0xFF, 0, 0x80]))  # already in the chip's order (the Pi's job)
    transfer = strip.dma.transfers[-1]
    assert transfer["words"] == [0x11223300, 0, 0xFF008000] and transfer["count"] == 3
    assert transfer["write"] == 0x50200010 and transfer["ctrl"]["treq_sel"] == 0 and not transfer["ctrl"]["inc_write"]
    assert not strip.ready()  # still going out
    strip.dma.running = False
    now[0] = 3 * 30 + 299
    assert not strip.ready()  # out, but not latched yet
    now[0] += 1
    assert strip.ready()


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
    strip = pico.ws2812.Strip(22, 81, ticks_us=lambda: 10**9, ticks_diff=lambda a, b: a - b)
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
    assert strip.dma.transfers[-1]["words"][0] == 0x07070700


class StreamingSerial(FakeSerial):
    """A host streaming LED frames at 30 per second: each frame's bytes arrive when the Pico's clock reaches it."""

    def __init__(self, clock: list[int], frames: list[tuple[int, bytes]]) -> None:
        super().__init__(b"")
        self.clock, self.frames = clock, frames
        self.limits: list[int] = []

    def read(self, limit: int) -> bytes:
        self.limits.append(limit)
        while self.frames and self.frames[0][0] <= self.clock[0]:
            self.incoming += self.frames.pop(0)[1]
        return super().read(limit)


def test_a_30_fps_led_stream_never_holds_up_a_scan(pico: SimpleNamespace) -> None:
    """Every loop scans once and reads at most one chunk: a frame (about 260 bytes) is taken over a few loops while
    the matrix goes on being scanned every millisecond, and two seconds of frames are all shown, none left waiting."""
    app = firmware_module("app")
    device = make_device(5)
    now = [0]
    matrix = pico.matrix.Matrix(tuple(range(9)), tuple(range(9, 18)), sleep_us=lambda us: None)
    strip = pico.ws2812.Strip(22, 81, ticks_us=lambda: now[0] * 1000, ticks_diff=lambda a, b: a - b)
    hello = pi.encode_frame(pi.HELLO, 0, pi.hello()[1])
    frames = [(0, hello)] + [
        (33 * k + 1, pi.encode_frame(pi.LEDS, k & 0xFF, bytes([k & 0xFF, 1, 2]) * 81)) for k in range(1, 61)
    ]
    serial = StreamingSerial(now, frames)
    scans = []
    step = device.step

    def counted(rows: list[int], dt_ms: int = 1) -> None:
        scans.append((now[0], dt_ms))
        step(rows, dt_ms)

    device.step = counted  # type: ignore[method-assign]
    shown = []
    write = strip.write

    def showing(data: bytes) -> None:
        shown.append(data[0])
        write(data)
        strip.dma.running = False  # the DMA is done long before the next loop

    strip.write = showing

    def ticks_ms() -> int:
        now[0] += 1  # one loop per millisecond
        return now[0]

    app.run(device, matrix, strip, serial, ticks_ms, lambda a, b: a - b, loops=2100)
    assert all(dt == 1 for _, dt in scans) and len(scans) == 2100  # a scan every millisecond, never skipped
    assert max(serial.limits) == app.CHUNK
    assert shown[-1] == 60 and len(shown) == 60  # every frame shown, the last one two seconds in
    assert not serial.incoming and not serial.frames


def test_the_main_loop_ends_on_stop(pico: SimpleNamespace) -> None:
    app = firmware_module("app")
    device = make_device(5)
    matrix = pico.matrix.Matrix(tuple(range(9)), tuple(range(9, 18)), sleep_us=lambda us: None)
    serial = FakeSerial(pi.encode_frame(pi.HELLO, 0, pi.hello()[1]) + pi.encode_frame(pi.STOP, 1, pi.STOP_MAGIC))
    clock = iter(range(1, 10**6))
    strip = pico.ws2812.Strip(22, 81, ticks_us=lambda: 0, ticks_diff=lambda a, b: a - b)
    assert app.run(device, matrix, strip, serial, lambda: next(clock), lambda a, b: a - b) == "stop"
    assert device.stop


class Watchdog:
    def __init__(self) -> None:
        self.feeds = 0

    def feed(self) -> None:
        self.feeds += 1


def run_boot(pico: SimpleNamespace, incoming: bytes, loops: int) -> tuple[str | None, list[Watchdog]]:
    app, boot = firmware_module("app"), firmware_module("boot")
    matrix = pico.matrix.Matrix(tuple(range(9)), tuple(range(9, 18)), sleep_us=lambda us: None)
    strip = pico.ws2812.Strip(22, 81, ticks_us=lambda: 0, ticks_diff=lambda a, b: a - b)
    dogs: list[Watchdog] = []

    def start() -> Watchdog:
        dogs.append(Watchdog())
        return dogs[-1]

    clock = iter(range(1, 10**6))
    reason = app.run(
        make_device(5), matrix, strip, FakeSerial(incoming), lambda: next(clock), lambda a, b: a - b,
        loops=loops, boot=boot.BootWindow(2000), start_watchdog=start,
    )  # fmt: skip
    return reason, dogs


def test_mpremotes_ctrl_c_in_the_boot_window_reaches_the_repl_and_no_watchdog_runs(pico: SimpleNamespace) -> None:
    reason, dogs = run_boot(pico, b"\r\x03\r\x01", loops=50)
    assert reason == "repl" and not dogs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seq=st.integers(0, 255), leds=st.binary(min_size=243, max_size=243))
def test_a_host_that_opens_with_0x00_never_breaks_into_the_repl_whatever_its_frames_hold(
    pico: SimpleNamespace, seq: int, leds: bytes
) -> None:
    # Sequence numbers, CRCs and LED bytes of 0x03 arrive during the boot window.
    incoming = b"\x00" + pi.encode_frame(pi.HELLO, seq, pi.hello()[1]) + pi.encode_frame(pi.LEDS, seq + 1, leds)
    reason, dogs = run_boot(pico, incoming, loops=40)
    assert reason is None
    assert len(dogs) == 1 and dogs[0].feeds >= 30  # the host closed the window: watched from then on


def test_the_watchdog_starts_when_the_boot_window_ends_and_is_fed_every_loop(pico: SimpleNamespace) -> None:
    reason, dogs = run_boot(pico, b"", loops=2500)
    assert reason is None and len(dogs) == 1
    assert 450 <= dogs[0].feeds <= 501  # from 2 s on, once per loop
