"""The cafe window's demo: computer against computer on the simulated board, paced for people watching.

Nobody stands at a simulated board, so the demo's hands carry out what the LEDs ask for (the computers' moves as
chores), one piece at a time, and start a new game a while after one ends."""

from __future__ import annotations

from collections.abc import Callable

from controller.games.squares import lowest
from controller.ports import Clock, Hands
from controller.recognizer.machine import Guidance, Mode
from controller.session.core import Session
from controller.session.runner import Controller

OVER_PAUSE = 4  # paces the finished game stays on show before the next one starts
# A game this long is given up for a new one: the window must never show one game for ever (Polis has no rule that
# ends a game going nowhere; computer games of it take 20 to 100 moves).
LONGEST = 400


def next_step(expected: int, occupancy: int) -> tuple[str, int] | None:
    """One hand movement towards the expected position: a piece lifted where none should be, else one put down."""
    extra = occupancy & ~expected
    if extra:
        return "lift", lowest(extra)
    missing = expected & ~occupancy
    if missing:
        return "place", lowest(missing)
    return None


class DemoHands:
    """Carries out the board's chores as a person would: a piece lifted from a step's source is held until its
    destination is free (a Polis hop onto the square another piece just left), a piece to turn over is lifted and
    put back, and only then is the rest of the difference to the expected position mended."""

    def __init__(self, hands: Hands) -> None:
        self._hands = hands
        self._held: list[int] = []  # where the pieces in hand go

    def step(self, guidance: Guidance, occupancy: int) -> None:
        for square in self._held:
            if not occupancy >> square & 1:
                self._held.remove(square)
                self._hands.place(square)
                return
        for move in guidance.chore_moves:
            if move.src is not None and occupancy >> move.src & 1 and move.src not in self._held:
                self._hands.lift(move.src)
                if move.dst is not None:
                    self._held.append(move.dst)
                return
        touches = guidance.chore_touches & occupancy
        if touches:
            square = lowest(touches)
            self._hands.lift(square)
            self._held.append(square)
            return
        if self._held:
            return
        action = next_step(guidance.expected, occupancy)
        if action is not None:
            (self._hands.lift if action[0] == "lift" else self._hands.place)(action[1])

    def drop(self) -> None:
        self._held.clear()


async def play_hands(
    controller: Controller,
    hands: Hands,
    clock: Clock,
    pace: float,
    restart: Callable[[], Session],
    longest: int = LONGEST,
) -> None:
    """Run until cancelled: carry out the board's chores every third of `pace`; a new game after one ends or
    reaches `longest` moves."""
    demo = DemoHands(hands)
    while True:
        await clock.sleep(pace / 3)
        session = controller.session
        if session.state.is_over() or len(session.history) >= longest:
            await clock.sleep(pace * OVER_PAUSE)
            fresh = restart()

            def switch(_old: Session, now: float, fresh: Session = fresh) -> None:
                controller.replace(fresh, now)

            await controller.request(switch)
            demo.drop()
            continue
        guidance = session.recognizer.guidance()
        if guidance.mode not in (Mode.CHORES, Mode.IDLE):
            continue
        try:
            demo.step(guidance, controller.matrix.scan())
        except ValueError:
            continue  # the scan has not caught up with the last movement yet
