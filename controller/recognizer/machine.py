"""The recognizer's state machine: sensor changes and clock ticks in, signals out. No I/O, no clock of its own.
Its modes are `guidance.Mode`; which moves fit and which the touches single out, `choice`; its times, `settings`."""

from __future__ import annotations

from collections.abc import Mapping

from controller.games.physical import Piece, Step
from controller.games.squares import squares_of
from controller.recognizer import guidance as lights
from controller.recognizer.guidance import ChoreState, Guidance, Mode, TurnState
from controller.recognizer.held import Held, longer_on_the_way, set_down, swaps
from controller.recognizer.holding import Holding
from controller.recognizer.index import Candidate, TurnIndex
from controller.recognizer.inplace import InPlace
from controller.recognizer.settings import Deadline, RecognizerSettings
from controller.recognizer.signals import (
    ChoresDone,
    MismatchShown,
    PromptCleared,
    PromptRaised,
    Recognized,
    Signal,
    TakebackSeen,
)

__all__ = ["Guidance", "Mode", "Recognizer", "RecognizerSettings"]

RETIRED_KEPT = 2  # indexes of turns over waiting to be let go of a slice at a time


class Recognizer(Holding):
    """Sensor changes, clock ticks and answers in, signals out; `Weighing` holds the state and weighs a turn,
    `Holding` keeps a move shown while a longer one may be on its way."""

    # ---- set-up by the session ------------------------------------------------------------------------------
    def begin_turn(
        self,
        index: TurnIndex,
        occupancy: int,
        t: float,
        pieces: Mapping[int, Piece] | None = None,
        following: Held | None = None,
    ) -> list[Signal]:
        """A new turn: the seat at the board chooses among `index`'s moves; `pieces` stand as the game says.
        `following`: a held move just committed (by default the recognizer's own, `following`), whose board is
        this turn's start: the changes seen since it was shown are the next player's, and the turn follows them one
        by one from that board (the order of the hands tells which piece went where), ending on `occupancy`."""
        self.mode = Mode.TURN
        self._retire(index)
        self.expected = index.start
        carried = self.following if following is None else following
        if carried is not None and (carried.board != index.start or carried.occupancy != occupancy):
            carried = None  # the board moved on otherwise (a takeback, a move entered on the page)
        self.pieces.reset(pieces, occupancy if carried is None else carried.board)
        if carried is None:
            return self._restart(occupancy, t)
        out = self._restart(carried.board, t)
        out.extend(self._follow(carried.steps, t))
        return out

    def begin_idle(
        self, expected: int, occupancy: int, t: float, pieces: Mapping[int, Piece] | None = None
    ) -> list[Signal]:
        """Nothing to recognize; the board should show `expected` (and `pieces`, when given)."""
        self.mode = Mode.IDLE
        self._retire(None)
        self.expected = expected
        self.following = None
        self.pieces.reset(pieces, occupancy)
        return self._restart(occupancy, t)

    def begin_chores(
        self, target: int, steps: tuple[Step, ...], must_touch: int, t: float, show: int = 0
    ) -> list[Signal]:
        """A move is committed; guide the board to `target`. Touches seen this turn count (a victim lifted first)."""
        self.mode = Mode.CHORES
        self.held = None
        self.expected = target
        self.chore_steps = steps
        self.chore_touch = must_touch
        self.chore_show = show
        self.tapped = self.lone = 0
        self._clear_pending()
        self.prompt = ()
        self.illegal = None
        out: list[Signal] = self._mismatch_gone()
        out.extend(self._evaluate_chores(t))
        if not any(isinstance(s, ChoresDone) for s in out):
            self.following = None  # the next turn begins after more hands than the held move's next player's
        return out

    def _retire(self, index: TurnIndex | None) -> None:
        """`index` is the turn's from now on; the one before is let go of a slice at a time (`prepare`), or at
        once if two are already waiting for that (a program that never prepares keeps no more)."""
        old = self.index
        self.index = index
        if old is not None and old is not index:
            self.retired.append(old)
            if len(self.retired) > RETIRED_KEPT:
                del self.retired[0]

    def hand_over(self) -> list[TurnIndex]:
        """The turn indexes held (the turn's and those retired), for another recognizer to let go of (`adopt`):
        this one is done, its session replaced by a new game's."""
        out = [*self.retired, *([self.index] if self.index is not None else [])]
        self.retired = []
        self.index = None
        self.mode = Mode.IDLE
        return out

    def adopt(self, indexes: list[TurnIndex]) -> None:
        """Indexes another recognizer built, let go of a slice at a time with this one's (`prepare`)."""
        self.retired.extend(indexes)

    def forget_touches(self, squares: int = ~0) -> None:
        """Touches of `squares` (all by default) seen so far no longer count: chores about to begin need them."""
        self.touched &= ~squares
        self.changes = {sq: n for sq, n in self.changes.items() if not squares >> sq & 1}
        self.following = None

    def open_chores(self) -> tuple[tuple[Step, ...], int, int]:
        """The chores still open (steps, squares still to touch, squares pointed out); nothing outside chores."""
        if self.mode is not Mode.CHORES:
            return (), 0, 0
        return self.chore_steps, self.chore_touch & ~self.touched, self.chore_show

    def _restart(self, occupancy: int, t: float) -> list[Signal]:
        self.held = None
        self.following = None
        self.occupancy = occupancy
        self.unsure = self.untrusted
        self._fresh = 0
        # Squares that differ at the start count as touched: they were handled before this turn began.
        self.touched = occupancy ^ self.expected
        self.changes = dict.fromkeys(squares_of(self.touched), 1)
        self.tapped = self.lone = 0
        self.in_place = InPlace(self.expected, occupancy)
        self.chore_steps = ()
        self.chore_touch = 0
        self.prompt = ()
        self.illegal = None
        self._clear_pending()
        out = self._mismatch_gone()
        out.extend(self._evaluate(t))
        return out

    def _follow(self, steps: list[int], t: float) -> list[Signal]:
        """The board's changes seen before this turn began, taken in order as the session gives them. A move they
        finish on the way (the next player's lift after it) is committed; the changes after it are its next turn's."""
        out: list[Signal] = []
        for n, occ in enumerate(steps):
            for seen, rest in ((self.interrupted, n), (self.board, n + 1)):
                said = seen(occ, t)
                out.extend(said)
                done = next((s.candidate for s in said if isinstance(s, Recognized)), None)
                if done is not None:
                    self.following = Held(done, self.occupancy, steps[rest:])
                    return out
        return out

    # ---- inputs -----------------------------------------------------------------------------------------------
    def interrupted(self, occupancy: int, t: float) -> list[Signal]:
        """Before `board`: a change that cannot extend the move the board is settling on (a lift elsewhere, a tap
        on another square), once the board showed that whole move, chores done, finishes it at once: the next
        player started quickly. Returns its commit (or the chores done, likewise, while the board waits to stand
        still on their position)."""
        if self.mode is Mode.CHORES and self._deadline_kind is Deadline.DONE:
            # The board stood on the chores' position, waiting to be sure no piece hovers there: a change away
            # from every square the chores handle is the next player's, so they are done.
            handled = self.chore_touch | self.chore_show
            for step in self.chore_steps:
                handled |= (0 if step.src is None else 1 << step.src) | (0 if step.dst is None else 1 << step.dst)
            return [] if (self.occupancy ^ occupancy) & handled else self._evaluate_chores(t, still=True)
        if self.held is not None:
            return self._held_interrupted(occupancy)
        if self.mode is not Mode.TURN or self._deadline_kind is not Deadline.COMMIT or len(self._pending) != 1:
            return []
        assert self.index is not None
        pending = self._pending[0]
        if not pending.whole(self.occupancy, self.touched | self.tapped):
            # Its chores still open, the move cannot be followed by the next player's hands: the change belongs to
            # this turn (a piece that hovered over another move's square now lands where it was going).
            return []
        shown = not (set_down(pending) & ~occupancy)  # no piece the move set down lifted again
        if shown and not swaps(pending, self.expected) and longer_on_the_way(self.index, pending, occupancy):
            # The hands may still be making another move of this turn that goes on from the board's squares (a
            # wrong piece lifted and put back while a victim was in the air, then its killer lifted): hold the move
            # shown, neither committed nor dropped (`held`); `board` follows the hands from here.
            self._hold(pending)
            return []
        # A square passed over on the way (empty before the turn and now) counts for every move, as in `best`: the
        # change finishes the move only if no move of the turn could still explain every other touch.
        transit = self.touched & ~self.expected & ~occupancy
        changed = (pending.decision_occ ^ self.expected) | pending.must_touch | (self.occupancy ^ occupancy)
        changed &= ~transit
        if any(c.is_legal and not changed & ~c.involved for c in self.index.on_the_way(occupancy)):
            return []
        self._clear_pending()
        return [self._recognized(pending)]

    def board(self, occupancy: int, t: float) -> list[Signal]:
        """The debounced occupancy changed."""
        if self.held is not None:
            said = self._held_board(occupancy, t)
            if said is not None:
                return said
        elif occupancy == self.occupancy:
            return []
        else:
            self._note(occupancy, t)
        out = self._weigh_again(t)
        out.extend(self.tick(t))
        return out

    def distrust(self, squares: int, occupancy: int, t: float) -> list[Signal]:
        """`squares` are no longer trusted (their switches flap): what they were seen doing no longer counts, and
        the board, read now as `occupancy` (the session shows them as it expects them), is weighed again. Hands
        may still be at work there (a quick player trips the flap detector): until they are trusted again, a move is
        taken only if no other fits whatever they hold."""
        self._unhold()
        self.untrusted |= squares
        self.unsure |= squares
        self.pieces.give_up()
        self._fresh |= squares
        self.occupancy = occupancy
        self.forget_touches(squares)
        self.in_place.forget(squares)
        self.tapped &= ~squares
        self.lone &= ~squares
        self._clear_pending()
        return self._weigh_again(t)

    def _weigh_again(self, t: float) -> list[Signal]:
        """The board is new: a question asked is dropped (the player answered with the pieces), and it is weighed."""
        self._illegal_settled = False
        out: list[Signal] = []
        if self.mode is Mode.PROMPT:
            self.mode = Mode.TURN
            self.prompt = ()
            out.append(PromptCleared())
        out.extend(self._evaluate(t))
        return out

    def trust(self, squares: int, t: float) -> list[Signal]:
        """`squares` are trusted again (the session has shown the recognizer the board as their switches read it):
        the board decides again."""
        if not self.untrusted & squares:
            return []
        self.untrusted &= ~squares
        return self._evaluate(t)

    def tick(self, t: float) -> list[Signal]:
        """Time has come to `t`: commit, prompt or show a mismatch if a deadline passed."""
        if self._deadline is None or t < self._deadline:
            return []
        kind = self._deadline_kind
        self._deadline = None
        if kind is Deadline.COMMIT:
            pending, self._pending = self._pending, []
            if len(pending) == 1:
                return [self._recognized(pending[0])]
            self.mode = Mode.PROMPT
            self.prompt = tuple(pending)
            return [PromptRaised(self.prompt)]
        if kind is Deadline.TAKEBACK:
            plies, self._pending_takeback = self._pending_takeback, 0
            return [TakebackSeen(plies)]
        if kind is Deadline.MISMATCH:
            self.mismatch_shown = True
            return [MismatchShown(*self._difference())]
        if kind is Deadline.DONE:
            return self._evaluate_chores(t, still=True) if self.mode is Mode.CHORES else []
        if kind is Deadline.ILLEGAL:
            self._illegal_settled = True
            return self._evaluate(t)
        if kind is Deadline.HELD:
            return self._release()
        return []

    def answer(self, candidate: Candidate) -> list[Signal]:
        """The player chose one of the prompted moves."""
        if self.mode is not Mode.PROMPT or candidate not in self.prompt:
            raise ValueError("that move is not one of the choices asked for")
        self.prompt = ()
        self.mode = Mode.TURN
        return [PromptCleared(), self._recognized(candidate)]

    def deadline(self) -> float | None:
        return self._deadline

    def starting(self) -> bool:
        """Whether the turn's start is still to be worked out (its index's moves, outlines and near misses)."""
        return self.mode in (Mode.TURN, Mode.PROMPT) and self.index is not None and not self.index.loaded

    def prepare(self) -> bool:
        """Work out a slice more while nothing else is to be done (the pieces' changes noted since the last slice,
        the rest of the turn index, the last turn's index let go of): False once there is none."""
        if self.pieces.prepare():
            return True
        turn = self.mode in (Mode.TURN, Mode.PROMPT) and self.index is not None
        if turn and self.starting():  # the turn's start first: the next input needs it
            assert self.index is not None
            return self.index.prepare()
        if self.retired:
            if not self.retired[0].dismantle():
                del self.retired[0]
            return True
        return turn and self.index is not None and self.index.prepare()

    # ---- evaluation -------------------------------------------------------------------------------------------
    def _evaluate(self, t: float) -> list[Signal]:
        if self.held is not None:
            return []  # the turn weighs the board again once the held move is released or a longer one fits
        if self.mode is Mode.CHORES:
            return self._evaluate_chores(t)
        if self.mode is Mode.IDLE or self.index is None:
            return self._evaluate_idle(t)
        return self._evaluate_turn(self.index, t)

    def _evaluate_idle(self, t: float) -> list[Signal]:
        if self.occupancy == self.expected:
            self.touched = 0
            self.changes = {}
            self._clear_pending()
            return self._mismatch_gone()
        return self._mismatch(t, immediate=False)

    def _evaluate_chores(self, t: float, still: bool = False) -> list[Signal]:
        if self.occupancy == self.expected and not (self.chore_touch & ~self.touched) and not self.pieces.wrong():
            if self.pieces.lost and not still:
                # Which piece stands where is no longer followed (too many ways the hands may have gone): the
                # occupancy alone may match for a moment with a piece hovering on the wrong square, so the chores
                # are done only once the board has stood still on their position.
                self._set_deadline(Deadline.DONE, t + self.settings.settle)
                return self._mismatch_gone()
            if self._deadline_kind is Deadline.DONE:
                self._clear_pending()
            self.mode = Mode.IDLE
            self.chore_steps = ()
            self.chore_show = 0
            return [ChoresDone()]
        if any(self._difference()):
            return self._mismatch(t, immediate=False)  # after the grace, as in a turn: a piece may be on its way
        if self._deadline_kind is Deadline.MISMATCH:
            self._clear_pending()
        return self._mismatch_gone()

    # ---- what the LEDs show ---------------------------------------------------------------------------------
    def guidance(self) -> Guidance:
        """A snapshot for the LED scenes and the page; cached until the board or the mode changes."""
        o, touched = self._view()
        key = (o, touched, self.mode, self.illegal)
        if self._guidance is not None and self._guidance_key == key and self._deadline_kind is not Deadline.MISMATCH:
            return self._guidance
        self._guidance_key = key
        self._guidance = self._compute_guidance()
        return self._guidance

    def _compute_guidance(self) -> Guidance:
        (o, touched), expected = self._view(), self.expected
        if self.mode is Mode.CHORES:
            state = ChoreState(
                expected, o, self.touched, self.chore_steps, self.chore_touch, self.chore_show, self.pieces.wrong()
            )
            return lights.chores(state)
        if self.mode is Mode.PROMPT:
            return lights.prompt(expected, o, self.prompt)
        turn = TurnState(self.mode, expected, o, touched, self.mismatch_shown, self.illegal)
        return lights.turn(turn, self.index)
