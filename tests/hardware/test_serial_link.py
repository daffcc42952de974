"""The Pi's serial link (pyserial) against the firmware's own logic on a pty, with the faults of a real cable."""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from controller.clock import SystemClock
from controller.pixels import FrameConditioner, PixelSettings
from controller.ports import BoardEvent, LinkLost, LinkRestored, OccupancyChanged, SquaresUntrusted
from hardware import protocol as proto
from hardware.chain import ChainOrder
from hardware.errors import FirmwareVersionError, LinkError
from hardware.serial_link import CoprocessorLink
from hardware.squares import parse
from simulator.coprocessor import VirtualCoprocessor
from simulator.noise import NoiseConfig
from simulator.switches import Bounce

PATIENCE = 20.0  # generous: the machine may be busy; nothing here waits this long when it works


def sq(*names: str) -> int:
    return sum(1 << parse(n) for n in names)


def lit(occupancy: int) -> tuple[tuple[int, int, int], ...]:
    return tuple((0, 200, 100) if occupancy >> s & 1 else (0, 0, 0) for s in range(81))


class Session:
    def __init__(self, device: VirtualCoprocessor, link: CoprocessorLink) -> None:
        self.device, self.link = device, link
        self.events: list[BoardEvent] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        stream = self.link.matrix.events()

        async def collect() -> None:
            async for e in stream:
                self.events.append(e)

        self._task = asyncio.ensure_future(collect())

    async def until(self, condition: Callable[[], bool], what: str) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + PATIENCE
        while not condition():
            if loop.time() > deadline:
                raise AssertionError(f"timed out waiting for {what}; events: {self.events}")
            await asyncio.sleep(0.01)

    async def occupancy(self, occ: int) -> None:
        await self.until(lambda: self.link.matrix.scan() == occ, f"occupancy {occ:#x}")

    def changes(self) -> list[int]:
        return [e.occupancy for e in self.events if isinstance(e, OccupancyChanged)]


class Sessions:
    """Opens a virtual Pico on a pty (behind a stable link name) and the Pi's link to it; closes them all."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path
        self.made: list[Session] = []

    async def open(self, *, link_kwargs: dict[str, Any] | None = None, connect: bool = True, **device: Any) -> Session:
        clock = SystemClock()
        virtual = VirtualCoprocessor(clock, link=self.tmp_path / "pico", **device)
        path = await virtual.start()
        kwargs: dict[str, Any] = {"heartbeat_timeout": 5.0, "reconnect_interval": 0.1, **(link_kwargs or {})}
        s = Session(virtual, CoprocessorLink(path, clock, **kwargs))
        self.made.append(s)
        if connect:
            await s.link.connect()
            s.start()
        return s

    async def close(self) -> None:
        for s in self.made:
            await s.link.aclose()
            await s.device.aclose()


@pytest.fixture
async def sessions(tmp_path: Path) -> AsyncIterator[Sessions]:
    made = Sessions(tmp_path)
    yield made
    await made.close()


async def test_scripted_moves_arrive_exactly_once_in_order_through_bounce_and_line_noise(sessions: Sessions) -> None:
    s: Session = await sessions.open(
        initial=sq("a1", "b1"),
        bounce=Bounce(flips=3, spacing=0.001),  # chatter of up to ~6 ms, inside the 8 ms debounce
        to_host=NoiseConfig(drop=0.002, duplicate=0.002, corrupt=0.002, seed=11),
        to_device=NoiseConfig(drop=0.002, duplicate=0.002, corrupt=0.002, seed=12),
        seed=5,
    )
    hands = s.device.hands
    expected = [sq("a1", "b1")]
    script: list[tuple[str, list[str]]] = [
        ("lift", ["a1"]),
        ("place", ["c3"]),
        ("lift", ["b1"]),
        ("slide", ["c3", "c4", "c5", "c6"]),
        ("place", ["i9"]),
        ("lift", ["i9"]),
        ("place", ["a1"]),
    ]
    occ = expected[0]
    for verb, names in script:
        squares = [parse(n) for n in names]
        if verb == "slide":
            hands.slide(squares, seconds_per_square=0.06)
            for a, b in itertools.pairwise(squares):
                occ &= ~(1 << a)
                expected.append(occ | 1 << b)  # each square passed over is seen, then left
                occ |= 1 << b
            occ &= ~(1 << squares[-1])
            occ |= 1 << squares[-1]
        else:
            occ ^= 1 << squares[0]
            getattr(hands, verb)(squares[0])
            expected.append(occ)
        s.link.strip.show(lit(occ))  # LED frames cross the noisy line the other way meanwhile
        await asyncio.sleep(0.3)
    await s.occupancy(occ)
    await asyncio.sleep(0.3)
    assert s.changes() == expected
    stats = s.link.stats
    assert stats.frames_bad > 0 and s.device.device.rx_bad > 0  # the noise really hit both directions
    assert stats.changes_lost == 0
    # A damaged LED frame is dropped by the device; the link's refresh brings the right one within a second.
    duty = ChainOrder().to_chain(FrameConditioner(PixelSettings()).flat(lit(occ)))
    await s.until(lambda: s.device.leds == duty, "the last LED frame at the device")


async def test_a_flapping_switch_on_the_pico_is_reported_untrusted(sessions: Sessions) -> None:
    s: Session = await sessions.open()
    s.device.hands.flap(parse("e5"), period=0.004)
    await s.until(lambda: any(isinstance(e, SquaresUntrusted) and e.squares for e in s.events), "untrusted")
    assert s.changes() == [0]  # never a phantom piece on e5


async def test_flap_detection_on_the_pico_is_turned_off_for_the_piece_test_and_on_again(sessions: Sessions) -> None:
    s: Session = await sessions.open()
    s.device.hands.flap(parse("e5"), period=0.004)
    await s.until(lambda: any(isinstance(e, SquaresUntrusted) and e.squares for e in s.events), "untrusted")
    s.link.matrix.detect_flaps(False)  # a CONFIG with both detectors off: every square trusted at once
    await s.until(lambda: isinstance(e := s.events[-1], SquaresUntrusted) and not e.squares, "trusted again")
    off = len(s.events)
    s.device.hands.heal(parse("e5"))
    s.device.hands.flap(parse("c3"), period=0.004)
    await asyncio.sleep(0.5)  # ten times what detection takes: nothing is reported while it is off
    assert not [e for e in s.events[off:] if isinstance(e, SquaresUntrusted)]
    s.link.matrix.detect_flaps(True)
    await s.until(lambda: any(isinstance(e, SquaresUntrusted) and e.squares == sq("c3") for e in s.events), "c3")


async def test_a_firmware_of_another_protocol_version_is_refused_with_a_clear_message(sessions: Sessions) -> None:
    s: Session = await sessions.open(protocol_version=1, connect=False)  # a Pico still on the first firmware
    with pytest.raises(FirmwareVersionError) as info:
        await s.link.connect()
    message = str(info.value)
    assert "protocol 1" in message and f"protocol {proto.PROTOCOL_VERSION}" in message
    assert "firmware/README.md" in message


async def test_a_port_where_no_agora_firmware_answers_is_refused(tmp_path: Path) -> None:
    master, slave = os.openpty()
    try:
        link = CoprocessorLink(os.ttyname(slave), SystemClock(), handshake_timeout=0.5)
        with pytest.raises(LinkError, match="no Agora firmware answered"):
            await link.connect()
    finally:
        os.close(master)
        os.close(slave)
    with pytest.raises(LinkError, match="cannot open"):
        await CoprocessorLink(str(tmp_path / "nothing"), SystemClock()).connect()


async def test_unplugging_pauses_and_replugging_resyncs_from_the_fresh_snapshot(sessions: Sessions) -> None:
    s: Session = await sessions.open(initial=sq("d4"))
    s.device.unplug()
    await s.until(lambda: any(isinstance(e, LinkLost) for e in s.events), "LinkLost")
    lost = next(e for e in s.events if isinstance(e, LinkLost))
    assert "paused" in lost.message and str(s.device.link) in lost.message
    s.device.hands.lift(parse("d4"))  # moved while the board was away: the fresh boot's first scan sees it
    s.device.hands.place(parse("e4"))
    await s.device.replug()
    await s.until(lambda: any(isinstance(e, LinkRestored) for e in s.events), "LinkRestored")
    restored = next(e for e in s.events if isinstance(e, LinkRestored))
    assert restored.occupancy == sq("e4")
    s.device.hands.place(parse("f4"))
    await s.occupancy(sq("e4", "f4"))
    assert [type(e).__name__ for e in s.events] == ["OccupancyChanged", "LinkLost", "LinkRestored", "OccupancyChanged"]
    assert s.link.stats.connects == 2


async def test_a_hung_pico_is_noticed_by_its_silence_and_picked_up_again(sessions: Sessions) -> None:
    s: Session = await sessions.open(link_kwargs={"heartbeat_timeout": 0.6})
    s.device.frozen = True
    await s.until(lambda: any(isinstance(e, LinkLost) for e in s.events), "LinkLost")
    assert "stopped answering" in next(e for e in s.events if isinstance(e, LinkLost)).message
    s.device.frozen = False
    await s.until(lambda: any(isinstance(e, LinkRestored) for e in s.events), "LinkRestored")


async def test_led_frames_arrive_conditioned_in_chain_order_and_unchanged_frames_are_not_resent(
    sessions: Sessions,
) -> None:
    chain = ChainOrder("i9", "files", True)
    s: Session = await sessions.open(
        link_kwargs={"chain": chain, "pixels": PixelSettings(brightness=1.0, gamma=1.0, budget_ma=10_000)}
    )
    frame = [(0, 0, 0)] * 81
    frame[parse("c3")] = (10, 20, 30)
    for _ in range(5):
        s.link.strip.show(tuple(frame))
    await s.until(lambda: bool(s.device.frames), "an LED frame at the device")
    position = chain.positions[parse("c3")]
    shown = s.device.frames[-1][1]
    assert shown[3 * position : 3 * position + 3] == bytes((10, 20, 30))
    assert sum(shown) == 60
    assert s.link.stats.leds_sent == 1
    s.link.strip.close()
    await s.until(lambda: not any(s.device.leds), "dark LEDs")


async def test_the_pico_tool_hands_the_firmware_back_to_the_repl(sessions: Sessions) -> None:
    from hardware.pico_tool import stop

    s: Session = await sessions.open(connect=False)
    message = await stop(str(s.device.link))
    assert "agora-fw 5.0" in message and "mpremote" in message
    assert s.device.device.stop


async def test_the_pin_maps_colour_order_reaches_the_pico(tmp_path: Path) -> None:
    device = VirtualCoprocessor(SystemClock())
    path = await device.start()
    link = CoprocessorLink(path, SystemClock(), order="GRB", pixels=PixelSettings(brightness=1.0, gamma=1.0))
    try:
        await link.connect()
        link.strip.show(((200, 10, 0),) * 81)
        for _ in range(100):
            if any(device.device.leds):
                break
            await asyncio.sleep(0.01)
        assert bytes(device.device.leds[:3]) == bytes([10, 200, 0])  # G, R, B as the chip wants them
    finally:
        await link.aclose()
        await device.aclose()
