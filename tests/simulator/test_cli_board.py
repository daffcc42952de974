"""The CLI's board pieces: `--board` specs (backends), `agora doctor` and `agora sim-device`."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from controller.boards import BoardSpecError, parse_spec
from controller.cli.main import main
from controller.clock import SystemClock, VirtualClock
from controller.ports import OccupancyChanged
from hardware.errors import BoardError, FirmwareVersionError
from hardware.gpio_matrix import GpioMatrix
from hardware.pinmap import DEFAULT_PATH, PinMapError
from hardware.squares import parse
from simulator.coprocessor import VirtualCoprocessor
from tests.boards import leds, open_board, opener_on
from tests.hardware.mock_matrix import COLUMNS, ROWS
from tests.simulator.timing import settle_then_advance


def test_specs() -> None:
    assert parse_spec("sim") == ("sim", None)
    assert parse_spec(" serial:/dev/ttyACM0 ") == ("serial", "/dev/ttyACM0")
    with pytest.raises(BoardSpecError, match="serial:/dev/ttyACM0"):
        parse_spec("serial")
    with pytest.raises(BoardSpecError, match="sim, gpio, serial:PATH"):
        parse_spec("usb")


async def test_the_sim_board_moves_pieces_and_records_frames_on_the_given_clock() -> None:
    clock = VirtualClock()
    board = await open_board("sim", clock, initial=1 << parse("a1"))
    assert board.kind == "sim" and board.hands is board.sim is board.matrix
    strip = leds(board)
    events = board.matrix.events()
    assert await anext(events) == OccupancyChanged(0.0, 1 << parse("a1"))
    board.hands.place(parse("b1"))  # type: ignore[union-attr]
    await settle_then_advance(clock, 0.1)
    assert await anext(events) == OccupancyChanged(0.01, (1 << parse("a1")) | (1 << parse("b1")))
    board.strip.show(((1, 2, 3),) * 81)
    assert strip.last_frame == ((1, 2, 3),) * 81
    await board.aclose()
    assert strip.last_frame == ((0, 0, 0),) * 81


async def test_gpio_without_the_led_library_fails_clearly_and_releases_the_pins() -> None:
    factory = MockFactory()
    with pytest.raises(BoardError, match="adafruit-circuitpython-neopixel-spi"):
        await opener_on(factory)("gpio", VirtualClock())
    matrix = GpioMatrix.on_factory(ROWS, COLUMNS, pin_factory=factory, clock=VirtualClock())  # the pins are free again
    await matrix.aclose()


async def test_auto_picks_the_coprocessor_when_its_port_exists_and_the_simulator_otherwise(tmp_path: Path) -> None:
    pinmap = tmp_path / "pinmap.toml"
    link = tmp_path / "pico"
    pinmap.write_text(DEFAULT_PATH.read_text().replace('port = "/dev/agora-pico"', f'port = "{link}"'))
    board = await open_board("auto", SystemClock(), pinmap)
    assert board.kind == "sim"
    await board.aclose()
    device = VirtualCoprocessor(SystemClock(), link=link)
    await device.start()
    try:
        board = await open_board("auto", SystemClock(), pinmap)
        assert board.kind == "serial" and "agora-fw" in board.description
        await board.aclose()
    finally:
        await device.aclose()


async def test_a_wrong_firmware_and_a_wrong_pin_map_are_refused_at_open(tmp_path: Path) -> None:
    device = VirtualCoprocessor(SystemClock(), protocol_version=2)
    path = await device.start()
    try:
        with pytest.raises(FirmwareVersionError, match="protocol 2"):
            await open_board(f"serial:{path}", SystemClock())
    finally:
        await device.aclose()
    bad = tmp_path / "pinmap.toml"
    bad.write_text(DEFAULT_PATH.read_text().replace("columns = [23,", "columns = [4,"))
    with pytest.raises(PinMapError, match="GPIO4 is used twice"):
        await open_board("sim", SystemClock(), bad)


def test_doctor_on_the_simulator_reports_the_broken_switches(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            *("doctor", "--board", "sim", "--walk-delay", "0.05"),
            *("--sim-fault", "flapping:e5", "--sim-fault", "dead:c3", "--sim-fault", "stuck:h8"),
        ]
    )
    out = capsys.readouterr().out
    assert code == 1
    problems = [line for line in out.splitlines() if line.startswith("PROBLEM")]
    assert problems == [
        "PROBLEM: never closed (dead switch, broken diode or a weak magnet): c3",
        "PROBLEM: still closed after the sweep (stuck switch or a piece left on the board): h8",
        "PROBLEM: flapping (reported untrusted): e5",
    ]


def test_doctor_on_a_healthy_simulator_walks_the_chain_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--board", "sim"]) == 0
    out = capsys.readouterr().out
    walk = [line.split("-> ")[1] for line in out.splitlines() if line.startswith("  LED ")]
    assert walk[:11] == ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "i2", "h2"]  # serpentine
    assert len(walk) == 81 and out.rstrip().endswith("No problems found.")


def test_doctor_refuses_simulated_faults_on_real_boards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--board", "serial:/dev/null", "--sim-fault", "dead:a1"]) == 2
    assert "--board sim" in capsys.readouterr().err


def test_sim_device_serves_the_doctor_over_a_real_pty_across_processes(tmp_path: Path) -> None:
    link = tmp_path / "pico"
    proc = subprocess.Popen(
        [sys.executable, "-m", "controller", "sim-device", "--link", str(link), "--occupied", "a1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None and proc.stdin is not None
        assert proc.stdout.readline().strip() == str(link)
        code = main(["doctor", "--board", f"serial:{link}", "--seconds", "0.5", "--walk-delay", "0.001", "--plain"])
        assert code == 1  # the piece left on a1
        proc.stdin.write("stats\n")
        proc.stdin.flush()
        stats = proc.stdout.readline()
        assert "magnets: a1" in stats
        assert int(stats.rsplit(" ", 1)[1]) > 10  # the walk's frames reached the device (1 ms apart, some merge)
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


async def test_sim_device_commands(tmp_path: Path) -> None:
    from hardware.chain import ChainOrder
    from simulator.device import _command

    device = VirtualCoprocessor(SystemClock())
    await device.start()
    try:
        assert await _command(device, ChainOrder(), ["place", "c3"]) == "ok"
        assert await _command(device, ChainOrder(), ["slide", "c3", "c4"]) == "ok"
        assert (await _command(device, ChainOrder(), ["lift", "e5"])).startswith("! there is no piece on e5")
        assert (await _command(device, ChainOrder(), ["dance"])).startswith("? dance")
        assert device.hands.magnets == 1 << parse("c4")
    finally:
        await device.aclose()
    await asyncio.sleep(0)
