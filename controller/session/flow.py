"""The session's turn flow: whose turn it is, committing a move, the chores it leaves, and what the recognizer's
signals set off. A base of `Session` (controller.session.core), which adds the inputs and the page's requests."""

from __future__ import annotations

import random

from controller.errors import SessionError
from controller.games import CHANCE, SIMULTANEOUS, Effect, Move, Orders, State, Step
from controller.games.squares import mask
from controller.recognizer import (
    Cancelled,
    Candidate,
    ChoresDone,
    IllegalTried,
    MismatchCleared,
    MismatchShown,
    PromptCleared,
    PromptRaised,
    Recognized,
    Signal,
    TakebackSeen,
    build_index,
)
from controller.session import events as ev
from controller.session.computer import seed_from
from controller.session.flaps import LoneFlaps
from controller.session.seats import Room, SeatKind
from controller.session.sources import Dice, Source
from controller.session.view import Ply, SessionView

# The positions before the last plies keep what they worked out (their move lists): a takeback returns to them.
KEEP_WORKED_OUT = 2


def _changed(effect: Effect, occupancy: int) -> int:
    return effect.after_decision(occupancy) ^ occupancy | effect.must_touch(occupancy)


def _involved(effect: Effect) -> int:
    """Every square a move's pieces leave, reach or are touched on."""
    out = 0
    for step in (*effect.decision, *effect.chores):
        for end in (step.src, step.dst):
            if end is not None:
                out |= 1 << end
    for sq in effect.decision_touch | effect.chore_touch:
        out |= 1 << sq
    return out


class TurnFlow(SessionView):
    """The turn flow shared by every way a move arrives (the board, the page, a phone, a computer, another place)."""

    _events: list[ev.Event]
    _room: Room | None
    _sealed: set[int]
    _from_room: bool
    _chores_open: bool
    _rng: random.Random
    _announced_over: int
    _prompt_choice: int
    # A fresh game's board has not yet shown the game's position: pieces left from the game before, standing where
    # the first player could have set one, are to be cleared, never read as that player's move.
    _set_up: bool
    _held: bool  # the first board turn waits for the set-up
    _flaps: LoneFlaps

    def _seen(self, expected: int) -> int:
        """The board as the recognizer may take it: an untrusted square (a flapping switch) reads as `expected`,
        so it never makes a move, whatever its switch does, until it is trusted again."""
        return (self._occupancy & ~self._untrusted) | (expected & self._untrusted)

    def _hand_in(self, orders: Orders, t: float, source: Source) -> None:
        if self._room is None:
            self._commit(orders, t, source)
            return
        self._room.seal_orders(orders)  # revealed, and played here, once every seat of the phase committed
        self._sealed.add(orders.seat)

    # ---- the turn flow ---------------------------------------------------------------------------------------
    def _undo_count(self) -> int:
        n = 0
        for entry in reversed(self._history):
            n += 1
            if entry.source is not Source.DICE:
                break
        return n

    def _take_back(self, plies: int, t: float, guided: bool) -> None:
        undone = self._history[-plies:]
        del self._history[-plies:]
        self._state = undone[0].before
        if self._store is not None and self._game_id is not None:
            self._store.truncate(self._game_id, len(self._history))
        self._announced_over = -1
        self._prompt = ()
        self._computer_due = None
        self._computers.cancel()
        self._events.append(ev.TakenBack(t, tuple(p.text for p in reversed(undone))))
        target = self._state.occupancy()
        if guided and self._occupancy != target:
            steps: list[Step] = []
            for p in reversed(undone):
                for part in (p.effect.chores, p.effect.decision):
                    back = [Step(st.piece, st.dst, st.src) for st in reversed(part)]
                    self._recognizer.pieces.expect(back)
                    steps.extend(back)
            self._ask_chores(target, tuple(steps), 0, t, reset_touch=True)
        else:
            self._next_turn(t)

    def _earlier(self) -> tuple[list[State], list[int]]:
        """The position the board may return to for a takeback: the one before the last move, unless that move
        was a roll of the dice (a roll cannot be taken back by moving pieces); and the squares that move involved."""
        if not self._settings.recognizer.takebacks or not self._history or self._history[-1].source is Source.DICE:
            return [], []
        last = self._history[-1]
        return [last.before], [_involved(last.effect)]

    def _next_turn(self, t: float) -> None:
        s = self._state
        self._prompt = ()
        self._held = False
        occupancy = s.occupancy()
        if s.to_move is None:
            self._handle(self._recognizer.begin_idle(occupancy, self._seen(occupancy), t, s.pieces()), t)
            if self._announced_over != len(self._history):
                self._announced_over = len(self._history)
                result = s.outcome()
                assert result is not None
                if self._store is not None and self._game_id is not None:
                    self._store.finish(self._game_id, result.to_json())
                self._events.append(ev.GameOver(t, result.to_json()))
            return
        if s.to_move is CHANCE:
            self._handle(self._recognizer.begin_idle(occupancy, self._seen(occupancy), t, s.pieces()), t)
            if self._settings.dice is Dice.AUTO:
                self._commit(s.sample_chance(), t, Source.DICE)
            return
        if s.to_move is SIMULTANEOUS:
            self._handle(self._recognizer.begin_idle(occupancy, self._seen(occupancy), t, s.pieces()), t)
            self._orders_phase(s, t)
            return
        to_move = s.to_move
        assert isinstance(to_move, int)
        kind = self._seat_kinds[to_move]
        if kind is SeatKind.BOARD:
            if not self._set_up and self._seen(occupancy) != occupancy:
                self._held = True
                self._handle(self._recognizer.begin_idle(occupancy, self._seen(occupancy), t), t)
                return
            self._set_up, self._held = True, False
            earlier, undo = self._earlier()
            index = build_index(s, earlier=earlier, undo=undo)  # worked out when first asked (or prepared)
            self._handle(self._recognizer.begin_turn(index, self._seen(index.start), t, s.pieces()), t)
            return
        self._handle(self._recognizer.begin_idle(occupancy, self._seen(occupancy), t, s.pieces()), t)
        if kind is SeatKind.COMPUTER:
            self._computer_due = t + self._settings.computer_delay
            if self._computers.worker:
                self._computers.ask(s, to_move, seed_from(self._rng))

    def _orders_phase(self, s: State, t: float) -> None:
        """A phase of secret orders: its timer starts, and every computer seat thinks of its orders."""
        if self._orders_due is None and self._settings.order_time is not None:
            self._orders_due = t + self._settings.order_time
        for seat in sorted(s.waiting_for() - self._sealed):
            if self._seat_kinds[seat] is not SeatKind.COMPUTER or self._state is not s:
                continue
            if self._computers.worker:
                if not self._computers.asking(seat):
                    self._computers.ask(s, seat, seed_from(self._rng))
                continue
            orders = self._computers.inline(s, seat, seed_from(self._rng))
            assert isinstance(orders, Orders)
            self._hand_in(orders, t, Source.COMPUTER)

    def _computer_move(self, t: float) -> None:
        """The computer's pause is over: its move is played now, or as soon as the worker has thought of it."""
        s = self._state
        if not isinstance(s.to_move, int) or self._seat_kinds[s.to_move] is not SeatKind.COMPUTER:
            return
        if self._computers.worker:
            held = self._computers.take_held(s)
            if held is not None:
                self._computer_commit(held, t)
            return
        if s.legal_moves():
            self._computer_commit(self._computers.inline(s, s.to_move, seed_from(self._rng)), t)

    def _computer_commit(self, move: Move, t: float) -> None:
        """A computer seat's move, and the move out of turn it follows it with at once (a Politrics row declared,
        as a player would on the page while the board carries out the move)."""
        seat = self._state.to_move
        self._commit(move, t, Source.COMPUTER)
        if isinstance(seat, int):
            follow = self._computers.follow_up(self._state, seat)
            if follow is not None:
                self._commit(follow, t, Source.COMPUTER)

    def _commit(self, move: Move, t: float, source: Source, candidate: Candidate | None = None) -> None:
        # Only this ply came from the room; what it sets off here (the host's dice, a computer's orders) goes to it.
        from_room, self._from_room = self._from_room, False
        self._flaps.understood()  # the changes so far were hands: a move was taken
        before = self._state
        if self._abandoned:
            raise SessionError("this game was abandoned: start a new one")
        if before.to_move is SIMULTANEOUS and not isinstance(move, Orders):
            raise SessionError("orders are handed in on each seat's page")
        effect = candidate.effect if candidate is not None else before.effect(move)
        after = before.play(move)
        text = before.record(move)
        seat = _mover(before, move)
        ply = len(self._history)
        if self._store is not None and self._game_id is not None:
            # Durable before anything confirms it: a journal that writes on its own thread reports the move
            # stored later (`on_store`), and only then do the LEDs confirm it (and the page's request returns).
            self._store.append(self._game_id, ply, text, seat, source, after.to_json())
        self._history.append(Ply(before, move, text, seat, source, effect))
        if len(self._history) > KEEP_WORKED_OUT:
            # Kept as history only from here on (the move list's words for it are out by now): its move list and
            # the rest it worked out would weigh on every full garbage collection for the rest of the game.
            self._history[-KEEP_WORKED_OUT - 1].before.forget()
        self._state = after
        self._recognizer.pieces.expect(effect.decision)
        self._recognizer.pieces.expect(effect.chores)
        if not before.orders_go_on(seat, after):
            self._orders_due = None  # the phase of orders is over: the next one gets a fresh timer
            if before.to_move is SIMULTANEOUS:
                self._computers.cancel()  # orders still being thought about were for the phase just resolved
        self._prompt = ()
        self._message = ""
        start = before.occupancy()
        squares = _changed(effect, start) & self._region
        if self._store is not None and self._store.pending():
            self._unsaved |= squares
            self._confirmed = 0
        else:
            self._confirmed, self._confirmed_at = squares, t
        description = before.describe(move) if not isinstance(move, Orders) else "orders handed in"
        self._events.append(ev.Committed(t, ply, self._history[-1].public_text, seat, source, description))
        if self._room is not None and not from_room:
            self._room.played_here(ply, self._history[-1])
        if candidate is not None:
            self._ask_chores(
                candidate.final_occ,
                effect.chores,
                candidate.chore_touch,
                t,
                reset_touch=False,
                show=mask(effect.chore_show),
            )
            return
        steps = (*effect.decision, *effect.chores)
        must = effect.chore_must_touch(start)
        if effect.decision:
            # A decision that moves no piece is only a tap telling the board the move (a Politics claim): made on
            # a phone or the page it leaves the board nothing to do, so the board must not wait for that tap.
            must |= effect.must_touch(start)
        # What arrives from a phone or another place while the board still carries out the last chores adds to
        # them: the steps still open stay, the touches already seen still count (except where this move needs its
        # own), and the chores are done only when the board shows the position after both.
        open_steps, open_touch, open_show = self._recognizer.open_chores()
        if not (steps or must or open_steps or open_touch):
            # Nothing to carry out (a roll, a speech card): the board as it stands, the next player's hands perhaps
            # already on it, belongs to the next turn.
            self._next_turn(t)
            return
        self._recognizer.forget_touches(must if open_steps or open_touch else ~0)
        shown = open_show | mask(effect.chore_show)
        self._ask_chores(after.occupancy(), (*open_steps, *steps), must | open_touch, t, reset_touch=False, show=shown)

    def _ask_chores(
        self,
        target: int,
        steps: tuple[Step, ...],
        must: int,
        t: float,
        reset_touch: bool,
        show: int = 0,
    ) -> None:
        if reset_touch:
            self._recognizer.forget_touches()
        if self._occupancy != target or must:
            self._chores_open = True
            self._events.append(
                ev.ChoresAsked(
                    t,
                    tuple(s.to_json() for s in steps),
                    target & ~self._occupancy,
                    self._occupancy & ~target,
                    must & ~self._recognizer.touched,
                )
            )
        self._handle(self._recognizer.begin_chores(target, steps, must, t, show), t)

    def _handle(self, signals: list[Signal], t: float) -> None:
        for signal in signals:
            if isinstance(signal, Recognized):
                self._commit(signal.candidate.move, t, Source.BOARD, signal.candidate)
            elif isinstance(signal, ChoresDone):
                if self._chores_open:
                    self._chores_open = False
                    self._events.append(ev.ChoresFinished(t))
                self._next_turn(t)
            elif isinstance(signal, TakebackSeen):
                if signal.plies <= len(self._history):
                    self._take_back(signal.plies, t, guided=False)
            elif isinstance(signal, PromptRaised | PromptCleared):
                self._prompted(signal, t)
            else:
                self._tell(signal, t)

    def _prompted(self, signal: PromptRaised | PromptCleared, t: float) -> None:
        if isinstance(signal, PromptRaised):
            self._prompt = signal.candidates
            self._prompt_choice = 0
            options = tuple((str(c.move), self._state.describe(c.move)) for c in signal.candidates)
            self._events.append(ev.Prompted(t, options))
        elif self._prompt:
            self._prompt = ()
            self._events.append(ev.PromptClosed(t))

    def _tell(self, signal: Signal, t: float) -> None:
        """Signals that only become events for the page (and the record)."""
        if isinstance(signal, MismatchShown):
            self._events.append(ev.Mismatch(t, signal.fill, signal.empty))
        elif isinstance(signal, MismatchCleared):
            self._events.append(ev.MismatchResolved(t))
        elif isinstance(signal, IllegalTried):
            squares = 0
            for sq in signal.squares:
                squares |= 1 << sq
            self._message = signal.reason
            self._message_from_board = True
            self._events.append(ev.IllegalMove(t, str(signal.candidate.move), signal.reason, squares))
        elif isinstance(signal, Cancelled):
            self._events.append(ev.PieceReturned(t))


def _mover(state: State, move: Move) -> int | None:
    """The seat making `move`: an order set's, the seat to move's, or the seat whose move out of turn it is (a
    Politrics declaration, made while the other player is to move): stored so, it is read back for that seat."""
    if isinstance(move, Orders):
        return move.seat
    to_move = state.to_move
    if not isinstance(to_move, int):
        return None
    if move in state.legal_moves(to_move):
        return to_move
    return next((k for k in range(state.seats) if k != to_move and move in state.legal_moves(k)), to_move)
