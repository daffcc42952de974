"""What the LEDs should show, derived from the recognizer's state: a pure function of it (see controller.lights)."""

from __future__ import annotations

import enum
from collections.abc import Sequence

from controller.games.physical import Step
from controller.games.squares import mask
from controller.recognizer.index import Candidate, TurnIndex
from controller.values import dataclass


class Mode(enum.Enum):
    """The recognizer's modes.

    - idle: nothing to recognize (a phone seat, dice, secret orders, the game over); any difference from the
      expected occupancy is a mismatch.
    - turn: the seat at the board is choosing; the board is compared with the turn index on every change.
    - prompt: several moves fit; waiting for the player's answer (or for the board to change again).
    - chores: a move is committed; the board must reach the position after it, square by square.
    """

    IDLE = "idle"
    TURN = "turn"
    PROMPT = "prompt"
    CHORES = "chores"


@dataclass(frozen=True, slots=True)
class Guidance:
    """What the LEDs should show now, derived from the recognizer (see controller.lights)."""

    mode: Mode
    expected: int
    occupancy: int
    lifted: int = 0
    destinations: int = 0
    captures: int = 0
    movable: int = 0
    prompt: int = 0
    mismatch_fill: int = 0
    mismatch_empty: int = 0
    why: int = 0
    chore_moves: tuple[Step, ...] = ()
    chore_removals: int = 0
    chore_stays: int = 0
    chore_touches: int = 0  # pieces to lift and put back (a walled-in Djambi Chief to turn over)


@dataclass(frozen=True, slots=True)
class ChoreState:
    """The chores open: where the board must get to, the steps that lead there, the squares to touch."""

    expected: int
    occupancy: int
    touched: int
    steps: tuple[Step, ...]
    touch: int
    show: int
    wrong: int = 0  # squares where the sensors show a piece standing where another should


@dataclass(frozen=True, slots=True)
class TurnState:
    """A turn (or nothing to recognize): the board against the position the turn began from."""

    mode: Mode
    expected: int
    occupancy: int
    touched: int
    mismatch_shown: bool
    illegal: Candidate | None


def turn(s: TurnState, index: TurnIndex | None) -> Guidance:
    """The lifted pieces with where they may go and what they may take, the pieces that may move, a mismatch, and
    the squares that say why a move is illegal."""
    o, expected = s.occupancy, s.expected
    mismatch_fill = expected & ~o if s.mismatch_shown else 0
    mismatch_empty = o & ~expected if s.mismatch_shown else 0
    if s.mode is Mode.IDLE or index is None:
        return Guidance(s.mode, expected, o, mismatch_fill=mismatch_fill, mismatch_empty=mismatch_empty)
    why = 0
    if s.illegal is not None and s.illegal.near_miss is not None:
        why = mask(s.illegal.near_miss.squares)
    destinations = captures = 0
    if o != expected and not s.mismatch_shown:
        destinations, captures = lifted_piece(index, expected, o, s.touched)
    return Guidance(
        Mode.TURN,
        expected,
        o,
        lifted=expected & ~o,
        destinations=destinations,
        captures=captures,
        movable=index.movable if o == expected else 0,
        mismatch_fill=mismatch_fill,
        mismatch_empty=mismatch_empty,
        why=why,
    )


def difference(expected: int, occupancy: int, steps: tuple[Step, ...], touch: int) -> tuple[int, int]:
    """The squares to report as a mismatch while chores are open (should hold a piece, should be empty): only those
    no open chore explains, a piece set down where no chore leads, or lifted where none starts."""
    fill, empty = expected & ~occupancy, occupancy & ~expected
    fill &= ~touch  # a piece held up while it is turned over is no mistake
    for step in steps:
        if step.dst is not None:
            fill &= ~(1 << step.dst)
        if step.src is not None:
            empty &= ~(1 << step.src)
    return fill, empty


def chores(c: ChoreState) -> Guidance:
    """Each open step as a carry (source and destination) or a removal, and the pieces still to turn over."""
    o, expected = c.occupancy, c.expected
    removals = 0
    moves: list[Step] = []
    stepped = 0  # squares a chore step already guides; the rest of the touches are pieces to turn over
    for step in c.steps:
        for end in (step.src, step.dst):
            if end is not None:
                stepped |= 1 << end
    for step in c.steps:
        if step.dst is None:
            # A piece to take off, also where another then comes (a unit dislodged by the winner): shown as a
            # removal until its square has been lifted, then as the other piece's destination.
            if step.src is not None and o >> step.src & 1 and not (expected & c.touched) >> step.src & 1:
                removals |= 1 << step.src
        elif not o >> step.dst & 1 or (step.src is not None and o >> step.src & 1 and not c.touched >> step.src & 1):
            moves.append(step)
    return Guidance(
        Mode.CHORES,
        expected,
        o,
        chore_moves=tuple(moves),
        chore_removals=removals,
        chore_stays=c.show & o,
        chore_touches=c.touch & ~c.touched & ~stepped,
        mismatch_fill=expected & ~o,
        mismatch_empty=(o & ~expected) | c.wrong,
    )


def prompt(expected: int, occupancy: int, options: Sequence[Candidate]) -> Guidance:
    squares = 0
    for c in options:
        squares |= (c.decision_occ ^ expected) | c.must_touch
    return Guidance(Mode.PROMPT, expected, occupancy, prompt=squares)


def lifted_piece(index: TurnIndex, expected: int, occupancy: int, touched: int) -> tuple[int, int]:
    """Destinations and capture targets of the pieces in the air (TurnIndex.lights: kept for the turn, and worked
    out ahead for each piece lifted alone while the loop is idle)."""
    assert expected == index.start
    return index.lights(occupancy, touched)
