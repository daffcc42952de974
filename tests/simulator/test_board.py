"""The simulated board on virtual time: what `agora replay` and the web page's clicks rely on."""

from __future__ import annotations

import asyncio

import pytest

from controller.clock import SystemClock, VirtualClock
from controller.ports import BoardEvent, LinkLost, LinkRestored, OccupancyChanged, SquaresUntrusted
from hardware.debounce import DebounceConfig
from hardware.squares import parse
from simulator.board import SimBoard
from simulator.switches import Bounce
from tests.simulator.timing import settle_then_advance


def sq(*names: str) -> int:
    return sum(1 << parse(n) for n in names)


class Run:
    def __init__(self, board: SimBoard, clock: VirtualClock) -> None:
        self.board, self.clock = board, clock
        self.events: list[BoardEvent] = []
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        stream = self.board.events()

        async def collect() -> None:
            async for e in stream:
                self.events.append(e)

        self._task = asyncio.ensure_future(collect())
        await settle_then_advance(self.clock, self.clock.now())

    async def at(self, t: float) -> None:
        await settle_then_advance(self.clock, t)

    async def close(self) -> None:
        await self.board.aclose()
        if self._task is not None:
            await asyncio.wait_for(self._task, 5)

    def changes(self) -> list[tuple[float, int]]:
        return [(round(e.t, 6), e.occupancy) for e in self.events if isinstance(e, OccupancyChanged)]


async def started(**kwargs: object) -> Run:
    clock = VirtualClock()
    run = Run(SimBoard(clock, **kwargs), clock)  # type: ignore[arg-type]
    await run.start()
    return run


async def test_lift_and_place_give_changes_on_the_scan_grid_after_the_debounce() -> None:
    run = await started(initial=sq("a1"))
    await run.at(0.1003)
    run.board.place(parse("c3"))
    await run.at(0.3)
    run.board.lift(parse("a1"))
    await run.at(0.5)
    await run.close()
    # Scans every 5 ms; depth 2: the scans at 0.105 and 0.110 see c3, 0.305 and 0.310 miss a1.
    assert run.changes() == [(0.0, sq("a1")), (0.11, sq("a1", "c3")), (0.31, sq("c3"))]


async def test_the_same_script_gives_the_same_events_whatever_the_driver_did_in_between() -> None:
    async def script(step: float) -> list[tuple[float, int]]:
        run = await started(bounce=Bounce(flips=3, spacing=0.002), seed=4)
        t = 0.0
        for at, name in ((0.1, "e5"), (0.13, "e6"), (0.4, "e7"), (1.0, "")):
            while t < at:  # finer or coarser clock steps between the actions
                t = min(at, round(t + step, 6))
                await run.at(t)
            if name:
                run.board.place(parse(name))
        await run.close()
        return run.changes()

    assert await script(0.001) == await script(0.05) == await script(1.0)


async def test_an_action_while_the_clock_jumped_ahead_is_stamped_on_its_own_scan_grid() -> None:
    # Plain clock.advance without letting the scanner run first: the scanner catches up with exact times.
    clock = VirtualClock()
    board = SimBoard(clock)
    events = board.events()
    first = await anext(events)
    board.place(parse("b2"))
    await clock.advance(1.0)
    for _ in range(5):
        await asyncio.sleep(0)
    second = await asyncio.wait_for(anext(events), 1)
    assert (first, second) == (OccupancyChanged(0.0, 0), OccupancyChanged(0.01, sq("b2")))
    await board.aclose()


async def test_a_slide_closes_each_square_it_passes_over_for_long_enough() -> None:
    run = await started(initial=sq("c3"))
    await run.at(0.1)
    run.board.slide([parse(n) for n in ("c3", "c4", "c5", "c6")], seconds_per_square=0.05)
    await run.at(0.5)
    await run.close()
    assert [occ for _, occ in run.changes()] == [sq("c3"), sq("c4"), sq("c5"), sq("c6")]


async def test_a_quick_slide_passes_squares_too_fast_for_the_debounce() -> None:
    run = await started(initial=sq("c3"))
    await run.at(0.1)
    run.board.slide([parse(n) for n in ("c3", "c4", "c5", "c6")], seconds_per_square=0.006)
    await run.at(0.5)
    await run.close()
    # c4 and c5 close for 6 ms each, a scan or so: never debounced; the board reads empty until c6 counts.
    assert [occ for _, occ in run.changes()] == [sq("c3"), 0, sq("c6")]


async def test_faults_stuck_dead_and_flapping() -> None:
    run = await started(initial=sq("b2"))
    run.board.stick(parse("a9"))
    run.board.kill(parse("b2"))
    await run.at(0.0025)
    run.board.flap(parse("e5"), period=0.01)  # flips halfway between scans: closed, open, closed...
    await run.at(1.2)
    run.board.place(parse("b3"))
    await run.at(1.5)
    await run.close()
    assert [occ for _, occ in run.changes()] == [sq("b2"), sq("a9"), sq("a9", "b3")]
    assert [e.squares for e in run.events if isinstance(e, SquaresUntrusted)] == [sq("e5")]


async def test_arrange_sets_up_a_position_at_once() -> None:
    run = await started()
    await run.at(0.2)
    run.board.arrange(sq("a1", "b1", "c1"))
    await run.at(0.3)
    run.board.lift(parse("b1"))
    await run.at(0.5)
    await run.close()
    assert run.changes() == [(0.0, 0), (0.2, sq("a1", "b1", "c1")), (0.31, sq("a1", "c1"))]
    assert run.board.scan() == sq("a1", "c1")


async def test_disconnect_pauses_and_reconnect_resyncs() -> None:
    run = await started()
    await run.at(0.1)
    run.board.disconnect()
    run.board.place(parse("d4"))
    await run.at(0.5)
    run.board.reconnect()
    await run.at(0.6)
    await run.close()
    assert [type(e) for e in run.events] == [OccupancyChanged, LinkLost, LinkRestored]
    assert run.events[-1] == LinkRestored(0.5, sq("d4"))


async def test_an_idle_board_does_not_scan() -> None:
    run = await started(initial=sq("a1"))
    await run.at(0.1)
    run.board.place(parse("b1"))
    await run.at(3600.0)
    scans = run.board.scans
    assert scans < 10  # an hour of virtual time, a handful of scans around one action
    run.board.lift(parse("b1"))
    await run.at(3601.0)
    await run.close()
    assert run.changes()[-1] == (3600.01, sq("a1"))


async def test_hands_refuse_impossible_moves() -> None:
    board = SimBoard(VirtualClock(), initial=sq("a1"))
    with pytest.raises(ValueError, match="no piece on c3"):
        board.lift(parse("c3"))
    with pytest.raises(ValueError, match="a1 already has a piece"):
        board.place(parse("a1"))
    board.toggle(parse("a1"))
    assert board.magnets == 0


async def test_on_the_system_clock_a_click_arrives_within_a_moment() -> None:
    board = SimBoard(SystemClock(), debounce=DebounceConfig(depth=2))
    events = board.events()
    assert await anext(events) == OccupancyChanged(pytest.approx(SystemClock().now(), abs=5), 0)  # type: ignore[arg-type]
    board.toggle(parse("e5"))
    event = await asyncio.wait_for(anext(events), 10)
    assert isinstance(event, OccupancyChanged) and event.occupancy == sq("e5")
    await board.aclose()
