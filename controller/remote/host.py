"""The room's host writes the log: its own plies, the dice, the timer's closing, and an answer to every proposal.

A proposal becomes the entry it asks for only if the host's replica accepts it as the next entry (the same
checks every place makes); otherwise the host writes a refusal naming the proposal, so the proposer learns why
and takes its ply back. A proposal made on a position the log has left behind (another ply came first) is
refused as stale. A proposal that arrives twice is answered once. The host decides disputes by this order: a
takeback request is settled when every other place has answered it, and any ply played meanwhile voids it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from controller.remote.errors import RefusedError
from controller.remote.messages import Entry, EntryKind, Proposal, ProposalKind
from controller.remote.replica import Replica


class Sequencer:
    def __init__(self, replica: Replica) -> None:
        self.replica = replica
        self.host = replica.setup.host

    def _new(self, kind: EntryKind, by: str | None = None, ident: str | None = None) -> Entry:
        seq = self.replica.next_seq
        return Entry(seq=seq, kind=kind, by=by or self.host, id=ident or f"{self.host}#{seq}")

    def write(self, kind: EntryKind, **fields: Any) -> list[Entry]:
        """The host's own entry: applied to its replica (RefusedError if it fails a check) and returned."""
        entry = replace(self._new(kind), **fields)
        self.replica.apply(entry)
        return [entry, *self._follow_ups()]

    def ply(self, seat: int | None, text: str, proof: str | None = None) -> list[Entry]:
        r = self.replica
        return self.write(EntryKind.PLY, ply=len(r.plies), seat=seat, text=text, proof=proof, prev=r.last_ply_id)

    def _follow_ups(self) -> list[Entry]:
        if self.replica.takeback_agreed():
            request = self.replica.request
            assert request is not None  # takeback_agreed says there is one
            return self.write(EntryKind.TAKEBACK, ply=request.ply)
        return []

    def propose(self, proposal: Proposal) -> list[Entry]:
        """Answer a guest's proposal with the entries it leads to (none for one answered before)."""
        r = self.replica
        if proposal.id in r.seen:
            return []
        if proposal.kind is ProposalKind.JOIN:
            return self._join(proposal)
        try:
            entry = self._entry_for(proposal)
            r.apply(entry)
        except RefusedError as exc:
            return self.write(EntryKind.REFUSED, answers=proposal.id, text=str(exc), ply=len(r.plies))
        return [entry, *self._follow_ups()]

    def _entry_for(self, p: Proposal) -> Entry:
        r = self.replica
        base = self._new(EntryKind.PLY, by=p.place, ident=p.id)
        if p.kind is ProposalKind.PLY:
            if p.base != len(r.plies) or p.prev != r.last_ply_id:
                raise RefusedError(f"the game moved on before this move arrived ({len(r.plies)} plies now)")
            return replace(base, ply=p.base, seat=p.seat, text=p.text, proof=p.proof, prev=p.prev)
        if p.kind is ProposalKind.REVEAL:
            # Reveals race each other once a phase is ready; their order does not matter, so none is stale.
            return replace(base, ply=len(r.plies), seat=p.seat, text=p.text, proof=p.proof, prev=r.last_ply_id)
        if p.kind is ProposalKind.COMMIT:
            return replace(base, kind=EntryKind.COMMIT, ply=p.base, seat=p.seat, text=p.text)
        if p.kind is ProposalKind.REQUEST:
            if p.prev != r.last_ply_id:
                raise RefusedError("the game moved on before this request arrived")
            return replace(base, kind=EntryKind.REQUEST, ply=p.base)
        if p.kind is ProposalKind.ANSWER:
            return replace(base, kind=EntryKind.ANSWER, answers=p.answers, accept=p.accept, ply=len(r.plies))
        raise RefusedError(f"unknown proposal {p.kind.value}")

    def _join(self, p: Proposal) -> list[Entry]:
        r = self.replica
        places = list(r.places)
        free = [seat for seat, holder in enumerate(places) if holder is None]
        wanted = list(p.seats) or free
        held = r.seats_of(p.place)
        if not wanted and held:
            return []  # joining again after a restart: the place has its seats
        taken = [seat for seat in wanted if not 0 <= seat < len(places) or places[seat] not in (None, p.place)]
        if taken or not wanted:
            reason = f"seat {taken[0]} is taken" if taken else "every seat of this room is taken"
            return self.write(EntryKind.REFUSED, answers=p.id, text=reason, ply=len(r.plies))
        for seat in wanted:
            places[seat] = p.place
        if places == r.places:
            return []
        return self.write(EntryKind.SEATS, places=tuple(places), ply=len(r.plies), id=p.id, by=self.host)
