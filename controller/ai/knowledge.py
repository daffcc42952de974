"""What a game tells the search beyond its rules, behind one small interface: a position's value per seat, the moves
worth considering (and in what order), a rollout policy, order sets for simultaneous phases, and how to fill in a
view's secrets. The defaults know nothing but the rules, so every game plays through them alone."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from controller.ai.budget import Level
from controller.games import CHANCE, SIMULTANEOUS, Game, Move, Orders, State
from controller.games.playout import random_orders

# Moves a computer never starts on its own: they end the game without winning it (a draw vote or offer, resigning).
SURRENDERS = frozenset({"draw", "offer draw", "resign"})


def terminal_values(state: State) -> tuple[float, ...]:
    """The reward per seat of a finished game: the winners share one point, a draw splits it among everyone."""
    result = state.outcome()
    n = state.seats
    if result is None or not result.winners:
        return (1.0 / n,) * n
    share = 1.0 / len(result.winners)
    return tuple(share if k in result.winners else 0.0 for k in range(n))


def softmax(scores: Sequence[float], scale: float) -> tuple[float, ...]:
    """Scores (points, material) as values that sum to one like a win does; `scale` is what one unit is worth."""
    top = max(scores)
    weights = [math.exp((s - top) / scale) for s in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)


class Knowledge:
    """A game's knowledge for the search. Subclasses override what they know better than the rules alone."""

    width = 24  # candidate moves an inner node of the tree considers (the root considers every move)
    rollout_depth = 0  # policy moves played past a new leaf before it is evaluated
    scale = 1.0  # the unit of `scores`: a lead of one unit is worth about e:1 odds
    orders_per_seat = 6  # candidate order sets per seat at a simultaneous node
    # UCB's constant: how far a move's visits spread beyond its mean, for values in [0, 1]. A game whose values of
    # sound moves lie a few hundredths apart needs less, or its playouts spread evenly over them and go no deeper.
    exploration = 0.5
    # Whether the root, like the nodes below it, weighs only its best few moves by their first look (more as it is
    # visited more). A game whose best moves often look worst at first (a blocking sacrifice) weighs every root move
    # from the start: its first look has already cost one visit each, and a longer think is there to find them.
    root_widening = True
    # Whether `determinize` draws a view's secrets at random; a game that only drops them (orders handed in, which
    # the search decides again) sees the same position at every iteration, so the tree may keep its positions.
    draws_secrets = True
    # Playouts per level, about what each level's CPU time allows on the development machine: the arena's levels
    # (the same moves for the same seed however loaded the machine is).
    playouts: Mapping[Level, int] = {Level.EASY: 30, Level.NORMAL: 150, Level.HARD: 450}

    def level_playouts(self, level: Level, view: Mapping[str, Any]) -> int:
        """The playouts of `level` for the game `view` shows (default: `playouts`, whatever the seats)."""
        return self.playouts[level]

    # ---- values ----------------------------------------------------------------------------------------------
    def scores(self, state: State) -> Sequence[float] | None:
        """A heuristic score per seat (more is better), or None when the game has no idea."""
        return None

    def evaluate(self, state: State) -> tuple[float, ...]:
        """Each seat's expected share of the win, in [0, 1] and summing to one."""
        if state.to_move is None:
            return terminal_values(state)
        scores = self.scores(state)
        if scores is None:
            return (1.0 / state.seats,) * state.seats
        return softmax(scores, self.unit(state))

    def unit(self, state: State) -> float:
        """What one unit of `scores` is worth in `state` (default: the fixed `scale`)."""
        return self.scale

    # ---- moves -----------------------------------------------------------------------------------------------
    def avoid(self, state: State, move: Move) -> bool:
        """A move the computer never makes while it has another (offering a draw, resigning)."""
        return str(move).strip().lower() in SURRENDERS

    def prior(self, state: State, move: Move) -> float:
        """How promising `move` looks before it is played (cheap; higher first)."""
        return 0.0

    def moves(self, state: State, seat: int) -> tuple[Move, ...]:
        """The moves `seat` considers now: every legal one except surrenders, unless nothing else is left."""
        legal = state.legal_moves(seat)
        kept = tuple(m for m in legal if not self.avoid(state, m))
        return kept or legal

    def follows(self, state: State, last: Move, move: Move) -> bool:
        """Whether the search looks at `move` right after the same seat's `last` in one turn: false when the two
        played the other way round reach the same position and that order is the one looked at, so the search
        spends its playouts on positions, not on orderings of the same moves (default: every move)."""
        return True

    def candidates(
        self, state: State, seat: int, rnd: random.Random, width: int | None, last: Move | None = None
    ) -> list[Move]:
        """The moves a node of the tree expands, most promising first: all of them, or the `width` best by
        `prior` (ties broken at random) when there are more, one of each `family`. After `last`, the seat's own
        move just before in the same turn, only the moves that `follows` it (all of them if none does)."""
        moves = list(self.moves(state, seat))
        if last is not None:
            moves = [m for m in moves if self.follows(state, last, m)] or moves
        rnd.shuffle(moves)
        if width is None or len(moves) <= width:
            return moves
        moves.sort(key=lambda m: -self.prior(state, m))
        kept: list[Move] = []
        seen: set[Hashable] = set()
        for move in moves:
            family = self.family(move)
            if family is not None:
                if family in seen:
                    continue
                seen.add(family)
            kept.append(move)
            if len(kept) == width:
                break
        return kept

    def family(self, move: Move) -> Hashable | None:
        """A key shared by moves that differ only in a detail the first look cannot tell apart (where a Djambi
        corpse is put down): a node that weighs only its best few moves keeps one of each family, or one kill's
        forty-odd corpse squares would be all it weighs. None: the move is a family of its own (the default)."""
        return None

    def follow_up(self, state: State, seat: int) -> Move | None:
        """The move `seat` makes out of turn right after its own (a Politrics row declared), by this rule of thumb;
        None: it makes none (the default: the search's own move is the whole decision), and none once the game is
        over."""
        return None

    def after(self, state: State, move: Move) -> State:
        """The position once the seat to move has played `move` and the move out of turn it follows it with."""
        seat = state.to_move
        after = state.play(move)
        # Whether `after` is over is left to `follow_up`: asking costs some games (Polis) the whole next position.
        if isinstance(seat, int):
            follow = self.follow_up(after, seat)
            if follow is not None:
                after = after.play(follow)
        return after

    def rollout_move(self, state: State, rnd: random.Random) -> Move:
        """One move of the rollout policy at a seat's turn (default: uniform among `moves`)."""
        seat = state.to_move
        assert isinstance(seat, int)
        return rnd.choice(self.moves(state, seat))

    # ---- simultaneous phases ---------------------------------------------------------------------------------
    def orders(self, state: State, seat: int, rnd: random.Random) -> Orders:
        """One order set for `seat` from the policy: single orders added in random order while the set stays
        acceptable to the game (surrenders left out)."""
        return Orders(seat, random_orders(state, seat, rnd, keep=lambda m: not self.avoid(state, m)))

    def drawer(self, state: State, seat: int) -> Callable[[random.Random], Orders]:
        """Draws order sets for `seat` from the policy, one a call (default: `orders` each time); a game whose
        policy first works out what every unit may do does it here once for all the sets a node draws."""
        return lambda rnd: self.orders(state, seat, rnd)

    def varier(self, state: State, seat: int) -> Callable[[Orders, random.Random], Orders]:
        """Makes order sets for `seat` near a given one (the best a node has found so far), one a call, as the
        search widens a phase's candidates with its visits (default: a fresh draw from `drawer`, near nothing)."""
        draw = self.drawer(state, seat)
        return lambda _best, rnd: draw(rnd)

    def order_sets(self, state: State, seat: int, rnd: random.Random) -> list[Orders]:
        """The candidate order sets of `seat` a simultaneous node weighs against each other (distinct)."""
        found: dict[Orders, None] = {}
        draw = self.drawer(state, seat)
        for _ in range(3 * self.orders_per_seat):
            found.setdefault(draw(rnd))
            if len(found) >= self.orders_per_seat:
                break
        return list(found)

    # ---- chance and secrets ----------------------------------------------------------------------------------
    def chance(self, state: State, rnd: random.Random) -> Move:
        """A chance outcome drawn by its probability with the search's own generator."""
        outcomes = state.chance_outcomes()
        pick = rnd.random()
        for move, p in outcomes:
            pick -= p
            if pick < 0:
                return move
        return outcomes[-1][0]

    def quiet(self, state: State, rnd: random.Random) -> State:
        """The position a new leaf is judged at, played on from `state` by a cheap policy until judging it is
        fair (default: `state` itself). A game whose turn is many moves of one seat finishes the turn, so that
        leaves part of the way through a turn are not weighed against leaves after it; a game whose phase shows its
        results only after the next one plays that next phase (Chesspolitik's centres change hands after the Fall)."""
        return state

    def step(self, state: State, rnd: random.Random) -> State:
        """One action of the rollout policy, whatever kind of node `state` is."""
        to_move = state.to_move
        if to_move is CHANCE:
            return state.play(self.chance(state, rnd))
        if to_move is SIMULTANEOUS:
            seat = min(state.waiting_for())
            return state.play(self.orders(state, seat, rnd))
        return self.after(state, self.rollout_move(state, rnd))

    def determinize(self, game: Game, view: Mapping[str, Any], seat: int, rnd: random.Random) -> State:
        """A full state consistent with what `seat` sees, its secrets drawn at random (default: a game without
        secrets, whose view is its state)."""
        return game.from_json(view)
