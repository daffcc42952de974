"""A place's copy of the room's log and the game it makes, every entry checked by the place's own rules engine.

Entries are applied strictly in `seq` order: one that arrives early waits, one that arrives again is dropped (and
a different one under a number already applied is refused: the log may never change its past). An entry that
fails a check is refused and never applied; the replica then stops (every later entry builds on the refused one)
and says why, so the place pauses the game with that message instead of playing on from a position it disputes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field

from controller.games import CHANCE, SIMULTANEOUS, Game, GameError, Move, Orders, State
from controller.remote.errors import RefusedError
from controller.remote.messages import Entry, EntryKind, Setup
from controller.remote.sealing import is_digest, opens, orders_label
from controller.remote.secrecy import Secrecy
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class Applied:
    """A ply of the log as this place applied it: the move, and the position it was played on."""

    entry: Entry
    move: Move
    before: State
    phase: int  # the phase of orders the position before it was in (-1: none)


@dataclass
class Received:
    entries: list[Entry] = field(default_factory=list)  # applied now, in order
    refused: str | None = None  # why the replica stopped, if it did now


class Replica:
    def __init__(self, setup: Setup, game: Game, state: State, secrecy: Secrecy) -> None:
        self.setup = setup
        self.game = game
        self.secrecy = secrecy
        self.places: list[str | None] = list(setup.places)
        self.entries: list[Entry] = []
        self.plies: list[Applied] = []
        self.current = state
        self.pending: dict[int, Entry] = {}
        self.seen: set[str] = set()  # ids of entries and of the proposals they answered
        self.phase = -1  # in a phase of orders: the ply it began at
        self.commits: dict[int, str] = {}
        self.closed = False
        self.request: Entry | None = None  # an open takeback request
        self.accepted: set[str] = set()  # places that accepted it
        self.broken: str | None = None
        self.guard: Callable[[Entry], None] | None = None  # a place's own extra check before a ply is applied
        self._enter_phase()

    # ---- reading ---------------------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.current

    @property
    def next_seq(self) -> int:
        return len(self.entries)

    @property
    def last_ply_id(self) -> str | None:
        return self.plies[-1].entry.id if self.plies else None

    def seats_of(self, place: str) -> list[int]:
        return [seat for seat, p in enumerate(self.places) if p == place]

    def participants(self) -> set[str]:
        return {p for p in self.places if p is not None}

    def phase_ready(self) -> bool:
        """Every seat of this phase of orders has committed (or the host closed it): reveals may begin."""
        waiting = self.current.waiting_for() if self.current.to_move is SIMULTANEOUS else frozenset()
        return bool(waiting) and (self.closed or waiting <= set(self.commits))

    # ---- receiving -------------------------------------------------------------------------------------------
    def receive(self, entry: Entry, then: Callable[[Entry], None] | None = None) -> Received:
        """Take an entry as the broker delivered it: in any order, any number of times. `then` hears of each
        entry applied before the next one is checked."""
        out = Received()
        if self.broken is not None:
            return out
        if entry.seq < len(self.entries):
            if self.entries[entry.seq] != entry:
                out.refused = self._break(f"entry {entry.seq} of the log arrived changed; the log may not change")
            return out
        waiting = self.pending.get(entry.seq)
        if waiting is not None and waiting != entry:
            out.refused = self._break(f"two different entries {entry.seq} arrived; the log may not change")
            return out
        self.pending[entry.seq] = entry
        while len(self.entries) in self.pending:
            e = self.pending.pop(len(self.entries))
            try:
                self.apply(e)
            except RefusedError as exc:
                out.refused = self._break(f"refused entry {e.seq} ({e.kind.value} by {e.by}): {exc}")
                return out
            out.entries.append(e)
            if then is not None:
                then(e)
        return out

    def _break(self, message: str) -> str:
        self.broken = message
        self.pending.clear()
        return message

    def apply(self, entry: Entry) -> None:
        """Check `entry` (the next one) and apply it; RefusedError, with nothing changed, when it fails a check."""
        if entry.seq != len(self.entries):
            raise RefusedError(f"entry {entry.seq} is not the next one ({len(self.entries)})")
        if entry.id in self.seen:
            raise RefusedError(f"{entry.id} is in the log already")
        if entry.kind is EntryKind.REFUSED and entry.answers in self.seen:
            raise RefusedError(f"{entry.answers} was answered already")
        handler = {
            EntryKind.SEATS: self._seats,
            EntryKind.PLY: self._ply,
            EntryKind.COMMIT: self._commit,
            EntryKind.CLOSE: self._close,
            EntryKind.REQUEST: self._request,
            EntryKind.ANSWER: self._answer,
            EntryKind.TAKEBACK: self._takeback,
            EntryKind.REFUSED: self._refused,
        }[entry.kind]
        handler(entry)
        self.entries.append(entry)
        self.seen.add(entry.id)
        if entry.answers is not None and entry.kind is EntryKind.REFUSED:
            self.seen.add(entry.answers)

    # ---- the checks, one per kind -------------------------------------------------------------------------
    def _host_only(self, entry: Entry) -> None:
        if entry.by != self.setup.host:
            raise RefusedError(f"only the room's host ({self.setup.host}) writes a {entry.kind.value} entry")

    def _seats(self, entry: Entry) -> None:
        self._host_only(entry)
        if len(entry.places) != len(self.places):
            raise RefusedError(f"the room has {len(self.places)} seats, not {len(entry.places)}")
        for seat, (old, new) in enumerate(zip(self.places, entry.places, strict=True)):
            if old is not None and new != old:
                raise RefusedError(f"seat {seat} is held by {old} and cannot pass to {new}")
        self.places = list(entry.places)

    def _holder_check(self, entry: Entry, seat: int) -> None:
        if not 0 <= seat < len(self.places):
            raise RefusedError(f"there is no seat {seat}")
        if self.places[seat] != entry.by:
            holder = self.places[seat] or "nobody yet"
            raise RefusedError(f"{entry.by} played for seat {seat}, which {holder} holds")

    def parse(self, state: State, text: str, seat: int | None) -> Move:
        try:
            return self.game.parse(text, state, seat)
        except GameError as exc:
            raise RefusedError(f"{text!r}: {exc}") from exc

    def _ply(self, entry: Entry) -> None:
        state = self.current
        if entry.ply != len(self.plies):
            raise RefusedError(f"ply {entry.ply} is out of order: {len(self.plies)} plies have been played")
        if entry.prev != self.last_ply_id:
            raise RefusedError("it follows another ply than the last one played")
        if state.to_move is None:
            raise RefusedError("the game is over")
        if state.to_move is CHANCE:
            move = self._throw(state, entry)
        elif state.to_move is SIMULTANEOUS:
            move = self._orders(state, entry)
        else:
            # A secret the ply reveals (a speech card) is checked, and put where the engine expects it, first.
            state, move = self._turn(state, entry)
        if self.guard is not None:
            self.guard(entry)
        try:
            after = state.play(move)
        except GameError as exc:
            raise RefusedError(f"{entry.text}: {exc}") from exc
        self._played(entry, state, move, after)

    def _throw(self, state: State, entry: Entry) -> Move:
        self._host_only(entry)
        if entry.seat is not None:
            raise RefusedError("a throw of the dice belongs to no seat")
        move = self.parse(state, entry.text, None)
        if move not in {m for m, _ in state.chance_outcomes()}:
            raise RefusedError(f"{entry.text} is not a possible throw now")
        return move

    def _orders(self, state: State, entry: Entry) -> Move:
        """A seat's orders: revealed as committed once the phase is ready, or none at all after the host's close."""
        seat = entry.seat
        if seat is None or seat not in state.waiting_for():
            raise RefusedError(f"seat {seat} gives no orders now")
        move = self.parse(state, entry.text, seat)
        if not isinstance(move, Orders) or move.seat != seat:
            raise RefusedError(f"{entry.text!r} is not seat {seat}'s orders")
        committed = self.commits.get(seat)
        if committed is None:
            if not (self.closed and entry.by == self.setup.host and not move.orders):
                raise RefusedError(f"seat {seat}'s orders were never committed")
            return move
        self._holder_check(entry, seat)
        if not self.phase_ready():
            raise RefusedError("orders are revealed only once every seat has committed to its own")
        if not opens(committed, self.setup.room, orders_label(self.phase), seat, entry.text, entry.proof):
            raise RefusedError(f"seat {seat}'s orders are not the ones it committed to")
        return move

    def _turn(self, state: State, entry: Entry) -> tuple[State, Move]:
        seat = entry.seat
        if seat is None:
            raise RefusedError("a move names its seat")
        self._holder_check(entry, seat)
        state = self.secrecy.prepare(self.setup.room, state, seat, entry.text, entry.proof, self.setup.sealed)
        move = self.parse(state, entry.text, seat)
        if move not in state.legal_moves(seat):
            raise RefusedError(f"{entry.text} is not a move seat {seat} can make now (out of turn or illegal)")
        return state, move

    def _played(self, entry: Entry, state: State, move: Move, after: State) -> None:
        before_waiting = state.waiting_for() if state.to_move is SIMULTANEOUS else frozenset()
        self.plies.append(Applied(entry, move, state, self.phase))
        self.current = after
        self.request = None  # the game moved on: a takeback asked for before is void
        self.accepted = set()
        # The phase goes on while the orders handed in only struck their seat off the list of those awaited.
        continuing = (
            isinstance(move, Orders)
            and after.to_move is SIMULTANEOUS
            and after.waiting_for() == before_waiting - {move.seat}
        )
        if not continuing:
            self._enter_phase()

    def _enter_phase(self) -> None:
        self.commits = {}
        self.closed = False
        self.phase = len(self.plies) if self.current.to_move is SIMULTANEOUS else -1

    def _in_phase(self, entry: Entry) -> None:
        if self.current.to_move is not SIMULTANEOUS:
            raise RefusedError("no orders are being written now")
        if entry.ply != self.phase:
            raise RefusedError(f"that was for the orders of ply {entry.ply}; these are of ply {self.phase}")

    def _commit(self, entry: Entry) -> None:
        self._in_phase(entry)
        seat = entry.seat
        if seat is None or seat not in self.current.waiting_for():
            raise RefusedError(f"seat {seat} gives no orders now")
        self._holder_check(entry, seat)
        if seat in self.commits:
            raise RefusedError(f"seat {seat} has committed to its orders already")
        if self.closed:
            raise RefusedError("the host closed this phase of orders")
        if not is_digest(entry.text):
            raise RefusedError("a commitment is a SHA-256 digest in hexadecimal")
        self.commits[seat] = entry.text

    def _close(self, entry: Entry) -> None:
        self._host_only(entry)
        self._in_phase(entry)
        if self.closed:
            raise RefusedError("this phase of orders is closed already")
        self.closed = True

    def _request(self, entry: Entry) -> None:
        if entry.by not in self.participants():
            raise RefusedError(f"{entry.by} holds no seat in this room")
        if self.request is not None:
            raise RefusedError("another takeback request is open")
        if not 0 <= entry.ply < len(self.plies):
            raise RefusedError(f"there is no ply {entry.ply} to go back to ({len(self.plies)} played)")
        self.request = entry
        self.accepted = {entry.by}

    def _answer(self, entry: Entry) -> None:
        request = self.request
        if request is None or entry.answers != request.id:
            raise RefusedError("it answers no open takeback request")
        if entry.by not in self.participants() or entry.by in self.accepted:
            raise RefusedError(f"{entry.by} cannot answer this request")
        if entry.accept:
            self.accepted.add(entry.by)
        else:
            self.request = None
            self.accepted = set()

    def takeback_agreed(self) -> bool:
        return self.request is not None and self.accepted >= self.participants()

    def _takeback(self, entry: Entry) -> None:
        self._host_only(entry)
        request = self.request
        if request is None or not self.takeback_agreed() or entry.ply != request.ply:
            raise RefusedError("moves are taken back only as every other place agreed")
        back = self.plies[entry.ply]
        self.current = back.before
        del self.plies[entry.ply :]
        self.request = None
        self.accepted = set()
        # Orders handed in earlier in that phase stay played; the seats still waiting commit afresh.
        self.commits = {}
        self.closed = False
        self.phase = back.phase

    def _refused(self, entry: Entry) -> None:
        self._host_only(entry)
        if entry.answers is None:
            raise RefusedError("a refusal names the proposal it refuses")
