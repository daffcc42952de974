"""gpiozero MockFactory wired like the board: row pins that, when driven low, pull the columns of closed switches
low through their diodes, reading simulated switches (bounce and faults included) at the clock's time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from gpiozero.pins.mock import MockFactory, MockPin

from controller.ports import Clock

ROWS = (4, 17, 27, 22, 5, 6, 13, 19, 26)
COLUMNS = (23, 24, 25, 8, 7, 12, 16, 20, 21)


class RowPin(MockPin):  # type: ignore[misc]
    """A row line; `pushed_high` counts the times it was driven high as an output (a wiring fault would then
    make two outputs fight)."""

    def __init__(self, factory: Any, info: Any, wiring: MatrixWiring | None = None) -> None:
        self.wiring = None
        self.writes = 0
        self.pushed_high = 0
        super().__init__(factory, info)
        self.wiring = wiring

    def _set_state(self, value: Any) -> None:
        self.writes += 1
        super()._set_state(value)

    def _set_function(self, value: Any) -> None:
        self.writes += 1
        super()._set_function(value)
        if self.wiring is not None:
            self.wiring.update()

    def output_with_state(self, state: Any) -> None:
        self.writes -= 1  # one library call, although gpiozero's default splits it into two
        super().output_with_state(state)

    def _change_state(self, value: Any) -> bool:
        changed: bool = super()._change_state(value)
        if value and self._function == "output":
            self.pushed_high += 1
        if changed and self.wiring is not None:
            self.wiring.update()
        return changed


class ColumnPin(MockPin):  # type: ignore[misc]
    def __init__(self, factory: Any, info: Any) -> None:
        self.reads = 0
        super().__init__(factory, info)

    def _get_state(self) -> Any:
        self.reads += 1
        return super()._get_state()


class Levels(Protocol):
    """The switches' raw levels at a time: simulator.switches.Switches, or a drawn behaviour."""

    def level(self, t: float) -> int: ...


class MatrixWiring:
    """The diode matrix: a column reads low when any selected (low) row has a closed switch in it."""

    def __init__(
        self,
        factory: MockFactory,
        switches: Levels,
        clock: Clock,
        rows: Sequence[int] = ROWS,
        columns: Sequence[int] = COLUMNS,
    ) -> None:
        self.switches = switches
        self.clock = clock
        self.columns = [factory.pin(c, pin_class=ColumnPin) for c in columns]
        self.rows = [factory.pin(r, pin_class=RowPin, wiring=self) for r in rows]

    def update(self) -> None:
        raw = self.switches.level(self.clock.now())
        selected = [r for r, pin in enumerate(self.rows) if pin.function == "output" and not pin.state]
        for c, col in enumerate(self.columns):
            if col.function != "input":
                continue
            if any(raw >> (r * 9 + c) & 1 for r in selected):
                col.drive_low()
            else:
                col.drive_high()

    def pin_calls(self) -> int:
        return sum(int(p.writes) for p in self.rows) + sum(int(p.reads) for p in self.columns)
