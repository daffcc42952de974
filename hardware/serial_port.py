"""The serial port under the co-processor link: opening it with pyserial, and writing without blocking the loop.

pyserial opens and configures the port; writing then goes through the event loop (add_writer on its file
descriptor), so there is no thread and a Pico that stops reading never stalls the board.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import Protocol

from hardware.errors import LinkError

MAX_BUFFERED = 64 * 1024
"""Bytes held for a device that is not reading; beyond it writes are dropped (every message is resent anyway)."""


class SerialPort(Protocol):
    """What the link uses of a pyserial Serial (opened non-blocking, `timeout=0`)."""

    def fileno(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def reset_input_buffer(self) -> None: ...

    def close(self) -> None: ...


def open_pyserial(path: str) -> SerialPort:
    import serial

    try:
        port: SerialPort = serial.Serial(path, baudrate=115200, timeout=0, exclusive=True)
    except (serial.SerialException, OSError, ValueError) as exc:
        raise LinkError(f"cannot open {path}: {exc}") from exc
    return port


class PortWriter:
    """Bytes for one open port's file descriptor, written as the port takes them; `on_error` hears a failed write
    (the device unplugged) once the writer has stopped."""

    def __init__(self, fd: int, on_error: Callable[[str], None]) -> None:
        self._fd = fd
        self._on_error = on_error
        self._out = bytearray()
        self._writing = False

    @property
    def buffered(self) -> int:
        return len(self._out)

    def write(self, data: bytes) -> None:
        if len(self._out) + len(data) > MAX_BUFFERED:
            return
        self._out += data
        self.flush()

    def flush(self) -> None:
        if self._fd < 0 or not self._out:
            return
        try:
            n = os.write(self._fd, self._out)
        except BlockingIOError:
            n = 0
        except OSError as exc:
            self.stop()
            self._on_error(exc.strerror or str(exc))
            return
        del self._out[:n]
        loop = asyncio.get_running_loop()
        if self._out and not self._writing:
            loop.add_writer(self._fd, self.flush)
            self._writing = True
        elif not self._out and self._writing:
            loop.remove_writer(self._fd)
            self._writing = False

    def stop(self) -> None:
        """No more writing to this descriptor (the port is closing or failed); what is left is dropped."""
        if self._writing:
            asyncio.get_running_loop().remove_writer(self._fd)
            self._writing = False
        self._fd = -1
        self._out.clear()
