"""Quick hands carry out a drawn move in a drawn order through the real session: the board commits that move (never
another), or asks only when the touches cannot tell it from another move, and then only among moves consistent with
every touch; and the next turn begins only once the board shows the position after the move, every piece turned over.

The position, the move and the order of the hands are drawn (hypothesis), the order by the recognition fuzzer's hands
(any interleaving of the decision's and the chores' lifts and places, two pieces in the air at most, hovering); the
hands are quick (every change within the settle time of the last), so nothing the board shows on the way can be
taken for a finished move of its own. What the sensors can tell comes from the fuzzer's own reading of the game API
(tests.fuzz.oracle), not from the recognizer. Besides all five games at random, each class of hands that once made
the board commit a move nobody made, ask needlessly or go on with a piece standing wrong has a property of its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from controller.games import Effect, Move, State
from controller.games.djambi.board import parse_square
from controller.games.djambi.diagram import position as djambi_position
from controller.games.squares import mask
from controller.session import events as ev
from controller.session.core import Session
from controller.session.seats import SeatKind
from controller.session.sources import Source
from tests.fuzz.hands import PIN, Act, carry
from tests.fuzz.oracle import read, shapes
from tests.fuzz.positions import LAST_BEAT
from tests.fuzz.starts import aimed_start
from tests.games.test_djambi_properties import favoured
from tests.strategies import histories

# The games with turns at the board (Chesspolitik's orders are handed in on the phones; the fuzzer carries them).
GAMES = ("politrics", "polis", "politics1952", "djambi")
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _physical(effect: Effect) -> bool:
    return bool(effect.decision or effect.decision_touch)


def _eventful(state: State, effect: Effect) -> bool:
    """A move with chores or pieces to turn over: where the order of the hands matters."""
    return bool(effect.chores or effect.decision_touch or effect.chore_touch or len(effect.decision) > 1)


def position(data: st.DataObject, name: str, max_actions: int = 40) -> State:
    favour = favoured if name == "djambi" else None
    state = data.draw(histories(name, ongoing=True, max_actions=max_actions, favour=favour)).final
    assume(isinstance(state.to_move, int))
    return state


def position_with(data: st.DataObject, name: str, keep: Callable[[State, Effect], bool], max_actions: int) -> State:
    """A position of a drawn playout where the seat at the board has a move `keep` names (the latest such)."""
    favour = favoured if name == "djambi" else None
    history = data.draw(histories(name, max_actions=max_actions, favour=favour))
    for state in reversed(history.states):
        if isinstance(state.to_move, int) and any(keep(state, state.effect(m)) for m in state.legal_moves()):
            return state
    assume(False)
    raise AssertionError


def draw_move(
    data: st.DataObject, state: State, keep: Callable[[State, Effect], bool] = _eventful, always: bool = False
) -> Move:
    """A legal move the board can see; one that `keep` names when a drawn coin says so (or `always`)."""
    physical = [m for m in state.legal_moves() if _physical(state.effect(m))]
    kept = [m for m in physical if keep(state, state.effect(m))]
    assume(physical)
    pool = kept if kept and (always or data.draw(st.booleans(), label="kept")) else physical
    return pool[data.draw(st.integers(0, len(pool) - 1), label="move")]


class QuickTable:
    """The real session, every seat at the board, fed the occupancy after each change of the hands."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.session = Session(state.game, state, seat_kinds=[SeatKind.BOARD] * state.seats, seed=0)
        self.occ = self.start = state.occupancy()
        self.touched = 0
        self.t = 0.0
        self.session.start(self.occ, self.t)
        self.events: list[ev.Event] = self.session.drain()

    def do(self, acts: list[Act], rng: random.Random) -> None:
        for act in acts:
            self.run_until(self.t + rng.uniform(0.02, 0.25))
            bit = 1 << act.square
            self.occ = self.occ | bit if act.piece is not None else self.occ & ~bit
            self.touched |= bit
            self.session.on_board(self.occ, self.t)
            self.events += self.session.drain()

    def run_until(self, end: float) -> None:
        while (d := self.session.deadline()) is not None and d <= end:
            self.t = max(self.t, d)
            self.session.tick(self.t)
            self.events += self.session.drain()
        self.t = end

    def settle(self, move: Move) -> list[str]:
        """Let the board stand; answer a question with `move`. Returns what was asked."""
        self.run_until(self.t + 5.0)
        prompts = [e for e in self.events if isinstance(e, ev.Prompted)]
        if not prompts:
            return []
        self.session.answer(str(move), self.t)
        self.events += self.session.drain()
        self.run_until(self.t + 5.0)
        return [text for text, _ in prompts[0].options]

    def committed(self) -> list[Move | None]:
        return [p.move for p in self.session.history if p.source is not Source.DICE]

    def chores_open(self) -> bool:
        return self.session.recognizer.mode.value == "chores"


def check(table: QuickTable, move: Move, asked: list[str], touched: int | None = None) -> None:
    """The move made is committed, asked about only among moves the touches cannot separate, and finished."""
    state = table.state
    reading = read(shapes(state), table.start, table.occ, table.touched if touched is None else touched)
    if asked:
        fitting = {str(s.move) for s in reading.fitting}
        assert str(move) in asked, f"{move} made, {sorted(asked)} asked"
        assert set(asked) <= fitting, f"asked {sorted(set(asked) - fitting)}, which the touches rule out"
        assert len(reading.best) > 1, f"asked {sorted(asked)} although the touches single out {move}"
    assert table.committed() == [move], f"{[str(m) for m in table.committed()]} committed for {move}"
    assert not table.chores_open(), f"{move}: chores still open with the board done"


def hands(state: State, move: Move, rng: random.Random) -> list[Act]:
    start = state.occupancy()
    region = state.game.region(state.seats).mask
    return carry(rng, start, state.effect(move), dict(state.play(move).pieces()), hover=region & ~start)


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_quick_hands_in_any_order_commit_the_move_made(name: str, data: st.DataObject) -> None:
    state = position(data, name)
    move = draw_move(data, state)
    rng = data.draw(st.randoms(use_true_random=False), label="hands")
    table = QuickTable(state)
    table.do(hands(state, move, rng), rng)
    check(table, move, table.settle(move))


def _hop_into_the_square_left(state: State, effect: Effect) -> bool:
    src = effect.decision[0].src if effect.decision else None
    return any(s.dst == src for s in effect.chores)


@SETTINGS
@given(data=st.data())
def test_a_polis_hop_into_the_square_the_mover_left_is_never_asked_about(data: st.DataObject) -> None:
    """However the hands interleave the step and the hop back into its square, only the step explains every touch:
    the neighbour's own step (whose hop would send the mover into the neighbour's square) has not begun that hop,
    so the square it would empty, lifted and filled again, is not its doing."""
    state = position_with(data, "polis", _hop_into_the_square_left, max_actions=60)
    move = draw_move(data, state, keep=_hop_into_the_square_left, always=True)
    rng = data.draw(st.randoms(use_true_random=False), label="hands")
    table = QuickTable(state)
    table.do(hands(state, move, rng), rng)
    asked = table.settle(move)
    assert not asked, f"{move}: asked {asked}"
    check(table, move, asked)


def _turns_over(state: State, effect: Effect) -> bool:
    return bool(effect.decision_touch) and bool(effect.decision)


@SETTINGS
@given(data=st.data())
def test_a_piece_turned_over_before_the_move_counts_for_the_move_that_turns_it(data: st.DataObject) -> None:
    """A Djambi Reporter's victim turned over while every other piece still stands (nothing else in the air, so it
    is the same piece put back), then the Reporter's step: the kill, as if turned over afterwards."""
    state = position_with(data, "djambi", _turns_over, max_actions=60)
    move = draw_move(data, state, keep=_turns_over, always=True)
    effect = state.effect(move)
    rng = data.draw(st.randoms(use_true_random=False), label="hands")
    after = dict(state.play(move).pieces())
    first = [a for sq in sorted(effect.decision_touch) for a in (Act(sq, None), Act(sq, after.get(sq, PIN)))]
    rest = carry(rng, state.occupancy(), Effect(effect.decision, effect.chores, chore_touch=effect.chore_touch), after)
    table = QuickTable(state)
    table.do(first, rng)
    table.run_until(table.t + 1.0)  # the board stands at the start again: a piece put back
    table.do(rest, rng)
    check(table, move, table.settle(move))


@pytest.mark.parametrize("name", ("politrics", "polis", "djambi"))  # Politics (1952) has no pieces to lift
@SETTINGS
@given(data=st.data())
def test_a_piece_lifted_alone_and_put_back_never_stands_for_a_piece_that_left(name: str, data: st.DataObject) -> None:
    """A piece lifted and put back while every other piece stands cannot be one piece leaving its square and another
    filling it (a Polis dog's square refilled by a hop): the move made afterwards is committed, never a move that
    would have needed that square emptied and refilled."""
    state = position(data, name)
    turned = {sq for m in state.legal_moves() for sq in state.effect(m).decision_touch | state.effect(m).chore_touch}
    start = state.occupancy()
    standing = [sq for sq in range(81) if start >> sq & 1 and sq not in turned]
    # Mostly the square of a piece another move lifts and refills with another (a Polis mover's square a hop fills).
    refilled = [sq for sq in standing if any(_left_and_refilled(state.effect(m), sq) for m in state.legal_moves())]
    often = bool(data.draw(st.integers(0, 3), label="refilled"))
    pool = refilled if refilled and often else standing
    assume(pool)
    tap = pool[data.draw(st.integers(0, len(pool) - 1), label="tap")]
    # Mostly a move to where a move refilling the tapped square goes: the board then shows both at once.
    others = [m for m in state.legal_moves() if _left_and_refilled(state.effect(m), tap)]
    ends = {s.dst for m in others for s in state.effect(m).decision[:1]}
    near = [m for m in state.legal_moves() if m not in others and _lands(state.effect(m)) & ends]
    near_first = bool(near) and data.draw(st.booleans(), label="near")
    move = near[data.draw(st.integers(0, len(near) - 1))] if near_first else draw_move(data, state)
    rng = data.draw(st.randoms(use_true_random=False), label="hands")
    table = QuickTable(state)
    table.do([Act(tap, None), Act(tap, state.pieces()[tap])], rng)
    table.run_until(table.t + 1.0)
    acts = hands(state, move, rng)
    table.do(acts, rng)
    asked = table.settle(move)
    moved = mask(sq for a in acts for sq in (a.square,))
    check(table, move, asked, touched=moved)


def _left_and_refilled(effect: Effect, square: int) -> bool:
    steps = (*effect.decision, *effect.chores)
    return any(s.src == square for s in steps) and any(s.dst == square for s in steps)


def _lands(effect: Effect) -> set[int | None]:
    return {s.dst for s in effect.decision[:1]}


def _turned_where_it_lands(state: State, effect: Effect) -> bool:
    landed = {s.dst for s in effect.decision if s.dst is not None}
    return bool(landed & effect.chore_touch)


# A Chief leaves the Maze to kill on B2 and drops the corpse on C3, the last way out of the corner: it is walled in
# where it killed (docs/rules/djambi.md), a piece to turn over on the square it has just landed on.
SHUT_IN = {"E5": "RC", "I9": "BC", "I1": "YC", "B2": "GM", "A9": "GC", "A3": "xx", "B3": "xx", "C2": "xx", "C1": "xx"}


def _symmetric(square: str, turn: int, mirror: bool) -> str:
    """`square` under one of the board's eight symmetries (the Maze, E5, stays where it is)."""
    f, r = ord(square[0]) - ord("A"), int(square[1]) - 1
    for _ in range(turn):
        f, r = r, 8 - f
    if mirror:
        f = 8 - f
    return f"{chr(ord('A') + f)}{r + 1}"


@SETTINGS
@given(turn=st.integers(0, 3), mirror=st.booleans(), data=st.data())
def test_a_piece_to_turn_over_where_it_landed_must_be_touched_after_it_landed(
    turn: int, mirror: bool, data: st.DataObject
) -> None:
    """A Djambi Chief walled in on the square where it killed is turned over once it stands there: the touches of
    the kill on that square (the victim lifted, the Chief set down) are not that turn, and the next turn waits."""
    state = djambi_position({_symmetric(sq, turn, mirror): piece for sq, piece in SHUT_IN.items()})
    move = draw_move(data, state, keep=_turned_where_it_lands, always=True)
    effect = state.effect(move)
    assert _turned_where_it_lands(state, effect)
    rng = data.draw(st.randoms(use_true_random=False), label="hands")
    after = dict(state.play(move).pieces())
    hover = state.game.region(state.seats).mask & ~state.occupancy()
    table = QuickTable(state)
    table.do(carry(rng, state.occupancy(), Effect(effect.decision, effect.chores), after, hover=hover), rng)
    table.settle(move)
    assert table.committed() == [move]
    assert table.chores_open(), f"{move}: the next turn began before the Chief was turned over"
    table.do([a for sq in sorted(effect.chore_touch) for a in (Act(sq, None), Act(sq, after[sq]))], rng)
    table.run_until(table.t + 2.0)
    assert not table.chores_open()


def _landings(state: State, move: Move) -> int:
    """Empty squares where another legal move sets its acting piece down."""
    start = state.occupancy()
    out = 0
    for m in state.legal_moves():
        effect = state.effect(m)
        if m != move and effect.decision and effect.decision[0].dst is not None:
            out |= 1 << effect.decision[0].dst
    return out & ~start


@pytest.mark.parametrize("name", ("politrics", "polis"))
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_a_hover_over_another_moves_square_while_chores_are_carried_never_makes_that_move(
    name: str, seed: int, data: st.DataObject
) -> None:
    """The piece in the air passes over the square where another move lands, whose own piece the chores have
    already lifted (a Politrics board being cleared before its last beat is finished), then lands where it was
    going: the board briefly showed the other move with part of its chores done, but a change that cannot extend
    a move whose chores are still open is no quick reply of the next player: the move made is committed."""
    if name == "politrics":
        state, script = aimed_start(name, LAST_BEAT, random.Random(seed))
        assume(script)
        move = script[0]
    else:
        state = position_with(data, name, lambda s, e: bool(e.chores), max_actions=60)
        move = draw_move(data, state, keep=lambda s, e: bool(e.chores), always=True)
    hover = _landings(state, move)
    assume(hover)
    rng = data.draw(st.randoms(use_true_random=False), label="hands")
    after = dict(state.play(move).pieces())
    table = QuickTable(state)
    table.do(carry(rng, state.occupancy(), state.effect(move), after, hover=hover, noise=0.9), rng)
    check(table, move, table.settle(move))


# Red's Militant on H9 kills its own Militant on G9 and leaves the corpse on H9, where it stood: Blue's Chief is walled
# in on I9, and the board ends as it began, like G9's Militant killing H9's the other way round (which walls nobody in).
SWAP_WALLS_IN = {"I9": "BC", "H8": "xx", "I8": "xx", "H9": "RM", "G9": "RM", "A1": "RC", "A9": "YC", "I1": "GC"}


def _walls_in_where_the_board_ends_as_it_began(state: State, effect: Effect) -> bool:
    start = state.occupancy()
    left = mask(s.src for s in effect.decision if s.src is not None)
    reached = mask(s.dst for s in effect.decision if s.dst is not None)
    return bool(effect.chore_touch) and (start & ~left) | reached == start


@SETTINGS
@given(turn=st.integers(0, 3), mirror=st.booleans(), data=st.data())
def test_a_chief_turned_over_first_counts_for_the_move_that_walls_it_in_where_the_board_ends_as_it_began(
    turn: int, mirror: bool, data: st.DataObject
) -> None:
    """A Chief the move walls in, turned over while every other piece stands (nothing else in the air: the same piece
    put back), then a kill whose corpse goes where the killer stood: the board stands as the turn began, touched on
    the killer's and the victim's squares, which the kill the other way round touches too. Only the move that walls
    the Chief in explains the Chief's touch: it is committed, never asked about."""
    state = djambi_position({_symmetric(sq, turn, mirror): piece for sq, piece in SWAP_WALLS_IN.items()})
    move = draw_move(data, state, keep=_walls_in_where_the_board_ends_as_it_began, always=True)
    effect = state.effect(move)
    assert _walls_in_where_the_board_ends_as_it_began(state, effect)
    rng = data.draw(st.randoms(use_true_random=False), label="hands")
    after = dict(state.play(move).pieces())
    first = [a for sq in sorted(effect.chore_touch) for a in (Act(sq, None), Act(sq, after[sq]))]
    table = QuickTable(state)
    table.do(first, rng)
    table.run_until(table.t + 1.0)  # the board stands at the start again: a piece put back
    table.do(carry(rng, state.occupancy(), Effect(effect.decision), after), rng)
    asked = table.settle(move)
    assert not asked, f"{move}: asked {asked}"
    check(table, move, asked)


# Red's Chief on B9 may kill Red's own Militant on B8, which may itself kill Yellow's Militant on A7; either corpse may
# go to any free square.
KILLER_AND_VICTIM = {"B9": "RC", "B8": "RM", "A7": "YM", "I1": "YC", "I9": "GC", "A1": "BC"}


def _kills(state: State, killer: int, victim: int) -> list[Move]:
    out = []
    for m in state.legal_moves():
        d = state.effect(m).decision
        if len(d) == 2 and d[0].src == killer and d[0].dst == victim and d[1].src == victim:
            out.append(m)
    return out


@SETTINGS
@given(turn=st.integers(0, 3), mirror=st.booleans(), data=st.data())
def test_a_wrong_piece_put_back_while_a_corpse_is_carried_first_is_no_kill_of_that_piece(
    turn: int, mirror: bool, data: st.DataObject
) -> None:
    """The Chief's victim is carried first to where its corpse goes, then a wrong piece (one the victim itself could
    have killed, its corpse on the same square) is lifted and put straight back while nothing else is in the air,
    and the Chief goes on at once. The board passes through the position of the victim's own kill, but the piece
    put back is the same piece, so no kill of it: the Chief's kill is committed, never the victim's."""
    squares = {_symmetric(sq, turn, mirror): piece for sq, piece in KILLER_AND_VICTIM.items()}
    state = djambi_position(squares)
    chief, militant, other = (parse_square(_symmetric(sq, turn, mirror)) for sq in ("B9", "B8", "A7"))
    # The corpse goes where the victim's own kill could put its victim's (not the Chief's square, for one).
    could = {state.effect(m).decision[1].dst for m in _kills(state, militant, other)}
    kills = [m for m in _kills(state, chief, militant) if state.effect(m).decision[1].dst in could]
    move = kills[data.draw(st.integers(0, len(kills) - 1), label="corpse")]
    corpse = state.effect(move).decision[1].dst
    assert corpse is not None
    rng = data.draw(st.randoms(use_true_random=False), label="hands")
    after = dict(state.play(move).pieces())
    acts = [Act(militant, None), Act(corpse, after[corpse]), Act(other, None, stray=True)]
    acts += [Act(other, state.pieces()[other], stray=True), Act(chief, None), Act(militant, after[militant])]
    table = QuickTable(state)
    table.do(acts, rng)
    asked = table.settle(move)
    assert not asked, f"{move}: asked {asked}"
    check(table, move, asked, touched=mask(a.square for a in acts if not a.stray))
