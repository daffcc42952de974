"""Hypothesis strategies for every game: reachable positions, and legal actions in them.

A position is reached by playing, never built by hand, so it is one a real game can come to. The strategy draws
the game (or takes the named one), the seat count, the options (from the game's metadata: the default or another
allowed value), the seed, a number of actions (at most `max_actions`), and then each action as a choice among what
the position allows:

- at a seat's turn, one of its legal moves; now and then a legal move of another seat (a Politrics declaration),
  so what only such moves lead to is reached too;
- at a chance node, one of the chance outcomes (every outcome may be drawn, whatever its probability);
- in a simultaneous phase (Chesspolitik), the order set of one waiting seat: a drawn list of single orders, each
  kept when the set with it is still acceptable to the game (an empty set: every unit holds).

Every choice is an index hypothesis draws, so a failing example shrinks towards fewer actions, the first listed
move at each step, the fewest seats, the default options and seed 0, and reproduces from hypothesis' database or
the `@reproduce_failure` blob the CI profile prints. Playouts are bounded (`max_actions`), so a draw stays fast.

The API (`registry` is `controller.games.DEFAULT` unless given; tests with the toy games pass `tests.conftest.ALL`):

- `game_names(registry)`: a registered game's name.
- `histories(name=None, *, registry, seats=None, max_actions=MAX_ACTIONS, ongoing=False, favour=None, **options)`:
  a `History`, the positions of a drawn playout and the actions between them (`history.start`, `.final`, `.states`,
  `.actions`). Options given are fixed, the others drawn; `seats` fixes the seat count; `ongoing=True` ends before
  the action that would end the game, so the final position still has someone to act. `favour(state)` names legal
  moves of the seat to move worth reaching more often than a uniform draw would (Djambi's moves into the Maze and
  next to a Chief, so power and walled-in Chiefs come up); at each turn where it names some, a drawn coin picks
  among them. The coin shrinks to "no", so a failing example still shrinks to the first listed moves.
- `states(...)`: the same arguments; the final position of such a playout.
- `moves(state, seat=None)`: a legal action in `state`: a legal move of `seat` (by default the seat to move), a chance
  outcome at a chance node, an `Orders` of a waiting seat in a simultaneous phase.
- `order_sets(state, seat)`: an acceptable `Orders` for `seat` in a simultaneous phase.
- `options(info, **fixed)`: a game's options, each its default or another value its metadata allows.

For example::

    @given(st.data())
    def test_something(data):
        state = data.draw(states("djambi", ongoing=True))
        move = data.draw(moves(state))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hypothesis import strategies as st
from hypothesis.strategies import DrawFn

from controller.games import CHANCE, DEFAULT, SIMULTANEOUS, GameInfo, IllegalMoveError, Move, Orders, Registry, State
from controller.games.info import Option, OptionValue

MAX_ACTIONS = 60
# How far above its default (or minimum) a whole-number option without a maximum is drawn.
INT_SPAN = 20
# At a seat's turn, one draw in this many looks at the other seats' moves (moves out of turn).
OUT_OF_TURN_ONE_IN = 4


@dataclass(frozen=True)
class History:
    """A playout: `states[0]` is the start, `states[i + 1] == states[i].play(actions[i])`."""

    states: tuple[State, ...]
    actions: tuple[Move, ...]

    @property
    def start(self) -> State:
        return self.states[0]

    @property
    def final(self) -> State:
        return self.states[-1]


def game_names(registry: Registry = DEFAULT) -> st.SearchStrategy[str]:
    return st.sampled_from(registry.names())


def _option_values(option: Option) -> st.SearchStrategy[OptionValue]:
    default = option.default
    if option.choices:
        return st.sampled_from([default, *(c for c in option.choices if c != default)])
    if isinstance(default, bool):
        return st.sampled_from([default, not default])
    if isinstance(default, int):
        low = option.minimum if option.minimum is not None else default - INT_SPAN
        high = max(default, low) + INT_SPAN
        if option.maximum is not None:
            high = min(high, option.maximum)
        return st.just(default) | st.integers(low, high)
    return st.just(default)  # a free text option: only its default is known to be meaningful


@st.composite
def options(draw: DrawFn, /, info: GameInfo, **fixed: OptionValue) -> dict[str, OptionValue]:
    """The game's options: each given one as given, every other one its default or a drawn allowed value."""
    return {o.name: fixed[o.name] if o.name in fixed else draw(_option_values(o)) for o in info.options}


@st.composite
def order_sets(draw: DrawFn, /, state: State, seat: int) -> Orders:
    """An order set `seat` may hand in now: drawn single orders, each kept when the set stays acceptable."""
    candidates = state.legal_moves(seat)
    chosen: list[Move] = []
    if candidates:
        picks = draw(st.lists(st.integers(0, len(candidates) - 1), max_size=min(len(candidates), 12)))
        for i in picks:
            order = candidates[i]
            if order in chosen:
                continue
            try:
                state.submit(seat, [*chosen, order])
            except IllegalMoveError:
                continue
            chosen.append(order)
    return Orders(seat, tuple(chosen))


@st.composite
def moves(draw: DrawFn, /, state: State, seat: int | None = None) -> Move:
    """A legal action in `state` (see the module's docstring); the position must not be over."""
    to_move = state.to_move
    if to_move is None:
        raise ValueError(f"{state.game.name}: the game is over, there is no move to draw")
    if to_move is CHANCE and seat is None:
        outcomes = [m for m, _ in state.chance_outcomes()]
        return outcomes[draw(st.integers(0, len(outcomes) - 1))]
    if to_move is SIMULTANEOUS:
        waiting = sorted(state.waiting_for())
        chosen = waiting[draw(st.integers(0, len(waiting) - 1))] if seat is None else seat
        return draw(order_sets(state, chosen))
    asker = seat if seat is not None else to_move if isinstance(to_move, int) else None
    legal = state.legal_moves(asker)
    if not legal:
        raise ValueError(f"{state.game.name}: seat {seat if seat is not None else to_move} has no legal move here")
    return legal[draw(st.integers(0, len(legal) - 1))]


Favour = Callable[[State], Sequence[Move]]


def _action(draw: DrawFn, state: State, favour: Favour | None = None) -> Move:
    to_move = state.to_move
    if favour is not None and isinstance(to_move, int):
        preferred = favour(state)
        coin: bool = bool(preferred) and draw(st.booleans())
        if coin:
            return preferred[draw(st.integers(0, len(preferred) - 1))]
    if isinstance(to_move, int) and draw(st.integers(0, OUT_OF_TURN_ONE_IN - 1)) == OUT_OF_TURN_ONE_IN - 1:
        others = [m for s in range(state.seats) if s != to_move for m in state.legal_moves(s)]
        if others:
            return others[draw(st.integers(0, len(others) - 1))]
    if isinstance(to_move, int) and not state.legal_moves():
        raise AssertionError(f"{state.game.name}: seat {to_move} is to move but has no legal move")
    return draw(moves(state))


@st.composite
def histories(
    draw: DrawFn,
    /,
    name: str | None = None,
    *,
    registry: Registry = DEFAULT,
    seats: int | None = None,
    max_actions: int = MAX_ACTIONS,
    ongoing: bool = False,
    favour: Favour | None = None,
    **fixed: OptionValue,
) -> History:
    """A playout of a drawn length from a drawn start (see the module's docstring)."""
    game = registry.load(name if name is not None else draw(game_names(registry)))
    info = game.info
    n = seats if seats is not None else draw(st.sampled_from(info.seat_counts))
    seed = draw(st.integers(0, 2**32 - 1))
    state = game.new(n, seed=seed, **draw(options(info, **fixed)))
    length = draw(st.integers(0, max_actions))
    positions = [state]
    actions: list[Move] = []
    while len(actions) < length and state.to_move is not None:
        action = _action(draw, state, favour)
        nxt = state.play(action)
        if ongoing and nxt.to_move is None:
            break
        actions.append(action)
        positions.append(nxt)
        state = nxt
    return History(tuple(positions), tuple(actions))


def states(
    name: str | None = None,
    *,
    registry: Registry = DEFAULT,
    seats: int | None = None,
    max_actions: int = MAX_ACTIONS,
    ongoing: bool = False,
    favour: Favour | None = None,
    **fixed: OptionValue,
) -> st.SearchStrategy[State]:
    """A reachable position: the final one of `histories(...)` with the same arguments."""
    drawn = histories(
        name, registry=registry, seats=seats, max_actions=max_actions, ongoing=ongoing, favour=favour, **fixed
    )
    return drawn.map(lambda h: h.final)
