"""The simulated board on the page: clicking a square lifts its piece or puts one there.

A click is answered once the board has read it. The page sends a click only after the one before was answered, so
each lift and placement stands still for a whole debounce before the next: two clicks on one square (a victim lifted,
its killer set down there) are read as two changes, never smoothed away as a switch's bounce.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Coroutine
from typing import Any

from fastapi import APIRouter

from controller.errors import ErrorKind, GameError
from controller.games.squares import parse as parse_square
from controller.ports import BoardEvent, Clock, LinkLost, LinkRestored, OccupancyChanged, SquaresUntrusted
from controller.web.deps import SiteDep
from controller.web.errors import ApiError
from controller.web.models import SquareRequest

router = APIRouter(tags=["sim"])

# A working switch is read within one debounce (milliseconds); a broken one is never read as changed. This only ends
# the wait for a switch that will not answer.
READ_WITHIN = 2.0


@router.post("/api/sim/toggle", summary="Simulator: lift the piece on a square, or put one there")
async def toggle(body: SquareRequest, site: SiteDep) -> dict[str, Any]:
    hands = site.config.hands
    if hands is None:
        raise ApiError(409, ErrorKind.PROTOCOL, "the board is real: move the pieces by hand")
    try:
        square = parse_square(body.square)
    except GameError as exc:
        raise ApiError(422, ErrorKind.INVALID, str(exc)) from exc
    matrix, clock = site.controller.matrix, site.controller.clock
    events = matrix.events()
    try:
        await anext(events)  # subscribed: no reading after the hands act is missed
        lifted = bool(matrix.scan() >> square & 1)
        try:
            (hands.lift if lifted else hands.place)(square)
        except ValueError:
            # Another client's click the board has not read yet: the hands know where the pieces are.
            lifted = not lifted
            (hands.lift if lifted else hands.place)(square)
        # Already read so when the board had not read the click before this one (a dead switch, another client).
        read = bool(matrix.scan() >> square & 1) != lifted or await _within(
            clock, READ_WITHIN, _read(events, square, not lifted)
        )
    finally:
        close = getattr(events, "aclose", None)  # the stream's queue is let go now, not when it is collected
        if close is not None:
            await close()
    return {"square": body.square, "lifted": lifted, "read": read}


async def _read(events: AsyncIterator[BoardEvent], square: int, present: bool) -> bool:
    """Whether the board reads `square` as `present`; False once it cannot (the switch untrusted, the link lost)."""
    async for event in events:
        match event:
            case OccupancyChanged(occupancy=occ) | LinkRestored(occupancy=occ) if bool(occ >> square & 1) == present:
                return True
            case SquaresUntrusted(squares=squares) if squares >> square & 1:
                return False
            case LinkLost():
                return False
    return False


async def _within(clock: Clock, seconds: float, waiting: Coroutine[Any, Any, bool]) -> bool:
    """`waiting`'s answer, or False once `seconds` of the board's clock have passed."""
    task = asyncio.ensure_future(waiting)
    timer = asyncio.ensure_future(clock.sleep(seconds))
    try:
        await asyncio.wait({task, timer}, return_when=asyncio.FIRST_COMPLETED)
        return task.result() if task.done() else False
    finally:
        for t in (task, timer):
            t.cancel()
        for t in (task, timer):
            with contextlib.suppress(asyncio.CancelledError):
                await t
