"""The Pi side of the link to the Pico co-processor: a SwitchMatrix and a PixelStrip over USB serial.

pyserial opens and configures the port; reading and writing then go through the event loop (add_reader/add_writer
on its file descriptor), so there is no thread. The link:
- greets the device (HELLO) and refuses a firmware speaking another protocol version with a message saying so;
- takes the full occupancy snapshot and publishes every change the device reports, each exactly once, in order
  (the device numbers its changes, repeats the last few in every state frame and retransmits until acknowledged);
- declares the link lost (LinkLost) when the port fails or nothing valid arrived for `heartbeat_timeout`, keeps
  trying to reopen the same path, and after a new handshake publishes LinkRestored with the fresh snapshot.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

from controller.pixels import FrameConditioner, PixelSettings
from controller.ports import (
    BoardEvent,
    Clock,
    Frame,
    LinkLost,
    LinkRestored,
    OccupancyChanged,
    SquaresUntrusted,
)
from controller.values import dataclass
from hardware import protocol as proto
from hardware.chain import ChainOrder
from hardware.debounce import DebounceConfig, untrusted_reason
from hardware.errors import FirmwareVersionError, LinkError
from hardware.hub import EventHub
from hardware.link_ports import LinkMatrix, LinkStrip
from hardware.serial_port import MAX_BUFFERED, PortWriter, SerialPort, open_pyserial

RESEND_EVERY = 0.25
PICO_DEFAULTS = DebounceConfig.for_rate(1000.0, debounce_ms=8.0)
"""firmware/agora_fw/config.py's settings."""
T = TypeVar("T")


@dataclass(slots=True)
class LinkStats:
    frames_ok: int = 0
    frames_bad: int = 0
    """Damaged frames dropped (bad COBS, bad CRC, malformed message)."""
    seq_gaps: int = 0
    duplicates: int = 0
    changes_lost: int = 0
    """Changes that never arrived even after retransmits (the snapshot then jumps over them)."""
    connects: int = 0
    leds_sent: int = 0
    device_rx_bad: int = 0
    device_scan_rate: int = 0


class CoprocessorLink:
    """One co-processor on `path`. Use `await connect()`, then `.matrix` and `.strip`; `await aclose()` at the end."""

    def __init__(
        self,
        path: str,
        clock: Clock,
        *,
        chain: ChainOrder | None = None,
        pixels: PixelSettings | None = None,
        debounce: DebounceConfig | None = None,
        heartbeat_timeout: float = 1.5,
        handshake_timeout: float = 2.0,
        reconnect_interval: float = 0.5,
        ack_interval: float = 0.5,
        led_refresh: float = 1.0,
        order: str = "RGB",
        open_port: Callable[[str], SerialPort] = open_pyserial,
    ) -> None:
        self.path = path
        self._clock = clock
        self._chain = chain or ChainOrder()
        self._conditioner = FrameConditioner(pixels)
        self._debounce = debounce
        self._flaps = True
        self._heartbeat_timeout = heartbeat_timeout
        self._handshake_timeout = handshake_timeout
        self._reconnect_interval = reconnect_interval
        self._ack_interval = ack_interval
        self._led_refresh = led_refresh
        self._order = [("RGB".index(ch), k) for k, ch in enumerate(order.upper())]
        self._open_port = open_port
        self.stats = LinkStats()
        self.firmware: proto.HelloAck | None = None
        self._hub = EventHub()
        self._port: SerialPort | None = None
        self._fd = -1
        self._writer = PortWriter(-1, self._fail)
        self._decoder = proto.FrameDecoder()
        self._tx_seq = 0
        self._rx_seq = -1
        self._broken: str | None = None
        self._last_rx = 0.0
        self._hello: asyncio.Future[proto.HelloAck] | None = None
        self._snapshot: asyncio.Future[proto.State] | None = None
        self._boot = -1
        self._gen = -1
        self._last_t = 0.0
        self._duty: bytes | None = None
        self._duty_sent_at = -1e9
        self._ack_sent_at = -1e9
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self.matrix = LinkMatrix(self)
        self.strip = LinkStrip(self)

    # --- lifecycle

    async def connect(self) -> None:
        """Open the port and handshake; raises LinkError or FirmwareVersionError with a message for a person."""
        occupancy, untrusted = await self._open_and_handshake()
        self._hub.occupancy, self._hub.untrusted = occupancy, untrusted
        self._task = asyncio.get_running_loop().create_task(self._supervise(), name=f"coprocessor {self.path}")

    async def aclose(self) -> None:
        self._closing = True
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self._port is not None and self._broken is None:
            self._send(*proto.leds(bytes(3 * len(self._chain.squares))))
            self._writer.flush()
        self._close_port()
        self._hub.close()

    async def stop_firmware(self) -> None:
        """Ask the firmware to return to the MicroPython REPL (so mpremote can update it); the link is done then."""
        self._send(*proto.stop())
        await self._clock.sleep(0.1)
        self._fail("the firmware was stopped")

    # --- connecting

    async def _open_and_handshake(self) -> tuple[int, int]:
        self._close_port()
        port = self._open_port(self.path)
        self._port, self._fd = port, port.fileno()
        self._broken = None
        self._decoder = proto.FrameDecoder()
        self._rx_seq = -1
        # No change is taken from this device until its snapshot is in: a state that arrives between the snapshot
        # and the end of the handshake (an answer to a resent request) is covered by the snapshot or sent again
        # until acknowledged, and must not be read against the generation of the device before.
        self._gen = -1
        self._writer = PortWriter(self._fd, self._fail)
        loop = asyncio.get_running_loop()
        try:
            port.reset_input_buffer()
            loop.add_reader(self._fd, self._on_readable)
            # A lone delimiter ends whatever half frame the device may hold from before.
            self._write(b"\x00")
            self._hello = loop.create_future()
            answer = await self._request(self._hello, proto.hello)
            if answer is None:
                raise LinkError(
                    f"no Agora firmware answered on {self.path} within {self._handshake_timeout:g} s: is "
                    "firmware/main.py on the Pico (firmware/README.md), and is this the Pico's port?"
                )
            if answer.version != proto.PROTOCOL_VERSION:
                raise FirmwareVersionError(
                    f"the co-processor on {self.path} runs {answer.name or 'a firmware'} speaking protocol "
                    f"{answer.version}, but this Agora speaks protocol {proto.PROTOCOL_VERSION}: flash the firmware "
                    "from this checkout's firmware/ directory (firmware/README.md, 'Updating the firmware')"
                )
            self.firmware = answer
            self._boot = answer.boot
            if self._debounce is not None or not self._flaps:
                self._send_config()
            self._snapshot = loop.create_future()
            state = await self._request(self._snapshot, proto.snapshot_request)
            if state is None:
                raise LinkError(f"the co-processor on {self.path} greeted but sent no snapshot")
        except BaseException:
            self._close_port()
            raise
        newest = state.entries[-1]
        self._gen = newest.gen
        self._last_t = self._clock.now()
        self._send_ack()
        if self._duty is not None:
            self._send_leds(self._duty)
        self.stats.connects += 1
        return newest.occupancy, newest.untrusted

    async def _request(self, fut: asyncio.Future[T], message: Callable[[], tuple[int, bytes]]) -> T | None:
        deadline = self._clock.now() + self._handshake_timeout
        while self._clock.now() < deadline:
            if self._broken is not None:
                raise LinkError(f"{self.path}: {self._broken}")
            self._send(*message())
            if await self._wait(fut, min(RESEND_EVERY, max(0.0, deadline - self._clock.now()))):
                return fut.result()
        return None

    async def _wait(self, fut: asyncio.Future[T], seconds: float) -> bool:
        """Wait for `fut` at most `seconds` on the injected clock."""
        sleeper: asyncio.Future[None] = asyncio.ensure_future(self._clock.sleep(seconds))
        try:
            waiters: list[asyncio.Future[Any]] = [fut, sleeper]
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        finally:
            sleeper.cancel()
        return fut.done()

    async def _supervise(self) -> None:
        while True:
            message = await self._watch()
            self._close_port()
            self._hub.publish(LinkLost(self._clock.now(), message))
            while True:
                await self._clock.sleep(self._reconnect_interval)
                try:
                    occupancy, untrusted = await self._open_and_handshake()
                except FirmwareVersionError as exc:
                    if self._hub.lost is None or self._hub.lost.message != str(exc):
                        self._hub.publish(LinkLost(self._clock.now(), str(exc)))
                    continue
                except LinkError:
                    continue
                now = self._clock.now()
                before = self._hub.untrusted
                if untrusted != before:
                    self._hub.publish(SquaresUntrusted(now, untrusted, untrusted_reason(before, untrusted)))
                self._hub.publish(LinkRestored(now, occupancy))
                break

    async def _watch(self) -> str:
        """While connected: acknowledge, refresh the LEDs, and return why the link was lost."""
        self._last_rx = self._clock.now()
        while True:
            await self._clock.sleep(0.05)
            now = self._clock.now()
            if self._broken is not None:
                return f"lost the co-processor on {self.path} ({self._broken}); the game is paused until it is back"
            if now - self._last_rx > self._heartbeat_timeout:
                return (
                    f"the co-processor on {self.path} stopped answering for {now - self._last_rx:.1f} s; "
                    "the game is paused until it is back"
                )
            if now - self._ack_sent_at >= self._ack_interval:
                self._send_ack()
            if self._duty is not None and now - self._duty_sent_at >= self._led_refresh:
                self._send_leds(self._duty)

    def _close_port(self) -> None:
        if self._port is None:
            return
        asyncio.get_running_loop().remove_reader(self._fd)
        self._writer.stop()
        with contextlib.suppress(Exception):
            self._port.close()
        self._port, self._fd = None, -1
        for fut in (self._hello, self._snapshot):
            if fut is not None and not fut.done():
                fut.cancel()

    # --- reading

    def _on_readable(self) -> None:
        assert self._port is not None
        try:
            data = self._port.read(4096)
        except Exception as exc:  # pyserial raises SerialException, the OS raises OSError: both mean unplugged
            self._fail(str(exc) or type(exc).__name__)
            return
        bad_before = self._decoder.bad
        for frame in self._decoder.feed(data):
            self._on_frame(frame)
        self.stats.frames_bad += self._decoder.bad - bad_before

    def _on_frame(self, frame: proto.Frame) -> None:
        last, self._rx_seq = self._rx_seq, frame.seq
        if last >= 0 and frame.seq == last:
            self.stats.duplicates += 1
            return
        if last >= 0 and frame.seq != (last + 1) & 0xFF:
            self.stats.seq_gaps += 1
        message = proto.parse_device_message(frame)
        if message is None:
            self.stats.frames_bad += 1
            return
        self.stats.frames_ok += 1
        self._last_rx = self._clock.now()
        match message:
            case proto.HelloAck():
                if self._hello is not None and not self._hello.done():
                    self._hello.set_result(message)
            case proto.State():
                if self._snapshot is not None and not self._snapshot.done():
                    if message.boot == self._boot:
                        self._snapshot.set_result(message)
                elif self._gen >= 0:
                    self._on_state(message)
            case proto.Heartbeat():
                self.stats.device_rx_bad = message.rx_bad
                self.stats.device_scan_rate = message.scan_rate

    def _on_state(self, state: proto.State) -> None:
        if state.boot != self._boot:
            self._fail("the co-processor restarted")
            return
        now = self._clock.now()
        for entry in state.entries:
            ahead = (entry.gen - self._gen) & 0xFFFF
            if ahead == 0 or ahead >= 0x8000:
                continue
            self.stats.changes_lost += ahead - 1
            self._gen = entry.gen
            age = ((state.uptime_ms - entry.t_ms) & proto.UPTIME_MASK) / 1000
            # Stamp the change when the device saw it, never before an earlier event.
            t = max(self._last_t, min(now, now - age))
            self._last_t = t
            self._apply(t, entry.occupancy, entry.untrusted)
        newest = state.entries[-1]
        if newest.gen == self._gen:
            # Same generation but another state: only after a lost resync; the device's word wins.
            self._apply(now, newest.occupancy, newest.untrusted)
        self._send_ack()

    def _apply(self, t: float, occupancy: int, untrusted: int) -> None:
        # The occupancy first: a square trusted again must not be read at its frozen value for a moment.
        if occupancy != self._hub.occupancy:
            self._hub.publish(OccupancyChanged(t, occupancy))
        if untrusted != self._hub.untrusted:
            self._hub.publish(SquaresUntrusted(t, untrusted, untrusted_reason(self._hub.untrusted, untrusted)))

    def _fail(self, reason: str) -> None:
        if self._broken is None:
            self._broken = reason
        if self._port is not None:
            asyncio.get_running_loop().remove_reader(self._fd)
            self._writer.stop()

    # --- writing

    def _send(self, kind: int, payload: bytes) -> None:
        if self._port is None or self._broken is not None:
            return
        self._write(proto.encode_frame(kind, self._tx_seq, payload))
        self._tx_seq = (self._tx_seq + 1) & 0xFF

    def _send_config(self) -> None:
        d = self._debounce or PICO_DEFAULTS
        self._send(*proto.config(d if self._flaps else d.without_flaps()))

    def _send_ack(self) -> None:
        self._send(*proto.ack(self._gen))
        self._ack_sent_at = self._clock.now()

    def _send_leds(self, duty: bytes) -> None:
        if self._port is None or self._writer.buffered > MAX_BUFFERED // 2:
            return  # the device is not reading: a newer frame will follow, an old one only adds lag
        self._send(*proto.leds(duty))
        self._duty_sent_at = self._clock.now()
        self.stats.leds_sent += 1

    def _write(self, data: bytes) -> None:
        self._writer.write(data)

    def _in_chip_order(self, rgb: bytes) -> bytes:
        """R, G, B per LED -> the LED chip's order (the pin map's `order`): the Pico shifts bytes out as they come."""
        out = bytearray(len(rgb))
        for source, target in self._order:
            out[target::3] = rgb[source::3]
        return bytes(out)

    def scan_rate(self) -> int:
        """The co-processor's own count of matrix scans in its last second (its HEARTBEAT)."""
        return self.stats.device_scan_rate

    # --- the ports

    def occupancy(self) -> int:
        return self._hub.occupancy

    def events(self) -> AsyncIterator[BoardEvent]:
        if self._task is None:
            raise RuntimeError("connect() the co-processor link first")
        return self._hub.subscribe(self._clock.now())

    def detect_flaps(self, on: bool) -> None:
        """Flap detection on the Pico on or off (a CONFIG; sent again after a reconnection)."""
        if on != self._flaps:
            self._flaps = on
            self._send_config()

    def show(self, frame: Frame) -> None:
        duty = self._in_chip_order(bytes(self._chain.to_chain(self._conditioner.flat(frame))))
        if duty != self._duty:
            self._duty = duty
            self._send_leds(duty)
