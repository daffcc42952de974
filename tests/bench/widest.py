"""The widest positions of every game, and what a turn's start and a sensor event cost there.

"Widest" is the most legal moves for the seat at the board: the most candidates the recognizer indexes at a turn's
start. For each game it is the widest position met in seeded random games (the engines' own playouts), and for
Djambi, whose kills with a free corpse placement make the widest turns of all, also the two constructed positions
of tests/bench/djambi_widest.py: 3,433 moves (grown by hill-climbing on the move count) and 4,001 (grown further,
never more pieces of a kind than a party has).

Both figures are measured on the real code paths, in CPU time of this thread:
- `turn_start`: `Session.start` on a fresh copy of the position (nothing cached): the session's turn flow, the
  recognizer's `build_index`, `begin_turn`, and the steps of the turn's start the loop works out in callbacks of
  their own before it hands over the next input (the moves listed, their outlines, the near misses);
- `sensor_events`: for moves of the position, each change of occupancy their decision makes, as the controller's
  loop handles it (`on_board`, `tick`, the events drained) plus the LED frame drawn from the new scene; the loop
  first builds the rest of the turn's index while it is idle, as it does while the player thinks (`warm=False`:
  hands that start before it could);
- `idle_slices`: each slice of that building, a pause of the loop of its own;
- `in_the_loop`: the same turn begun in the controller's own loop as a new game from the page begins one (the
  request, the turn's start worked out a step a callback, the page's snapshot, the LEDs drawn, then the idle
  slices), every callback timed by a `LoopProbe`: the pauses the loop makes in the widest positions, which the table's
  "longest pause" row counts beside those of play.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from controller import heap
from controller.clock import VirtualClock
from controller.games import State, load
from controller.games.playout import random_step
from controller.lights import render
from controller.ports import SimOptions
from controller.session.core import Session
from controller.session.render import scene_of
from controller.session.runner import Controller
from controller.session.seats import SeatKind
from controller.session.snapshot import snapshot
from tests.bench.djambi_widest import WIDEST
from tests.bench.probe import LoopProbe
from tests.boards import open_board

GAMES = ("politrics", "polis", "politics1952", "chesspolitik", "djambi")


@dataclass(frozen=True, slots=True)
class Position:
    game: str
    label: str
    state: State

    @property
    def moves(self) -> int:
        return len(fresh(self.state).legal_moves()) if isinstance(self.state.to_move, int) else 0


def fresh(state: State) -> State:
    """An equal state with nothing computed yet (a state remembers its move list once listed)."""
    return state.game.from_json(state.to_json())


def _widest_met(game: str, games: int, seats: int | None = None, seed: int = 0) -> State | None:
    g = load(game)
    best: tuple[int, State | None] = (0, None)
    for n in range(games):
        rnd = random.Random(seed + n)
        state = g.new(seats, seed=seed + n)
        for _ in range(400):
            if state.to_move is None:
                break
            if isinstance(state.to_move, int):
                count = len(state.legal_moves())
                if count > best[0]:
                    best = (count, state)
            state = random_step(state, rnd)
    return best[1]


@cache
def widest(game: str, games: int = 30) -> tuple[Position, ...]:
    """The widest positions of `game` (see the module's docstring); a game of secret orders only has none."""
    out: list[Position] = []
    met = _widest_met(game, games)
    if met is not None:
        out.append(Position(game, f"widest of {games} random games", met))
    if game == "djambi":
        out.extend(Position(game, w.label, w.state()) for name, w in WIDEST.items() if name != "widest-random")
    if not out:  # Chesspolitik: orders from phones; a turn's start at the board is its start position
        out.append(Position(game, "a phase of secret orders", load(game).new(seed=0)))
    return tuple(out)


def _session(state: State) -> Session:
    return Session(state.game, state, seat_kinds=[SeatKind.BOARD] * state.seats)


def turn_start(state: State, repeats: int = 5) -> float:
    """The median CPU seconds of a turn's start in `state`, each on a fresh copy."""
    times = []
    for _ in range(repeats):
        copy = fresh(state)
        session = _session(copy)
        occupancy = copy.occupancy()
        started = time.thread_time()
        session.start(occupancy, 0.0)
        while session.starting():  # the start's steps the loop works out before it hands over the next input
            session.prepare()
        times.append(time.thread_time() - started)
    return statistics.median(times)


def _changes(state: State, rnd: random.Random, moves: int) -> Iterator[list[int]]:
    """For up to `moves` legal moves with a physical decision: the occupancies the decision passes through."""
    start = state.occupancy()
    legal = [m for m in state.legal_moves() if state.effect(m).decision or state.effect(m).decision_touch]
    for move in rnd.sample(legal, min(moves, len(legal))):
        effect = state.effect(move)
        occ, seen = start, []
        for step in effect.decision:
            if step.src is not None:
                occ &= ~(1 << step.src)
                seen.append(occ)
        for step in effect.decision:
            if step.dst is not None:
                occ |= 1 << step.dst
                seen.append(occ)
        for square in effect.decision_touch:  # a tap: the square changes and changes back
            occ ^= 1 << square
            seen.append(occ)
            occ ^= 1 << square
            seen.append(occ)
        yield seen


def sensor_events(state: State, moves: int = 60, seed: int = 1, warm: bool = True) -> list[float]:
    """CPU seconds per sensor event from the controller's loop to the LED frame (see the module's docstring);
    `warm=False`: the hands start before the loop has had a moment to build the rest of the turn's index."""
    rnd = random.Random(seed)
    out: list[float] = []
    copy = fresh(state)
    start = copy.occupancy()
    for path in _changes(copy, rnd, moves):
        session = _session(fresh(state))
        session.start(start, 0.0)
        session.drain()
        while session.starting():  # as the loop does before it hands over any input (Controller._begin)
            session.prepare()
        if warm:
            while session.prepare():  # what the loop does while the player thinks (Controller._idle)
                heap.grown()
        t = 1.0
        for occupancy in path:
            t += 0.3
            # The events go to the session as the controller's loop hands them over, and the LEDs are drawn from
            # the scene as its renderer draws them (Controller.scene).
            started = time.thread_time()
            session.on_board(occupancy, t)
            session.tick(t)
            session.drain()
            render(scene_of(session), t)
            out.append(time.thread_time() - started)
            while session.starting():  # a move committed: the loop works out the next turn's start apart
                session.prepare()
    return out


def idle_slices(state: State) -> list[float]:
    """CPU seconds of each slice of the turn's index the loop builds while it is idle (Controller._idle), after a
    turn's start in `state` (the first slices work out the start itself: the moves, their outlines, the near
    misses): each is a pause of the loop."""
    session = _session(fresh(state))
    session.start(state.occupancy(), 0.0)
    out = []
    while True:
        started = time.thread_time()
        more = session.prepare()
        heap.grown()  # as the loop keeps the heap after each slice
        out.append(time.thread_time() - started)
        if not more:
            return out


async def _in_the_loop(state: State, probe: LoopProbe) -> None:
    clock = VirtualClock()
    board = await open_board("sim", clock, initial=state.occupancy(), sim=SimOptions(keep_frames=0))
    controller = Controller(_session(fresh(state)), board.matrix, clock, strip=board.strip)
    runner = asyncio.create_task(controller.run(), name="controller")
    try:
        await controller.live()
        await _until_prepared(controller)
        widest = _session(fresh(state))
        with probe:
            await controller.request(lambda s, t: controller.replace(widest, t), then=lambda s, t: snapshot(s))
            await _until_prepared(controller)
    finally:
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await runner
        await board.aclose()


async def _until_prepared(controller: Controller) -> None:
    """Until the loop has built the whole of the turn's index (its idle slices done)."""
    session = controller.session
    for _ in range(100_000):
        await asyncio.sleep(0)
        index = session.recognizer.index
        if index is None or index.prepared:  # None: no turn at the board (a phase of secret orders)
            return
    raise AssertionError("the loop did not build the turn's index")


def in_the_loop(state: State, probe: LoopProbe) -> None:
    """A turn begun in `state` in the controller's loop, and the loop idle until it has built the turn's index (see
    the module's docstring): every callback of it timed by `probe` (the driving task's own are not the loop's)."""

    async def main() -> None:
        driver = asyncio.current_task()
        assert driver is not None
        probe.ignore.add(driver)
        await _in_the_loop(state, probe)

    asyncio.run(main())


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0


def main() -> None:
    for game in GAMES:
        for pos in widest(game):
            start = turn_start(pos.state)
            events = sensor_events(pos.state) if isinstance(pos.state.to_move, int) else []
            print(
                f"{game:13} {pos.label:32} {pos.moves:5} moves  turn start {start * 1000:7.2f} ms  "
                f"event p99 {percentile(events, 0.99) * 1e6:8.1f} us  ({len(events)} events)"
            )


if __name__ == "__main__":
    main()
