"""A simulated table: the real switches and debouncer under the real Session, on virtual time, and the tallies
of what the fuzzer's oracle (tests.fuzz.oracle) finds.

Time is a number the table moves on by hand (the session is clock-free: every input carries its time). Scans happen
at the board's scan rate whenever a switch or the debouncer is in flux and are skipped otherwise, so a generated
move costs only the scans that can see something.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

from controller.games import Move, Piece, State
from controller.recognizer.machine import Mode
from controller.recognizer.pieces import SLIDE
from controller.session import events as ev
from controller.session.core import Session
from hardware.debounce import DebounceConfig, Debouncer
from simulator.switches import NO_BOUNCE, Bounce, Switches
from tests.fuzz.hands import Act, is_put_back
from tests.fuzz.oracle import Shape, read
from tests.fuzz.trace import Trace

SCAN_HZ = 200
SCAN = 1 / SCAN_HZ
DEBOUNCE_SPREAD = 0.03  # how much the debounce (and a bouncing switch) may move one change's reading against another


COUNTS = (
    *("moves", "board_moves", "takebacks", "carried"),
    *("wrong", "missed", "needless", "bad_prompts", "prompts", "wrong_done", "false_flaps"),
)


@dataclass
class Tally:
    moves: int = 0
    board_moves: int = 0
    takebacks: int = 0  # moves put back by hand, which the board must take back
    carried: int = 0  # moves made elsewhere (the page, the phones' orders) whose chores the hands carry out
    wrong: int = 0  # a move committed that nobody made
    missed: int = 0  # a move (or takeback) made that the board never took, or took only after a needless question
    needless: int = 0  # a question although the touches decide (counted as a miss too)
    bad_prompts: int = 0  # a question without the move made, or with a move the touches rule out
    prompts: int = 0
    wrong_done: int = 0  # chores done (or the next turn begun) while a piece stands wrong
    false_flaps: int = 0  # a square distrusted as a flapping switch (the hands' switches never flap)
    failures: list[str] = field(default_factory=list)
    trace: Trace | None = None  # `--trace`: the hand events behind each failure go to `traces`
    traces: list[str] = field(default_factory=list)
    seen: Counter[str] = field(default_factory=Counter)  # moves made per class of position (tests.fuzz.positions)

    def add(self, other: Tally) -> None:
        for name in COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.failures += other.failures
        self.traces += other.traces
        self.seen += other.seen

    def fail(self, kind: str, text: str) -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        if kind == "needless":
            self.missed += 1  # the board should have taken the move without asking
        if len(self.failures) < 20:
            self.failures.append(f"{kind}: {text}")
        if self.trace is not None:
            self.traces.append("\n".join([f"{kind}: {text}", *(f"    {line}" for line in self.trace.lines())]))

    @property
    def judged(self) -> int:
        """What the board had to follow by itself: moves at the board, takebacks, chores of moves from elsewhere."""
        return self.board_moves + self.takebacks + self.carried

    @property
    def recognized(self) -> int:
        """Of those, the ones with no failure of any kind (a needless question is a miss)."""
        return max(0, self.judged - self.wrong - self.missed - self.bad_prompts - self.wrong_done)

    @property
    def clean(self) -> bool:
        failures = (self.wrong, self.missed, self.needless, self.bad_prompts, self.wrong_done, self.false_flaps)
        return not any(failures)


@dataclass
class Turn:
    """What the oracle knows of the move being made at the board."""

    start: int
    shapes: list[Shape]
    intended: Move | None
    touched: int = 0


class Table:
    def __init__(self, session: Session, rng: random.Random, tally: Tally, bounce: float = 0.2) -> None:
        self.session = session
        self.rng = rng
        self.tally = tally
        self.bounce = bounce
        state = session.state
        occ = state.occupancy()
        self.pieces: dict[int, Piece] = dict(state.pieces())
        self.switches = Switches(occ, seed=rng.randrange(2**32))
        # The board's own settings, flap detection included: quick hands must never be taken for a flapping switch.
        self.deb = Debouncer(DebounceConfig.for_rate(SCAN_HZ), occ)
        self.t = 0.0
        self._tick = 0
        self.turn: Turn | None = None
        self._air = []
        self._unseen = {}
        self._answer_at: float | None = None
        self.prompted = False
        if tally.trace is not None:
            tally.trace.reset(state.game.square_name)
        session.start(occ, self.t)
        self._events()

    # ---- time -------------------------------------------------------------------------------------------------
    def advance(self, to: float) -> None:
        while True:
            busy = self.switches.busy(self.t) or not self.deb.settled
            scan_at = (self._tick + 1) * SCAN if busy else math.inf
            d = self.session.deadline()
            due = [x for x in (scan_at, d, self._answer_at) if x is not None]
            nxt = min(due) if due else math.inf
            if nxt > to:
                break
            self.t = max(self.t, nxt)
            if nxt == scan_at:
                self._scan()
            if self._answer_at is not None and self._answer_at <= self.t:
                self._answer()
            d = self.session.deadline()
            if d is not None and d <= self.t:
                self.session.tick(self.t)
            self._events()
        self.t = max(self.t, to)

    def _scan(self) -> None:
        tick = max(self._tick + 1, math.ceil(self.t * SCAN_HZ - 1e-9))
        if tick - self._tick > 1:
            self.deb.skip(tick - self._tick - 1)
        self._tick = tick
        self.t = tick * SCAN
        before = self.deb.occupancy
        changed, untrusted = self.deb.sample(self.switches.level(self.t))
        if self.tally.trace is not None:
            if changed:
                self.tally.trace.seen(self.t, before, self.deb.occupancy)
            if untrusted:
                self.tally.trace.untrusted(self.t, self.deb.untrusted)
        # The occupancy first, as every scanner publishes it: a square trusted again must not be read at its frozen
        # value for a moment (a pin frozen down, then read up: a tap no hand made).
        if changed:
            self.session.on_board(self.deb.occupancy, self.t)
        if untrusted:
            self.session.on_untrusted(self.deb.untrusted, "flapping", self.t)

    def quiet(self, limit: float = 12.0) -> None:
        """Let time run until nothing is pending (answering questions), at most `limit` seconds."""
        end = self.t + limit
        while self.t < end:
            busy = self.switches.busy(self.t) or not self.deb.settled
            if not busy and self.session.deadline() is None and self._answer_at is None:
                break
            self.advance(min(end, self.t + 0.5))

    # ---- hands -------------------------------------------------------------------------------------------------
    def do(self, act: Act) -> None:
        if self._answer_at is not None:
            self.advance(self._answer_at)  # the player answers the board's question before going on
        bit = 1 << act.square
        if self.tally.trace is not None:
            self.tally.trace.act(self.t, act, None if self.turn is None else self.turn.intended)
        bounce = Bounce(flips=self.rng.randint(1, 2)) if self.rng.random() < self.bounce else NO_BOUNCE
        last, self._last_set = self._last_set, None
        if act.piece is None:
            held = self._slid(act.square, last)
            if held is not None:
                self._air.append(held)
            if is_put_back(act) or act.stray:
                self._held = held
        else:
            piece = self._held if is_put_back(act) else act.piece
            if piece is not None:
                self.pieces[act.square] = piece
                self._confuse(piece)
                self._last_set = (act.square, piece, self.t)
        self.switches.move(act.square, act.piece is not None, self.t, bounce)
        if self.turn is not None:
            self.turn.touched |= bit

    _held: Piece | None = None
    _distrusted = 0  # the squares the session distrusts now
    # What the sensors cannot tell apart: the pieces in the hands now, and since the board last moved on, the
    # pieces each could have been taken for (a piece set down while another was held too is either of them).
    _air: list[Piece]
    _unseen: dict[Piece, Piece]

    _last_set: tuple[int, Piece, float] | None = None  # the last act, when a set-down: its square, piece, time

    def _slid(self, square: int, last: tuple[int, Piece, float] | None) -> Piece | None:
        """The piece lifted from `square`. Right after a set-down next door, within a slide's time (the board's
        `SLIDE`, and the debounce's spread), the sensors cannot tell that set-down from this piece slid there, its
        switch closing before its own opened: the two pieces are either of them from then on."""
        held = self.pieces.pop(square, None)
        if held is not None and last is not None and self.t - last[2] <= SLIDE + DEBOUNCE_SPREAD:
            row, col = divmod(square, 9)
            if square != last[0] and abs(last[0] // 9 - row) <= 1 and abs(last[0] % 9 - col) <= 1:
                a, b = self._class(held), self._class(last[1])
                if a != b:
                    self._unseen[a] = b
        return held

    def _confuse(self, piece: Piece) -> None:
        """`piece` set down from the hands: the sensors saw a piece of those held go down, not which."""
        for other in self._air:
            a, b = self._class(piece), self._class(other)
            if a != b:
                self._unseen[a] = b
        if piece in self._air:
            self._air.remove(piece)

    def _class(self, piece: Piece) -> Piece:
        while piece in self._unseen:
            piece = self._unseen[piece]
        return piece

    # ---- what the session says ------------------------------------------------------------------------------------
    def _events(self) -> None:
        events = self.session.drain()
        moved = False
        for e in events:
            if self.tally.trace is not None:
                self.tally.trace.event(self.t, e)
            if isinstance(e, ev.Prompted):
                self._judge(e)
            elif isinstance(e, ev.SensorWarning) and e.squares & ~self._distrusted:
                where = f"{self.session.state.game.name} t={self.t:.2f}"
                self.tally.fail("false_flaps", f"{where}: hands taken for a flapping switch ({e.reason})")
            elif isinstance(e, ev.Committed | ev.ChoresFinished):
                moved = True
            if isinstance(e, ev.SensorWarning):
                self._distrusted = e.squares
        if moved and self.session.recognizer.mode is not Mode.CHORES:
            self._check_pieces()

    def _judge(self, e: ev.Prompted) -> None:
        self.tally.prompts += 1
        self.prompted = True
        turn = self.turn
        options = {text for text, _ in e.options}
        if turn is None or turn.intended is None:
            self.tally.fail("bad_prompts", f"a question with no move being made: {sorted(options)}")
            return
        wanted = str(turn.intended)
        reading = read(turn.shapes, turn.start, self.deb.occupancy, turn.touched)
        fitting = {str(s.move) for s in reading.fitting}
        where = f"{self.session.state.game.name} t={self.t:.2f} intended {wanted}, asked {sorted(options)}"
        if wanted not in options:
            self.tally.fail("bad_prompts", f"{where}: the move made is not among the options")
            return
        if options - fitting:
            self.tally.fail("bad_prompts", f"{where}: options the touches rule out {sorted(options - fitting)}")
        elif len(reading.best) < 2:
            self.tally.fail("needless", f"{where}: the touches decide ({[str(s.move) for s in reading.best]})")
        self._answer_at = self.t + self.rng.uniform(0.3, 1.5)

    def _answer(self) -> None:
        self._answer_at = None
        turn = self.turn
        if not self.session.prompt or turn is None or turn.intended is None:
            return
        wanted = str(turn.intended)
        if any(str(c.move) == wanted for c in self.session.prompt):
            self.session.answer(wanted, self.t)

    def _check_pieces(self) -> None:
        """The board moved on: every square the sensors read right must hold the piece the game says."""
        occ = self.deb.occupancy
        expected = self.session.state.pieces()
        # A square the hands have emptied or filled since is the next move's business; a piece of the wrong kind
        # (not turned over, or another piece) is what the board must never take for done.
        wrong = [sq for sq in set(expected) & set(self.pieces) if occ >> sq & 1 and self.pieces[sq] != expected[sq]]
        # A piece set down while the expected one was in the hands too is a swap the sensors cannot see (two
        # units held up at once and set down each on the other's square): the README's known limits.
        wrong = [sq for sq in wrong if self._class(expected[sq]) != self._class(self.pieces[sq])]
        self._air, self._unseen = [], {}
        if wrong:
            self.tally.fail(
                "wrong_done",
                f"{self.session.state.game.name} t={self.t:.2f}: went on with wrong pieces on {sorted(wrong)}",
            )

    def begin(self, state: State, shapes: list[Shape], intended: Move | None) -> None:
        self.turn = Turn(state.occupancy(), shapes, intended)
        self.prompted = False
