"""The page's app as `agora play` builds it (controller.web.app.built_app, on a worker thread): everything FastAPI
builds at the first request is built already, so the first phone's request builds nothing in the board's loop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pydantic
import pytest

from controller.clock import VirtualClock
from controller.session.factory import new_session
from controller.session.runner import Controller
from controller.store import GameStore
from controller.web.app import built_app, create_app
from controller.web.deps import WebConfig
from tests.boards import open_board


async def validators_made_by_the_first_request(
    make: Callable[[Controller, WebConfig], Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> int:
    store = GameStore(tmp_path / "g.sqlite")
    session = new_session("polis", seed=0, store=store)
    board = await open_board("sim", VirtualClock(), initial=session.state.occupancy())
    try:
        controller = Controller(session, board.matrix, VirtualClock(), strip=board.strip, sim=True)
        app = await asyncio.to_thread(make, controller, WebConfig(store=store, allowed_hosts=frozenset()))
        made: list[object] = []
        init = pydantic.TypeAdapter.__init__

        def counted(self: Any, *args: Any, **kwargs: Any) -> None:
            made.append(self)
            init(self, *args, **kwargs)

        monkeypatch.setattr(pydantic.TypeAdapter, "__init__", counted)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8000") as http:
            assert (await http.get("/static/app.js")).status_code == 200
        return len(made)
    finally:
        await board.aclose()
        store.close()


async def test_the_first_request_builds_no_route_in_the_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert await validators_made_by_the_first_request(built_app, tmp_path, monkeypatch) == 0


async def test_left_to_fastapi_the_first_request_builds_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the test above would see without built_app's knock: the counting counts."""
    assert await validators_made_by_the_first_request(create_app, tmp_path, monkeypatch) > 0
