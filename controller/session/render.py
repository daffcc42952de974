"""The session drawn on the LEDs: the scene it is drawn from, and the render loop that shows it and tells the
pages."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from controller.games.squares import mask
from controller.lights import SceneInput, draw
from controller.ports import BLACK_FRAME, Clock, Frame, PixelStrip
from controller.session.core import Session

STILL_REDRAW = 1.0  # seconds a still scene waits at most before it is drawn again, whatever happened
FAULT_QUIET = 1.0  # seconds the session's timers rest after one of them failed
PAGE_RATE = 15  # LED frames a second the pages get at most


def scene_of(session: Session) -> SceneInput:
    """What the session's LEDs are drawn from, besides time."""
    state = session.state
    result = state.outcome()
    winners: int | None = None
    if result is not None and result.winners:
        winners = mask(sq for sq, piece in state.pieces().items() if piece.owner in result.winners)
    return SceneInput(
        guidance=session.recognizer.guidance(),
        region=session.region,
        marks=state.marks(),
        signs=state.signs(),
        confirmed=session.confirmed,
        confirmed_at=session.confirmed_at,
        thinking=session.thinking(),
        paused=session.paused,
        winners=winners,
        drawn=result is not None and not result.winners,
        hint=session.hint_squares(),
    )


def frame_hex(frame: Frame) -> str:
    return "".join(f"{r:02x}{g:02x}{b:02x}" for r, g, b in frame)


class Renderer:
    """Draws the scene when it may have changed (`redraw`) and while a pattern moves; shows a frame on the strip only
    when it differs from the one shown (a strip keeps showing its last frame, and a still board costs nothing)."""

    def __init__(
        self,
        scene: Callable[[], SceneInput],
        clock: Clock,
        strip: PixelStrip | None,
        broadcast: Callable[[dict[str, Any]], None],
        fault: Callable[[str, Exception], None],
        busy: Callable[[], bool] = lambda: False,
    ) -> None:
        self._scene = scene
        self._busy = busy
        self._clock = clock
        self._strip = strip
        self._broadcast = broadcast
        self._fault = fault
        self._frame: Frame = BLACK_FRAME
        self._changed = asyncio.Event()  # something the scene is drawn from may have changed
        self.live = asyncio.Event()  # a frame of the scene is shown

    @property
    def frame(self) -> Frame:
        """The LED frame shown last."""
        return self._frame

    def redraw(self) -> None:
        """Something the scene is drawn from may have changed."""
        self._changed.set()

    async def run(self, period: float) -> None:
        """Draw at most every `period` seconds, however fast the inputs come, until cancelled."""
        last_sent = -1.0
        last_drawn = -1e9
        unsent = False
        shown: Frame | None = None
        while True:
            now = self._clock.now()
            if now - last_drawn < period:
                await self._clock.sleep(period - (now - last_drawn))
                now = self._clock.now()
            self._changed.clear()
            if self._busy():
                # The controller works out a turn's start in callbacks of its own and asks for the scene once it
                # has (`redraw`): drawn now, the whole of that work would fall into this one callback.
                await self._until_changed(STILL_REDRAW)
                continue
            last_drawn = now
            try:
                frame, moving = draw(self._scene(), now)
                if frame != shown:
                    if self._strip is not None:
                        self._strip.show(frame)
                    shown = frame
            except Exception as exc:
                self._fault("drawing the LEDs", exc)
                await self._clock.sleep(FAULT_QUIET)
                continue
            self.live.set()
            if frame != self._frame:
                self._frame = frame
                unsent = True
            # The page redraws LEDs at most 15 times a second: enough for the patterns, light on the Wi-Fi. A frame
            # held back is sent once the interval is over, or a scene that then stays still would never reach it.
            if unsent and now - last_sent >= 1 / PAGE_RATE:
                last_sent = now
                unsent = False
                self._broadcast({"type": "led", "frame": frame_hex(self._frame)})
            if moving or unsent:
                await self._clock.sleep(period)
            else:
                await self._until_changed(STILL_REDRAW)

    async def _until_changed(self, seconds: float) -> None:
        """Until something the scene is drawn from may have changed, or `seconds` at most."""
        if self._changed.is_set():
            return
        changed = asyncio.ensure_future(self._changed.wait())
        timer = asyncio.ensure_future(self._clock.sleep(seconds))
        try:
            await asyncio.wait({changed, timer}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            changed.cancel()
            timer.cancel()
