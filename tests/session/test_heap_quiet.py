"""The garbage collector around a turn: once the loop has built a turn's whole index in its idle slices, a board
whose heap has settled freezes it out of the collector's reach (controller.heap), so no later collection traverses
its thousands of objects; a program that never settled (a test, a tool) keeps the collector as it is."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest

from controller import heap
from controller.clock import VirtualClock
from controller.games import load
from controller.ports import SimOptions
from controller.recognizer.index import TurnIndex
from controller.session.core import Session
from controller.session.runner import Controller
from controller.session.seats import SeatKind
from tests.bench.djambi_widest import WIDEST
from tests.boards import open_board


@pytest.fixture
def collector(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The collector as the test found it afterwards: nothing frozen, its thresholds and switch as they were (and
    the heap not settled, whatever an earlier test in this process did)."""
    thresholds, enabled = gc.get_threshold(), gc.isenabled()
    monkeypatch.setattr(heap, "_settled", False)
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    if not enabled:
        gc.disable()


def _seen_by_collector(obj: object) -> bool:
    return any(o is obj for o in gc.get_objects())


async def _index_once_prepared(game: str, seats: int, settle: bool) -> tuple[TurnIndex, Controller]:
    clock = VirtualClock()
    rules = load(game)
    session = Session(rules, rules.new(seats, seed=3), seat_kinds=[SeatKind.BOARD] * seats)
    board = await open_board("sim", clock, initial=session.state.occupancy(), sim=SimOptions(keep_frames=0))
    controller = Controller(session, board.matrix, clock, frame_rate=None)
    if settle:
        heap.settled()
    task = asyncio.create_task(controller.run())
    await clock.advance(0.5)
    for _ in range(3000):  # the idle slices, each a turn of the loop
        await asyncio.sleep(0)
    index = session._recognizer.index
    assert index is not None and not index.prepare(), "the loop builds the whole index while it is idle"
    task.cancel()
    await board.aclose()
    return index, controller


@pytest.mark.usefixtures("collector")
async def test_a_settled_board_freezes_the_turns_index_once_the_loop_has_built_it() -> None:
    index, _ = await _index_once_prepared("djambi", 4, settle=True)
    assert index.candidates, "an opening with moves to make"
    assert not _seen_by_collector(index) and not _seen_by_collector(index.candidates[0])


@pytest.mark.usefixtures("collector")
async def test_a_program_that_never_settled_keeps_its_collector_as_it_is() -> None:
    gc.unfreeze()
    index, _ = await _index_once_prepared("politrics", 2, settle=False)
    assert gc.get_freeze_count() == 0
    assert _seen_by_collector(index)


@pytest.mark.usefixtures("collector")
async def test_no_collection_traverses_more_than_a_few_slices_of_a_wide_index_being_built() -> None:
    """The widest Djambi turn's index (some 30,000 objects) built in the loop's idle slices on a settled heap, full
    collections made frequent: each collection meets only what the last slices built, not the index so far."""
    state = WIDEST["widest-constructed-4001"].state()
    clock = VirtualClock()
    session = Session(state.game, state, seat_kinds=[SeatKind.BOARD] * state.seats)
    board = await open_board("sim", clock, initial=state.occupancy(), sim=SimOptions(keep_frames=0))
    controller = Controller(session, board.matrix, clock, frame_rate=None)
    met: list[int] = []

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            met.append(sum(len(gc.get_objects(g)) for g in range(info["generation"] + 1)))

    heap.settled()
    gc.set_threshold(700, 2, 2)  # a full collection every six young ones
    gc.callbacks.append(on_gc)
    try:
        task = asyncio.create_task(controller.run())
        for _ in range(3000):
            await asyncio.sleep(0)
            index = session.recognizer.index
            if index is not None and index.prepared:
                break
        task.cancel()
    finally:
        gc.callbacks.remove(on_gc)
    await board.aclose()
    assert index is not None and index.prepared and len(index.candidates) > 4000
    assert len(met) > 20, "collections ran while the index was built"
    assert max(met) < 5000
