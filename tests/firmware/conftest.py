"""The firmware's modules under CPython, and stand-ins for MicroPython's machine, rp2 and micropython modules."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from simulator.firmware import firmware_module

SIO_BASE = 0xD0000000
# The real register maps (RP2040 datasheet 2.3.1.7, RP2350 datasheet 3.1.11), written out here independently of
# firmware/agora_fw/matrix.py: an access anywhere else is a test failure.
REGISTERS = {
    "RP2040": {0x004: "GPIO_IN", 0x010: "GPIO_OUT", 0x014: "GPIO_OUT_SET", 0x018: "GPIO_OUT_CLR",
               0x01C: "GPIO_OUT_XOR", 0x020: "GPIO_OE", 0x024: "GPIO_OE_SET", 0x028: "GPIO_OE_CLR"},
    "RP2350": {0x004: "GPIO_IN", 0x010: "GPIO_OUT", 0x014: "GPIO_HI_OUT", 0x018: "GPIO_OUT_SET",
               0x01C: "GPIO_HI_OUT_SET", 0x020: "GPIO_OUT_CLR", 0x024: "GPIO_HI_OUT_CLR", 0x030: "GPIO_OE",
               0x038: "GPIO_OE_SET", 0x040: "GPIO_OE_CLR"},
}  # fmt: skip


class FakeSIO:
    """machine.mem32 over one chip's SIO block, wired to the matrix: a row pin whose driver is on drives its
    output level; a closed switch pulls its column low only through a row driven low."""

    def __init__(
        self, rows: tuple[int, ...], columns: tuple[int, ...], closed: Callable[[int, int], bool], chip: str = "RP2040"
    ) -> None:
        self.rows, self.columns, self.closed = rows, columns, closed
        self.names = REGISTERS[chip]
        self.out = (1 << 30) - 1  # output levels after reset: whatever they were; the firmware must set them
        self.oe = 0
        self.accesses = 0
        self.driven_high: set[int] = set()

    def _name(self, address: int) -> str:
        name = self.names.get(address - SIO_BASE)
        assert name is not None, f"no SIO register at {address:#x} on this chip"
        return name

    def __getitem__(self, address: int) -> int:
        assert self._name(address) == "GPIO_IN", f"read of {self._name(address)}"
        self.accesses += 1
        value = (1 << 30) - 1  # pull-ups
        for r, row_pin in enumerate(self.rows):
            if self.oe >> row_pin & 1 and not self.out >> row_pin & 1:
                for c, col_pin in enumerate(self.columns):
                    if self.closed(r, c):
                        value &= ~(1 << col_pin)
        return value

    def __setitem__(self, address: int, value: int) -> None:
        self.accesses += 1
        name = self._name(address)
        if name == "GPIO_OUT_SET":
            self.out |= value
        elif name == "GPIO_OUT_CLR":
            self.out &= ~value
        elif name == "GPIO_OE_SET":
            self.oe |= value
        elif name == "GPIO_OE_CLR":
            self.oe &= ~value
        else:
            raise AssertionError(f"unexpected write to {name}")
        for pin in self.rows:
            if self.oe >> pin & 1 and self.out >> pin & 1:
                self.driven_high.add(pin)


@pytest.fixture
def fw() -> Callable[[str], types.ModuleType]:
    return firmware_module


class Pin:
    OUT, IN, PULL_UP = 1, 0, 1
    made: list[tuple[int, int, int | None]] = []

    def __init__(self, pin: int, mode: int = -1, pull: int | None = None, value: int | None = None) -> None:
        self.pin = pin
        Pin.made.append((pin, mode, pull))


class PioProgram:
    """A tiny stand-in for rp2's assembler: records each instruction with its side-set and delay."""

    def __init__(self) -> None:
        self.instructions: list[dict[str, Any]] = []
        self.labels: dict[str, int] = {}
        self.wrap_target = 0

    def names(self) -> dict[str, Any]:
        prog = self

        class Instr:
            def __init__(self, op: str, *args: Any) -> None:
                self.data: dict[str, Any] = {"op": op, "args": args, "side": None, "delay": 0}
                prog.instructions.append(self.data)

            def side(self, value: int) -> Instr:
                self.data["side"] = value
                return self

            def __getitem__(self, delay: int) -> Instr:
                self.data["delay"] = delay
                return self

        def label(name: str) -> None:
            prog.labels[name] = len(prog.instructions)

        def wrap_target() -> None:
            prog.wrap_target = len(prog.instructions)

        return {
            "wrap_target": wrap_target,
            "wrap": lambda: None,
            "label": label,
            "out": lambda *a: Instr("out", *a),
            "jmp": lambda *a: Instr("jmp", *a),
            "nop": lambda: Instr("nop"),
            "x": "x",
            "not_x": "not_x",
        }


def make_rp2() -> types.ModuleType:
    rp2 = types.ModuleType("rp2")

    class PIO:
        OUT_LOW, SHIFT_LEFT = 0, 0

    def asm_pio(**options: Any) -> Callable[[Callable[[], None]], Any]:
        def assemble(fn: Callable[[], None]) -> PioProgram:
            prog = PioProgram()
            fn.__globals__.update(prog.names())
            fn()
            prog.options = options  # type: ignore[attr-defined]
            return prog

        return assemble

    class StateMachine:
        def __init__(self, n: int, program: PioProgram, freq: int, sideset_base: Pin) -> None:
            self.program, self.freq, self.sideset_base = program, freq, sideset_base
            self.puts: list[tuple[list[int], int]] = []
            self.running = False

        def active(self, on: int) -> None:
            self.running = bool(on)

        def put(self, words: Any, shift: int = 0) -> None:
            self.puts.append((list(words), shift))

    class DMA:
        """rp2.DMA: records each transfer and stays active until the test says it is done."""

        def __init__(self) -> None:
            self.transfers: list[dict[str, Any]] = []
            self.running = False

        def pack_ctrl(self, **fields: Any) -> dict[str, Any]:
            return fields

        def config(self, **kw: Any) -> None:
            self.transfers.append({**kw, "words": list(kw["read"])})
            self.running = bool(kw.get("trigger"))

        def active(self) -> bool:
            return self.running

    rp2.DMA = DMA  # type: ignore[attr-defined]
    rp2.PIO = PIO  # type: ignore[attr-defined]
    rp2.asm_pio = asm_pio  # type: ignore[attr-defined]
    rp2.StateMachine = StateMachine  # type: ignore[attr-defined]
    return rp2


@pytest.fixture(params=["RP2040", "RP2350"])
def pico(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Iterator[types.SimpleNamespace]:
    """machine and rp2 stand-ins in sys.modules, and the Pico-only firmware modules imported fresh against them."""
    machine = types.ModuleType("machine")
    machine.Pin = Pin  # type: ignore[attr-defined]
    closed: set[tuple[int, int]] = set()
    chip = str(request.param)
    sio = FakeSIO(tuple(range(9)), tuple(range(9, 18)), lambda r, c: (r, c) in closed, chip)
    import time

    monkeypatch.setattr(time, "ticks_us", lambda: 0, raising=False)  # MicroPython's; the tests pass their own
    monkeypatch.setattr(time, "ticks_diff", lambda a, b: a - b, raising=False)
    monkeypatch.setattr(sys.implementation, "_machine", f"Raspberry Pi Pico with {chip}", raising=False)
    machine.mem32 = sio  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "rp2", make_rp2())
    firmware_module("protocol")
    for name in ("agora_fw.matrix", "agora_fw.ws2812"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    Pin.made.clear()
    yield types.SimpleNamespace(
        sio=sio, chip=chip, closed=closed, matrix=firmware_module("matrix"), ws2812=firmware_module("ws2812")
    )
    for name in ("agora_fw.matrix", "agora_fw.ws2812"):
        sys.modules.pop(name, None)
