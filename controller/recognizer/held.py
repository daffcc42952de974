"""A whole move the board showed, held while the hands may still be making a longer one.

The board may rest for a moment on the position of a whole move that is not the one the player makes: a Djambi
victim lifted, a wrong piece lifted and put back while the victim is in the air, the corpse set down. The board then
shows the kill of the wrong piece by the victim (its square lifted and filled again, which the wrong piece's touch
explains), and the killer's lift that follows looks like the next player's start. A lift that cannot extend the
move shown finishes it at once (`Recognizer.interrupted`); one that could still be part of another legal move of the
same turn, every changed square one that move changes, does not: the move shown is HELD, neither committed nor
dropped, and the board goes on reading the turn from where the hands are. Touches put back in place (the wrong
piece's square, as at the turn's start) are no reason to finish the move shown: the longer move may explain them as
strays.

While held, the turn's touches and pieces stay as the held move's board showed them (only the occupancy follows the
board), and the changes since are noted here. When another legal move fits the board (it landed), or the board is
back on the turn's start, or on the held move's position after one square's touch (a piece lifted and put back), the
noted changes are replayed into the turn and it weighs them as it would have: the longer move is committed, or asked
about where the sensors cannot tell. The held move is committed instead (the hands were the next player's) when the
board is back on its position after hands on two squares or more (the next player's Diplomat exchanging places with
a piece), when, every piece down again and no longer move landed, a piece the hands have not touched since is lifted
and no longer move could explain the squares changed since (the player after them starting), or when the board
stands still: `settle` long once no longer move is on its way, `held_settle` long with every piece down,
`held_in_hand` long with a piece off the board (a player may think with the killer in the hand). The next turn then
starts on the held move's board and follows the noted changes one by one (`Recognizer.begin_turn`'s `following`), as
if it had seen them: the order of the hands still tells which piece went where.

A lift of a piece the move shown set down is no reason to hold it (the hands take back part of that move, or hover
on, or touch a square its chores must see touched: the turn goes on reading as before, and the move with part of its
chores undone still fits). That includes a piece set down on a square filled when the turn began (`set_down`: a Polis
dog hopping into the square its mover left), though the square ends as it began: held there, a move the board
showed partly done waited for the in-hand time. A swap (two pieces exchanging squares, a Djambi Assassin's kill) is not
held: its board is the turn's start, from which every move of the turn is on its way, so any next lift would hold
it. It is finished by a change that no move of the turn explaining every square it touched could extend, as before.
"""

from __future__ import annotations

from controller.recognizer.candidate import Candidate
from controller.recognizer.index import TurnIndex
from controller.values import dataclass


@dataclass(slots=True)
class Held:
    """The whole move the board showed (`candidate`, on `board`), and what the hands did since."""

    candidate: Candidate
    board: int
    steps: list[int]  # the occupancies seen since, in order
    touched: int = 0  # squares touched since

    @property
    def occupancy(self) -> int:
        return self.steps[-1] if self.steps else self.board

    def note(self, occupancy: int) -> None:
        self.touched |= occupancy ^ self.occupancy
        self.steps.append(occupancy)


def swaps(c: Candidate, start: int) -> bool:
    """Whether `c` leaves the board as the turn began, its pieces exchanging squares (a Djambi Assassin's kill, its
    victim's corpse set where the Assassin stood)."""
    return c.final_occ == start


def set_down(c: Candidate) -> int:
    """The squares where `c`'s hands leave a piece they set down: every step's landing that stands filled at its end,
    also one filled at the turn's start (a Polis dog hopping into the square its mover left, a killer on its victim's
    square). Which squares differ from the turn's start does not tell: such a square ends as it began."""
    landed = 0
    for step in (*c.effect.decision, *c.effect.chores):
        if step.dst is not None:
            landed |= 1 << step.dst
    return landed & c.final_occ


def longer_on_the_way(index: TurnIndex, shown: Candidate, occupancy: int, away: int = 0) -> bool:
    """Whether another legal move of the turn could still come of the board (every square changed so far one it
    changes): the hands may be making it, so the move shown must not be finished yet. `away`: squares the move
    shown filled whose piece the hands lifted since, which the longer move must lift too (the meant move's hands
    never lift a piece the move shown set down: a Necromobile of the next player carrying the held kill's corpse
    on is no longer move)."""
    return any(c.is_legal and c is not shown and not away & ~c.lifts for c in index.on_the_way(occupancy))


def explained_on_the_way(
    index: TurnIndex, shown: Candidate, start: int, occupancy: int, touched: int, away: int = 0
) -> bool:
    """Whether another legal move of the turn could still come of the board and explain every square `touched`
    that the board shows changed from the turn's start (one put back as it stood, or passed over, counts for none);
    `away` as for `longer_on_the_way`."""
    kept = touched & (occupancy ^ start)
    return any(
        c.is_legal and c is not shown and not kept & ~c.involved and not away & ~c.lifts
        for c in index.on_the_way(occupancy)
    )


def landed(index: TurnIndex, shown: Candidate, start: int, occupancy: int, touched: int, away: int = 0) -> bool:
    """Whether the turn should weigh the board again: back on the held move's position or the turn's start, or
    another legal move fits it (with every square it must touch touched; `away` as for `longer_on_the_way`)."""
    if occupancy in (shown.final_occ, start):
        return True
    return any(c.is_legal and c is not shown and not away & ~c.lifts for c in index.consistent(occupancy, touched))
