"""`agora doctor --pieces`: the per-kind piece test, run on the GPIO scanner over gpiozero's MockFactory wired like the
board (tests/hardware/mock_matrix.py), with a maker whose pieces are drawn: some kinds' magnets do not reach the
switch one way up, some close a neighbour's switch too, and a switch may be dead."""

from __future__ import annotations

import io

import pytest
from gpiozero.pins.mock import MockFactory
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.cli.main import main
from controller.clock import VirtualClock
from controller.commands.doctor import run_on_virtual_time
from controller.commands.piece_check import HOLD, SPOTS, PieceReport, Trial, check_pieces
from controller.games.survey import survey
from controller.ports import BLACK_FRAME, Board
from hardware.debounce import DebounceConfig
from hardware.gpio_matrix import GpioMatrix
from hardware.squares import parse
from simulator.hands import SimHands
from simulator.leds import SimPixelStrip
from simulator.switches import Switches
from tests.hardware.mock_matrix import COLUMNS, ROWS, MatrixWiring

WAIT = 1.0  # how long the test waits for each placement (virtual seconds)
# The neighbour a too strong magnet closes, for each square the test lights.
BESIDE = {parse("a1"): parse("b2"), parse("e1"): parse("f2"), parse("e5"): parse("f6")}


class Maker:
    """A person running the test: sets the piece named on the lit square, lifts it again."""

    def __init__(
        self, hands: SimHands, clock: VirtualClock, strip: SimPixelStrip, weak: set[tuple[str, bool]], strong: set[str]
    ) -> None:
        self.hands, self.clock, self.strip, self.weak, self.strong = hands, clock, strip, weak, strong

    async def __call__(self, trial: Trial) -> None:
        lit = [s for s, rgb in enumerate(self.strip.last_frame) if rgb != (0, 0, 0)]
        assert lit == [trial.square]  # the board shows where the piece goes
        square = lit[0]
        await self.clock.sleep(0.1)
        if (trial.kind, trial.turned_over) in self.weak:
            return  # set down, but the magnet is too far from the switch: nothing closes
        touched = [square, BESIDE[square]] if trial.kind in self.strong else [square]
        for s in touched:
            self.hands.place(s)
        await self.clock.sleep(HOLD + 0.2)
        for s in touched:
            self.hands.lift(s)


async def run(kinds: list[str], turned_over: bool, maker: dict[str, set], dead: int | None = None) -> PieceReport:
    clock, factory = VirtualClock(), MockFactory()
    switches = Switches()
    MatrixWiring(factory, switches, clock)
    matrix = GpioMatrix.on_factory(
        ROWS,
        COLUMNS,
        pin_factory=factory,
        clock=clock,
        scan_hz=50,
        settle=30e-6,
        debounce=DebounceConfig.for_rate(50, debounce_ms=40),
        spin=lambda _: None,
    )
    strip = SimPixelStrip(clock)
    board = Board("gpio", "GPIO matrix on MockFactory", matrix, strip, tuple(range(81)))
    hands = SimHands(switches, clock)
    if dead is not None:
        hands.kill(dead)
    hand = Maker(hands, clock, strip, maker["weak"], maker["strong"])
    try:
        return await run_on_virtual_time(
            clock, check_pieces(board, clock, io.StringIO(), kinds, turned_over, seconds=WAIT, hand=hand)
        )
    finally:
        await matrix.aclose()
        factory.reset()


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[str], bool, dict[str, set], int | None]:
    kinds = draw(st.lists(st.sampled_from("CDMNPRV"), min_size=1, max_size=3, unique=True))
    turned_over = draw(st.booleans())
    ways = [False, True] if turned_over else [False]
    weak = draw(st.sets(st.tuples(st.sampled_from(kinds), st.sampled_from(ways))))
    strong = draw(st.sets(st.sampled_from(kinds)))
    dead = draw(st.none() | st.sampled_from([s for s, _ in SPOTS]))
    return kinds, turned_over, {"weak": weak, "strong": strong}, dead


def piece_words(kind: str, turned_over: bool) -> str:
    return Trial(kind, turned_over, 0).piece


@given(tables())
@settings(max_examples=8, deadline=None)
async def test_the_report_names_exactly_the_pieces_that_miss_or_reach_too_far_and_the_dead_switch(
    table: tuple[list[str], bool, dict[str, set], int | None],
) -> None:
    kinds, turned_over, maker, dead = table
    report = await run(kinds, turned_over, maker, dead)
    problems = report.problems()
    ways = [False, True] if turned_over else [False]
    groups = {(k, w) for k in kinds for w in ways}
    missing = {g for g in groups if any(p.startswith(f"{piece_words(*g)} did not close") for p in problems)}
    assert missing == maker["weak"], problems
    some_closed = maker["weak"] != groups
    assert any(p.startswith("no piece closed") for p in problems) == (dead is not None and some_closed), problems
    too_strong = {
        k for k in kinds for w in ways if any(f"{piece_words(k, w)} on " in p and "also closed" in p for p in problems)
    }
    assert too_strong == {k for k in maker["strong"] if any((k, w) not in maker["weak"] for w in ways)}, problems
    known = ("did not close", "no piece closed", "also closed")
    assert all(any(k in p for k in known) for p in problems), problems
    assert len(report.results) == 3 * len(groups)


async def test_pieces_that_work_pass_and_the_board_goes_dark() -> None:
    report = await run(["C", "D"], True, {"weak": set(), "strong": set()})
    assert report.problems() == [] and [r.closed and r.lifted for r in report.results] == [True] * 12


async def test_a_piece_left_on_the_board_stops_the_test_before_it_starts() -> None:
    clock = VirtualClock()
    switches = Switches(initial=1 << parse("c3"))
    factory = MockFactory()
    MatrixWiring(factory, switches, clock)
    matrix = GpioMatrix.on_factory(ROWS, COLUMNS, pin_factory=factory, clock=clock, scan_hz=100, spin=lambda _: None)
    strip = SimPixelStrip(clock)
    board = Board("gpio", "GPIO matrix on MockFactory", matrix, strip, tuple(range(81)))
    try:
        report = await run_on_virtual_time(clock, check_pieces(board, clock, io.StringIO(), ["C"], False, seconds=WAIT))
    finally:
        await matrix.aclose()
        factory.reset()
    assert report.problems() == ["the board was not empty (c3): take every piece off and run the piece test again"]
    assert not report.results and strip.last_frame == BLACK_FRAME


def test_djambi_pieces_are_tested_both_ways_up_and_politrics_pieces_one_way() -> None:
    djambi, politrics, politics = survey("djambi", seeds=1), survey("politrics", seeds=1), survey("politics1952", 1)
    assert djambi.turned_over and djambi.kinds == ("A", "C", "D", "M", "N", "R")
    assert not politrics.turned_over and politrics.kinds == ("C", "D", "M", "P", "V")
    assert politics.kinds == ()


def test_agora_doctor_pieces_on_the_simulator(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--board", "sim", "--pieces", "djambi"]) == 0
    out = capsys.readouterr().out
    assert "each kind both ways up" in out and "set an R piece turned over on e5 (the middle, lit)" in out
    assert out.rstrip().endswith("Every piece closes its square.")
    assert main(["doctor", "--board", "sim", "--pieces", "polis", "--sim-fault", "dead:e1", "--seconds", "5"]) == 1
    out = capsys.readouterr().out
    assert "turned over" not in out
    assert [line for line in out.splitlines() if line.startswith("PROBLEM")] == [
        "PROBLEM: no piece closed e1: the switch or its diode (run agora doctor --sweep), not the pieces"
    ]
    assert main(["doctor", "--board", "sim", "--pieces", "politics1952"]) == 0
    assert "puts no pieces on the board" in capsys.readouterr().out
