"""Cheating players for the arena only: ceilings no fair player can reach against the same opponents on the same
games. They are never offered to a computer seat, a hint or the referee's think (`make_player` refuses them);
`agora arena` alone seats them.

A game's chance comes from a seeded generator in its state (`sample_chance`), so the throws of a game are fixed
from its start whoever plays. Given the whole state (every hand, the generator) and drawing every chance node from
the state's own generator, a player sees each throw to come, its own and the other seats'.

- `clairvoyant:N` (N playouts; `clairvoyant:LEVEL` the level's): the search over the true state and the true dice.
- `clairvoyant-vs-greedy`: knows besides that the other seats are greedy players, so it can play the game to its
  end for each of its moves (every seat greedy after it, itself too) and see who is elected: it plays greedy's move
  when that wins, else the first move that does, else the one that ends with its most votes; a line found to win is
  followed while the game keeps to it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import field
from functools import cache
from typing import Any, cast

from controller.ai.budget import Budget, Level
from controller.ai.knowledge import Knowledge
from controller.ai.players import Cancelled, Player, greedy_move, make_player
from controller.ai.registry import knowledge_for
from controller.ai.search import Result, Search
from controller.games import CHANCE, Game, Move, State
from controller.values import dataclass

KIND = "clairvoyant"
AGAINST_GREEDY = "clairvoyant-vs-greedy"
MAX_ACTIONS = 5000  # a play-out still going after this many is judged where it stands


class _Sight(Knowledge):
    """What the clairvoyant knows beyond a game's knowledge: the state is the true one (nothing to draw, so the
    tree keeps its positions) and every chance node falls as the state's generator makes it fall."""

    draws_secrets = False

    def determinize(self, game: Game, view: Mapping[str, Any], seat: int, rnd: random.Random) -> State:
        if "rng" not in view:
            raise ValueError("the clairvoyant player is given the whole state, not a seat's view")
        return game.from_json(view)

    def chance(self, state: State, rnd: random.Random) -> Move:
        return state.sample_chance()


@cache
def clairvoyant(base: Knowledge) -> Knowledge:
    """`base` (a game's knowledge, one per game: `knowledge_for`) seeing the whole state and the dice to come; its
    values and moves unchanged."""
    kind = type(base)
    return cast(Knowledge, type(f"Clairvoyant{kind.__name__}", (_Sight, kind), {})())


def play_out(knowledge: Knowledge, state: State, rnd: random.Random, seat: int) -> tuple[State, dict[State, Move]]:
    """`state` played to its end with every seat greedy and the game's own dice; with the moves `seat` made."""
    line: dict[State, Move] = {}
    for _ in range(MAX_ACTIONS):
        to_move = state.to_move
        if to_move is None:
            break
        if to_move is CHANCE:
            state = state.play(state.sample_chance())
            continue
        assert isinstance(to_move, int)
        move = greedy_move(knowledge, state, to_move, rnd).move
        if to_move == seat:
            line[state] = move
        state = knowledge.after(state, move)
    return state, line


def _standing(final: State, seat: int) -> tuple[float, float]:
    """How `final` ends for `seat`: its share of the win, then its share of the last count's votes."""
    result = final.outcome()
    if result is None:
        return 0.0, 0.0
    won = 1.0 / len(result.winners) if seat in result.winners else 0.0
    scores = result.scores or ()
    total = sum(scores)
    return won, scores[seat] / total if total else 0.0


@dataclass(frozen=True, slots=True)
class Clairvoyant(Player):
    """A player that is given `State.to_json()`, not a seat's view (`sees`): the search over the true state, or of
    kind `clairvoyant-vs-greedy` the play-outs against greedy players."""

    plan: dict[State, Move] = field(default_factory=dict, compare=False, repr=False)
    """The winning line `clairvoyant-vs-greedy` found last: its positions to the moves it makes there (the arena
    plays one game at a time, so a position of another game is simply not in it)."""

    def sees(self, state: State, seat: int) -> Mapping[str, Any]:
        return state.to_json()

    def decide(
        self,
        game: Game,
        view: Mapping[str, Any],
        seat: int,
        seed: int,
        cancelled: Cancelled | None = None,
    ) -> Result:
        knowledge = clairvoyant(knowledge_for(game.name))
        if self.kind == AGAINST_GREEDY:
            state = knowledge.determinize(game, view, seat, random.Random(seed))
            return _foresee(knowledge, state, seat, seed, self.plan)
        budget = self.playout_budget(knowledge, view)
        return Search(game, view, seat, knowledge, random.Random(seed)).run(budget.clock(cancelled))


def _foresee(knowledge: Knowledge, state: State, seat: int, seed: int, plan: dict[State, Move]) -> Result:
    planned = plan.get(state)
    if planned is not None:
        return Result(planned, 1.0, 0, 0)
    rnd = random.Random(seed)
    own = greedy_move(knowledge, state, seat, rnd).move
    best: tuple[tuple[float, float], Move] | None = None
    tried = 0
    for move in [own, *(m for m in knowledge.moves(state, seat) if m != own)]:
        final, line = play_out(knowledge, knowledge.after(state, move), rnd, seat)
        tried += 1
        standing = _standing(final, seat)
        if standing[0] > 0:
            plan.clear()
            plan.update(line)
            return Result(move, standing[0], tried, tried)
        if best is None or standing > best[0]:
            best = standing, move
    assert best is not None
    return Result(best[1], 0.0, tried, tried)


def arena_player(spec: str, *, by_playouts: bool = False) -> Player:
    """A player for `agora arena`: `make_player`'s, or a cheating one: `clairvoyant:N`, `clairvoyant:LEVEL` (by the
    level's playouts, whatever `by_playouts` says: its CPU time is not what it measures) or
    `clairvoyant-vs-greedy`."""
    kind, _, arg = spec.strip().lower().partition(":")
    if kind == AGAINST_GREEDY:
        return Clairvoyant(kind, None, kind)
    if kind != KIND:
        return make_player(spec, by_playouts=by_playouts)
    arg = arg or Level.HARD.value
    if arg.isdigit():
        return Clairvoyant(kind, Budget(playouts=int(arg)), f"{kind}:{arg}")
    return Clairvoyant(kind, None, f"{kind}:{Level.parse(arg).value}", Level.parse(arg))
