"""Driving a VirtualClock from a test."""

from __future__ import annotations

import asyncio

from controller.clock import VirtualClock


async def settle_then_advance(clock: VirtualClock, to: float) -> None:
    """Let every task run until it waits (so its sleeper is registered), then move the clock to `to`.

    VirtualClock.advance looks for sleepers before yielding, so a task started or woken just before would be
    skipped over (proposed change to controller/clock.py in the board report).
    """
    for _ in range(5):
        await asyncio.sleep(0)
    await clock.advance(to)
