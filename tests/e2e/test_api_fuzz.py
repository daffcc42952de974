"""The web API of a real `agora play` fuzzed from its own OpenAPI document (see tests/e2e/api_fuzz.py): no 5xx, and
every JSON answer valid. `make fuzz` sends 100,000 such requests."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.e2e.api_fuzz import fuzz
from tests.e2e.server import start
from tests.referee.test_referee_fuzz import DataChooser


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    server = start("politics1952", tmp_path_factory.mktemp("fuzz"), ["--players", "3", "--seed", "7"])
    with httpx.Client(base_url=server.url, timeout=20) as c:
        yield c
    assert server.proc.poll() is None, "the board's process ended"
    server.stop()


@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_fuzzed_requests_never_get_a_5xx(client: httpx.Client, data: st.DataObject) -> None:
    fuzz(client, DataChooser(data), steps=15)
