"""The recognizer's part that holds a whole move the board showed while a longer one may be on its way
(`controller.recognizer.held` says when and why), and lets it go: into the turn when the longer move lands, as the
move made when the hands turn out to be the next player's."""

from __future__ import annotations

from controller.recognizer.held import Held, explained_on_the_way, landed, longer_on_the_way
from controller.recognizer.index import Candidate
from controller.recognizer.settings import Deadline, RecognizerSettings
from controller.recognizer.signals import Signal
from controller.recognizer.weighing import Weighing


class Holding(Weighing):
    """`Weighing` with a move held (`held`): the turn reads on while a longer move may still come of the hands."""

    def __init__(self, settings: RecognizerSettings | None = None) -> None:
        super().__init__(settings)
        self.held: Held | None = None  # a whole move shown while a longer one may be on its way (`held`)
        # A held move once committed, with the changes seen since: the next player's, which the next turn follows
        # from the board the move left, as if it had begun there.
        self.following: Held | None = None

    def _hold(self, shown: Candidate) -> None:
        """The move `shown` is held: neither committed nor dropped (`held`)."""
        self._clear_pending()
        self.held = Held(shown, self.occupancy, [])

    def _held_board(self, occupancy: int, t: float) -> list[Signal] | None:
        """A change while a move is held (the turn's touches and pieces as the held move's board showed them; only
        the occupancy follows the board, as the session reads it): weigh the turn again once a longer move fits (or
        the board is back on the held move or the turn's start: then None, the turn has taken the changes in); finish
        the held move once the board has stood still (`held`)."""
        held, index = self.held, self.index
        assert held is not None and index is not None
        if occupancy == held.occupancy:
            return []
        held.note(occupancy)
        self.occupancy = occupancy  # as the session reads it (which came off first in a scan)
        if occupancy == held.board and held.touched & (held.touched - 1):
            # Back on the held move's board after hands on two squares or more: a move that leaves the board as it
            # found it (the next player's Diplomat exchanging places with a piece) followed the held move, which
            # no longer move extended.
            return self._release()
        away = held.board & ~self.expected & held.touched  # pieces the held move set down, lifted since
        if landed(index, held.candidate, self.expected, occupancy, self.touched | held.touched, away):
            self._unhold()
            return None
        if not longer_on_the_way(index, held.candidate, occupancy, away):
            wait = self.settings.settle  # a piece set down off every longer move's way: the next player's move
        elif occupancy.bit_count() < held.board.bit_count():
            wait = self.settings.held_in_hand  # a piece in the hand, on its way to finish the longer move
        else:
            # Every piece down, the board could still become the longer move only by lifting one again: the hands
            # rest (the next player's move made where it looks like part of the longer one), or pause.
            wait = self.settings.held_settle
        self._clear_pending()
        self._set_deadline(Deadline.HELD, t + wait)
        return []

    def _held_interrupted(self, occupancy: int) -> list[Signal]:
        """Before `board` while a move is held: every piece down again (the next player's move made, no longer move
        landed), a lift of a piece the hands have not touched since is the player after that starting: the held
        move is finished, and its next turn follows the hands from its board, this lift included. A piece lifted
        again where the hands set it down (a hover), or one a longer move explaining the squares changed since could
        lift, goes on."""
        held = self.held
        assert held is not None
        now = held.occupancy
        lifted = now & ~occupancy
        if not lifted or lifted & held.touched or now.bit_count() < held.board.bit_count():
            return []
        assert self.index is not None
        touched = held.touched | lifted
        away = held.board & ~self.expected & touched
        if explained_on_the_way(self.index, held.candidate, self.expected, occupancy, touched, away):
            return []  # the longer move's next piece
        held.note(occupancy)
        return self._release()

    def _unhold(self) -> None:
        """The turn takes in the changes seen while the move was held, as if it had followed them."""
        held, self.held = self.held, None
        self._clear_pending()
        if held is not None:
            self.occupancy = held.board
            for occ in held.steps:
                self._note(occ)

    def _release(self) -> list[Signal]:
        """The held move is finished: the board stood still where no longer move is on its way. The turn's state is
        still the board that showed it; the touches since are the next player's, carried into the next turn."""
        held, self.held = self.held, None
        if held is None:
            return []
        self.following = held
        self.occupancy = held.board  # the board the move was shown on: its commit and its chores are judged there
        return [self._recognized(held.candidate)]

    def _view(self) -> tuple[int, int]:
        """The board and the squares touched as the hands left them (while a move is held, the turn's own state is
        still the board that showed it)."""
        if self.held is None:
            return self.occupancy, self.touched
        return self.held.occupancy, self.touched | self.held.touched
