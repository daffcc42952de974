"""The co-processor's logic (firmware/agora_fw/device.py) driven byte by byte and scan by scan."""

from __future__ import annotations

import pytest

from hardware import protocol as pi
from hardware.debounce import DebounceConfig
from simulator.firmware import FirmwareDevice, make_device


class Host:
    """The Pi's side of the conversation, built from the Pi's own protocol module."""

    def __init__(self, device: FirmwareDevice) -> None:
        self.device = device
        self.seq = 0
        self.decoder = pi.FrameDecoder()
        self.received: list[pi.DeviceMessage] = []

    def send(self, message: tuple[int, bytes]) -> None:
        self.device.receive(pi.encode_frame(message[0], self.seq, message[1]))
        self.seq += 1

    def scan(self, occupancy: int, ms: int = 1) -> list[pi.DeviceMessage]:
        out: list[pi.DeviceMessage] = []
        for _ in range(ms):
            self.device.step([(occupancy >> (9 * r)) & 0x1FF for r in range(9)], 1)
            for f in self.decoder.feed(self.device.take_output()):
                m = pi.parse_device_message(f)
                assert m is not None, f
                out.append(m)
        self.received += out
        return out

    def states(self, messages: list[pi.DeviceMessage]) -> list[pi.State]:
        return [m for m in messages if isinstance(m, pi.State)]


@pytest.fixture
def host() -> Host:
    h = Host(make_device(0xBEEF, depth=8))
    h.scan(0b101)  # the first scan primes the debounce
    h.send(pi.hello())
    h.scan(0b101)
    return h


def test_hello_is_answered_with_the_version_and_the_boot_id(host: Host) -> None:
    ack = next(m for m in host.received if isinstance(m, pi.HelloAck))
    assert ack == pi.HelloAck(pi.PROTOCOL_VERSION, 81, 81, 0xBEEF, "agora-fw 5.0")


def test_a_snapshot_request_gets_the_current_state(host: Host) -> None:
    host.send(pi.snapshot_request())
    (state,) = host.states(host.scan(0b101))
    assert state.reason == pi.REQUESTED and state.boot == 0xBEEF
    assert state.entries[-1].occupancy == 0b101 and state.entries[-1].gen == 0


def test_a_change_is_sent_after_the_debounce_and_repeated_until_acknowledged(host: Host) -> None:
    messages = host.scan(0b111, ms=7)
    assert not host.states(messages)  # 7 scans < depth 8
    (change,) = host.states(host.scan(0b111))
    assert change.reason == pi.CHANGE
    assert [(e.gen, e.occupancy) for e in change.entries] == [(0, 0b101), (1, 0b111)]
    retransmits = host.states(host.scan(0b111, ms=65))
    assert [s.reason for s in retransmits] == [pi.RETRANSMIT, pi.RETRANSMIT]  # every 30 ms
    host.send(pi.ack(1))
    assert not host.states(host.scan(0b111, ms=100))


def test_the_last_four_changes_ride_along_in_every_state(host: Host) -> None:
    occupancy = 0b101
    for square in (10, 11, 12, 13, 14):
        occupancy |= 1 << square
        host.scan(occupancy, ms=9)
    host.send(pi.snapshot_request())
    (state,) = host.states(host.scan(occupancy))
    assert [e.gen for e in state.entries] == [2, 3, 4, 5]
    assert state.entries[-1].occupancy == occupancy


def test_a_periodic_state_and_heartbeats_flow_without_any_request(host: Host) -> None:
    host.send(pi.ack(0))
    messages = host.scan(0b101, ms=1000)
    assert [s.reason for s in host.states(messages)] == [pi.PERIODIC]
    heartbeats = [m for m in messages if isinstance(m, pi.Heartbeat)]
    assert len(heartbeats) == 3  # every 250 ms of silence, the periodic state counting as traffic
    assert max(h.scan_rate for h in heartbeats) in (0, 1000)


def test_led_frames_are_taken_only_whole(host: Host) -> None:
    frame = bytes(range(243))
    host.send(pi.leds(frame))
    host.scan(0b101)
    assert bytes(host.device.leds) == frame and host.device.leds_version == 1
    host.send(pi.leds(frame[:-3]))
    host.scan(0b101)
    assert host.device.leds_version == 1 and host.device.rx_bad == 1


def test_the_leds_go_dark_when_the_host_is_silent_for_three_seconds(host: Host) -> None:
    host.send(pi.leds(bytes([200]) * 243))
    host.scan(0b101, ms=2900)
    assert any(host.device.leds)
    host.scan(0b101, ms=200)
    assert not any(host.device.leds)
    host.send(pi.leds(bytes([100]) * 243))  # the Pi is back: its next frame shows
    host.scan(0b101)
    assert host.device.leds == bytes([100]) * 243


def test_a_host_speaking_another_version_is_answered_but_not_obeyed() -> None:
    h = Host(make_device(1))
    h.scan(0)
    h.send(pi.hello(version=pi.PROTOCOL_VERSION + 1))
    h.send(pi.leds(bytes([9]) * 243))
    h.scan(0)
    assert isinstance(h.received[0], pi.HelloAck) and h.received[0].version == pi.PROTOCOL_VERSION
    assert not any(h.device.leds)


def test_damaged_and_repeated_frames_are_dropped_and_counted(host: Host) -> None:
    good = pi.encode_frame(pi.LEDS, 50, bytes([1]) * 243)
    host.device.receive(good[:40] + b"\x00")  # truncated
    host.device.receive(good)
    host.device.receive(good)  # the same sequence number again
    host.scan(0b101)
    assert host.device.leds_version == 1 and host.device.rx_bad == 1


def test_config_retunes_the_debounce(host: Host) -> None:
    host.send(pi.config(DebounceConfig(depth=2)))
    host.scan(0b101)
    assert len(host.states(host.scan(0b100, ms=2))) == 1  # 2 scans are enough now


def test_stop_hands_the_pico_back_to_the_repl(host: Host) -> None:
    host.send(pi.stop())
    assert host.device.stop


def test_a_snapshot_asked_for_before_the_first_scan_is_sent_right_after_it() -> None:
    h = Host(make_device(3))
    h.send(pi.hello())
    h.send(pi.snapshot_request())
    (state,) = h.states(h.scan(1 << 80))
    assert state.reason == pi.REQUESTED and state.entries[-1].occupancy == 1 << 80
