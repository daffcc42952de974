"""A real Mosquitto for the remote tests, on free loopback ports, stopped (and its files removed) afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.remote.broker import HUB_USER, SPY_USER, Broker

USERS = {
    "host": "host-secret",
    "guest": "guest-secret",
    "third": "third-secret",
    HUB_USER: "hub-secret",
    SPY_USER: "spy-secret",
}


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    b = Broker(tmp_path / "broker", dict(USERS), tls=True)
    b.directory.mkdir()
    b.start()
    try:
        yield b
    finally:
        b.stop()
