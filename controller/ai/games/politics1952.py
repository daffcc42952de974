"""Politics (1952): the electoral votes each seat can expect (a State whose capital it holds is its own; one it
leads by more counties is more likely to stay its own, the runner-up keeps the rest of the chance), and the speech
cards a seat cannot see drawn from the cards it has not seen (the other hands and the cards left over after the
deal)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache, lru_cache
from typing import Any

from controller.ai.budget import Level
from controller.ai.knowledge import Knowledge
from controller.games import Game, Move, State
from controller.games.politics1952 import pins
from controller.games.politics1952.data import BY_ABBR, CARDS, IN_GROUP, STATES
from controller.games.politics1952.moves import Claim, Pass, PlayCard
from controller.games.politics1952.position import Phase
from controller.games.politics1952.state import PoliticsState

OUT = -200.0  # an eliminated candidate
# The least unit of value (votes a lead of about e:1 odds is worth), once few votes are still open.
MIN_UNIT = 40.0

# What a seat's view has that the full state has under the same name.
_SHARED = ("game", "seats", "phase", "turn", "active", "dice", "left", "card_played", "played", "tabulations", "winner")


@lru_cache(maxsize=1 << 16)
def shares(votes: int, lines: pins.Lines) -> tuple[tuple[int, float], ...]:
    """Who can expect a State's `votes` and how many: a locked State wholly its capital's holder's, an open one its
    leader's with a chance that grows with the lead (1 - 2^-(lead + 1) for a lead of so many counties over the
    runner-up, who gets the rest). Every position the search or a greedy player weighs asks it for all 48 States,
    most of them unchanged from the position before, so the answers are kept (three quarters of its CPU before)."""
    ranked = [seat for line in reversed(lines) for seat in line]
    if not ranked:
        return ()
    leader = ranked[0]
    if lines[-1]:
        return ((leader, float(votes)),)
    lead_line = pins.line_of(lines, leader)
    if len(ranked) == 1:
        return ((leader, (1.0 - 0.5 ** (lead_line + 2)) * votes),)
    runner = ranked[1]
    keep = 1.0 - 0.5 ** (lead_line - pins.line_of(lines, runner) + 1)
    return ((leader, keep * votes), (runner, (1.0 - keep) * votes))


def expected_votes(board: tuple[pins.Lines, ...], seats: int) -> list[float]:
    """Each seat's electoral votes if the States went on as they lead now (`shares`)."""
    votes = [0.0] * seats
    for data, lines in zip(STATES, board, strict=True):
        for seat, share in shares(data.votes, lines):
            votes[seat] += share
    return votes


@cache
def claim_gain(votes: int, lines: pins.Lines, seat: int, rivals: int) -> float:
    """What one more county in an open State of `votes` with pins `lines` is worth to `seat` in expected votes:
    its own gain less the mean loss of its `rivals` still in the game (a county taken from the leader there
    counts twice). Positions repeat across the search's playouts, so the answers are kept."""
    after = pins.claim(lines, seat)
    assert after is not None
    change: dict[int, float] = {}
    for k, share in shares(votes, after):
        change[k] = change.get(k, 0.0) + share
    for k, share in shares(votes, lines):
        change[k] = change.get(k, 0.0) - share
    return sum(v if k == seat else -v / max(rivals, 1) for k, v in change.items())


def open_votes(board: tuple[pins.Lines, ...]) -> int:
    """The electoral votes of the States not yet decided (no capital taken): what can still change hands."""
    return sum(data.votes for data, lines in zip(STATES, board, strict=True) if not lines[-1])


class PoliticsKnowledge(Knowledge):
    playouts = {Level.EASY: 36, Level.NORMAL: 180, Level.HARD: 540}
    scale = MIN_UNIT
    rollout_depth = 0

    def unit(self, state: State) -> float:
        """A quarter of the open votes, at least MIN_UNIT. A fixed 40 votes made the usual leads of a hundred or
        more expected votes worth 0.95 against 0.05 while most of the map was still open, so the search's moves
        differed by less than its noise and it chose nearly at random; the open votes are what a lead can still
        lose (or a deficit win back)."""
        assert isinstance(state, PoliticsState)
        return max(MIN_UNIT, open_votes(state.board) / 4)

    def scores(self, state: State) -> Sequence[float] | None:
        assert isinstance(state, PoliticsState)
        votes = expected_votes(state.board, state.n)
        return [v if k in state.active else OUT for k, v in enumerate(votes)]

    def follows(self, state: State, last: Move, move: Move) -> bool:
        """A turn's dice counties commute: only the seat's own pin moves while it plays, so it arrives last on each
        line whatever the order and the board after them depends on which States got how many, not when. The
        search looks at them in the order of the States (each no earlier than the one before) and at a speech card
        before the first county or after the last (between two of them it changes anything only when one of them
        takes a capital the other would have gone past)."""
        if not isinstance(last, Claim):
            return True
        if isinstance(move, Claim):
            return BY_ABBR[move.state].index >= BY_ABBR[last.state].index
        if isinstance(move, PlayCard):
            assert isinstance(state, PoliticsState)
            return not state.claimable()
        return True

    def quiet(self, state: State, rnd: random.Random) -> State:
        """The rest of the turn played for the seat to move, each county where `claim_gain` is highest and no
        speech card, so every leaf is judged after a whole turn: part of the way through one, the mover's value
        still lacks the counties it has yet to place and would be weighed unfairly against positions after it."""
        assert isinstance(state, PoliticsState)
        if state.phase is not Phase.PLAY:
            return state
        seat = state.turn
        rivals = len(state.active) - 1
        board = list(state.board)
        if state.dice is not None:
            group = IN_GROUP[state.dice.group]
            for _ in range(state.left):
                open_ = [i for i in group if not pins.is_locked(board[i])]
                if not open_:
                    break
                best = max(open_, key=lambda i: claim_gain(STATES[i].votes, board[i], seat, rivals))
                claimed = pins.claim(board[best], seat)
                assert claimed is not None
                board[best] = claimed
        # Counties that cannot be placed are lost, so with none left `pass` ends the turn whatever the hand.
        return replace(state, board=tuple(board), left=0).play(Pass())

    def determinize(self, game: Game, view: Mapping[str, Any], seat: int, rnd: random.Random) -> State:
        data: dict[str, Any] = {key: view[key] for key in _SHARED}
        data["pins"] = {
            abbr: "|".join("".join(str(s) for s in line) for line in lines).rstrip("|")
            for abbr, lines in view["pins"].items()
        }
        data["capitals"] = dict(view["capitals"])
        own = [int(c) for c in view["hand"]]
        seen = set(own).union(*(set(p) for p in view["played"]))
        unseen = [c.number for c in CARDS if c.number not in seen]
        rnd.shuffle(unseen)
        hands: list[list[int]] = []
        for k, count in enumerate(view["cards_left"]):
            if k == seat:
                hands.append(own)
            else:
                hands.append(sorted(unseen[:count]))
                del unseen[:count]
        data["hands"] = hands
        data["rng"] = rnd.getrandbits(64)
        return game.from_json(data)
