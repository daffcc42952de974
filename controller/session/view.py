"""What a session shows the runner, the web page and `agora replay`: read-only; only the session changes it.

`Session` (controller.session.core) inherits these properties and keeps their values in its private attributes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from typing import Any

from controller.games import Effect, Game, Move, Orders, State
from controller.recognizer import Candidate, Recognizer, RecognizerSettings
from controller.session.computer import Computers
from controller.session.journal import Journal
from controller.session.pauses import PauseCause, Pauses
from controller.session.seats import SeatKind
from controller.session.sources import Dice, Source
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class SessionSettings:
    recognizer: RecognizerSettings = field(default_factory=RecognizerSettings)
    dice: Dice = Dice.AUTO
    computer_delay: float = 0.8  # how long a computer seat "thinks", so people can follow on the LEDs
    order_time: float | None = None  # seconds to hand in secret orders; then missing orders count as none


@dataclass(frozen=True, slots=True)
class Ply:
    """One move of the game's history, with the position before it."""

    before: State
    move: Move | None  # None only for a resumed move whose text no longer parses
    text: str
    seat: int | None
    source: Source
    effect: Effect

    @property
    def public_text(self) -> str:
        """The move as everyone may read it: an order set shows only whose it is, never its orders."""
        return self.text if not isinstance(self.move, Orders) else f"orders {self.seat}"


class SessionView:
    """The session's state as others may read it."""

    _game: Game
    _state: State
    _seat_kinds: list[SeatKind]
    _settings: SessionSettings
    _game_id: int | None
    _tokens: list[str]
    _history: list[Ply]
    _recognizer: Recognizer
    _region: int
    _occupancy: int
    _prompt: tuple[Candidate, ...]
    _confirmed: int
    _confirmed_at: float
    _pauses: Pauses
    _store: Journal | None
    _unsaved: int
    _abandoned: bool
    _untrusted: int
    _message: str
    _message_from_board: bool  # the message is why a move tried on the board is illegal
    _computer_due: float | None
    _computers: Computers
    _orders_due: float | None

    @property
    def game(self) -> Game:
        return self._game

    @property
    def state(self) -> State:
        """The position now."""
        return self._state

    @property
    def seat_kinds(self) -> Sequence[SeatKind]:
        return self._seat_kinds

    @property
    def settings(self) -> SessionSettings:
        return self._settings

    @property
    def game_id(self) -> int | None:
        """The game's number in the store; None when nothing is stored."""
        return self._game_id

    @property
    def tokens(self) -> Sequence[str]:
        """Each seat's secret token (its page's link)."""
        return self._tokens

    @property
    def history(self) -> Sequence[Ply]:
        return self._history

    @property
    def recognizer(self) -> Recognizer:
        """Which move the board shows; read its guidance and mode, never change it from outside the session."""
        return self._recognizer

    @property
    def region(self) -> int:
        """The squares the game is played on, as a mask."""
        return self._region

    @property
    def occupancy(self) -> int:
        """The squares the board last reported occupied."""
        return self._occupancy

    @property
    def prompt(self) -> tuple[Candidate, ...]:
        """The options of the board's open question; empty when nothing is asked."""
        return self._prompt

    @property
    def confirmed(self) -> int:
        """The squares the last committed move changed (they light up to confirm it) ..."""
        return self._confirmed

    @property
    def confirmed_at(self) -> float:
        """... since this time."""
        return self._confirmed_at

    @property
    def paused(self) -> bool:
        """The game waits (the board stopped answering, the games file fails, an error, abandoned): board events
        wait until every cause is gone."""
        return bool(self._pauses)

    @property
    def pause_message(self) -> str:
        return self._pauses.message

    def paused_for(self, cause: PauseCause) -> bool:
        return cause in self._pauses

    @property
    def unsaved(self) -> int:
        """Squares of moves made but not yet stored: they are confirmed on the LEDs once stored."""
        return self._unsaved

    @property
    def saving(self) -> bool:
        """Moves made are still being written to the games file (the page says so; the LEDs confirm them after)."""
        return self._store is not None and self._store.pending() > 0

    @property
    def abandoned(self) -> bool:
        return self._abandoned

    @property
    def untrusted(self) -> int:
        """Squares whose sensors the board does not trust (stuck, flapping)."""
        return self._untrusted

    @property
    def message(self) -> str:
        """The last thing worth telling the players in words (an illegal move's reason). The reason an illegal
        move tried on the board goes away with its cause: once the piece is put back, nothing is wrong."""
        if self._message_from_board and self._recognizer.illegal is None:
            return ""
        return self._message

    @property
    def orders_due(self) -> float | None:
        """When the host's timer ends this phase of secret orders."""
        return self._orders_due

    def thinking(self) -> bool:
        """A computer seat is about to move (thinking, or in the pause that lets people follow)."""
        return self._computer_due is not None or self._computers.busy

    def hint(self, seat: int | None) -> dict[str, Any] | None:
        """The hint `seat` (None: everyone at the table) may see now: the move, in words, and its squares."""
        hint = self._computers.hint_for(self._state, seat)
        if hint is None:
            return None
        return {"seat": hint.seat, "move": str(hint.move), "description": self._state.describe(hint.move)}

    def hint_squares(self) -> tuple[int, ...]:
        """Where the hinted move starts and ends, for the LEDs: only in a game without secrets (the board is
        public), and never for an order set."""
        hint = self._computers.hint_for(self._state, None)
        if hint is None or self._state.game.info.hidden_information or isinstance(hint.move, Orders):
            return ()
        steps = self._state.effect(hint.move).decision
        src = next((st.src for st in steps if st.src is not None), None)
        dst = next((st.dst for st in reversed(steps) if st.dst is not None), None)
        return tuple(sq for sq in (src, dst) if sq is not None)

    @property
    def computers(self) -> Computers:
        """The computer seats' levels and the questions they ask a worker."""
        return self._computers

    def move_list(self) -> list[dict[str, Any]]:
        return [
            {"ply": i, "move": p.public_text, "seat": p.seat, "source": p.source.value}
            for i, p in enumerate(self._history)
        ]
