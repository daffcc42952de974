"""Politics (1952): electoral votes of the States each seat leads, and the speech cards a seat cannot see drawn from
the cards it has not seen (the other hands and the cards left over after the deal)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from controller.ai.budget import Level
from controller.ai.knowledge import Knowledge
from controller.games import Game, State
from controller.games.politics1952.data import CARDS
from controller.games.politics1952.state import PoliticsState
from controller.games.politics1952.votes import tally

OUT = -200.0  # an eliminated candidate

# What a seat's view has that the full state has under the same name.
_SHARED = ("game", "seats", "phase", "turn", "active", "dice", "left", "card_played", "played", "tabulations", "winner")


class PoliticsKnowledge(Knowledge):
    playouts = {Level.EASY: 40, Level.NORMAL: 280, Level.HARD: 700}
    scale = 40.0
    rollout_depth = 0

    def scores(self, state: State) -> Sequence[float] | None:
        assert isinstance(state, PoliticsState)
        votes = tally(state.board, state.n)
        return [float(v) if k in state.active else OUT for k, v in enumerate(votes)]

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
