"""Information-set Monte Carlo tree search (single observer, as OpenSpiel's IS-MCTS) over the game API.

Every iteration draws a full state consistent with the thinking seat's view (its secrets filled in at random), walks
the one tree of that seat's information set down with UCB, and backs up a reward per seat:
- a seat's decision node keeps statistics per move; a move is weighed only against the moves legal in the drawn
  state (availability counts), and every child starts with its evaluation as a prior visit, so with no time left the
  search plays like the greedy player and every further iteration looks deeper;
- a chance node samples its outcome by probability;
- a simultaneous node keeps statistics per seat and per candidate order set (decoupled UCT): each seat chooses
  without knowing the others' choice, which is what secret orders are. Its candidates grow with its visits, each
  new one near the seat's best so far (the knowledge's `varier`: one unit's order changed), so more playouts search
  more of the order space instead of only choosing more surely among the first few sets.
A new leaf is expanded whole (each child evaluated), and the best child's value for the seat to move there is backed
up, a one-ply look that beats a single static evaluation. A leaf is judged where the game's knowledge finds it fair
(`quiet`: Politics finishes the turn, Chesspolitik plays the Fall that hands centres over), and within one seat's
turn the search follows only the moves the knowledge lets follow the one before (`follows`: moves that commute are
looked at in one order). Deterministic for a seed and a playout budget.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import field
from typing import Any

from controller.ai.knowledge import Knowledge
from controller.games import CHANCE, SIMULTANEOUS, Game, Move, Orders, State
from controller.values import dataclass

Values = tuple[float, ...]
WIDEN = 2  # moves a node weighs at its first visits; then one more each time its visits pass a square
# A phase of orders weighs one more order set per seat whenever its visits pass SPREAD times the square of the sets it
# has: every set then has had some visits before a new one comes (none at easy's playouts, few at normal's).
SPREAD = 2


@dataclass(slots=True)
class Arm:
    """A move's statistics from its chooser's side: visits, total value, and how often it was available."""

    visits: int = 0
    total: float = 0.0
    available: int = 0
    prior: float = 0.0  # the value of its first look, which ranks it for progressive widening

    def ucb(self, exploration: float) -> float:
        return self.total / self.visits + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


@dataclass(slots=True)
class Node:
    """One information set of the tree: children by move (or by joint order sets), arms per move or per seat."""

    children: dict[Any, Node] = field(default_factory=dict)
    arms: dict[Move, Arm] = field(default_factory=dict)
    seat_arms: dict[int, dict[Orders, Arm]] = field(default_factory=dict)
    # Per seat of a phase of orders: the order sets it has added near its best so far, and how it finds them.
    varied: dict[int, int] = field(default_factory=dict)
    variers: dict[int, Callable[[Orders, random.Random], Orders]] = field(default_factory=dict)
    visits: int = 0
    # In a game without secrets a node is always the same position: kept, with its candidates, so an iteration
    # walks down the tree without playing (and the game analysing) every move again.
    state: State | None = None
    moves: list[Move] | None = None
    ranked: list[Move] | None = None  # the arms' moves, best first look first (None: to be sorted again)


@dataclass(frozen=True, slots=True)
class Result:
    """The chosen move and what the search knows of it (for hints, logs and the arena)."""

    move: Move
    value: float
    iterations: int
    visits: int


def check_turn(state: State, seat: int) -> None:
    """ValueError unless `seat` has a decision to make in `state` (its turn, or its orders still missing)."""
    to_move = state.to_move
    if to_move != seat and not (to_move is SIMULTANEOUS and seat in state.waiting_for()):
        raise ValueError(f"seat {seat} has nothing to decide now")


class Search:
    def __init__(
        self,
        game: Game,
        view: Mapping[str, Any],
        seat: int,
        knowledge: Knowledge,
        rnd: random.Random,
    ) -> None:
        self._game = game
        self._view = view
        self._seat = seat
        self._k = knowledge
        self._rnd = rnd
        self._root = Node()
        # Every iteration sees the same positions: a game without secrets, or one whose secrets are only dropped.
        self._fixed = not (game.info.hidden_information and knowledge.draws_secrets)
        self._chance = game.info.chance

    def run(self, done: Callable[[int], bool]) -> Result:
        iterations = 0
        while not done(iterations):
            if self._root.state is not None:
                state = self._root.state
            else:
                state = self._k.determinize(self._game, self._view, self._seat, self._rnd)
                if not iterations:
                    check_turn(state, self._seat)
                if self._fixed:
                    self._root.state = state
            self._iterate(state)
            iterations += 1
        return self._choice(iterations)

    # ---- one iteration ---------------------------------------------------------------------------------------
    def _iterate(self, state: State) -> None:
        node = self._root
        path: list[tuple[Arm, int]] = []
        depth = 0
        last: Move | None = None  # the move just made, while the same seat goes on with its turn
        while True:
            to_move = state.to_move
            if to_move is None:
                values = self._k.evaluate(state)
                break
            if to_move is CHANCE:
                outcome = self._k.chance(state, self._rnd)
                node, state = self._descend(node, state, outcome, outcome)
                last = None
                continue
            node.visits += 1
            if to_move is SIMULTANEOUS:
                picks, chosen = self._simultaneous(node, state)
                path.extend(chosen)
                key = tuple(picks)
                child = node.children.get(key)
                if child is not None and child.state is not None:
                    node, state = child, child.state
                    last = None
                    continue
                after = state
                for orders in picks:  # the phase handed in whole
                    after = after.play(orders)
                if child is None:
                    node.children[key] = Node(state=after if self._fixed else None)
                    values = self._leaf(after)
                    break
                node, state = child, after
                last = None
                continue
            assert isinstance(to_move, int)
            moves = node.moves
            if moves is None:
                moves = self._k.candidates(state, to_move, self._rnd, None if depth == 0 else self._k.width, last)
                if self._fixed:
                    node.moves = moves
            if not node.arms:
                values = self._expand(node, state, to_move, moves)
                break
            move = self._select(node, state, to_move, moves)
            path.append((node.arms[move], to_move))
            node, state = self._descend(node, state, move, move)
            # The move being decided is free of `follows`: every root move then leads to every set of moves that
            # holds it, not the first in the order to more of them than the last (which the search would favour).
            last = move if depth > 0 and state.to_move == to_move else None
            depth += 1
        for arm, seat in path:
            arm.visits += 1
            arm.total += values[seat]

    def _descend(self, node: Node, state: State, key: Any, action: Move) -> tuple[Node, State]:
        """The child reached by `action` and its position (kept in the node in a game without secrets)."""
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
        if child.state is not None:
            return child, child.state
        after = self._k.after(state, action)
        if self._fixed:
            child.state = after
        return child, after

    def _expand(self, node: Node, state: State, seat: int, moves: list[Move]) -> tuple[float, ...]:
        """Evaluate every candidate once (its prior visit) and back up the best of them for `seat`."""
        best: Values | None = None
        for move in moves:
            after = self._k.after(state, move)
            if self._fixed:
                node.children[move] = Node(state=after)
            values = self._leaf(after)
            node.arms[move] = Arm(1, values[seat], 1, values[seat])
            if best is None or values[seat] > best[seat]:
                best = values
        return best if best is not None else self._k.evaluate(state)

    def _leaf(self, state: State) -> Values:
        for _ in range(self._k.rollout_depth):
            if state.to_move is None:
                break
            state = self._k.step(state, self._rnd)
        state = self._k.quiet(state, self._rnd)
        while self._chance and state.to_move is CHANCE:  # a position is judged when somebody decides, not mid-roll
            state = state.play(self._k.chance(state, self._rnd))
        return self._k.evaluate(state)

    def _select(self, node: Node, state: State, seat: int, moves: list[Move]) -> Move:
        """UCB among the moves legal in this drawn state, a move never seen before tried first; progressive
        widening: only the best few by their first look are weighed, more as the node is visited more, so a wide
        position (hundreds of Djambi moves) is searched deep along its likely lines instead of one ply everywhere. The
        root of a game whose knowledge asks it (no `root_widening`) weighs all its moves: the decision itself is where a
        move that looks poor at first but holds deeper must be found, and the longer the think, the surer."""
        arms = node.arms
        for move in moves:
            if move not in arms:
                _, after = self._descend(node, state, move, move)
                values = self._leaf(after)
                arms[move] = Arm(1, values[seat], 1, values[seat])
                node.ranked = None
                return move
        ranked = node.ranked
        if ranked is None:
            ranked = node.ranked = sorted(arms, key=lambda m: -arms[m].prior)
        available = None if self._fixed or len(moves) == len(arms) else set(moves)
        widens = node is not self._root or self._k.root_widening
        width = WIDEN + math.isqrt(node.visits) if widens else len(ranked)
        best_move: Move | None = None
        best = -1.0
        for move in ranked:
            if available is not None and move not in available:
                continue
            arm = arms[move]
            arm.available += 1
            score = arm.ucb(self._k.exploration)
            if score > best:
                best, best_move = score, move
            width -= 1
            if not width:
                break
        assert best_move is not None
        return best_move

    def _simultaneous(self, node: Node, state: State) -> tuple[list[Orders], list[tuple[Arm, int]]]:
        """Each waiting seat picks its order set by its own statistics (their arms, to back the value up)."""
        chosen: list[tuple[Arm, int]] = []
        picks: list[Orders] = []
        for seat in sorted(state.waiting_for()):
            arms = node.seat_arms.get(seat)
            if arms is None:
                arms = node.seat_arms[seat] = {o: Arm() for o in self._k.order_sets(state, seat, self._rnd)}
            elif node.visits > SPREAD * (self._k.orders_per_seat + node.varied.get(seat, 0)) ** 2:
                self._vary(node, state, seat, arms)
            orders = self._pick(arms)
            picks.append(orders)
            chosen.append((arms[orders], seat))
        return picks, chosen

    def _vary(self, node: Node, state: State, seat: int, arms: dict[Orders, Arm]) -> None:
        """Add an order set near the seat's best so far (by its mean), unless the knowledge finds none new."""
        node.varied[seat] = node.varied.get(seat, 0) + 1
        vary = node.variers.get(seat)
        if vary is None:
            vary = node.variers[seat] = self._k.varier(state, seat)
        best = max(arms, key=lambda o: arms[o].total / arms[o].visits if arms[o].visits else -1.0)
        for _ in range(3):
            orders = vary(best, self._rnd)
            if orders not in arms:
                arms[orders] = Arm()
                return

    def _pick(self, arms: dict[Orders, Arm]) -> Orders:
        best: Orders | None = None
        score = -1.0
        for orders, arm in arms.items():
            arm.available += 1
            if arm.visits == 0:
                return orders
            s = arm.ucb(self._k.exploration)
            if s > score:
                best, score = orders, s
        assert best is not None
        return best

    # ---- the answer ------------------------------------------------------------------------------------------
    def _choice(self, iterations: int) -> Result:
        arms: Mapping[Any, Arm] = self._root.seat_arms.get(self._seat) or self._root.arms
        if not arms:
            raise ValueError(f"seat {self._seat} has nothing to decide here")
        if self._seat in self._root.seat_arms:
            # An order set found late (the candidates grow with the visits) cannot catch up with the first ones'
            # visits: the best mean among the sets visited at least half as often as the most visited one.
            most = max(arm.visits for arm in arms.values())
            move, arm = max(
                ((m, a) for m, a in arms.items() if 2 * a.visits >= most),
                key=lambda item: (item[1].total / item[1].visits, item[1].visits),
            )
        else:
            move, arm = max(arms.items(), key=lambda item: (item[1].visits, item[1].total / max(item[1].visits, 1)))
        value = arm.total / arm.visits if arm.visits else 0.0
        return Result(move, value, iterations, arm.visits)
