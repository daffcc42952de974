"""Counting the electoral votes: the live tally, whether the board is closed, and what a tabulation decides."""

from __future__ import annotations

from collections.abc import Sequence

from controller.games.politics1952 import pins
from controller.games.politics1952.data import MAJORITY, STATES
from controller.values import dataclass

Board = tuple[pins.Lines, ...]


def tally(board: Board, seats: int) -> tuple[int, ...]:
    """Electoral votes per seat if the votes were counted now: each state's whole vote goes to its leader."""
    votes = [0] * seats
    for state, lines in zip(STATES, board, strict=True):
        lead = pins.leader(lines)
        if lead is not None:
            votes[lead] += state.votes
    return tuple(votes)


def is_closed(board: Board) -> bool:
    """The seed: "Whenever there is at least one pin in every State, the board is said to be closed"."""
    return all(pins.has_pin(lines) for lines in board)


@dataclass(frozen=True, slots=True)
class Tabulation:
    votes: tuple[int, ...]
    winner: int | None
    eliminated: frozenset[int]


def tabulate(board: Board, active: Sequence[int], seats: int) -> Tabulation:
    """Count the votes: a majority wins; otherwise everyone below the two highest totals is eliminated.

    Ruling: a tie for second place eliminates none of the tied candidates (the seed names no tie-break, and an
    arbitrary one would decide the election); they all stay in and a later tabulation separates them.
    """
    votes = tally(board, seats)
    best = max(active, key=lambda s: votes[s])
    if votes[best] >= MAJORITY:
        return Tabulation(votes, best, frozenset())
    ranked = sorted((votes[s] for s in active), reverse=True)
    second = ranked[1]
    return Tabulation(votes, None, frozenset(s for s in active if votes[s] < second))
