"""Which pieces the hands provably put back where they stood, and the moves that this rules out.

Reed switches cannot tell one piece from another, but the hands can only set down a piece they hold. A piece lifted
while every other piece of the turn's start stands on the board (nothing else in the air, nothing set aside) and set
straight back on its own square, with no other change in between, is the same piece: whatever the board shows
elsewhere, that square holds the piece it held when the turn began. A move in which another piece ends on that
square (a Djambi kill, where the killer lands on its victim's square; a corpse set down where its killer stood; a
Polis neighbour hopping into the square the stepping piece left) cannot be what the board shows, however well its
squares fit: a wrong piece lifted and put back while the player carries a victim's corpse is no kill of that piece.

The same reading turns a piece lifted alone at the start into a piece turned over (`Recognizer.lone`); this one holds
anywhere in the turn, as long as no piece is off the board but the one lifted.
"""

from __future__ import annotations

from controller.recognizer.candidate import Candidate


class InPlace:
    """The squares whose piece is provably the one that stood there when the turn began (`original`), kept up to
    date from every change of the board."""

    __slots__ = ("_alone", "_exchanged", "kept", "original", "start")

    def __init__(self, start: int = 0, occupancy: int | None = None) -> None:
        self.start = start
        # Squares of the start still holding their piece as far as the hands show: never lifted, or lifted alone and
        # set straight back. A square the board already shows changed holds no piece of the start's.
        self.original = start & (start if occupancy is None else occupancy)
        self.kept = 0  # of those, the squares lifted and set straight back: the only ones a move's touch could need
        self._alone = 0  # the square lifted in the last change while its piece was the only one off the board
        self._exchanged: dict[int, tuple[Candidate, int, int]] = {}  # by id, the candidate kept alive with it

    def change(self, before: int, after: int) -> None:
        """The board went from `before` to `after` (one step of the hands: lifts, or set-downs, or both)."""
        lifted, placed = before & ~after, after & ~before
        alone, self._alone = self._alone, 0
        if placed and not lifted and placed == alone:
            self.original |= placed  # set straight back: the very piece lifted, the only one in the air
            self.kept |= placed
            return
        was = self.original
        self.original &= ~(lifted | placed)
        self.kept &= ~(lifted | placed)
        if lifted and not placed and not lifted & (lifted - 1) and lifted & was:
            off = self.start.bit_count() - after.bit_count()
            if off == 1:
                self._alone = lifted

    def forget(self, squares: int) -> None:
        """What `squares` hold is no longer known (their switches flap: hands may have been there unseen)."""
        self.original &= ~squares
        self.kept &= ~squares
        if self._alone & squares:
            self._alone = 0

    def refutes(self, c: Candidate, occupancy: int) -> bool:
        """Whether the board shows a piece of the start where `c` (as far as the board shows it done) puts another."""
        kept = self.kept
        if not kept & c.involved:
            return False
        decision, whole = self._exchanges(c)
        if occupancy == c.decision_occ:
            return bool(decision & kept)
        if occupancy == c.final_occ:
            return bool((decision | whole) & kept)
        # The decision with part of the chores done: a chore's exchange counts where the board shows it done, on a
        # square the decision empties and the chores fill again (the square a stepping Polis piece left).
        return bool((decision | (whole & ~c.decision_occ & occupancy)) & kept)

    def _exchanges(self, c: Candidate) -> tuple[int, int]:
        """The squares of the start where another piece stands after `c`'s decision, and after the whole move; not
        those a piece from off the board fills (a piece held in the hand unseen could be set down there)."""
        key = id(c)
        found = self._exchanged.get(key)
        if found is None or found[0] is not c:
            # Each piece is named by the square it stood on; a step may land where a piece still stands that a later
            # step takes away (a killer on its victim's square before the corpse is carried off): that one leaves.
            board: dict[int, list[int]] = {}
            fresh = -1  # pieces from off the board
            decision = 0
            for n, steps in enumerate((c.effect.decision, c.effect.chores)):
                for step in steps:
                    if step.src is None:
                        piece, fresh = fresh, fresh - 1
                    else:
                        here = board.get(step.src)
                        piece = here.pop(0) if here else step.src
                        if here is None:
                            board[step.src] = []
                    if step.dst is not None:
                        there = board.get(step.dst)
                        if there is None:
                            there = board[step.dst] = [step.dst] if self.start >> step.dst & 1 else []
                        there.append(piece)
                if n == 0:
                    decision = _foreign(board, self.start)
            found = self._exchanged[key] = (c, decision, _foreign(board, self.start))
        return found[1], found[2]


def _foreign(board: dict[int, list[int]], start: int) -> int:
    """The squares of the start on which a piece stands that did not stand there (one from off the board does not
    count: a piece held in the hand unseen could be set down there)."""
    out = 0
    for sq, pieces in board.items():
        if start >> sq & 1 and any(p != sq and p >= 0 for p in pieces):
            out |= 1 << sq
    return out
