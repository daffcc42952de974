"""The firmware's pure modules (protocol, debounce, device logic, boot window, the matrix scan over stubbed
registers of both chips) under real MicroPython: the WebAssembly port, run by node. The same scenarios run under
CPython here; both must give the same answers, and the answers must be right."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from simulator.firmware import FIRMWARE_DIR, load_firmware

REPO = Path(__file__).resolve().parents[2]
MODULES = REPO / ".micropython"
PACKAGE = MODULES / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def on_micropython() -> dict[str, Any]:
    node = shutil.which("node")
    assert node is not None and PACKAGE.is_dir(), "make test installs node's MicroPython into .micropython/"
    done = subprocess.run(
        [node, str(HERE / "micropython_run.mjs"), str(MODULES), str(FIRMWARE_DIR), str(HERE / "mp_scenarios.py")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.fixture(scope="module")
def on_cpython() -> dict[str, Any]:
    load_firmware()
    from tests.firmware import mp_scenarios

    return mp_scenarios.run()


def test_micropython_runs_the_firmware_exactly_as_cpython_does(
    on_micropython: dict[str, Any], on_cpython: dict[str, Any]
) -> None:
    for part in ("protocol", "debounce", "flaps", "device", "boot", "matrix"):
        assert on_micropython[part] == on_cpython[part], part


def test_the_answers_are_right(on_micropython: dict[str, Any]) -> None:
    from hardware import protocol as pi

    proto = on_micropython["protocol"]
    assert all(proto["roundtrip"])
    assert proto["garbage"][1] > 0  # random bytes are rejected, never turned into frames
    frames = pi.FrameDecoder().feed(bytes.fromhex("".join(proto["frames"])))
    assert len(frames) == len(proto["frames"])  # every frame MicroPython built is a valid frame for the Pi
    device = on_micropython["device"]
    messages = [pi.parse_device_message(f) for f in pi.FrameDecoder().feed(bytes.fromhex(device["out"]))]
    assert isinstance(messages[0], pi.HelloAck) and messages[0].boot == 0xBEEF
    assert any(isinstance(m, pi.State) for m in messages) and device["bad"] == 0 and device["gen"] > 0
    assert on_micropython["boot"][:4] == [True, False, False, True]  # mpremote's Ctrl-C; after 0x00 it is data
    assert not any(on_micropython["boot"][4:-1])  # a host's HELLO never breaks in, whatever its bytes
    assert on_micropython["boot"][-1] == [True, False]  # the window closes by time
    untrusted = [step[2] for step in on_micropython["debounce"]]
    assert any(int(u, 16) for u in untrusted)  # the flapping e5 was distrusted
    for fast_from, fast, fast_trusted, slow_from, slow, hand in on_micropython["flaps"]:
        # Every third flip is counted (one per 8 ms debounce): its tenth at 81 ms, well within half a second.
        assert fast == fast_from + 9 * 9
        assert fast_trusted == fast_from + 999 + 2000  # two quiet seconds after its last flip
        assert slow_from < slow <= slow_from + 16 * 1000 + 8  # 17 of its changes, each through the debounce
        assert hand == -1  # a piece set and lifted every 1.5 s is a person, not a flap
    for chip in ("RP2040", "RP2350"):
        assert all(all(read) for read in on_micropython["matrix"][chip]), chip  # right, no row ever driven high
