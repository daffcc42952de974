"""How the recognizer weighs a turn's board: which moves fit and which the touches single out (`choice`), when to
commit, ask, call a takeback or show a mismatch. The state it weighs is the recognizer's; `machine.Recognizer` adds
the inputs, the chores and the LED guidance."""

from __future__ import annotations

from controller.games.physical import Step
from controller.games.squares import squares_of
from controller.recognizer import guidance as lights
from controller.recognizer.choice import (
    best,
    decision_changes,
    fitting,
    moved,
    moved_by_chores,
    turned_where_set,
    unseen_fits,
)
from controller.recognizer.guidance import Guidance, Mode
from controller.recognizer.index import Candidate, TurnIndex
from controller.recognizer.inplace import InPlace
from controller.recognizer.pieces import PieceTracker
from controller.recognizer.settings import Deadline, RecognizerSettings
from controller.recognizer.signals import (
    Cancelled,
    IllegalTried,
    MismatchCleared,
    MismatchShown,
    Recognized,
    Signal,
)


class Weighing:
    def __init__(self, settings: RecognizerSettings | None = None) -> None:
        self.settings = settings or RecognizerSettings()
        self.mode = Mode.IDLE
        self.index: TurnIndex | None = None
        # Indexes of turns over, let go of a slice at a time while the loop is idle (`TurnIndex.dismantle`).
        self.retired: list[TurnIndex] = []
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

    # ---- evaluation -------------------------------------------------------------------------------------------
    def _note(self, occupancy: int, t: float = 0.0) -> None:
        """What a change of the board at `t` tells the turn: the squares touched, the pieces' ways, the pieces in
        place. Changes replayed from a held move come without their times: all at one time, any set-down before a
        lift next door among them may be a slid piece, as the tracker allows within a slide's time."""
        changed = occupancy ^ self.occupancy
        self.pieces.change(self.occupancy, occupancy, self.mode is not Mode.CHORES, t)
        self.touched |= changed
        for sq in squares_of(changed):
            self.changes[sq] = self.changes.get(sq, 0) + 1
        self.in_place.change(self.occupancy, occupancy)
        self.occupancy = occupancy

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

    def _evaluate_turn(self, index: TurnIndex, t: float) -> list[Signal]:
        """A turn's board weighed: commit or ask among the moves that fit, or an illegal move, a takeback, a
        mismatch."""
        o, start, touched = self.occupancy, self.expected, self.touched
        consistent = fitting(index, o, touched, self.in_place) if (o != start or touched) else []
        consistent = [c for c in consistent if self._pieces_may_be(c)]
        legal = [c for c in consistent if c.is_legal]
        # Earlier taps count only away from the start: two pieces each put back in place are no Assassin's swap.
        remembered = touched | self.tapped if o != start else touched
        if o != start or touched:
            remembered |= self.unsure & ~self.untrusted
        with_taps = legal
        if remembered != touched:
            with_taps = [
                c for c in fitting(index, o, remembered, self.in_place) if c.is_legal and self._pieces_may_be(c)
            ]
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

    def _pieces_may_be(self, c: Candidate) -> bool:
        """Whether the order of the hands lets the pieces `c`'s decision sets down be the ones it moves there: a
        piece set down while the piece that moves there still stood on its square (a figure from the line-up set
        down, then a stray lift of another) is not that piece, whatever the occupancy shows. Squares the chores
        handle too are not judged (a Djambi victim's square, which its corpse leaves for its killer)."""
        return self.pieces.could_make(c.effect.decision, moved_by_chores(c))

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
        at_once = at_once and not self._hovering(chosen[0], o, start)
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

    def _hovering(self, chosen: Candidate, o: int, start: int) -> bool:
        """Whether a piece set down on a square empty at the turn's start may only be hovering there: lifted again,
        the board could still become another legal move (a Politrics mover set down for a moment on another
        mover's destination, while that one's last beat already has the first cleared off). Such a board is
        committed only once it has stood still for the settle time."""
        assert self.index is not None
        filled = o & ~start
        while filled:
            low = filled & -filled
            filled ^= low
            if any(c.is_legal and c is not chosen for c in self.index.on_the_way(o & ~low)):
                return True
        return False

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
        if self._takeback(t):
            # The board back as it stood before the last move, touched only where taking that move back touches,
            # is the move taken back, also where an illegal move of the next player shows the same squares (a
            # Djambi Diplomat's takeback: the enemy piece it moved carried back over others, as that piece's own
            # step it would be illegal). The takeback explains every touch; no illegal move explains more.
            self.illegal = None
            return out
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
            # A piece standing where another should is shown to lift, unless a chore still to do touches it there
            # anyway (a dislodged unit not yet taken off): the chore's own lights say so, no mismatch is needed.
            return fill, empty | (self.pieces.wrong() & ~(self.chore_touch & ~self.touched))
        return self.expected & ~self.occupancy, self.occupancy & ~self.expected

    def _mismatch(self, t: float, immediate: bool) -> list[Signal]:
        fill, empty = self._difference()
        if self.mismatch_shown or immediate:
            self._clear_pending()
            self.mismatch_shown = True
            return [MismatchShown(fill, empty)]
        self._set_deadline(Deadline.MISMATCH, t + self.settings.mismatch_grace)
        return []
