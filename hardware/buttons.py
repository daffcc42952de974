"""Optional OK / back / menu push buttons on GPIO, polled on the event loop.

Polling 3 pins 50 times a second costs nothing and keeps presses on the event loop; gpiozero's when_pressed would
call back on one of its own threads.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any, Literal, cast

from controller.ports import ButtonPressed, Clock
from hardware.errors import BoardError

ButtonName = Literal["ok", "back", "menu"]


class GpioButtons:
    """Buttons to ground with pull-ups; a press counts once it has read pressed for `stable` polls in a row, and a
    button still down `hold` seconds later is reported once more as held."""

    def __init__(
        self,
        pins: Sequence[tuple[str, int]],
        *,
        pin_factory: Any,
        clock: Clock,
        poll_hz: float = 50.0,
        stable: int = 2,
        hold: float = 1.0,
    ) -> None:
        from gpiozero import InputDevice
        from gpiozero.exc import GPIOZeroError

        self._clock = clock
        self._period = 1.0 / poll_hz
        self._stable = stable
        self._held = stable + max(1, round(hold * poll_hz))  # polls down before a press also counts as held
        self._devices: list[tuple[ButtonName, Any]] = []
        try:
            for name, pin in pins:
                if name not in ("ok", "back", "menu"):
                    raise BoardError(f"unknown button {name!r}: ok, back or menu")
                self._devices.append((cast(ButtonName, name), InputDevice(pin, pull_up=True, pin_factory=pin_factory)))
        except GPIOZeroError as exc:
            self.close()
            raise BoardError(f"cannot set up the button pins: {exc}") from exc

    def close(self) -> None:
        for _, d in self._devices:
            d.close()
        self._devices.clear()

    async def events(self) -> AsyncIterator[ButtonPressed]:
        runs = {name: 0 for name, _ in self._devices}
        while self._devices:
            for name, device in self._devices:
                pressed = not device.pin.state
                runs[name] = runs[name] + 1 if pressed else 0
                if runs[name] == self._stable:
                    yield ButtonPressed(self._clock.now(), name)
                elif runs[name] == self._held:
                    yield ButtonPressed(self._clock.now(), name, held=True)
            await self._clock.sleep(self._period)
