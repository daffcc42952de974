"""The recognizer's state machine: sensor changes and clock ticks in, signals out. No I/O, no clock of its own.
Its modes are `guidance.Mode`; which moves fit and which the touches single out, `choice`; its times, `settings`."""

from __future__ import annotations

from collections.abc import Mapping

from controller.games.physical import Piece, Step
from controller.games.squares import squares_of
from controller.recognizer import guidance as lights
from controller.recognizer.choice import best, decision_changes, fitting, moved, turned_where_set, unseen_fits
from controller.recognizer.guidance import ChoreState, Guidance, Mode, TurnState
from controller.recognizer.index import Candidate, TurnIndex
from controller.recognizer.inplace import InPlace
from controller.recognizer.pieces import PieceTracker
from controller.recognizer.settings import Deadline, RecognizerSettings
from controller.recognizer.signals import (
    Cancelled,
    ChoresDone,
    IllegalTried,
    MismatchCleared,
    MismatchShown,
    PromptCleared,
    PromptRaised,
    Recognized,
    Signal,
    TakebackSeen,
)

__all__ = ["Guidance", "Mode", "Recognizer", "RecognizerSettings"]


class Recognizer:
    def __init__(self, settings: RecognizerSettings | None = None) -> None:
        self.settings = settings or RecognizerSettings()
        self.mode = Mode.IDLE
        self.index: TurnIndex | None = None
        self.expected = 0  # turn: occupancy at turn start; chores: the occupancy after the move; idle: as is
        self.occupancy = 0
        self.touched = 0
        self.changes: dict[int, int] = {}  # square -> how often its occupancy changed since `touched` was cleared
        # Squares touched earlier this turn before the board came back to the turn's start: a piece lifted and put
        # back where it stood, which may have been turned over (a Djambi Reporter's victim) or have been the middle
        # of an act (an Assassin in the Maze with its victim's corpse on its own square).
        self.tapped = 0
        # Of those, squares tapped alone: lifted and put back while every other square stood as at the turn's start.
        # Nothing else was in the air, so the same piece went back: a piece turned over, or a stray touch, never a
        # square one piece leaves and another fills.
        self.lone = 0
        self.in_place = InPlace()  # pieces the hands provably set back where they stood this turn
        self.chore_steps: tuple[Step, ...] = ()
        self.chore_touch = 0
        self.chore_show = 0  # squares pointed out while chores are open (a bounced unit)
        self.prompt: tuple[Candidate, ...] = ()
        self.mismatch_shown = False
        self.illegal: Candidate | None = None
        self._pending: list[Candidate] = []
        self._pending_takeback = 0
        self._deadline: float | None = None
        self._deadline_kind: Deadline | None = None
        self._illegal_settled = False  # the board stood still for `settle` on an illegal move: say why now
        # Squares whose switches flap: the session shows them as expected, but hands may have moved a piece there,
        # so a move is taken only when no other would fit whatever they hold (`choice.unseen_fits`).
        self.untrusted = 0
        # Squares untrusted at some time this turn: whether hands touched them then is unknown, so once trusted
        # again they count as touched for the moves that need them, and a move that needs them is asked about
        # alongside one that does not (never one taken for the other).
        self.unsure = 0
        self._fresh = 0  # squares distrusted during this turn: hands may have tapped them unseen
        # Which piece may stand where, from the order of lifts and set-downs since the board last stood as the game
        # says: chores are done only if the pieces may all be right, not just the occupancy.
        self.pieces = PieceTracker()
        self._guidance_key: tuple[int, int, Mode, Candidate | None] | None = None
        self._guidance: Guidance | None = None

    # ---- set-up by the session ------------------------------------------------------------------------------
    def begin_turn(
        self, index: TurnIndex, occupancy: int, t: float, pieces: Mapping[int, Piece] | None = None
    ) -> list[Signal]:
        """A new turn: the seat at the board chooses among `index`'s moves; `pieces` stand as the game says."""
        self.mode = Mode.TURN
        self.index = index
        self.expected = index.start
        self.pieces.reset(pieces, occupancy)
        return self._restart(occupancy, t)

    def begin_idle(
        self, expected: int, occupancy: int, t: float, pieces: Mapping[int, Piece] | None = None
    ) -> list[Signal]:
        """Nothing to recognize; the board should show `expected` (and `pieces`, when given)."""
        self.mode = Mode.IDLE
        self.index = None
        self.expected = expected
        self.pieces.reset(pieces, occupancy)
        return self._restart(occupancy, t)

    def begin_chores(
        self, target: int, steps: tuple[Step, ...], must_touch: int, t: float, show: int = 0
    ) -> list[Signal]:
        """A move is committed; guide the board to `target`. Touches seen this turn count (a victim lifted first)."""
        self.mode = Mode.CHORES
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
        return out

    def forget_touches(self, squares: int = ~0) -> None:
        """Touches of `squares` (all by default) seen so far no longer count: chores about to begin need them."""
        self.touched &= ~squares
        self.changes = {sq: n for sq, n in self.changes.items() if not squares >> sq & 1}

    def open_chores(self) -> tuple[tuple[Step, ...], int, int]:
        """The chores still open (steps, squares still to touch, squares pointed out); nothing outside chores."""
        if self.mode is not Mode.CHORES:
            return (), 0, 0
        return self.chore_steps, self.chore_touch & ~self.touched, self.chore_show

    def _restart(self, occupancy: int, t: float) -> list[Signal]:
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

    # ---- inputs -----------------------------------------------------------------------------------------------
    def interrupted(self, occupancy: int, t: float) -> list[Signal]:
        """Before `board`: a change that cannot extend the move the board is settling on (a lift elsewhere, a tap
        on another square), once the board showed that whole move, chores done, finishes it at once: the next
        player started quickly. Returns its commit."""
        if self.mode is not Mode.TURN or self._deadline_kind is not Deadline.COMMIT or len(self._pending) != 1:
            return []
        assert self.index is not None
        pending = self._pending[0]
        if not pending.whole(self.occupancy, self.touched | self.tapped):
            # Its chores still open, the move cannot be followed by the next player's hands: the change belongs to
            # this turn (a piece that hovered over another move's square now lands where it was going).
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
        if occupancy == self.occupancy:
            return []
        changed = occupancy ^ self.occupancy
        self.pieces.change(self.occupancy, occupancy, outside=self.mode is not Mode.CHORES)
        self.touched |= changed
        for sq in squares_of(changed):
            self.changes[sq] = self.changes.get(sq, 0) + 1
        self.in_place.change(self.occupancy, occupancy)
        self.occupancy = occupancy
        out = self._weigh_again(t)
        out.extend(self.tick(t))
        return out

    def distrust(self, squares: int, occupancy: int, t: float) -> list[Signal]:
        """`squares` are no longer trusted (their switches flap): what they were seen doing no longer counts, and
        the board, read now as `occupancy` (the session shows them as it expects them), is weighed again. Hands
        may still be at work there (a quick player trips the flap detector): until they are trusted again, a move is
        taken only if no other fits whatever they hold."""
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
        if kind is Deadline.ILLEGAL:
            self._illegal_settled = True
            return self._evaluate(t)
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

    def prepare(self) -> bool:
        """Build a slice more of the turn index while nothing else is to be done: False once there is none."""
        return self.mode in (Mode.TURN, Mode.PROMPT) and self.index is not None and self.index.prepare()

    # ---- evaluation -------------------------------------------------------------------------------------------
    def _recognized(self, c: Candidate) -> Recognized:
        # The taps the committed move needed (a victim turned over before its killer moved) are its touches now;
        # not before: a tap another fitting move needs must not count for it while the board still weighs them.
        self.touched |= self.tapped & c.final_touch
        # A piece the chores turn over where the decision set it down (a Djambi Chief walled in where it killed)
        # must be seen touched again after it landed: touches from before count only as the decision's.
        for sq in squares_of(turned_where_set(c, self.expected)):
            if self.changes.get(sq, 0) < decision_changes(c, self.expected, sq) + 2:
                self.touched &= ~(1 << sq)
        done = self.occupancy == c.final_occ and not (c.final_touch & ~self.touched)
        return Recognized(c, chores_done=done)

    def _clear_pending(self) -> None:
        self._pending = []
        self._pending_takeback = 0
        self._deadline = None
        self._deadline_kind = None

    def _set_deadline(self, kind: Deadline, at: float) -> None:
        if self._deadline_kind != kind or self._deadline is None:
            self._deadline_kind = kind
            self._deadline = at
        else:
            self._deadline = min(self._deadline, at) if kind is Deadline.MISMATCH else at

    def _mismatch_gone(self) -> list[Signal]:
        if self.mismatch_shown:
            self.mismatch_shown = False
            return [MismatchCleared()]
        return []

    def _evaluate(self, t: float) -> list[Signal]:
        if self.mode is Mode.CHORES:
            return self._evaluate_chores(t)
        if self.mode is Mode.IDLE or self.index is None:
            return self._evaluate_idle(t)
        o, start, touched = self.occupancy, self.expected, self.touched
        consistent = fitting(self.index, o, touched, self.in_place) if (o != start or touched) else []
        legal = [c for c in consistent if c.is_legal]
        # Earlier taps count only away from the start: two pieces each put back in place are no Assassin's swap.
        remembered = touched | self.tapped if o != start else touched
        if o != start or touched:
            remembered |= self.unsure & ~self.untrusted
        with_taps = legal
        if remembered != touched:
            with_taps = [c for c in fitting(self.index, o, remembered, self.in_place) if c.is_legal]
        lone = self.lone & ~touched
        if lone and with_taps is not legal:
            # A square tapped alone stands for a piece turned over there, never for a piece leaving or reaching it.
            ids = {id(c) for c in legal}
            with_taps = [c for c in with_taps if id(c) in ids or not lone & moved(c)]
        if with_taps:
            return self._fitting(legal, with_taps, remembered, t)
        self._pending = []
        if o == start:
            return self._back_at_start(consistent)
        return self._unmatched(consistent, t)

    def _fitting(self, legal: list[Candidate], with_taps: list[Candidate], touches: int, t: float) -> list[Signal]:
        """Legal moves fit the board: settle on the ones the touches single out (commit one, ask among several)."""
        assert self.index is not None
        o, start = self.occupancy, self.expected
        pool = legal + [c for c in with_taps if c not in legal]
        # Taps from before (pieces put back in place with nothing else changed) let a move fit but explain nothing
        # (one that needs them is asked alongside, never chosen over, one that does not), except a square tapped
        # alone: that is a piece turned over (a Djambi Reporter's victim first), and explains the move that turns it,
        # also where the board has come back to stand as the turn began (a kill whose corpse goes where its killer
        # stood, walling a Chief in). Squares that flapped this turn may have been touched unseen: likewise they
        # explain only alongside.
        chosen = best(pool, start, o, self.touched | self.lone | (self.unsure & ~self.untrusted))
        if self.untrusted and unseen_fits(
            self.index, chosen, self.untrusted, self._fresh, self.occupancy, self.touched | self.tapped
        ):
            self._clear_pending()  # wait for the flapping switch to be quiet, or for the board to tell
            return self._mismatch_gone()
        self._pending = chosen
        self._pending_takeback = 0
        # At once only when nothing else could still come of the board: another piece's move may have begun with
        # this one's squares (a Djambi victim's corpse carried first to where the victim itself could step).
        at_once = len(chosen) == 1 and not self.index.extendable(chosen[0])
        at_once = at_once and not any(c.is_legal and c is not chosen[0] for c in self.index.on_the_way(o))
        wait = 0.0 if at_once else self.settings.settle
        if not any(c.explains(start, o, touches) for c in chosen) and any(
            c.is_legal and c.explains(start, o, touches) for c in self.index.on_the_way(o)
        ):
            # Touched squares no fitting move explains while a move that does could still come of this one: the
            # player is not done (a Djambi actor still in the Maze). Wait, then take what fits.
            wait = self.settings.unexplained_settle
        self._deadline_kind = Deadline.COMMIT
        self._deadline = t + wait
        self.illegal = None
        return self._mismatch_gone()

    def _back_at_start(self, consistent: list[Candidate]) -> list[Signal]:
        self._clear_pending()
        self.illegal = None
        out: list[Signal] = []
        if self.touched:
            self.tapped |= self.touched
            self.changes = {}
            if self.touched & (self.touched - 1):
                self.lone &= ~self.touched
            else:
                self.lone |= self.touched
            self.touched = 0
            # Back where the turn began: a tap (set down, lifted again) on a square only an illegal move taps is
            # that move tried (a Politics state the throw does not allow); anything else changed nothing.
            tapped = [c for c in consistent if not c.is_legal]
            if tapped and tapped[0].near_miss is not None:
                self.illegal = tapped[0]
                out.append(IllegalTried(tapped[0], tapped[0].near_miss.reason, tapped[0].near_miss.squares))
            else:
                out.append(Cancelled())
        out.extend(self._mismatch_gone())
        return out

    def _unmatched(self, consistent: list[Candidate], t: float) -> list[Signal]:
        """No legal move fits: an illegal one tried, a move on its way, a takeback, or a mismatch."""
        assert self.index is not None
        o = self.occupancy
        out: list[Signal] = []
        illegal = [c for c in consistent if not c.is_legal]
        if illegal and illegal[0] is not self.illegal and not self._illegal_settled:
            # A piece set down where the rules forbid it may be sliding on to where they allow (a Djambi piece
            # crossing the empty Maze): say why only once the board has stood still, as before a commit.
            self._set_deadline(Deadline.ILLEGAL, t + self.settings.settle)
            return out
        if illegal and illegal[0] is not self.illegal:
            self.illegal = illegal[0]
            nm = illegal[0].near_miss
            assert nm is not None
            out.append(IllegalTried(illegal[0], nm.reason, nm.squares))
        elif not illegal:
            self.illegal = None
        if not illegal and self._takeback(t):
            return out
        if self.index.on_the_way(o) and not illegal:
            self._clear_pending()
            out.extend(self._mismatch_gone())
            return out
        out.extend(self._mismatch(t, immediate=bool(illegal)))
        return out

    def _takeback(self, t: float) -> bool:
        """The board shows the position before the last move, touched only where taking it back touches: once it
        stands still that long, it is a takeback (even where the next player could start a move the same way)."""
        assert self.index is not None
        o = self.occupancy
        plies = self.index.earlier.get(o, 0)
        if not plies or not self.settings.takebacks:
            return False
        passed_over = self.touched & ~self.expected & ~o
        if self.touched & ~passed_over & ~self.index.undo.get(o, ~0):
            return False
        self._pending_takeback = plies
        self._set_deadline(Deadline.TAKEBACK, t + self.settings.takeback_settle)
        return True

    def _difference(self) -> tuple[int, int]:
        if self.mode is Mode.CHORES:
            fill, empty = lights.difference(self.expected, self.occupancy, self.chore_steps, self.chore_touch)
            return fill, empty | self.pieces.wrong()  # a piece standing where another should: lift it
        return self.expected & ~self.occupancy, self.occupancy & ~self.expected

    def _mismatch(self, t: float, immediate: bool) -> list[Signal]:
        fill, empty = self._difference()
        if self.mismatch_shown or immediate:
            self._clear_pending()
            self.mismatch_shown = True
            return [MismatchShown(fill, empty)]
        self._set_deadline(Deadline.MISMATCH, t + self.settings.mismatch_grace)
        return []

    def _evaluate_idle(self, t: float) -> list[Signal]:
        if self.occupancy == self.expected:
            self.touched = 0
            self.changes = {}
            self._clear_pending()
            return self._mismatch_gone()
        return self._mismatch(t, immediate=False)

    def _evaluate_chores(self, t: float) -> list[Signal]:
        if self.occupancy == self.expected and not (self.chore_touch & ~self.touched) and not self.pieces.wrong():
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
        key = (self.occupancy, self.touched, self.mode, self.illegal)
        if self._guidance is not None and self._guidance_key == key and self._deadline_kind is not Deadline.MISMATCH:
            return self._guidance
        self._guidance_key = key
        self._guidance = self._compute_guidance()
        return self._guidance

    def _compute_guidance(self) -> Guidance:
        o, expected = self.occupancy, self.expected
        if self.mode is Mode.CHORES:
            state = ChoreState(
                expected, o, self.touched, self.chore_steps, self.chore_touch, self.chore_show, self.pieces.wrong()
            )
            return lights.chores(state)
        if self.mode is Mode.PROMPT:
            return lights.prompt(expected, o, self.prompt)
        turn = TurnState(self.mode, expected, o, self.touched, self.mismatch_shown, self.illegal)
        return lights.turn(turn, self.index)
