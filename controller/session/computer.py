"""The computer seats of a session: their levels, and the thinking they ask for.

In the session's own tests and in `agora replay` a computer seat thinks inline, on a playout budget, so the same
inputs give the same game. Under `agora play` the runner attaches a worker process (controller.thinker): the session
then only asks (`ThinkRequest`s the runner drains and sends), the answer comes back as an input (`answer`), and a
takeback, an undo or a new game cancels what is still being thought about, so no stale move is ever played."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from controller.ai import Level, think
from controller.games import Game, Move, Orders, State

INLINE_PLAYOUTS = 24  # the inline budget: deterministic, and quick enough for the session's own tests


@dataclass(frozen=True, slots=True)
class ThinkRequest:
    """What a worker needs to think for one seat: its view only, never the state with other seats' secrets."""

    ticket: int
    game: str
    view: dict[str, Any]
    seat: int
    level: str
    seed: int


class Computers:
    def __init__(self, seats: int, levels: Sequence[str | None] = ()) -> None:
        given = list(levels) + [None] * seats
        self._levels = [Level.parse(text) if text else Level.NORMAL for text in given[:seats]]
        self._ticket = 0
        self._open: dict[int, tuple[int, State]] = {}  # ticket -> (seat, the position it was asked in)
        self._asks: list[ThinkRequest] = []
        self._cancelled = False
        self._held: tuple[State, Move] | None = None  # thought of before the pause people need was over
        self.worker = False  # a worker process answers (set by the runner that has one)

    def level(self, seat: int) -> Level:
        return self._levels[seat]

    @property
    def busy(self) -> bool:
        """A seat's move is being thought about, or waits for the end of the pause."""
        return bool(self._open) or self._held is not None

    def hold(self, state: State, move: Move) -> None:
        self._held = (state, move)

    def take_held(self, state: State) -> Move | None:
        held, self._held = self._held, None
        return held[1] if held is not None and held[0] is state else None

    def ask(self, state: State, seat: int, seed: int) -> None:
        self._ticket += 1
        self._open[self._ticket] = (seat, state)
        view = state.view(seat)
        self._asks.append(ThinkRequest(self._ticket, state.game.name, view, seat, self._levels[seat].value, seed))

    def inline(self, state: State, seat: int, seed: int) -> Move:
        return think(state.game, state.view(seat), seat, playouts=INLINE_PLAYOUTS, seed=seed).move

    def cancel(self) -> None:
        """Forget every open question; the worker is told to stop."""
        if self._open or self._asks:
            self._cancelled = True
        self._open.clear()
        self._asks.clear()
        self._held = None

    def answer(self, ticket: int, text: str | None, game: Game, state: State) -> tuple[int, Move] | None:
        """The seat and move of an answer still wanted in `state`; None for an answer nobody waits for any more.
        A worker that could not think (None) is stood in for by the inline budget, so the game never hangs."""
        asked = self._open.get(ticket)
        if asked is None or asked[1] is not state:
            self._open.pop(ticket, None)
            return None
        del self._open[ticket]
        seat = asked[0]
        move = self.inline(state, seat, ticket) if text is None else game.parse(text, state, seat)
        if isinstance(move, Orders) and move.seat != seat:
            return None
        return seat, move

    def drain(self) -> tuple[list[ThinkRequest], bool]:
        """The questions to send and whether to cancel the worker's current one first."""
        asks, cancelled = self._asks, self._cancelled
        self._asks, self._cancelled = [], False
        return asks, cancelled


def seed_from(rng: random.Random) -> int:
    return rng.getrandbits(63)
