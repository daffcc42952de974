"""The lights for a lifted piece, in every game, for every piece on the board: where it may go and what it may take
as the piece that acts; only when it cannot act, the moves it would be moved in (a victim taken off first), never
those that only turn it over as a chore where it stands (a Djambi Chief walled in by another piece's move).

The expected squares come from the game's legal moves and their effects alone, never from the turn index."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import DEFAULT, Effect, State
from controller.games.djambi.diagram import position
from controller.recognizer import MismatchShown, Recognizer, build_index
from tests.games.test_djambi_properties import favoured
from tests.strategies import histories


def _bits(squares: Sequence[int | None]) -> int:
    out = 0
    for sq in squares:
        if sq is not None:
            out |= 1 << sq
    return out


def effects(state: State) -> list[Effect]:
    """The effects of the legal moves the board can see."""
    out = []
    for m in state.legal_moves():
        e = state.effect(m)
        if e.decision or e.decision_touch:
            out.append(e)
    return out


def expected_lights(state: State, square: int, moves: Sequence[Effect] | None = None) -> tuple[int, int]:
    """Destinations and capture targets of the piece on `square` lifted alone, from the legal moves."""
    start = state.occupancy()
    occ = start & ~(1 << square)
    acting: list[Effect] = []
    moved: list[Effect] = []
    for e in effects(state) if moves is None else moves:
        if e.decision and e.decision[0].src == square:
            acting.append(e)
        elif (_bits([s.src for s in (*e.decision, *e.chores)]) | _bits(list(e.decision_touch))) >> square & 1:
            # Moved, taken or turned over by the decision. A piece only turned over by the chores, where it stands,
            # once the decision is made (a Djambi Chief walled in by a corpse set down elsewhere) is not moved by
            # the move: lifting it first is no start of that move, and lights none of it.
            moved.append(e)
    destinations = captures = 0
    for e in acting or moved:
        dsrc, ddst = _bits([s.src for s in e.decision]), _bits([s.dst for s in e.decision])
        after = (start & ~dsrc) | ddst
        if acting:
            first = e.decision[0].dst  # where the acting piece may land; a victim there is a capture
            destinations |= (1 << first) & ~occ if first is not None else 0
        else:
            destinations |= after & ~occ
        removed = _bits([s.src for s in (*e.decision, *e.chores) if s.dst is None])
        unchanged = (dsrc | ddst | _bits(list(e.decision_touch))) & ~(after ^ start)
        captures |= (removed | (unchanged & start)) & occ
    return destinations, captures


GAMES = [n for n in DEFAULT.names() if n in ("politrics", "polis", "djambi", "politics1952", "chesspolitik")]


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=8)
@given(data=st.data())
def test_the_lights_of_every_lifted_piece_match_the_legal_moves(name: str, data: st.DataObject) -> None:
    history = data.draw(histories(name, ongoing=True, max_actions=60, favour=favoured if name == "djambi" else None))
    state = history.final
    if not isinstance(state.to_move, int):
        return
    index = build_index(state, state.legal_moves(), with_near_misses=False)
    start = state.occupancy()
    moves = effects(state)
    one_of_each = {piece: square for square, piece in sorted(state.pieces().items())}  # each kind of each owner
    for piece, square in one_of_each.items():
        rec = Recognizer()
        rec.begin_turn(index, start, 0.0)
        rec.board(start & ~(1 << square), 0.1)
        g = rec.guidance()
        assert (g.destinations, g.captures) == expected_lights(state, square, moves), f"{name}: {piece} on {square}"


def test_lifting_a_necromobile_at_the_djambi_start_lights_its_own_moves_not_every_corpse_square() -> None:
    state = DEFAULT.load("djambi").new(4, seed=0)
    index = build_index(state, state.legal_moves(), with_near_misses=False)
    necro = next(sq for sq, p in state.pieces().items() if p.kind == "N" and p.owner == 0)
    rec = Recognizer()
    start = state.occupancy()
    rec.begin_turn(index, start, 0.0)
    rec.board(start & ~(1 << necro), 0.1)
    lit = rec.guidance().destinations
    empty = ~start & DEFAULT.load("djambi").region(4).mask
    assert lit and lit != empty & ~(1 << necro)
    assert lit == expected_lights(state, necro)[0]


# Red's moves that drop their victim's corpse on H9 wall Blue's Chief in on I9 (no Necromobile is left): a chore turns
# it over where it stands once the corpse is down.
WALLED = {"I9": "BC", "H8": "xx", "I8": "xx", "A1": "RC", "G7": "RM", "G8": "YM", "A9": "YC", "I1": "GC"}


def test_a_chief_only_walled_in_by_the_moves_lights_none_of_them_and_is_shown_to_put_back() -> None:
    state = position(WALLED)
    chief = 80
    assert any(chief in state.effect(m).chore_touch for m in state.legal_moves())
    index = build_index(state, state.legal_moves(), with_near_misses=False)
    start = state.occupancy()
    rec = Recognizer()
    rec.begin_turn(index, start, 0.0)
    rec.board(start & ~(1 << chief), 0.1)
    g = rec.guidance()
    assert (g.destinations, g.captures) == (0, 0) == expected_lights(state, chief)
    assert rec.tick(0.1 + rec.settings.mismatch_grace) == [MismatchShown(fill=1 << chief, empty=0)]
