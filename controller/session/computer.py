"""The computer seats of a session: their levels, and the thinking they ask for.

In the session's own tests and in `agora replay` a computer seat thinks inline, on a playout budget, so the same
inputs give the same game. Under `agora play` the runner attaches a worker process (controller.thinker): the session
then only asks (`ThinkRequest`s the runner drains and sends), the answer comes back as an input (`answer`), and a
takeback, an undo or a new game cancels what is still being thought about, so no stale move is ever played."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from controller.ai import Level
from controller.games import SIMULTANEOUS, Game, Move, Orders, State
from controller.values import dataclass

INLINE_PLAYOUTS = 24  # the inline budget: deterministic, and quick enough for the session's own tests
HINT_LEVEL = Level.NORMAL  # how long a hint is thought about


@dataclass(frozen=True, slots=True)
class Hint:
    """The best move found for `seat` in `state`; shown while that position stands."""

    state: State
    seat: int
    move: Move


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
        self._hints: set[int] = set()  # tickets that ask for a hint, not for a computer seat's move
        self.hint: Hint | None = None
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

    def ask(self, state: State, seat: int, seed: int, hint: bool = False) -> None:
        self._ticket += 1
        self._open[self._ticket] = (seat, state)
        if hint:
            self._hints.add(self._ticket)
        level = HINT_LEVEL if hint else self._levels[seat]
        self._asks.append(ThinkRequest(self._ticket, state.game.name, state.view(seat), seat, level.value, seed))

    def asking(self, seat: int) -> bool:
        """A question for `seat`'s own move is open (not a hint)."""
        return any(s == seat and t not in self._hints for t, (s, _) in self._open.items())

    def hint_for(self, state: State, seat: int | None) -> Hint | None:
        """The hint standing in `state`, if `seat` may see it (a spectator only in a game without secrets)."""
        hint = self.hint
        if hint is None or hint.state is not state:
            return None
        if seat != hint.seat and state.game.info.hidden_information:
            return None
        return hint

    def inline(self, state: State, seat: int, seed: int) -> Move:
        from controller.ai import think  # the search loads when a seat first thinks, not with every board

        return think(state.game, state.view(seat), seat, playouts=INLINE_PLAYOUTS, seed=seed).move

    def follow_up(self, state: State, seat: int) -> Move | None:
        """The move out of turn a computer seat makes right after its own (a Politrics row declared), from its view:
        a rule of thumb, so it is decided at once, with no thinking to wait for."""
        from controller.ai import follow_up

        if state.to_move is None:
            return None
        return follow_up(state.game, state.view(seat), seat)

    def cancel(self) -> None:
        """Forget every open question; the worker is told to stop."""
        if self._open or self._asks:
            self._cancelled = True
        self._open.clear()
        self._asks.clear()
        self._hints.clear()
        self._held = None

    def answer(self, ticket: int, text: str | None, game: Game, state: State) -> tuple[int, Move] | None:
        """The seat and move of an answer still wanted in `state`; None for an answer nobody waits for any more.
        A worker that could not think (None) is stood in for by the inline budget, so the game never hangs."""
        asked = self._open.pop(ticket, None)
        hint = ticket in self._hints
        self._hints.discard(ticket)
        if asked is None:
            return None
        # Orders stay good while the phase lasts (other seats handing theirs in changes nothing they may order);
        # a move is only good in the very position it was thought about in.
        same_phase = not hint and asked[1].to_move is SIMULTANEOUS and state.to_move is SIMULTANEOUS
        if asked[1] is not state and not (same_phase and asked[0] in state.waiting_for()):
            return None
        seat = asked[0]
        move = self.inline(state, seat, ticket) if text is None else game.parse(text, state, seat)
        if isinstance(move, Orders) and move.seat != seat:
            return None
        if hint:
            self.hint = Hint(state, seat, move)
            return None
        return seat, move

    def drain(self) -> tuple[list[ThinkRequest], bool]:
        """The questions to send and whether to cancel the worker's current one first."""
        asks, cancelled = self._asks, self._cancelled
        self._asks, self._cancelled = [], False
        return asks, cancelled


def seed_from(rng: random.Random) -> int:
    return rng.getrandbits(63)
