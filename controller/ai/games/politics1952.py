"""Politics (1952): the electoral votes each seat can expect (a State whose capital it holds is its own; one it
leads by more counties is more likely to stay its own, the runner-up keeps the rest of the chance), and the speech
cards a seat cannot see drawn from the cards it has not seen (the other hands and the cards left over after the
deal)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from controller.ai.budget import Level
from controller.ai.knowledge import Knowledge
from controller.games import Game, State
from controller.games.politics1952 import pins
from controller.games.politics1952.data import CARDS, STATES
from controller.games.politics1952.state import PoliticsState

OUT = -200.0  # an eliminated candidate
# The least unit of value (votes a lead of about e:1 odds is worth), once few votes are still open.
MIN_UNIT = 40.0

# What a seat's view has that the full state has under the same name.
_SHARED = ("game", "seats", "phase", "turn", "active", "dice", "left", "card_played", "played", "tabulations", "winner")


def expected_votes(board: tuple[pins.Lines, ...], seats: int) -> list[float]:
    """Each seat's electoral votes if the States went on as they lead now: a locked State wholly to its capital's
    holder, an open one to its leader with a chance that grows with the lead (1 - 2^-(lead + 1) for a lead of so
    many counties over the runner-up, who gets the rest)."""
    votes = [0.0] * seats
    for data, lines in zip(STATES, board, strict=True):
        ranked = [seat for line in reversed(lines) for seat in line]
        if not ranked:
            continue
        leader = ranked[0]
        if lines[-1]:
            votes[leader] += data.votes
            continue
        lead_line = pins.line_of(lines, leader)
        runner = ranked[1] if len(ranked) > 1 else None
        lead = lead_line - (pins.line_of(lines, runner) if runner is not None else -1)
        keep = 1.0 - 0.5 ** (lead + 1)
        votes[leader] += keep * data.votes
        if runner is not None:
            votes[runner] += (1.0 - keep) * data.votes
    return votes


def open_votes(board: tuple[pins.Lines, ...]) -> int:
    """The electoral votes of the States not yet decided (no capital taken): what can still change hands."""
    return sum(data.votes for data, lines in zip(STATES, board, strict=True) if not lines[-1])


class PoliticsKnowledge(Knowledge):
    playouts = {Level.EASY: 40, Level.NORMAL: 280, Level.HARD: 700}
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
