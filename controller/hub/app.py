"""The hub's page and API: the boards on the broker, one board's live picture, and a WebSocket that says when
anything changed."""

from __future__ import annotations

import asyncio
import contextlib
from importlib import resources
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse

from controller.hub.boards import Boards


class Hub:
    def __init__(self) -> None:
        self.boards = Boards()
        self.listeners: set[asyncio.Queue[int]] = set()

    def take(self, topic: str, payload: bytes) -> None:
        if self.boards.take(topic, payload):
            for q in list(self.listeners):
                if q.empty():
                    q.put_nowait(self.boards.version)


def create_hub_app(hub: Hub) -> FastAPI:
    app = FastAPI(title="Agora hub", description="Every Agora board on a broker, and spectating their games.")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def page() -> HTMLResponse:
        text = resources.files("controller.hub").joinpath("static", "hub.html").read_text(encoding="utf-8")
        return HTMLResponse(text)

    @app.get("/api/boards", summary="Every board on the broker: online or not, its game, players and moves")
    async def boards() -> list[dict[str, Any]]:
        return hub.boards.listing()

    @app.get("/api/boards/{place}", summary="One board: its game as a spectator sees it and its LED picture")
    async def board(place: str) -> dict[str, Any]:
        found = hub.boards.board(place)
        if found is None:
            raise HTTPException(404, f"no board {place} on this broker")
        return found

    @app.websocket("/ws")
    async def ws(socket: WebSocket) -> None:
        await socket.accept()
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        hub.listeners.add(queue)
        try:
            await socket.send_json({"version": hub.boards.version})
            while True:
                version = await queue.get()
                await socket.send_json({"version": version})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.listeners.discard(queue)
            with contextlib.suppress(Exception):
                await socket.close()

    return app
