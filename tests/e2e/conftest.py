"""Fixtures for end-to-end tests: real Chromium (Debian's package) driven by Playwright."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

from tests.e2e.server import PATIENCE

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Without the background-networking flags Chromium keeps trying to reach Google's hosts, which this closed
# network refuses; --no-sandbox because CI runs as root.
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# A page's expectation waits for what it expects, and calls the page hung only after this long (a loaded machine
# can take seconds to draw a change).
expect.set_options(timeout=int(PATIENCE * 1000))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()
