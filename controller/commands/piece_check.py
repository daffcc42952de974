"""`agora doctor --pieces GAME`: every kind of piece the game uses closes its own square's switch, and only that one.

A reed switch closes under either pole; what fails is distance (a magnet glued into the base of a piece is too far
from the switch once the piece lies turned over, as Djambi's corpses do) or strength (a magnet that also closes a
neighbouring square's switch). So for each kind, and in a game that turns pieces over for each kind both ways up, the
maker sets one piece on a corner, an edge and a middle square in turn (the board lights the square) and lifts it
again. A kind that misses squares is a piece problem; a square that no piece closes is a switch problem (the sweep
finds those); a square that closes beside the piece is crosstalk.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import field
from typing import TextIO

from controller.commands.sweep_findings import neighbours
from controller.games.squares import mask, name, parse, squares_of
from controller.ports import BLACK_FRAME, RGB, Board, BoardEvent, Clock, Hands, LinkRestored, OccupancyChanged
from controller.values import dataclass

SPOTS = ((parse("a1"), "a corner"), (parse("e1"), "an edge"), (parse("e5"), "the middle"))
TARGET: RGB = (0, 114, 178)  # Okabe-Ito blue: set the piece here
_SAID_WITH_A_VOWEL = frozenset("AEFHILMNORSX")
HOLD = 0.5  # seconds a piece must stand before it counts as placed (a neighbour's switch has closed by then)


@dataclass(frozen=True, slots=True)
class Trial:
    """One placement the maker makes: a piece of `kind`, upright or turned over, on `square`."""

    kind: str
    turned_over: bool
    square: int

    @property
    def piece(self) -> str:
        article = "an" if self.kind[:1] in _SAID_WITH_A_VOWEL else "a"  # said by its letter: an M piece
        return f"{article} {self.kind} piece{' turned over' if self.turned_over else ''}"


Hand = Callable[[Trial], Awaitable[None]]
"""Who carries a trial out when no person does: the simulator's hand (and the tests' makers)."""


@dataclass(slots=True)
class TrialResult:
    trial: Trial
    closed: bool = False
    lifted: bool = False
    beside: int = 0  # other squares that closed while the piece stood
    before: int = 0  # other squares closed already when the square lit (nothing should stand anywhere)


def trials(kinds: Sequence[str], turned_over: bool) -> list[Trial]:
    ways = (False, True) if turned_over else (False,)
    return [Trial(kind, way, square) for kind in kinds for way in ways for square, _ in SPOTS]


@dataclass(slots=True)
class PieceReport:
    results: list[TrialResult] = field(default_factory=list)
    occupied_at_start: int = 0

    def problems(self) -> list[str]:
        if self.occupied_at_start:
            return [
                f"the board was not empty ({_names(self.occupied_at_start)}): "
                "take every piece off and run the piece test again"
            ]
        out = []
        closed = {r.trial.square for r in self.results if r.closed}
        # A square no piece closed while others did is the switch's fault, not the pieces'.
        dead = {r.trial.square for r in self.results} - closed if closed else set()
        if dead:
            squares = " ".join(name(s) for s in sorted(dead))
            out.append(f"no piece closed {squares}: the switch or its diode (run agora doctor --sweep), not the pieces")
        groups: dict[tuple[str, bool], list[TrialResult]] = {}
        for r in self.results:
            groups.setdefault((r.trial.kind, r.trial.turned_over), []).append(r)
        for (_, turned_over), results in groups.items():
            missed = [r.trial.square for r in results if not r.closed and r.trial.square not in dead]
            if missed:
                piece = results[0].trial.piece
                why = (
                    "its magnet is too far from the switch that way up: centre it in the piece's height"
                    if turned_over
                    else "a weak magnet, or one too high in the piece"
                )
                out.append(f"{piece} did not close {' '.join(name(s) for s in missed)}: {why}")
            for r in results:
                if near := r.beside & mask(neighbours(r.trial.square)):
                    out.append(
                        f"{r.trial.piece} on {name(r.trial.square)} also closed {_names(near)}: its magnet is too "
                        "strong for the squares' spacing (or the switches too sensitive)"
                    )
                if far := r.beside & ~mask(neighbours(r.trial.square)):
                    out.append(
                        f"{_names(far)} closed while {r.trial.piece} stood on {name(r.trial.square)}, away from it: "
                        "a loose or flapping switch, or a piece set down there"
                    )
        if before := _union(r.before for r in self.results):
            out.append(
                f"{_names(before)} read a piece although none should stand there: "
                "a stuck switch, or a piece left on the board"
            )
        if stuck := [r for r in self.results if r.closed and not r.lifted]:
            r = stuck[0]
            out.append(
                f"{name(r.trial.square)} still read a piece after {r.trial.piece} should have been lifted: "
                "a stuck switch, or the piece left there (the test stopped)"
            )
        return out


def _names(bits: int) -> str:
    return " ".join(name(s) for s in squares_of(bits))


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


class _Sensors:
    """The occupancy as the board reports it, and a wake-up on every change."""

    def __init__(self, events: AsyncIterator[BoardEvent], occupancy: int) -> None:
        self.occupancy = occupancy
        self.seen = occupancy  # every square closed since `mark`
        self.changed = asyncio.Event()
        self._task = asyncio.ensure_future(self._follow(events))

    async def _follow(self, events: AsyncIterator[BoardEvent]) -> None:
        async for event in events:
            if isinstance(event, OccupancyChanged | LinkRestored):
                self.occupancy = event.occupancy
                self.seen |= event.occupancy
                self.changed.set()

    def mark(self) -> None:
        self.seen = self.occupancy

    async def until(self, clock: Clock, done: Callable[[int], bool], seconds: float) -> bool:
        """Whether `done(occupancy)` came true within `seconds` of the clock."""
        timer = asyncio.ensure_future(clock.sleep(seconds))
        try:
            while True:
                self.changed.clear()
                if done(self.occupancy):
                    return True
                if timer.done():
                    return False
                woken = asyncio.ensure_future(self.changed.wait())
                await asyncio.wait((woken, timer), return_when=asyncio.FIRST_COMPLETED)
                woken.cancel()
        finally:
            timer.cancel()

    async def close(self) -> None:
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)


async def check_pieces(
    board: Board,
    clock: Clock,
    out: TextIO,
    kinds: Sequence[str],
    turned_over: bool,
    *,
    seconds: float = 60.0,
    hand: Hand | None = None,
) -> PieceReport:
    """Run every trial in turn, waiting up to `seconds` for each placement and each lift."""
    report = PieceReport()
    # The same three squares take a piece again and again, a few seconds apart: flap detection would take that
    # for a switch opening and closing by itself and freeze the square the test is reading.
    board.matrix.detect_flaps(False)
    events = board.matrix.events()
    first = await anext(events)
    if not isinstance(first, OccupancyChanged):
        raise TypeError(f"a board's events begin with its occupancy, not {first!r}")
    sensors = _Sensors(events, first.occupancy)
    try:
        await clock.sleep(HOLD)  # a switch that is stuck closed has been read by then
        if not await sensors.until(clock, lambda occ: occ == 0, seconds):
            report.occupied_at_start = sensors.occupancy
            return report
        for trial in trials(kinds, turned_over):
            result = await _run_trial(board, clock, out, sensors, trial, seconds, hand)
            report.results.append(result)
            if result.closed and not result.lifted:
                break
    finally:
        board.strip.show(BLACK_FRAME)
        await sensors.close()
        board.matrix.detect_flaps(True)
    return report


async def _run_trial(
    board: Board, clock: Clock, out: TextIO, sensors: _Sensors, trial: Trial, seconds: float, hand: Hand | None
) -> TrialResult:
    result = TrialResult(trial)
    where = dict(SPOTS)[trial.square]
    bit = 1 << trial.square
    frame = [(0, 0, 0)] * 81
    frame[trial.square] = TARGET
    board.strip.show(tuple(frame))
    print(f"  set {trial.piece} on {name(trial.square)} ({where}, lit), then lift it:", end="", file=out, flush=True)
    sensors.mark()
    result.before = sensors.occupancy & ~bit
    carried = asyncio.ensure_future(hand(trial)) if hand is not None else None
    try:
        result.closed = await sensors.until(clock, lambda occ: bool(occ & bit), seconds)
        if result.closed:
            await clock.sleep(HOLD)
            result.beside = sensors.seen & ~bit & ~result.before
        result.lifted = await sensors.until(clock, lambda occ: not occ & bit, seconds)
        result.beside |= sensors.seen & ~bit & ~result.before
    finally:
        if carried is not None:
            await carried
    print(" closed" if result.closed else " NOT CLOSED", end="", file=out)
    if result.beside:
        print(f", also {_names(result.beside)}", end="", file=out)
    print("" if result.lifted or not result.closed else ", NOT LIFTED", file=out)
    return result


def simulated_hand(hands: Hands, clock: Clock) -> Hand:
    """A maker on the simulated board: sets each piece down a moment after the square lights, then lifts it."""

    async def carry(trial: Trial) -> None:
        await clock.sleep(0.2)
        hands.place(trial.square)
        await clock.sleep(HOLD + 0.3)
        hands.lift(trial.square)

    return carry
