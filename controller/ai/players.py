"""The computer players: random, greedy (the best move by the evaluation one ply ahead) and the search. Each decides
from a seat's `view` alone, never from the state: what the seat may not see is drawn at random (`determinize`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from controller.ai.budget import Budget, Level
from controller.ai.knowledge import Knowledge
from controller.ai.registry import knowledge_for
from controller.ai.search import Result, Search, check_turn
from controller.games import CHANCE, SIMULTANEOUS, Game, Move, State
from controller.values import dataclass

Cancelled = Callable[[], bool]


@dataclass(frozen=True, slots=True)
class Player:
    """A way of choosing moves: `kind` random, greedy or mcts; mcts thinks for `budget`."""

    kind: str
    budget: Budget | None = None
    label: str = ""
    level: Level | None = None  # without a budget: the level's playouts for the game (the arena's measure)

    def __str__(self) -> str:
        return self.label or self.kind

    def sees(self, state: State, seat: int) -> Mapping[str, Any]:
        """What the arena shows this player when `seat` decides: the seat's view, never more (the arena's cheating
        reference player alone sees the whole state)."""
        return state.view(seat)

    def playout_budget(self, knowledge: Knowledge, view: Mapping[str, Any]) -> Budget:
        """What a searching player thinks for: its budget, or its level's playouts for the game as `view` shows it
        (the arena's measure, the same moves however loaded the machine is)."""
        if self.budget is not None:
            return self.budget
        assert self.level is not None
        return Budget(playouts=knowledge.level_playouts(self.level, view))

    def decide(
        self,
        game: Game,
        view: Mapping[str, Any],
        seat: int,
        seed: int,
        cancelled: Cancelled | None = None,
    ) -> Result:
        """The move (an `Orders` in a simultaneous phase) `seat` makes from what it sees."""
        knowledge = knowledge_for(game.name)
        rnd = random.Random(seed)
        if self.kind == "mcts":
            budget = self.playout_budget(knowledge, view)
            return Search(game, view, seat, knowledge, rnd).run(budget.clock(cancelled))
        state = knowledge.determinize(game, view, seat, rnd)
        check_turn(state, seat)
        if self.kind == "random":
            return Result(_random(knowledge, state, seat, rnd), 0.0, 0, 0)
        return greedy_move(knowledge, state, seat, rnd)

    def follow_up(self, game: Game, view: Mapping[str, Any], seat: int) -> Move | None:
        """The move `seat` makes out of turn right after its own, from what it sees (a Politrics row declared): the
        game's rule of thumb, which the search also plays by; a random player makes none."""
        return None if self.kind == "random" else follow_up(game, view, seat)


def follow_up(game: Game, view: Mapping[str, Any], seat: int) -> Move | None:
    """The move `seat` makes out of turn right after its own, from what it sees: the game's rule of thumb (a
    Politrics row declared), which the search plays by too; None when it makes none."""
    knowledge = knowledge_for(game.name)
    return knowledge.follow_up(knowledge.determinize(game, view, seat, random.Random(0)), seat)


def _random(knowledge: Knowledge, state: State, seat: int, rnd: random.Random) -> Move:
    if state.to_move is SIMULTANEOUS:
        return knowledge.orders(state, seat, rnd)
    return rnd.choice(knowledge.moves(state, seat))


def greedy_move(knowledge: Knowledge, state: State, seat: int, rnd: random.Random) -> Result:
    """The move whose position evaluates best for `seat` (in a phase of orders: the best of the candidate order
    sets against one sample of the other seats' orders)."""
    if state.to_move is SIMULTANEOUS:
        others = [knowledge.orders(state, k, rnd) for k in sorted(state.waiting_for()) if k != seat]
        options: list[Move] = list(knowledge.order_sets(state, seat, rnd))
    else:
        others, options = [], list(knowledge.moves(state, seat))
        rnd.shuffle(options)
    best: Move | None = None
    value = -1.0
    for move in options:
        after = knowledge.after(state, move)
        for orders in others:
            after = after.play(orders)
        v = knowledge.evaluate(_settled(knowledge, after, rnd))[seat]
        if v > value:
            best, value = move, v
    assert best is not None
    return Result(best, value, 0, 0)


def _settled(knowledge: Knowledge, state: State, rnd: random.Random) -> State:
    while state.to_move is CHANCE:
        state = state.play(knowledge.chance(state, rnd))
    return state


def random_player() -> Player:
    return Player("random")


def greedy() -> Player:
    return Player("greedy")


def mcts(budget: Budget, label: str = "mcts") -> Player:
    return Player("mcts", budget, label)


def make_player(spec: str, *, by_playouts: bool = False) -> Player:
    """A player from its text: random, greedy, mcts:LEVEL (easy, normal, hard) or mcts:N (N playouts). A level
    thinks its CPU time, or with `by_playouts` the game's playouts for that level (the same moves for the same seed
    however loaded the machine is)."""
    text = spec.strip().lower()
    if text in ("random", "greedy"):
        return Player(text)
    kind, _, arg = text.partition(":")
    if kind in ("mcts", "computer"):
        arg = arg or Level.NORMAL.value
        if arg.isdigit():
            return mcts(Budget(playouts=int(arg)), f"mcts:{arg}")
        level = Level.parse(arg)
        if by_playouts:
            return Player("mcts", None, f"mcts:{level.value}", level)
        return mcts(Budget.of(level), f"mcts:{level.value}")
    raise ValueError(f"a player is random, greedy, mcts:LEVEL or mcts:PLAYOUTS, not {spec!r}")


def think(
    game: Game,
    view: Mapping[str, Any],
    seat: int,
    *,
    level: Level | str | None = None,
    playouts: int | None = None,
    seed: int = 0,
    cancelled: Cancelled | None = None,
) -> Result:
    """What the search plays for `seat` from its view: `playouts` iterations (deterministic for `seed`) or the
    CPU time of `level` (normal by default)."""
    if playouts is not None:
        budget = Budget(playouts=playouts)
    else:
        budget = Budget.of(level if level is not None else Level.NORMAL)
    return mcts(budget).decide(game, view, seat, seed, cancelled)
