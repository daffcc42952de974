"""The page's live updates: a WebSocket of snapshots (one per change, never a backlog), events and LED frames."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from controller.session.render import frame_hex
from controller.web.deps import SiteDep
from controller.web.errors import ApiError
from controller.web.guard import strict_dumps

router = APIRouter()

Message = dict[str, Any]


async def _until_closed(socket: WebSocket) -> None:
    # The page sends nothing; a receive only returns (or raises) when the client goes away.
    while True:
        message = await socket.receive()
        if message["type"] == "websocket.disconnect":
            return


def _after_changes(queue: asyncio.Queue[Message]) -> Message | None:
    """Skip the "changed" notices already queued (one fresh snapshot answers them all); the first other message."""
    while not queue.empty():
        message = queue.get_nowait()
        if message["type"] != "changed":
            return message
    return None


@router.websocket("/ws")
async def ws(socket: WebSocket, site: SiteDep, token: str | None = None) -> None:
    try:
        seat = site.seat_of(token)
    except ApiError:
        await socket.close(code=4404)
        return
    await socket.accept()
    queue = site.controller.subscribe()
    closed = asyncio.create_task(_until_closed(socket))
    held: Message | None = None  # read while skipping "changed" notices: sent right after the snapshot
    try:
        await send(socket, {"type": "state", "state": await site.state(seat)})
        await send(socket, {"type": "led", "frame": frame_hex(site.controller.frame)})
        while True:
            if held is not None:
                message, held = held, None
            else:
                getter = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait({getter, closed}, return_when=asyncio.FIRST_COMPLETED)
                if closed in done:
                    getter.cancel()
                    return
                message = getter.result()
            if message["type"] == "changed":
                held = _after_changes(queue)
                await send(socket, {"type": "state", "state": await site.state(seat)})
            else:
                await send(socket, message)
    except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
        pass
    finally:
        closed.cancel()
        site.controller.unsubscribe(queue)
        with contextlib.suppress(Exception):
            await socket.close()


async def send(socket: WebSocket, message: dict[str, Any]) -> None:
    await socket.send_text(strict_dumps(message))
