"""Hypothesis strategies for Djambi positions: any legal-looking board, often with a Chief in power to play.

Positions are drawn square by square (living pieces of every kind and party, corpses), the Maze holding a Chief, a
corpse or nothing, each party's Chief alive or dead; the party to play is drawn among those that can play. The
states pass the JSON reader's consistency check, so every rule finds what it expects.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from controller.games.djambi.board import KINDS, MAZE, NAMES, PARTY_LETTERS
from controller.games.djambi.diagram import from_squares, parse_diagram, position
from controller.games.djambi.order import VASSAL, controller
from controller.games.djambi.state import DjambiState

SQUARES = [n for i, n in enumerate(NAMES) if i != MAZE]
MAZE_NAME = NAMES[MAZE]
# Kinds other than the Chief, weighted towards the acting pieces.
OTHERS = [k for k in KINDS if k != "C"]


@st.composite
def positions(draw: st.DrawFn, /, in_power: float = 0.6, **options: Any) -> DjambiState:
    """A position; with probability about `in_power` a living Chief stands in the Maze and its party plays."""
    squares = draw(st.lists(st.sampled_from(SQUARES), min_size=6, max_size=40, unique=True))
    chiefs = draw(st.lists(st.booleans(), min_size=4, max_size=4))
    assume(sum(chiefs) >= 2)
    pieces: dict[str, str] = {}
    living = [p for p in range(4) if chiefs[p]]
    power = draw(st.sampled_from(living)) if draw(st.floats(0, 1)) < in_power else None
    if power is not None:
        pieces[MAZE_NAME] = PARTY_LETTERS[power] + "C"
    elif draw(st.booleans()):
        pieces[MAZE_NAME] = "xx"
    it = iter(squares)
    for p in living:
        if p != power:
            pieces[next(it)] = PARTY_LETTERS[p] + "C"
    for sq in it:
        if draw(st.integers(0, 3)) == 0:
            pieces[sq] = "xx"
        else:
            pieces[sq] = draw(st.sampled_from(PARTY_LETTERS)) + draw(st.sampled_from(OTHERS))
    control = tuple(p if chiefs[p] else draw(st.sampled_from([None, *living])) for p in range(4))
    board_parties = {PARTY_LETTERS.index(t[0]) for t in pieces.values() if t != "xx"}
    seats = tuple(VASSAL if s is None else s for s in control)
    board = parse_diagram(from_squares(pieces))
    playable = [p for p in sorted(board_parties) if controller(p, seats, board) is not None]
    assume(playable)
    turn = power if power is not None and draw(st.floats(0, 1)) < 0.7 else draw(st.sampled_from(playable))
    assume(turn in playable)
    return position(pieces, turn, control, **options)
