"""One place of a room: its replica of the log, and what its own players do, turned into messages and effects.

Pure: the place is fed entries, proposals and its own players' actions, and answers with messages to send
(`outbox`) and effects for its session (`ApplyPly`, `Rollback`, `Notice`, ...). The link (link.py) carries both.

A guest plays its own moves at once (the board has them already) and proposes them; while unconfirmed they are
*speculative*. The log's entry for that ply confirms one; a different entry first (another seat's declaration,
a takeback), or a refusal, rolls the speculative plies back and the board is guided to undo them. Orders of a
phase of secret orders are sealed: committed as a digest, kept here, and revealed only once the log shows that
every seat of the phase committed (or the host closed it). A place refuses an entry that says it played a move
it never made.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from controller.games import SIMULTANEOUS, Game, State
from controller.remote.errors import RefusedError
from controller.remote.host import Sequencer
from controller.remote.messages import Entry, EntryKind, Private, Proposal, ProposalKind, Setup
from controller.remote.replica import Applied, Replica
from controller.remote.sealing import digest, fresh_salt, orders_label
from controller.remote.secrecy import Secrecy
from controller.values import dataclass


# ---- what a place asks its session to do ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ApplyPly:
    """Play this ply of the log on the session (made elsewhere, or sealed orders of ours now revealed)."""

    applied: Applied


@dataclass(frozen=True, slots=True)
class Rollback:
    """Take the session back to `plies` plies (guided on the board): speculative plies the log did not take."""

    plies: int
    reason: str


@dataclass(frozen=True, slots=True)
class Notice:
    message: str


@dataclass(frozen=True, slots=True)
class TakebackAsked:
    by: str
    plies: int  # the plies that would remain


@dataclass(frozen=True, slots=True)
class Stopped:
    """The place refuses the log: the game cannot go on here."""

    message: str


Effect = ApplyPly | Rollback | Notice | TakebackAsked | Stopped


@dataclass(frozen=True, slots=True)
class Sealed:
    seat: int
    phase: int
    text: str
    salt: str
    revealed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "phase": self.phase, "text": self.text, "salt": self.salt}


@dataclass(frozen=True, slots=True)
class _Spec:
    proposal: Proposal
    after: State


Outbound = Entry | Proposal | tuple[str, Private]  # an entry of the log, a proposal, a private message to a place


def _ids(name: str) -> Callable[[], str]:
    return lambda: f"{name}:{secrets.token_hex(8)}"


class Place:
    def __init__(
        self,
        name: str,
        setup: Setup,
        game: Game,
        state: State,
        secrecy: Secrecy,
        privates: Mapping[int, Any] | None = None,
        ids: Callable[[], str] | None = None,
    ) -> None:
        self.name = name
        self.setup = setup
        self.is_host = name == setup.host
        self.replica = Replica(setup, game, state, secrecy)
        self.replica.guard = self._guard
        self.sequencer = Sequencer(self.replica) if self.is_host else None
        self.privates: dict[int, Any] = dict(privates or {})
        self.spec: list[_Spec] = []
        self.sealed: dict[int, Sealed] = {}
        self.outbox: list[Outbound] = []
        self.effects: list[Effect] = []
        self._new_id = ids or _ids(name)
        self._local = False  # the host is writing a ply its session holds already
        self._commit_ids: dict[str, int] = {}  # a guest's commitments not yet in the log, by proposal id
        self.waiting: dict[str, Proposal] = {}  # proposals not yet answered by the log

    # ---- the local view: the log's plies and then ours not yet in it ---------------------------------------
    @property
    def local_state(self) -> State:
        return self.spec[-1].after if self.spec else self.replica.state

    @property
    def local_plies(self) -> int:
        return len(self.replica.plies) + len(self.spec)

    def my_seats(self) -> list[int]:
        return self.replica.seats_of(self.name)

    def take(self) -> tuple[list[Outbound], list[Effect]]:
        out, eff = self.outbox, self.effects
        self.outbox, self.effects = [], []
        return out, eff

    # ---- what this place's players do -----------------------------------------------------------------------
    def local_ply(self, seat: int | None, text: str) -> None:
        """A ply this place's session has committed: a move of one of its seats, or (the host) the dice."""
        r = self.replica
        state = self.local_state
        proof = None if seat is None else r.secrecy.proof(state, seat, text, self.privates)
        if self.sequencer is not None:
            self._local = True
            try:
                self._wrote(self.sequencer.ply(seat, text, proof))
            finally:
                self._local = False
            return
        if seat is None or seat not in self.my_seats():
            raise RefusedError(f"this place does not hold seat {seat}")
        prepared = r.secrecy.prepare(self.setup.room, state, seat, text, proof, self.setup.sealed)
        move = r.parse(prepared, text, seat)
        try:
            after = prepared.play(move)
        except ValueError as exc:
            raise RefusedError(str(exc)) from exc
        last = self.spec[-1].proposal.id if self.spec else r.last_ply_id
        proposal = Proposal(
            ProposalKind.PLY,
            self._new_id(),
            self.name,
            base=self.local_plies,
            prev=last,
            seat=seat,
            text=text,
            proof=proof,
        )
        self.spec.append(_Spec(proposal, after))
        self._propose(proposal)

    def seal_orders(self, seat: int, text: str) -> None:
        """Commit to a seat's orders (their canonical text); they stay here until the phase is ready."""
        r = self.replica
        state = r.state
        if state.to_move is not SIMULTANEOUS or seat not in state.waiting_for():
            raise RefusedError(f"seat {seat} gives no orders now")
        if seat not in self.my_seats():
            raise RefusedError(f"this place does not hold seat {seat}")
        if seat in r.commits or seat in self.sealed:
            raise RefusedError(f"seat {seat} has handed in its orders already")
        r.parse(state, text, seat)
        salt = fresh_salt()
        sealed = Sealed(seat, r.phase, text, salt)
        commitment = digest(self.setup.room, orders_label(r.phase), seat, text, salt)
        self.sealed[seat] = sealed
        if self.sequencer is not None:
            self._wrote(self.sequencer.write(EntryKind.COMMIT, ply=r.phase, seat=seat, text=commitment))
        else:
            proposal = Proposal(
                ProposalKind.COMMIT, self._new_id(), self.name, base=r.phase, seat=seat, text=commitment
            )
            self._commit_ids[proposal.id] = seat
            self._propose(proposal)

    def close_orders(self) -> None:
        """The host's timer: the phase closes, seats that committed nothing give no orders."""
        if self.sequencer is None:
            raise RefusedError("only the room's host closes a phase of orders")
        r = self.replica
        self._wrote(self.sequencer.write(EntryKind.CLOSE, ply=r.phase))
        for seat in sorted(set(r.state.waiting_for()) - set(r.commits)):
            self._wrote(self.sequencer.ply(seat, f"orders {seat}:"))

    def request_takeback(self, plies: int) -> None:
        r = self.replica
        if self.spec:
            raise RefusedError("wait until the other places have your last move")
        if self.sequencer is not None:
            self._wrote(self.sequencer.write(EntryKind.REQUEST, ply=plies))
        else:
            self._propose(Proposal(ProposalKind.REQUEST, self._new_id(), self.name, base=plies, prev=r.last_ply_id))

    def answer_takeback(self, accept: bool) -> None:
        request = self.replica.request
        if request is None or request.by == self.name:
            raise RefusedError("no takeback is asked of this place")
        if self.sequencer is not None:
            self._wrote(self.sequencer.write(EntryKind.ANSWER, answers=request.id, accept=accept))
        else:
            self._propose(Proposal(ProposalKind.ANSWER, self._new_id(), self.name, answers=request.id, accept=accept))

    def join(self, seats: Sequence[int] = ()) -> None:
        """Ask for seats (none: every free one); a place that holds seats asks again only to get its secrets."""
        self.outbox.append(Proposal(ProposalKind.JOIN, self._new_id(), self.name, seats=tuple(seats)))

    def _propose(self, proposal: Proposal) -> None:
        self.waiting[proposal.id] = proposal
        self.outbox.append(proposal)

    def unanswered(self) -> list[Proposal]:
        """Proposals the log has not answered yet: sent again when the link or the host comes back."""
        return list(self.waiting.values())

    # ---- what arrives ---------------------------------------------------------------------------------------
    def on_entry(self, entry: Entry) -> None:
        received = self.replica.receive(entry, then=self._applied)
        if received.refused is not None:
            self.effects.append(Stopped(received.refused))

    def on_proposal(self, proposal: Proposal) -> None:
        """A guest's proposal (the host answers; a guest ignores the others' proposals)."""
        if self.sequencer is None:
            return
        if proposal.id.split(":", 1)[0] != proposal.place:
            return  # an id is the proposer's own; anything else is not a proposal of this protocol
        self._wrote(self.sequencer.propose(proposal))
        if proposal.kind is ProposalKind.JOIN:
            for seat in self.replica.seats_of(proposal.place):  # after a restart too: its secrets again
                self._send_private(proposal.place, seat)

    def _wrote(self, entries: list[Entry]) -> None:
        for e in entries:
            self.outbox.append(e)
            self._applied(e)

    def _send_private(self, place: str, seat: int) -> None:
        """The host sends a seat's secrets to the place holding it, and to nobody else."""
        if place != self.name and seat in self.privates and self.replica.places[seat] == place:
            self.outbox.append((place, Private(seat, self.privates[seat])))

    def _guard(self, entry: Entry) -> None:
        if entry.by != self.name or self.is_host:
            return
        if self.spec and _same(self.spec[0].proposal, entry):
            return
        sealed = self.sealed.get(entry.seat) if entry.seat is not None else None
        if sealed is not None and sealed.text == entry.text:
            return
        raise RefusedError(f"the log says this place played {entry.text!r}, which it never did")

    def _applied(self, e: Entry) -> None:
        r = self.replica
        waited = self.waiting.pop(e.id, None)
        if e.answers is not None and e.kind is EntryKind.REFUSED:
            waited = self.waiting.pop(e.answers, None)
        if e.kind is EntryKind.PLY:
            if self.spec and _same(self.spec[0].proposal, e):
                self.spec.pop(0)  # confirmed: the session has it already
            else:
                if self.spec:
                    self._rollback(e.ply, "another move came first")
                if not self._local and e.ply < len(r.plies) and r.plies[e.ply].entry is e:
                    self.effects.append(ApplyPly(r.plies[e.ply]))
                if e.seat is not None:
                    self.sealed.pop(e.seat, None)
        elif e.kind is EntryKind.REFUSED:
            self._refused(e, waited is not None)
        elif e.kind is EntryKind.TAKEBACK:
            for spec in self.spec:
                self.waiting.pop(spec.proposal.id, None)
            self.spec = []
            self.sealed = {}
            self.effects.append(Rollback(e.ply, "moves taken back as every place agreed"))
        elif e.kind is EntryKind.REQUEST and e.by != self.name:
            self.effects.append(TakebackAsked(e.by, e.ply))
        elif e.kind is EntryKind.ANSWER and e.by != self.name:
            self.effects.append(Notice(f"{e.by} {'accepted' if e.accept else 'refused'} the takeback"))
        self._reveal_if_ready()

    def _rollback(self, plies: int, reason: str) -> None:
        for spec in self.spec:
            self.waiting.pop(spec.proposal.id, None)  # the host will refuse them: stale
        self.spec = []
        self.effects.append(Rollback(plies, reason))

    def _refused(self, e: Entry, waited: bool) -> None:
        for k, spec in enumerate(self.spec):
            if spec.proposal.id == e.answers:
                for dropped in self.spec[k:]:
                    self.waiting.pop(dropped.proposal.id, None)
                self.spec = self.spec[:k]
                self.effects.append(Rollback(len(self.replica.plies) + k, e.text))
                return
        seat = self._commit_ids.pop(e.answers or "", None)
        if seat is not None:
            self.sealed.pop(seat, None)
        if waited:
            self.effects.append(Notice(f"refused: {e.text}"))

    def _reveal_if_ready(self) -> None:
        r = self.replica
        if not r.phase_ready():
            return
        for seat, sealed in list(self.sealed.items()):
            if sealed.revealed or sealed.phase != r.phase or seat not in r.commits:
                continue
            self.sealed[seat] = Sealed(sealed.seat, sealed.phase, sealed.text, sealed.salt, revealed=True)
            if self.sequencer is not None:
                self._wrote(self.sequencer.ply(seat, sealed.text, sealed.salt))
            else:
                self._propose(
                    Proposal(
                        ProposalKind.REVEAL, self._new_id(), self.name, seat=seat, text=sealed.text, proof=sealed.salt
                    )
                )


def _same(proposal: Proposal, entry: Entry) -> bool:
    if proposal.id == entry.id:
        return True
    # The same move proposed again after a restart (a new id) is confirmed by the first proposal's entry.
    return (
        entry.by == proposal.place
        and entry.seat == proposal.seat
        and entry.text == proposal.text
        and (entry.ply == proposal.base)
    )
