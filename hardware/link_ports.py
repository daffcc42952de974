"""The ports a co-processor link offers the controller: its switches (SwitchMatrix) and its LEDs (PixelStrip)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Protocol

from controller.ports import BLACK_FRAME, BoardEvent, Frame


class Link(Protocol):
    """What the ports use of hardware.serial_link's CoprocessorLink."""

    def occupancy(self) -> int: ...

    def scan_rate(self) -> int: ...

    def events(self) -> AsyncIterator[BoardEvent]: ...

    def detect_flaps(self, on: bool) -> None: ...

    def show(self, frame: Frame) -> None: ...

    async def aclose(self) -> None: ...


class LinkMatrix:
    """SwitchMatrix of a co-processor link."""

    def __init__(self, link: Link) -> None:
        self._link = link

    def scan(self) -> int:
        return self._link.occupancy()

    def scan_rate(self) -> float:
        return float(self._link.scan_rate())

    def events(self) -> AsyncIterator[BoardEvent]:
        return self._link.events()

    def detect_flaps(self, on: bool) -> None:
        self._link.detect_flaps(on)

    async def aclose(self) -> None:
        await self._link.aclose()


class LinkStrip:
    """PixelStrip of a co-processor link: frames are conditioned here, the device only shifts them out."""

    def __init__(self, link: Link) -> None:
        self._link = link

    def show(self, frame: Frame) -> None:
        self._link.show(frame)

    def close(self) -> None:
        self._link.show(BLACK_FRAME)
