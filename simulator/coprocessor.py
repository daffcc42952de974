"""A virtual Pico on a pty: the firmware's own logic (loaded from firmware/) scanning simulated switches at 1 kHz
and speaking the protocol on a pseudo-terminal, so the Pi's real serial code (pyserial, framing, reconnects) runs
end to end. Faults: noise on the line in either direction, unplugging (the pty goes away and, like a USB device,
comes back under the same stable link name), a hung device, a firmware of another protocol version.

Scans are evaluated on an exact 1 ms grid of clock time, in batches whenever the task wakes, so what the firmware
debounces depends only on the script of actions, not on how busy the machine is.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import random
import tty
from collections import deque
from pathlib import Path

from controller.ports import Clock
from simulator.firmware import FirmwareDevice, make_device
from simulator.hands import SimHands
from simulator.noise import LineNoise, NoiseConfig
from simulator.switches import NO_BOUNCE, Bounce, Switches

SCAN = 0.001
KEEP_FRAMES = 256  # LED frames the virtual device remembers; `agora sim-device` may run for days


class VirtualCoprocessor:
    def __init__(
        self,
        clock: Clock,
        *,
        initial: int = 0,
        bounce: Bounce = NO_BOUNCE,
        seed: int = 0,
        to_host: NoiseConfig | None = None,
        to_device: NoiseConfig | None = None,
        link: Path | None = None,
        protocol_version: int | None = None,
        debounce_scans: int = 8,
        tick: float = 0.005,
    ) -> None:
        self._clock = clock
        self.switches = Switches(initial, bounce=bounce, seed=seed)
        self.hands = SimHands(self.switches, clock)
        self.to_host = LineNoise(to_host or NoiseConfig())
        self.to_device = LineNoise(to_device or NoiseConfig(seed=seed + 1))
        self.link = link
        self._version = protocol_version
        self._depth = debounce_scans
        self._tick = tick
        self._boots = random.Random(seed)
        self.device: FirmwareDevice = self._boot()
        self.frames: deque[tuple[float, bytes]] = deque(maxlen=KEEP_FRAMES)
        """The latest LED frames as the device received them: (clock time, RGB bytes in chain order)."""
        self.frames_received = 0
        self.output_dropped = 0
        self.frozen = False
        self.path = ""
        self._master = self._slave = -1
        self._k = 0
        self._leds_seen = 0
        self._task: asyncio.Task[None] | None = None

    def _boot(self) -> FirmwareDevice:
        return make_device(self._boots.randrange(1 << 16), version=self._version, depth=self._depth)

    async def start(self) -> str:
        """Plug in: open a pty, start the firmware; returns the path the host opens (the link if one was given)."""
        self._open_pty()
        self._k = math.floor(self._clock.now() / SCAN)
        self._task = asyncio.get_running_loop().create_task(self._run(), name="virtual-coprocessor")
        return str(self.link) if self.link is not None else self.path

    def unplug(self) -> None:
        """Pull the USB cable: the pty disappears (the host's reads fail) and so does the link name."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._close_pty()

    async def replug(self) -> str:
        """Plug back in: a fresh boot of the firmware on a new pty, under the same link name."""
        self.unplug()
        self.device = self._boot()
        self._leds_seen = 0
        return await self.start()

    async def aclose(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        self._close_pty()

    @property
    def leds(self) -> bytes:
        """The LED frame the device shows now (chain order)."""
        return bytes(self.device.leds)

    # --- the pty

    def _open_pty(self) -> None:
        master, slave = os.openpty()
        # Raw at once: a cooked pty would echo the device's own output back to it until the host configures it.
        tty.setraw(slave)
        os.set_blocking(master, False)
        # Holding the slave open too keeps the master readable when the host closes and reopens the port.
        self._master, self._slave = master, slave
        self.path = os.ttyname(slave)
        if self.link is not None:
            tmp = self.link.with_name(self.link.name + ".new")
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
            tmp.symlink_to(self.path)
            tmp.replace(self.link)
        asyncio.get_running_loop().add_reader(master, self._on_readable)

    def _close_pty(self) -> None:
        if self._master < 0:
            return
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop().remove_reader(self._master)
        os.close(self._master)
        os.close(self._slave)
        self._master = self._slave = -1
        if self.link is not None and self.link.is_symlink():
            self.link.unlink()

    def _on_readable(self) -> None:
        try:
            data = os.read(self._master, 4096)
        except BlockingIOError:
            return
        except OSError:
            return
        if not self.frozen:
            self.device.receive(self.to_device.apply(data))

    # --- the firmware's loop

    async def _run(self) -> None:
        while True:
            end = math.floor(self._clock.now() / SCAN + 1e-9)
            if self.frozen:
                self._k = end
            else:
                while self._k < end:
                    self._k += 1
                    self.device.step(self.switches.rows(self._k * SCAN), 1)
                self._write(self.device.take_output())
                if self.device.leds_version != self._leds_seen:
                    self._leds_seen = self.device.leds_version
                    self.frames.append((self._clock.now(), bytes(self.device.leds)))
                    self.frames_received += 1
            await self._clock.sleep(self._tick)

    def _write(self, data: bytes) -> None:
        if not data or self._master < 0:
            return
        data = self.to_host.apply(data)
        try:
            n = os.write(self._master, data)
        except BlockingIOError:
            n = 0  # nobody reads the port: a USB device drops what the host does not fetch
        self.output_dropped += len(data) - n
