"""The controller's loop on virtual time with the simulated board: board events, page requests and the board's
buttons all reach the session in order through one queue."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from controller.clock import VirtualClock
from controller.games.squares import parse
from controller.lights import SceneInput
from controller.ports import ButtonPressed, SimOptions
from controller.session.core import Session
from controller.session.runner import Controller
from controller.session.seats import SeatKind
from tests.boards import leds, open_board
from tests.toys.jumps import Jumps


class Buttons:
    """The board's three buttons, pressed by the test (the GPIO buttons are tested with gpiozero's MockFactory)."""

    def __init__(self, clock: VirtualClock) -> None:
        self.clock = clock
        self.queue: asyncio.Queue[str] = asyncio.Queue()

    async def events(self) -> AsyncIterator[ButtonPressed]:
        while True:
            button, _, held = (await self.queue.get()).partition(" ")
            yield ButtonPressed(self.clock.now(), button, held=held == "held")  # type: ignore[arg-type]


async def test_buttons_step_through_a_question_and_answer_it() -> None:
    clock = VirtualClock()
    game = Jumps()
    session = Session(game, game.new(seed=0), seat_kinds=[SeatKind.BOARD] * 2)
    board = await open_board("sim", clock, initial=0, sim=SimOptions(keep_frames=0))
    assert board.sim is not None
    buttons = Buttons(clock)
    controller = Controller(session, board.matrix, clock, frame_rate=None, buttons=buttons)
    listener = controller.subscribe()
    task = asyncio.create_task(controller.run())
    await clock.advance(0.1)
    board.sim.place(parse("c3"))
    await clock.advance(2.0)
    assert [str(c.move) for c in session.prompt] == ["A@c3", "B@c3"]
    buttons.queue.put_nowait("menu")  # point at the second option
    await clock.advance(2.1)
    buttons.queue.put_nowait("ok")
    await clock.advance(2.2)
    assert [p.text for p in session.history] == ["B@c3"]
    buttons.queue.put_nowait("back")  # no question open: back takes the move back
    await clock.advance(2.3)
    assert session.history == []
    events = []
    while not listener.empty():
        events.append(listener.get_nowait())
    assert any(e.get("event") == "committed" and e["move"] == "B@c3" for e in events)
    assert any(e.get("event") == "takeback" for e in events)
    task.cancel()
    await board.aclose()


def _messages(listener: asyncio.Queue[dict[str, object]]) -> list[dict[str, object]]:
    out = []
    while not listener.empty():
        out.append(listener.get_nowait())
    return out


async def test_the_leds_are_sent_a_frame_only_when_it_changes_and_drawn_only_while_something_can_change() -> None:
    clock = VirtualClock()
    game = Jumps()
    session = Session(game, game.new(seed=0), seat_kinds=[SeatKind.BOARD] * 2)
    board = await open_board("sim", clock, initial=0, sim=SimOptions(keep_frames=None))
    assert board.sim is not None
    strip = leds(board)
    controller = Controller(session, board.matrix, clock, strip=board.strip)
    listener = controller.subscribe()
    task = asyncio.create_task(controller.run())
    await controller.live()  # the session started and its first frame is on the LEDs
    assert strip.shows == 1
    drawn = []
    scene = controller.scene

    def counted() -> SceneInput:
        drawn.append(clock.now())
        return scene()

    controller.scene = counted  # type: ignore[method-assign]
    await clock.advance(30.0)
    # A board waiting for a move: the same frame, never sent again to the LEDs or the page, drawn about once a second.
    assert strip.shows == 1
    assert len([m for m in _messages(listener) if m["type"] == "led"]) <= 1
    assert len(drawn) <= 31
    board.sim.place(parse("c3"))  # two kinds of piece fit: the board asks, the square blinks
    await clock.advance(32.0)
    assert [str(c.move) for c in session.prompt] == ["A@c3", "B@c3"]
    blinking = strip.shows
    assert blinking >= 5  # the fast blink: a new frame every change of its light
    assert len({f.frame for f in strip.frames}) >= 2
    await clock.advance(34.0)
    assert strip.shows > blinking  # it goes on blinking while the question is open
    task.cancel()
    await board.aclose()


async def test_the_ok_button_held_lights_a_hint_and_a_short_press_does_not() -> None:
    clock = VirtualClock()
    game = Jumps()
    session = Session(game, game.new(seed=0), seat_kinds=[SeatKind.BOARD] * 2)
    board = await open_board("sim", clock, initial=0, sim=SimOptions(keep_frames=None))
    strip = leds(board)
    buttons = Buttons(clock)
    controller = Controller(session, board.matrix, clock, strip=board.strip, buttons=buttons)
    task = asyncio.create_task(controller.run())
    await controller.live()
    await clock.advance(1.0)
    buttons.queue.put_nowait("ok")  # no question open: a short press does nothing
    await clock.advance(2.0)
    assert session.hint(None) is None
    waiting = strip.last_frame
    buttons.queue.put_nowait("ok held")
    await clock.advance(3.0)
    hint = session.hint(None)
    assert hint is not None and hint["move"] in [str(m) for m in session.state.legal_moves()]
    shown = {f.frame for f in strip.frames if f.t >= 2.0}  # from the press on
    assert session.hint_squares() and shown - {waiting}  # the hint's squares light up
    task.cancel()
    await board.aclose()


async def test_the_ok_button_held_gives_no_hint_in_a_game_with_secrets() -> None:
    from tests.toys.standoff import Standoff

    clock = VirtualClock()
    game = Standoff()
    session = Session(game, game.new(seed=1), seat_kinds=[SeatKind.BOARD] * 2)
    board = await open_board("sim", clock, initial=game.new(seed=1).occupancy(), sim=SimOptions(keep_frames=0))
    buttons = Buttons(clock)
    controller = Controller(session, board.matrix, clock, buttons=buttons)
    task = asyncio.create_task(controller.run())
    await controller.live()
    buttons.queue.put_nowait("ok held")  # the board is everybody's: a secret's hint belongs on a seat's own page
    await clock.advance(2.0)
    assert all(session.hint(seat) is None for seat in (None, 0, 1))
    assert task.done() is False
    task.cancel()
    await board.aclose()
