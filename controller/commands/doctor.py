"""`agora doctor`: a self-test for a board being built or serviced.

1. Walks a light along the LED chain in chain order, naming the square each LED should sit under (a jump means
   the chain settings in the pin map are wrong), then shows red, green and blue (a wrong colour means a wrong
   `order`), then the brightest frame the current budget allows.
2. Shows every sensor live for `--seconds`: on the terminal and on the board itself (a lit square = a closed
   switch). With `--sweep`, pass a magnet over every square once: squares that never closed are dead (or the magnet
   is too weak), a whole rank or file that never closed is a broken line, squares that never opened are stuck, and
   a square that closed only while a neighbour held the magnet has crosstalk (controller/commands/sweep_findings.py).
3. Reports stuck, dead, flapping and chattering switches and link losses; exit status 1 when anything is wrong.

`--pieces GAME` tests the pieces instead (controller/commands/piece_check.py): one of each kind the game uses, and
where the game turns pieces over each kind both ways up, must close the lit square's switch and no neighbour's.

On `--board sim` the doctor runs on virtual time and sweeps the simulated board itself; `--sim-fault stuck:a1`
(or dead:, flapping:) breaks a simulated switch first, to see what a report about it looks like.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import AsyncIterator, Awaitable
from dataclasses import field
from typing import TextIO, TypeVar

from controller.boards import BoardOpener, BoardSpecError, add_board_arguments
from controller.clock import SystemClock, VirtualClock
from controller.commands.piece_check import check_pieces, simulated_hand
from controller.commands.sweep_findings import CrosstalkWatch, broken_lines
from controller.frames import to_ansi as render_ansi
from controller.games import load
from controller.games import names as game_names
from controller.games.squares import name, parse, squares_of
from controller.games.survey import survey
from controller.ports import (
    BLACK_FRAME,
    RGB,
    Board,
    BoardEvent,
    BoardTrouble,
    Clock,
    Frame,
    LinkLost,
    LinkRestored,
    OccupancyChanged,
    SquaresUntrusted,
)
from controller.values import dataclass

T = TypeVar("T")


def names(mask: int) -> str:
    """`a1 c3 e5` for the squares set in `mask`."""
    return " ".join(name(s) for s in squares_of(mask))


FULL = (1 << 81) - 1
WHITE: RGB = (255, 255, 255)
SENSOR: RGB = (0, 158, 115)  # Okabe-Ito bluish green: a closed switch
ALARM: RGB = (213, 94, 0)  # Okabe-Ito vermillion: an untrusted switch
MIN_SCAN_RATE = 100
CHATTER = 4  # changes of one square during a sweep beyond a clean place and lift


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    parser.add_argument("--walk-delay", type=float, default=0.3, help="seconds per LED in the chain walk (0.3)")
    parser.add_argument("--no-walk", action="store_true", help="skip the LED chain walk")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to watch the sensors live (60)")
    parser.add_argument(
        "--sweep",
        action="store_true",
        help="you pass a magnet over every square once: report squares that never closed or never opened",
    )
    parser.add_argument(
        "--sim-fault",
        action="append",
        default=[],
        metavar="KIND:SQUARE",
        help="simulator only: break a switch first (stuck:a1, dead:c3, flapping:e5); repeatable",
    )
    parser.add_argument(
        "--pieces",
        choices=game_names(),
        metavar="GAME",
        help="test the game's pieces instead: set one of each kind (both ways up where the game turns pieces over) on "
        "the lit corner, edge and middle squares in turn; --seconds is then the wait for each placement",
    )
    parser.add_argument("--plain", action="store_true", help="no colours and no cursor movement")


def run(args: argparse.Namespace, open_board: BoardOpener) -> int:
    try:
        return asyncio.run(_main(open_board, args, sys.stdout))
    except BoardTrouble as exc:
        print(f"agora doctor: {exc}", file=sys.stderr)
        return 2


async def _main(open_board: BoardOpener, args: argparse.Namespace, out: TextIO) -> int:
    faults = [_parse_fault(f) for f in args.sim_fault]
    simulated = args.board.strip() == "sim"
    if faults and not simulated:
        raise BoardSpecError("--sim-fault breaks a simulated switch: use it with --board sim")
    if simulated:
        clock = VirtualClock()
        return await run_on_virtual_time(clock, _doctor(open_board, args, clock, out, faults))
    return await _doctor(open_board, args, SystemClock(), out, faults)


async def _doctor(
    open_board: BoardOpener, args: argparse.Namespace, clock: Clock, out: TextIO, faults: list[tuple[str, int]]
) -> int:
    board = await open_board(args.board, clock, args.pinmap)
    try:
        if board.sim is not None:
            for kind, square in faults:
                {"stuck": board.sim.stick, "dead": board.sim.kill, "flapping": board.sim.flap}[kind](square)
        if args.pieces:
            return await _piece_test(board, clock, out, args.pieces, args.seconds)
        report = await check_board(
            board,
            clock,
            out,
            walk_delay=0.0 if args.no_walk else args.walk_delay,
            seconds=args.seconds,
            sweep=args.sweep or board.sim is not None,
            plain=args.plain or not out.isatty(),
        )
    finally:
        await board.aclose()
    problems = report.problems()
    print("\n" + ("\n".join(f"PROBLEM: {p}" for p in problems) if problems else "No problems found."), file=out)
    return 1 if problems else 0


async def _piece_test(board: Board, clock: Clock, out: TextIO, game_name: str, seconds: float) -> int:
    found = survey(game_name)
    title = load(game_name).info.title
    print(f"Agora doctor: {board.description}", file=out)
    if not found.kinds:
        print(f"{title} puts no pieces on the board: nothing to test.", file=out)
        return 0
    ways = ", each kind both ways up (pieces are turned over in this game)" if found.turned_over else ""
    print(f"\nThe {title} pieces ({' '.join(found.kinds)}){ways}: take every piece off the board first.", file=out)
    hand = simulated_hand(board.sim, clock) if board.sim is not None else None
    report = await check_pieces(board, clock, out, found.kinds, found.turned_over, seconds=seconds, hand=hand)
    problems = report.problems()
    print(
        "\n" + ("\n".join(f"PROBLEM: {p}" for p in problems) if problems else "Every piece closes its square."),
        file=out,
    )
    return 1 if problems else 0


@dataclass(slots=True)
class Report:
    leds_walked: int = 0
    start: int = 0
    end: int = 0
    closed_seen: int = 0
    opened_seen: int = 0
    untrusted_seen: int = 0
    changes: list[int] = field(default_factory=lambda: [0] * 81)
    links_lost: list[str] = field(default_factory=list)
    swept: bool = False
    scan_rate: float | None = None
    crosstalk: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        out = []
        if self.swept:
            lines, explained = broken_lines(FULL & ~self.closed_seen)
            out.extend(lines)
            if dead := FULL & ~self.closed_seen & ~explained:
                out.append(f"never closed (dead switch, broken diode or a weak magnet): {names(dead)}")
            out.extend(self.crosstalk)
            if stuck := self.end & ~self.untrusted_seen:
                out.append(f"still closed after the sweep (stuck switch or a piece left on the board): {names(stuck)}")
            chatter = sum(1 << s for s, n in enumerate(self.changes) if n > CHATTER)
            if chatter & ~self.untrusted_seen:
                out.append(f"chattering (more changes than the sweep made): {names(chatter & ~self.untrusted_seen)}")
        elif self.start:
            out.append(f"read occupied on a board that should be empty: {names(self.start)}")
        if self.untrusted_seen:
            out.append(f"flapping (reported untrusted): {names(self.untrusted_seen)}")
        out.extend(f"link lost: {m}" for m in self.links_lost)
        if self.scan_rate is not None and 0 < self.scan_rate < MIN_SCAN_RATE:
            out.append(
                f"the board scanned only {self.scan_rate:.0f} times per second: at least {MIN_SCAN_RATE} are needed "
                "for the debounce and flap times (a busy Pi, or LED frames holding up the Pico?)"
            )
        return out


async def check_board(
    board: Board,
    clock: Clock,
    out: TextIO,
    *,
    walk_delay: float = 0.3,
    seconds: float = 60.0,
    sweep: bool = False,
    plain: bool = True,
) -> Report:
    report = Report(swept=sweep)
    print(f"Agora doctor: {board.description}", file=out)
    if walk_delay > 0:
        await _walk(board, clock, out, walk_delay, report)
    if board.sim is not None:
        task = "a simulated hand passes a magnet over every square"
    elif sweep:
        task = f"take every piece off, then pass a magnet over every square once ({seconds:g} s)"
    else:
        task = f"take every piece off, then lift and place pieces to test squares ({seconds:g} s)"
    print(f"\nLive sensors: {task}.", file=out)
    events = board.matrix.events()
    first = await anext(events)
    assert isinstance(first, OccupancyChanged)
    report.start = report.closed_seen = first.occupancy
    report.opened_seen = FULL & ~first.occupancy
    view = _LiveView(board, out, plain, report)
    view.draw(clock.now(), first.occupancy, 0)
    watcher = asyncio.ensure_future(_watch(events, view))
    try:
        if board.sim is not None:
            await _simulated_sweep(board, clock)
            await clock.sleep(1.5)  # long enough for a fast flap to be known (half a second) and reported
        else:
            await clock.sleep(seconds)
    finally:
        watcher.cancel()
        await asyncio.gather(watcher, return_exceptions=True)
    report.end = view.occupancy
    report.crosstalk = view.crosstalk.messages(unreliable=report.end | report.untrusted_seen)
    rate = getattr(board.matrix, "scan_rate", None)
    if rate is not None:
        report.scan_rate = float(rate())
        print(f"\nScan rate: {report.scan_rate:.0f} scans per second (measured by the board itself)", file=out)
    board.strip.show(BLACK_FRAME)
    return report


async def _walk(board: Board, clock: Clock, out: TextIO, delay: float, report: Report) -> None:
    print("LED chain walk: the light should move along the chain in order.", file=out)
    for position, square in enumerate(board.chain):
        frame = [(0, 0, 0)] * 81
        frame[square] = WHITE
        board.strip.show(tuple(frame))
        print(f"  LED {position:2d} -> {name(square)}", file=out)
        report.leds_walked += 1
        await clock.sleep(delay)
    for colour, rgb in (("RED", (255, 0, 0)), ("GREEN", (0, 255, 0)), ("BLUE", (0, 0, 255))):
        print(f"  every square should be {colour} now (else fix `order` in the pin map)", file=out)
        board.strip.show((rgb,) * 81)
        await clock.sleep(delay * 4)
    print("  full white, scaled to the current budget: check the supply holds (no flicker, no reset)", file=out)
    board.strip.show((WHITE,) * 81)
    await clock.sleep(delay * 4)
    board.strip.show(BLACK_FRAME)


async def _simulated_sweep(board: Board, clock: Clock) -> None:
    sim = board.sim
    assert sim is not None
    for square in range(81):
        if sim.magnets >> square & 1:
            sim.lift(square)
            await clock.sleep(0.06)
            sim.place(square)
        else:
            sim.place(square)
            await clock.sleep(0.06)
            sim.lift(square)
        await clock.sleep(0.06)


async def _watch(events: AsyncIterator[BoardEvent], view: _LiveView) -> None:
    async for event in events:
        view.on(event)


class _LiveView:
    def __init__(self, board: Board, out: TextIO, plain: bool, report: Report) -> None:
        self.board, self.out, self.plain, self.report = board, out, plain, report
        self.occupancy = report.start
        self.crosstalk = CrosstalkWatch(report.start)
        self.untrusted = 0
        self.drawn = False

    def on(self, event: BoardEvent) -> None:
        r = self.report
        match event:
            case OccupancyChanged(t=t, occupancy=occ) | LinkRestored(t=t, occupancy=occ):
                changed = occ ^ self.occupancy
                for s in squares_of(changed):
                    r.changes[s] += 1
                r.closed_seen |= occ
                r.opened_seen |= FULL & ~occ
                self.crosstalk.on(occ)
                self.occupancy = occ
                if isinstance(event, LinkRestored):
                    print(f"  {t:9.3f} link restored", file=self.out)
                self.draw(t, occ, changed)
            case SquaresUntrusted(t=t, squares=squares, reason=reason):
                r.untrusted_seen |= squares
                self.untrusted = squares
                print(f"  {t:9.3f} {reason}", file=self.out)
                self.draw(t, self.occupancy, 0)
            case LinkLost(t=t, message=message):
                r.links_lost.append(message)
                print(f"  {t:9.3f} LINK LOST: {message}", file=self.out)

    def draw(self, t: float, occupancy: int, changed: int) -> None:
        frame: Frame = tuple(
            ALARM if self.untrusted >> s & 1 else SENSOR if occupancy >> s & 1 else (0, 0, 0) for s in range(81)
        )
        self.board.strip.show(frame)
        if self.plain:
            if changed:
                marks = " ".join(("+" if occupancy >> s & 1 else "-") + name(s) for s in squares_of(changed))
                print(f"  {t:9.3f} {marks}", file=self.out)
            return
        if self.drawn:
            self.out.write("\x1b[10F")  # back to the top of the grid drawn last time
        self.out.write(render_ansi(frame, occupancy, untrusted=self.untrusted) + "\n")
        self.out.flush()
        self.drawn = True


def _parse_fault(text: str) -> tuple[str, int]:
    kind, _, square = text.partition(":")
    if kind not in ("stuck", "dead", "flapping"):
        raise BoardSpecError(f"--sim-fault {text!r}: the kind is stuck, dead or flapping (like flapping:e5)")
    try:
        return kind, parse(square)
    except ValueError as exc:
        raise BoardSpecError(f"--sim-fault {text!r}: {exc}") from None


async def run_on_virtual_time(clock: VirtualClock, work: Awaitable[T]) -> T:
    """Run `work` with `clock` jumping straight to the next sleeper's deadline whenever everything waits on it."""
    task = asyncio.ensure_future(work)
    idle_rounds = 0
    while not task.done():
        for _ in range(5):
            await asyncio.sleep(0)
        if task.done():
            break
        deadline = clock.next_deadline()
        if deadline is None:
            idle_rounds += 1
            if idle_rounds > 1000:
                task.cancel()
                raise RuntimeError("nothing waits on the virtual clock and the work does not finish")
            await asyncio.sleep(0.001)
            continue
        idle_rounds = 0
        await clock.advance(deadline)
    return task.result()
