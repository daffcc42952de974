"""The firmware's modules under CPython, and stand-ins for MicroPython's machine, rp2 and micropython modules."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from simulator.firmware import firmware_module

SIO_IN, SIO_SET, SIO_CLR = 0xD0000004, 0xD0000014, 0xD0000018


@pytest.fixture
def fw() -> Callable[[str], types.ModuleType]:
    return firmware_module


class FakeSIO:
    """machine.mem32 over the SIO block: rows driven through OUT_SET/CLR, columns read from GPIO_IN."""

    def __init__(self, rows: tuple[int, ...], columns: tuple[int, ...], closed: Callable[[int, int], bool]) -> None:
        self.rows, self.columns, self.closed = rows, columns, closed
        self.out = (1 << 30) - 1
        self.accesses = 0

    def __getitem__(self, address: int) -> int:
        assert address == SIO_IN
        self.accesses += 1
        value = (1 << 30) - 1  # pull-ups
        for r, row_pin in enumerate(self.rows):
            if not self.out >> row_pin & 1:
                for c, col_pin in enumerate(self.columns):
                    if self.closed(r, c):
                        value &= ~(1 << col_pin)
        return value

    def __setitem__(self, address: int, value: int) -> None:
        self.accesses += 1
        if address == SIO_SET:
            self.out |= value
        elif address == SIO_CLR:
            self.out &= ~value
        else:
            raise AssertionError(f"unexpected register {address:#x}")


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

    rp2.PIO = PIO  # type: ignore[attr-defined]
    rp2.asm_pio = asm_pio  # type: ignore[attr-defined]
    rp2.StateMachine = StateMachine  # type: ignore[attr-defined]
    return rp2


@pytest.fixture
def pico(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.SimpleNamespace]:
    """machine and rp2 stand-ins in sys.modules, and the Pico-only firmware modules imported fresh against them."""
    machine = types.ModuleType("machine")
    machine.Pin = Pin  # type: ignore[attr-defined]
    closed: set[tuple[int, int]] = set()
    sio = FakeSIO(tuple(range(9)), tuple(range(9, 18)), lambda r, c: (r, c) in closed)
    machine.mem32 = sio  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "rp2", make_rp2())
    firmware_module("protocol")
    for name in ("agora_fw.matrix", "agora_fw.ws2812"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    Pin.made.clear()
    yield types.SimpleNamespace(
        sio=sio, closed=closed, matrix=firmware_module("matrix"), ws2812=firmware_module("ws2812")
    )
    for name in ("agora_fw.matrix", "agora_fw.ws2812"):
        sys.modules.pop(name, None)
