"""A session: one board, one game, its seats, the turn flow, prompts, chores, undo. Deterministic and clock-free:
every input carries its time, and `deadline()` says when the session wants `tick` called next.

The asyncio runner (controller.session.runner) and `agora replay` feed it; the web reads `snapshot`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from controller.errors import IllegalMoveError, SessionError
from controller.games import CHANCE, SIMULTANEOUS, Game, Move, Orders, State
from controller.recognizer import (
    Recognizer,
)
from controller.session import events as ev
from controller.session.computer import Computers, Hint, seed_from
from controller.session.flaps import LoneFlaps
from controller.session.flaps import reason as flap_reason
from controller.session.flow import TurnFlow
from controller.session.journal import Journal
from controller.session.pauses import PauseCause, Pauses
from controller.session.seats import Room, SeatKind
from controller.session.sources import Dice, Source
from controller.session.view import Ply, SessionSettings

__all__ = ["Ply", "Session", "SessionSettings"]


def _actor(state: State, move: Move, seat: int | None) -> int | None:
    """The seat making `move`: the one named, the seat to move, or the seat whose move out of turn it is."""
    if seat is not None:
        return seat
    if isinstance(state.to_move, int) and move in state.legal_moves(state.to_move):
        return state.to_move
    return next((k for k in range(state.seats) if move in state.legal_moves(k)), None)


class Session(TurnFlow):
    """Everything but the clock and the I/O; inputs are its methods, what it shows the properties of SessionView."""

    def __init__(
        self,
        game: Game,
        state: State,
        *,
        seat_kinds: Sequence[SeatKind],
        settings: SessionSettings | None = None,
        store: Journal | None = None,
        game_id: int | None = None,
        tokens: Sequence[str] = (),
        history: Sequence[Ply] = (),
        seed: int = 0,
        levels: Sequence[str | None] = (),
    ) -> None:
        if len(seat_kinds) != state.seats:
            raise SessionError(f"{state.seats} seats need {state.seats} seat kinds, not {len(seat_kinds)}")
        self._game = game
        self._state = state
        self._seat_kinds = list(seat_kinds)
        self._settings = settings or SessionSettings()
        self._store = store
        self._game_id = game_id
        self._tokens = list(tokens)
        self._history = list(history)
        self._recognizer = Recognizer(self._settings.recognizer)
        self._region = game.region(state.seats).mask
        self._occupancy = 0
        self._events: list[ev.Event] = []
        self._prompt = ()
        self._prompt_choice = 0  # the option the buttons point at
        self._confirmed = 0
        self._confirmed_at = -1e9
        self._unsaved = 0  # squares of moves made but not yet stored: confirmed on the LEDs once they are
        self._pauses = Pauses()
        self._abandoned = False
        self._room: Room | None = None  # the other places of a remote game
        self._sealed: set[int] = set()  # seats whose orders are handed in, sealed until the phase is ready
        self._from_room = False  # playing a ply that came from the room: not to be sent back to it
        self._untrusted = 0  # the board's untrusted squares and the session's own (controller.session.flaps)
        self._board_untrusted = 0
        self._flaps = LoneFlaps()
        self._message = ""  # the last thing worth telling the players in words (an illegal move's reason)
        self._message_from_board = False
        self._computer_due = None
        self._chores_open = False  # chores were asked for and are not done yet
        self._orders_due = None  # when the host's timer ends this phase of secret orders
        self._rng = random.Random(seed)
        self._computers = Computers(state.seats, levels)
        self._announced_over = -1
        self._set_up = bool(self._history)
        self._held = False

    # ---- starting --------------------------------------------------------------------------------------------
    def start(self, occupancy: int, t: float, resumed: bool = False) -> None:
        """Begin (or resume) with the board showing `occupancy`; the LEDs guide pieces to where they belong."""
        self._occupancy = occupancy
        self._flaps.reset(occupancy)
        self._set_up = self._set_up or resumed
        self._events.append(ev.GameStarted(t, self._game.name, self._state.seats, self._game_id, resumed))
        self._next_turn(t)

    # ---- inputs ----------------------------------------------------------------------------------------------
    def on_board(self, occupancy: int, t: float) -> None:
        self._occupancy = occupancy
        if newly := self._flaps.board(occupancy, t):
            self._distrust(flap_reason(self._untrusted, self._untrusted | newly), t)
        if self._pauses:
            return
        # One scan is one step of the hands: what it shows lifted came off before what it shows set down. An
        # untrusted square (a flapping switch) reads as the game expects it, so it never makes a move.
        seen = self._seen(self._recognizer.expected)
        previous = self._recognizer.occupancy
        lifted_first = previous & seen
        if lifted_first not in (previous, seen):
            self._scan_step(lifted_first, t)
            self._occupancy = occupancy  # the whole scan, read again as the game now expects it
            seen = self._seen(self._recognizer.expected)
        self._scan_step(seen, t)
        self._occupancy = occupancy
        if self._held and self._recognizer.occupancy == self._recognizer.expected and not self._pauses:
            self._next_turn(t)  # the fresh game's board is set up: its first turn begins on it

    def _scan_step(self, occ: int, t: float) -> None:
        self._occupancy = occ
        self._handle(self._recognizer.interrupted(occ, t), t)
        self._occupancy = occ
        self._handle(self._recognizer.board(occ, t), t)

    def pause(self, cause: PauseCause, message: str, t: float) -> None:
        """The game waits for `cause` (each cause is lifted on its own); the page and the LEDs say so."""
        if cause not in self._pauses or self._pauses.message != message:
            self._pauses.set(cause, message)
            self._events.append(ev.LinkPaused(t, self._pauses.message))

    def unpause(self, cause: PauseCause, t: float) -> None:
        """Lift one cause of a pause; when none is left, the board as it stands now is read again."""
        if self._pauses.lift(cause):
            self._events.append(ev.LinkResumed(t))
            self.on_board(self._occupancy, t)

    def on_link(self, up: bool, t: float, message: str = "", occupancy: int | None = None) -> None:
        if not up:
            self.pause(PauseCause.LINK, message or "the board stopped answering", t)
            return
        if occupancy is not None:
            self._occupancy = occupancy
            self._flaps.reset(occupancy)
        if PauseCause.LINK in self._pauses:
            self.unpause(PauseCause.LINK, t)  # reads the board again unless another cause still holds the game
        elif occupancy is not None:
            self.on_board(occupancy, t)

    def on_store(self, error: str | None, t: float) -> None:
        """News from the games file: a write failing (the game waits) or going through again; moves now stored
        are confirmed on the LEDs."""
        if error is not None:
            self.pause(PauseCause.STORE, f"the games file cannot be written ({error}): retrying", t)
        else:
            self.unpause(PauseCause.STORE, t)
        if self._unsaved and (self._store is None or not self._store.pending()):
            self._confirmed, self._confirmed_at, self._unsaved = self._unsaved, t, 0

    def on_untrusted(self, squares: int, reason: str, t: float) -> None:
        """The board's own detectors distrust `squares` (0: none)."""
        self._board_untrusted = squares
        self._distrust(reason, t)

    def _distrust(self, why: str, t: float) -> None:
        """The squares the board or the session distrusts changed (or may have)."""
        squares = self._board_untrusted | self._flaps.untrusted
        newly, regained = squares & ~self._untrusted, self._untrusted & ~squares
        self._untrusted = squares
        self._message = why  # the page says which switch is ignored, and when all are trusted again
        self._events.append(ev.SensorWarning(t, squares, why))
        if newly:
            # What the flap did before it was known (a phantom tap, a piece seen lifted) is forgotten: a pending
            # move that needed it is dropped, never committed, and a turn it was part of waits for it to be quiet.
            signals = self._recognizer.distrust(newly, self._seen(self._recognizer.expected), t)
            if not self._pauses:
                self._handle(signals, t)
        if regained or not newly:
            if not self._pauses:
                self.on_board(self._occupancy, t)  # a square trusted again reads as its switch does...
            signals = self._recognizer.trust(regained, t)  # ...before the turn it was part of goes on
            if not self._pauses:
                self._handle(signals, t)

    def tick(self, t: float) -> None:
        if self._flaps.tick(t) and (now := self._board_untrusted | self._flaps.untrusted) != self._untrusted:
            self._distrust(flap_reason(self._untrusted, now), t)
        if self._orders_due is not None and t >= self._orders_due:
            self._orders_due = None
            self.close_orders(t)
        if self._computer_due is not None and t >= self._computer_due:
            self._computer_due = None
            self._computer_move(t)
        if not self._pauses:
            self._handle(self._recognizer.tick(t), t)

    def take_over(self, old: Session) -> None:
        """This session replaces `old` (a new game): the turn indexes `old` built are let go of a slice at a time
        with this one's idle work (`prepare`); freed at once, a wide one is a pause of the loop of its own."""
        self._recognizer.adopt(old._recognizer.hand_over())

    def starting(self) -> bool:
        """Whether the turn that began last still has its start to work out (its moves and their index): the next
        input needs it, so the loop does that first, a slice at a time (`prepare`), before it hands over any."""
        return self._recognizer.starting()

    def prepare(self) -> bool:
        """A slice of work nothing waits for yet (the rest of the turn index, the pieces' changes noted), for the
        loop to do while it is idle; False when there is none."""
        return self._recognizer.prepare()

    def deadline(self) -> float | None:
        # A paused game does not feed the recognizer its timers: asking for them would spin the loop.
        recognizer = None if self._pauses else self._recognizer.deadline()
        flaps = self._flaps.due()
        times = [d for d in (recognizer, self._computer_due, self._orders_due, flaps) if d is not None]
        return min(times) if times else None

    # ---- requests from the page ------------------------------------------------------------------------------
    def play_text(self, text: str, t: float, seat: int | None = None, source: Source = Source.PAGE) -> Move:
        """A move typed or clicked on the page (a declaration, a speech card, entered dice, a phone's move)."""
        s = self._state
        if s.to_move is None:
            raise SessionError("the game is over")
        if s.to_move is SIMULTANEOUS:
            raise SessionError("this is a phase of secret orders: hand them in on your seat's page")
        move = self._game.parse(text, s, seat)
        if self._room is not None and self._elsewhere(s.to_move if s.to_move is CHANCE else _actor(s, move, seat)):
            raise SessionError("that seat plays at another place")
        if s.to_move is CHANCE:
            if move not in {m for m, _ in s.chance_outcomes()}:
                raise IllegalMoveError(f"{text!r} is not a possible roll now")
            self._commit(move, t, Source.DICE)
            return move
        if seat is not None and move not in s.legal_moves(seat):
            raise IllegalMoveError(f"{text} is not a move seat {seat} can make now")
        self._commit(move, t, source)
        return move

    def submit_orders(self, seat: int, texts: Sequence[str], t: float) -> None:
        s = self._state
        if s.to_move is not SIMULTANEOUS:
            raise SessionError("orders are only handed in during a phase of secret orders")
        if not 0 <= seat < s.seats:
            raise SessionError(f"there is no seat {seat}")
        if self._room is not None and self._seat_kinds[seat] is SeatKind.REMOTE:
            raise SessionError("that seat plays at another place")
        orders = [self._game.parse(text, s, seat) for text in texts]
        self._hand_in(Orders(seat, tuple(orders)), t, Source.PHONE)

    def close_orders(self, t: float) -> None:
        """The host's timer ran out (or the host closed the phase): seats that handed in nothing give no orders."""
        if self._state.to_move is not SIMULTANEOUS:
            raise SessionError("no orders are being written now")
        if self._room is not None:
            self._room.close_orders()
            return
        missing = sorted(self._state.waiting_for())
        for seat in missing:
            if self._state.to_move is not SIMULTANEOUS or seat not in self._state.waiting_for():
                break  # the phase already resolved
            self._commit(Orders(seat, ()), t, Source.TIMER)

    def roll(self, t: float) -> None:
        if self._state.to_move is not CHANCE:
            raise SessionError("there is nothing to roll now")
        self._commit(self._state.sample_chance(), t, Source.DICE)

    def answer(self, choice: int | str, t: float) -> None:
        """Answer the board's question: the index of an option or its move text."""
        if not self._prompt:
            raise SessionError("the board has not asked anything")
        if isinstance(choice, int) and not isinstance(choice, bool):
            if not 0 <= choice < len(self._prompt):
                raise SessionError(f"choose an option from 0 to {len(self._prompt) - 1}")
            picked = self._prompt[choice]
        else:
            found = [c for c in self._prompt if str(c.move) == str(choice)]
            if not found:
                raise SessionError(f"{choice!r} is not one of the options")
            picked = found[0]
        self._handle(self._recognizer.answer(picked), t)

    def button(self, button: str, t: float, held: bool = False) -> None:
        """The board's buttons: with a question open, menu steps through the options and ok picks one;
        otherwise back takes the last move back, and ok held lights a hint for the seat to move (in a game without
        secrets: the board is everybody's). Everything they do is also on the page."""
        if held:
            if button == "ok" and not self._prompt:
                self.request_hint(None, t)
            return
        if self._prompt:
            if button == "menu":
                self._prompt_choice = (self._prompt_choice + 1) % len(self._prompt)
            elif button == "ok":
                self.answer(self._prompt_choice, t)
            elif button == "back":
                self._prompt_choice = (self._prompt_choice - 1) % len(self._prompt)
            return
        if button == "back":
            self.undo(t)

    def undo(self, t: float) -> None:
        """Take back the last move (and the dice rolled after it); the LEDs guide the pieces back."""
        if self._abandoned:
            raise SessionError("this game was abandoned: start a new one")
        if not self._history:
            raise SessionError("there is no move to take back")
        if self._room is not None:
            self._room.ask_takeback(len(self._history) - self._undo_count())  # the other places must agree
            return
        self._take_back(self._undo_count(), t, guided=True)

    # ---- a remote game: the other places of a room (controller.remote) -------------------------------------------
    def join_room(self, room: Room | None) -> None:
        self._room = room

    def write_to(self, journal: Journal) -> None:
        """Store the moves from now on in `journal` (a room's game is made through the file itself, its moves then
        go to the writer thread like any game's)."""
        self._store = journal

    def tell(self, message: str) -> None:
        """Something the players should read (a move of theirs another place did not take, a takeback asked)."""
        self._message = message
        self._message_from_board = False

    @property
    def sealed(self) -> frozenset[int]:
        return frozenset(self._sealed)

    @property
    def chores_open(self) -> bool:
        return self._chores_open

    def play_from_room(self, move: Move, t: float, source: Source, before: State | None = None) -> None:
        """A ply of the room's log, checked there by this place's rules engine: played here like a computer's
        move, its pieces carried out on the board as chores. `before` is the position it was checked on (the
        same game, with secrets this place cannot know in a stand-in form)."""
        if before is not None:
            self._state = before
        self._from_room = True
        try:
            self._commit(move, t, source)
        finally:
            self._from_room = False
        if isinstance(move, Orders):
            self._sealed.discard(move.seat)

    def rollback_to(self, plies: int, t: float) -> None:
        """Go back to `plies` plies as the room decided (a takeback agreed, a move of ours the room did not
        take); the LEDs guide the pieces back."""
        if plies < len(self._history):
            self._take_back(len(self._history) - plies, t, guided=True)
        self._sealed.clear()

    def _elsewhere(self, to_move: object) -> bool:
        """Whether the seat (or the dice) to move is played at another place of the room."""
        if isinstance(to_move, int):
            return self._seat_kinds[to_move] is SeatKind.REMOTE
        return to_move is CHANCE and self._settings.dice is Dice.REMOTE

    # ---- computer players ------------------------------------------------------------------------------
    def request_hint(self, seat: int | None, t: float) -> None:
        """Think about the best move for `seat` (None: the seat to move, in a game without secrets); the LEDs show it
        in a game without secrets, and the snapshot of whoever may see it holds it."""
        s = self._state
        if self._abandoned or s.to_move is None:
            raise SessionError("there is no move to hint at now")
        if seat is None:
            if s.game.info.hidden_information:
                raise SessionError("in a game with secrets a hint is asked for on the seat's own page")
            if not isinstance(s.to_move, int):
                raise SessionError("a hint is for the seat to move")
            seat = s.to_move
        if s.to_move != seat and not (s.to_move is SIMULTANEOUS and seat in s.waiting_for() - self._sealed):
            raise SessionError(f"seat {seat} has nothing to decide now")
        if self._computers.hint_for(s, seat) is not None:
            return
        if self._computers.worker:
            self._computers.ask(s, seat, seed_from(self._rng), hint=True)
            return
        self._computers.hint = Hint(s, seat, self._computers.inline(s, seat, seed_from(self._rng)))

    def on_thought(self, ticket: int, text: str | None, t: float) -> None:
        """A worker's answer: played (or handed in) if it is still wanted, dropped if the game moved on."""
        answered = self._computers.answer(ticket, text, self._game, self._state)
        if answered is None or self._abandoned:
            return
        seat, move = answered
        if isinstance(move, Orders):
            if seat in self._state.waiting_for() - self._sealed:
                self._hand_in(move, t, Source.COMPUTER)
            return
        if self._computer_due is not None:  # still in the pause people need to follow: wait for its end
            self._computers.hold(self._state, move)
            return
        self._computer_commit(move, t)

    # ---- reading ---------------------------------------------------------------------------------------------
    def abandon(self, t: float = 0.0) -> int | None:
        """Abandon the game: stored so (it is no longer resumed), and from now on it takes no move, order or undo
        (the board waits for a new game); its number, None if nothing is stored."""
        if self._store is not None and self._game_id is not None and not self._abandoned:
            self._store.abandon(self._game_id)
        self._abandoned = True
        self._computer_due = self._orders_due = None
        self._computers.cancel()
        self._prompt = ()
        self.pause(PauseCause.ABANDONED, "this game was abandoned: start a new one", t)
        return self._game_id

    def drain(self) -> list[ev.Event]:
        out, self._events = self._events, []
        return out
