"""The Pi's service: its files agree with what the software expects, and the program tells systemd it is ready
and alive over a real unix datagram socket (the sd_notify protocol)."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from controller.clock import SystemClock, VirtualClock
from controller.commands.doctor import run_on_virtual_time
from controller.commands.lights_out import lights_out
from controller.service_notify import ServiceNotifier
from simulator.coprocessor import VirtualCoprocessor
from tests.boards import open_board
from tests.e2e.server import start

PI = Path(__file__).resolve().parents[2] / "firmware" / "pi"


def unit() -> dict[str, list[str]]:
    keys: dict[str, list[str]] = {}
    for line in (PI / "agora.service").read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            keys.setdefault(key, []).append(value)
    return keys


def test_the_service_keeps_its_games_where_it_may_write() -> None:
    u = unit()
    assert u["ProtectHome"] == ["yes"]
    # With the home directory hidden, the games file must live in the unit's own state directory.
    assert u["StateDirectory"] == ["agora"] and "AGORA_HOME=/var/lib/agora" in u["Environment"]
    assert u["ExecStart"] == ["/opt/agora/.venv/bin/agora play $AGORA_ARGS"]


def test_the_service_starts_without_a_network_restarts_always_and_is_watched() -> None:
    u = unit()
    assert u["After"] == ["local-fs.target"] and "Wants" not in u  # never waits for network-online
    assert u["Restart"] == ["always"] and u["StartLimitIntervalSec"] == ["0"]
    assert u["Type"] == ["notify"] and int(u["WatchdogSec"][0]) >= 10
    assert u["ExecStopPost"] == ["/opt/agora/.venv/bin/python -m controller.cli.lights_out $AGORA_ARGS"]


def test_the_udev_rule_names_the_pico_and_keeps_modemmanager_away() -> None:
    rule = next(line for line in (PI / "99-agora-pico.rules").read_text().splitlines() if not line.startswith("#"))
    assert 'ATTRS{idVendor}=="2e8a"' in rule and 'SYMLINK+="agora-pico"' in rule
    assert 'ENV{ID_MM_DEVICE_IGNORE}="1"' in rule


def test_the_default_arguments_name_a_game_and_a_board() -> None:
    from controller.games import names

    args = next(line for line in (PI / "agora.default").read_text().splitlines() if line.startswith("AGORA_ARGS="))
    words = args.split("=", 1)[1].strip('"').split()
    assert words[0] in names() and "--board" in words


@pytest.fixture
def systemd(tmp_path: Path) -> Iterator[tuple[str, socket.socket]]:
    """systemd's end of $NOTIFY_SOCKET: a bound unix datagram socket."""
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
        s.bind(path)
        s.settimeout(20)
        yield path, s


def test_ready_status_and_stopping_arrive_as_datagrams(systemd: tuple[str, socket.socket]) -> None:
    path, s = systemd
    notifier = ServiceNotifier.from_env({"NOTIFY_SOCKET": path})
    assert notifier.ready("Politrics on simulated board")
    assert s.recv(4096) == b"READY=1\nSTATUS=Politrics on simulated board"
    assert notifier.stopping()
    assert s.recv(4096).startswith(b"STOPPING=1\n")


def test_an_abstract_socket_name_is_understood() -> None:
    name = f"@agora-test-{id(object())}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
        s.bind("\0" + name[1:])
        assert ServiceNotifier(name).notify("READY=1")
        assert s.recv(64) == b"READY=1"


def test_outside_systemd_nothing_is_sent_and_the_watchdog_belongs_to_its_pid() -> None:
    assert not ServiceNotifier.from_env({}).ready("x")
    assert ServiceNotifier.from_env({"NOTIFY_SOCKET": "/x", "WATCHDOG_USEC": "30000000"}).watchdog_interval == 15.0
    other = {"NOTIFY_SOCKET": "/x", "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}
    assert ServiceNotifier.from_env(other).watchdog_interval is None
    assert not ServiceNotifier("/nonexistent/socket").notify("READY=1")  # a gone systemd is not an error


async def test_the_watchdog_is_pinged_every_half_timeout_on_the_clock(systemd: tuple[str, socket.socket]) -> None:
    path, s = systemd
    s.setblocking(False)
    clock = VirtualClock()
    notifier = ServiceNotifier(path, watchdog_usec=4_000_000)
    task = asyncio.ensure_future(notifier.keep_alive(clock))

    async def watch() -> list[float]:
        times = []
        while clock.now() < 7:
            await clock.sleep(0.5)
            try:
                while s.recv(64) == b"WATCHDOG=1":
                    times.append(clock.now())
            except BlockingIOError:
                pass
        return times

    times = await run_on_virtual_time(clock, watch())
    task.cancel()
    # Sent at 0, 2, 4 and 6 s, each read by the next look at the socket.
    assert len(times) == 4 and all(2 * i <= t <= 2 * i + 0.5 for i, t in enumerate(times))


def test_agora_play_says_ready_and_alive_and_stopping(
    systemd: tuple[str, socket.socket], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, s = systemd
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    monkeypatch.setenv("WATCHDOG_USEC", "1000000")
    server = start("politrics", tmp_path)
    try:
        ready = s.recv(4096).decode()
        assert ready.startswith("READY=1\nSTATUS=Politrics on simulated board")
        assert s.recv(64) == b"WATCHDOG=1"
        assert s.recv(64) == b"WATCHDOG=1"  # again half a second later: the loop is alive
    finally:
        server.stop()
    while (message := s.recv(4096)) == b"WATCHDOG=1":
        pass
    assert message.startswith(b"STOPPING=1")


async def test_lights_out_darkens_a_pico_that_was_left_lit() -> None:
    device = VirtualCoprocessor(SystemClock())
    path = await device.start()
    try:
        device.device.leds[:] = bytes([200]) * len(device.device.leds)
        message = await lights_out(open_board, f"serial:{path}", None)
        assert "LEDs dark" in message
        await asyncio.sleep(0.05)
        assert not any(device.device.leds)
    finally:
        await device.aclose()
    assert "no LEDs" in await lights_out(open_board, "sim", None)
