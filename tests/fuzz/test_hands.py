"""The fuzzer's own hands: a move the board was told elsewhere (the page, the phones) is carried out so that once the
board shows the chores done, the hands only tap squares (leaving each as it stands).

The session then waits only for the position after the move and the squares it must see touched (a figure placed
on the page as a Politrics board's last beat is cleared off with the board, never set down): a piece set down after
that, on its way to where the chores take it off again, would be the next turn's start, which the board must read
as such. So hands told the move carry such a piece straight to where the chores leave it; this checks it over
drawn reachable positions of every game, the positions issue 12 names among them (a Politrics board's last beat).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from controller.games import SIMULTANEOUS, Effect, Move, State
from tests.fuzz.hands import PIN, Act, carry
from tests.fuzz.recognition import GAMES
from tests.fuzz.starts import AIMS, aimed_start, random_start
from tests.fuzz.starts import orders as orders_for

ORDERS_OF_HANDS = 20  # orders of hands tried for each drawn move


def _move(state: State, rng: random.Random) -> tuple[State, Move]:
    """A move with chores, or the last seat's orders of a phase (the others handed in first)."""
    if state.to_move is SIMULTANEOUS:
        *first, last = sorted(state.waiting_for())
        for seat in first:
            state = state.play(orders_for(state, seat, rng))
        return state, orders_for(state, last, rng)
    legal = list(state.legal_moves())
    with_chores = [m for m in legal if state.effect(m).chores]
    return state, rng.choice(with_chores or legal)


def _taps(acts: list[Act], target: int) -> bool:
    """Whether `acts` only tap squares, each left as it stands in `target`: a piece lifted and set straight back (turned
    over once more), a square touched and left empty (a hop's path the hands trace after the board is done)."""
    pairs = list(zip(acts[::2], acts[1::2], strict=False))
    return len(acts) % 2 == 0 and all(
        a.square == b.square
        and (
            (a.piece is None and b.piece is not None and target >> a.square & 1)
            or (a.piece is PIN and b.piece is None and not target >> a.square & 1)
        )
        for a, b in pairs
    )


def _shows_done_early(state: State, move: Move, effect: Effect, rng: random.Random) -> int | None:
    """The act after which the board shows the chores done while acts that change it are still to come, if any."""
    start = state.occupancy()
    after = state.play(move)
    target = after.occupancy()
    must = effect.chore_must_touch(start) | (effect.must_touch(start) if effect.decision else 0)
    hover = state.game.region(state.seats).mask & ~start & ~target
    acts = carry(rng, start, effect, dict(after.pieces()), hover=hover, direct=True)
    occ, touched = start, 0
    for i, act in enumerate(acts):
        occ = occ | 1 << act.square if act.piece is not None else occ & ~(1 << act.square)
        touched |= 1 << act.square
        if occ == target and not must & ~touched:
            return None if _taps(acts[i + 1 :], target) else i
    return None


def _drawn(name: str, data: st.DataObject) -> tuple[State, Move, random.Random]:
    aim = data.draw(st.sampled_from((None, *AIMS.get(name, ()))))
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    state, script = (random_start(name, rng), []) if aim is None else aimed_start(name, aim, rng)
    assume(state.to_move is not None)  # a playout's last roll may end the game
    state, move = (state, script[0]) if script else _move(state, rng)
    return state, move, rng


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_move_told_elsewhere_shows_its_chores_done_only_once_its_pieces_stand(name: str, data: st.DataObject) -> None:
    state, move, rng = _drawn(name, data)
    effect = state.effect(move)
    for _ in range(ORDERS_OF_HANDS):
        early = _shows_done_early(state, move, effect, rng)
        assert early is None, f"{state.record(move)}: the chores show done after act {early}, changes to come"


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=10, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_hovering_piece_passes_over_a_square_on_its_way_never_its_own(name: str, data: st.DataObject) -> None:
    """Set down on its own square and lifted again, then held up a second, a piece would be a takeback of the move
    the board took as it landed (at once, for a move told on the page): no hover, but the README's known limit."""
    state, move, rng = _drawn(name, data)
    start = state.occupancy()
    after = state.play(move)
    hover = state.game.region(state.seats).mask & ~start  # every square empty before the move, as the fuzzer's
    for _ in range(ORDERS_OF_HANDS):
        acts = carry(rng, start, state.effect(move), dict(after.pieces()), hover=hover, noise=1.0)
        for i, act in enumerate(acts[:-2]):
            if act.stray and act.piece is not None and not acts[i + 2].stray:
                assert acts[i + 2].square != act.square, f"{state.record(move)}: a hover over its own square"
