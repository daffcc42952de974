"""A Chesspolitik position as the game API sees it: who gives orders, which orders, handing them in.

Every phase is simultaneous: each power taking part hands in its order set (`submit`); a power may hand in a new
set, which replaces the old, until the last missing set arrives and the phase is resolved.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import InitVar
from typing import Any

from controller.games.api import JSON, State
from controller.games.chesspolitik import checks, phases
from controller.games.chesspolitik.adjustments import adjustment, adjustments, build_sites
from controller.games.chesspolitik.board import BOARDS, KINDS, Board
from controller.games.chesspolitik.orders import (
    Build,
    Disband,
    DrawVote,
    Hold,
    MoveTo,
    SupportHold,
    SupportMove,
    Waive,
    words,
)
from controller.games.chesspolitik.phases import SPRING, WINTER, Season, UnitRow, alive
from controller.games.chesspolitik.report import PhaseReport, Result
from controller.games.errors import IllegalMoveError
from controller.games.moves import Move, Orders
from controller.games.outcome import Outcome
from controller.games.physical import Effect, Piece, Step
from controller.games.squares import name
from controller.games.turns import SIMULTANEOUS, ToMove
from controller.values import dataclass


class _Lazy:
    """A position's derived data, made on first use and kept in the instance's own dict, where every later lookup
    finds it before this (non-data) descriptor: `functools.cached_property` without the lock Python 3.11 takes
    around every first use (a position made from scratch pays it in every phase it starts)."""

    def __get__(self, state: ChesspolitikState, owner: object = None) -> _Derived:
        derived = _Derived(state.board, state.units, state.owners, state.season, state.ended)
        state.__dict__["_derived"] = derived
        return derived


# Not slotted: the data derived once per state (units by square, owners by centre, who gives orders) is made on
# first use and kept in the instance's own dict (`_Lazy`). It is a function of the units, owners, season and end alone,
# so it can never go stale, and it is no part of the value: equality, hashing, JSON and `dataclasses.replace` see
# only the fields.
@dataclass(frozen=True)
class ChesspolitikState(State):
    nseats: int
    year: int
    season: Season
    units: tuple[UnitRow, ...]  # sorted by square
    owners: tuple[tuple[int, int], ...]  # owned supply centres (centre, seat), sorted; neutral ones are left out
    pending: tuple[tuple[int, tuple[Move, ...]], ...] = ()  # secret order sets handed in this phase, by seat
    report: PhaseReport | None = None
    ended: Outcome | None = None
    last_year: int = 0  # drawn after this year's Fall; 0: no limit
    draw_votes: bool = True
    # What a constructor already knows of the derived data (the same units and owners with other orders handed
    # in; what resolving a phase computed anyway). Taken only when it was made from these very fields (the same
    # objects), so a hand-over can save the work but never bring in data of another position.
    known: InitVar[_Derived | None] = None

    def __post_init__(self, known: _Derived | None) -> None:
        if known is not None and known.made_from(self):
            self.__dict__["_derived"] = known  # found before `_Lazy` makes it

    _derived = _Lazy()  # (no annotation: not a field)

    # --- the API's questions -----------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self.nseats

    @property
    def board(self) -> Board:
        return BOARDS[self.nseats]

    @property
    def powers(self) -> tuple[str, ...]:
        return POWER_NAMES[self.nseats]

    @property
    def phase(self) -> str:
        return f"{self.season.capitalize()} {self.year}"

    @property
    def to_move(self) -> ToMove:
        return None if self.ended is not None else SIMULTANEOUS

    def unit_map(self) -> Mapping[int, tuple[str, int]]:
        """Units by square: (kind, seat)."""
        return self._derived.units

    def owner_map(self) -> Mapping[int, int]:
        """Owned supply centres: centre -> seat."""
        return self._derived.owners

    def participants(self) -> frozenset[int]:
        """The powers that give orders this phase: in Spring and Fall every surviving power (one with a unit or a
        centre, so it can vote); in Winter those with builds or disbands to make."""
        return self._derived.participants

    def waiting_for(self) -> frozenset[int]:
        participants = self._derived.participants
        if not self.pending:
            return participants
        return participants - {seat for seat, _ in self.pending}

    def outcome(self) -> Outcome | None:
        return self.ended

    def pieces(self) -> Mapping[int, Piece]:
        return {sq: Piece(kind, seat) for sq, kind, seat in self.units}

    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        if seat is None or seat not in self.participants():
            return ()
        board = self.board
        units = self.unit_map()
        out: list[Move] = []
        if self.season == WINTER:
            count = adjustment(board, seat, units, self.owner_map())
            if count > 0:
                for site in build_sites(board, seat, units, self.owner_map()):
                    out.extend(Build(kind, site) for kind in KINDS)
                out.append(Waive())
            else:
                out.extend(Disband(kind, sq) for sq, kind, s in self.units if s == seat)
            return tuple(out)
        for sq, kind, s in self.units:
            if s != seat:
                continue
            reach = sorted(board.reach(kind, sq))
            out.append(Hold(kind, sq))
            out.extend(MoveTo(kind, sq, d) for d in reach)
            for target in reach:
                if target in units:
                    out.append(SupportHold(kind, sq, units[target][0], target))
            for target, (tkind, _) in sorted(units.items()):
                if target != sq:
                    into = board.reach(tkind, target)
                    out.extend(SupportMove(kind, sq, tkind, target, d) for d in reach if d in into)
        if self.draw_votes:
            out.append(DrawVote())
        return tuple(out)

    # --- playing --------------------------------------------------------------------------------------------
    def _checked(self, move: Move) -> tuple[int, tuple[Move, ...]]:
        """The seat and orders of an order set handed in here; IllegalMoveError when they cannot be."""
        if not isinstance(move, Orders):
            raise IllegalMoveError(
                "Chesspolitik is played with order sets: hand in a power's orders with submit(seat, orders)"
            )
        seat = move.seat
        self._check_seat(seat)
        given: object = move.orders  # typed as a tuple, but a caller may build Orders with anything
        if type(given) is not tuple:
            # Stored in the state, so it must be a tuple: hashable and never changed behind the state's back.
            if not isinstance(given, list):
                raise IllegalMoveError(f"orders come as a list of orders, not {given!r}")
            given = tuple(given)
        assert isinstance(given, tuple)
        self._check_orders(seat, given)
        return seat, given

    def _check_seat(self, seat: int) -> None:
        if self.ended is not None:
            raise IllegalMoveError(f"the game is over: {self.ended.reason}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.nseats:
            raise IllegalMoveError(f"there is no seat {seat!r}: the seats are 0 to {self.nseats - 1}")
        if seat not in self._derived.participants:
            raise IllegalMoveError(f"{self.powers[seat]} has no orders to give in {self.phase}")

    def _check_orders(self, seat: int, orders: tuple[Move, ...]) -> None:
        if self.season is WINTER:
            checks.check_adjustments(self, seat, orders)
        else:
            checks.check_movement(self, seat, orders)

    def play(self, move: Move) -> ChesspolitikState:
        return self._hand_in(*self._checked(move))

    def submit(self, seat: int, orders: Iterable[Move]) -> ChesspolitikState:
        # What `State.submit` and `play` do, without the `Orders` that `play` would only take apart again: a phase
        # of many players is mostly its submissions.
        if self.ended is not None:
            raise IllegalMoveError("orders are only handed in during a phase of simultaneous orders")
        given = tuple(orders)
        if type(seat) is not int or seat not in self._derived.participants:
            self._check_seat(seat)  # says what is wrong (a bool or a float can equal a seat's number)
        if self.season is WINTER:
            checks.check_adjustments(self, seat, given)
        else:
            checks.check_movement(self, seat, given)
        return self._hand_in(seat, given)

    def _hand_in(self, seat: int, orders: tuple[Move, ...]) -> ChesspolitikState:
        """This position with `seat`'s checked orders handed in: the next phase once they were the last missing."""
        pending = self._with(seat, orders)
        if len(pending) == len(self._derived.participants):  # each seat handing in orders is one of them
            return self._resolve(pending, False)[0]
        # This state's fields and derived data (orders change none of it), with the new pending orders.
        fields = self.__dict__.copy()
        fields["pending"] = pending
        state: ChesspolitikState = object.__new__(ChesspolitikState)
        object.__setattr__(state, "__dict__", fields)
        return state

    def effect(self, move: Move) -> Effect:
        seat, orders = self._checked(move)
        pending = self._with(seat, orders)
        if len(pending) < len(self._derived.participants):
            return Effect()
        after, steps = self._resolve(pending, True)
        # A unit whose move bounced stays where it is: the LEDs point it out while the others are carried out.
        report = after.report
        bounced = frozenset(
            r.order.square  # type: ignore[attr-defined]
            for r in (report.results if report is not None else ())
            if r.result is Result.BOUNCED and r.dislodged_by is None
        )
        return Effect(chores=steps, chore_show=bounced)

    def _with(self, seat: int, orders: tuple[Move, ...]) -> tuple[tuple[int, tuple[Move, ...]], ...]:
        pending = self.pending
        if not pending:
            return ((seat, orders),)
        if seat > pending[-1][0]:  # the seats handing in in seat order, as a phase mostly goes
            return (*pending, (seat, orders))
        by_seat = dict(pending)
        by_seat[seat] = orders
        return tuple(sorted(by_seat.items()))

    def _resolve(
        self, pending: tuple[tuple[int, tuple[Move, ...]], ...], with_steps: bool
    ) -> tuple[ChesspolitikState, tuple[Step, ...]]:
        """The next phase, and (`with_steps`) what happens on the board on the way there."""
        if self.season is WINTER:
            done = phases.resolve_winter(self, dict(pending))
        else:
            done = phases.resolve_movement(self, pending, with_steps)
        d = done.derived
        nxt = _made(
            self.nseats,
            done.year,
            done.season,
            done.units,
            done.owners,
            (),
            done.report,
            done.ended,
            self.last_year,
            self.draw_votes,
            None if d is None else _Derived(self.board, done.units, done.owners, done.season, done.ended, d),
        )
        return nxt, done.steps

    # --- words and JSON -------------------------------------------------------------------------------------
    def describe(self, move: Move) -> str:
        if isinstance(move, Orders):
            power = self.powers[move.seat] if 0 <= move.seat < self.nseats else f"Seat {move.seat}"
            return f"{power}: " + ("; ".join(words(o) for o in move.orders) or "no orders (every unit holds)")
        return words(move)

    def turn_text(self) -> str:
        if self.ended is not None:
            return self.ended.reason
        waiting = ", ".join(self.powers[s] for s in sorted(self.waiting_for()))
        return f"{self.phase}: waiting for the orders of {waiting}"

    def to_json(self) -> JSON:
        """Everything that makes the state (the codec reads it back), and what the page shows beside it."""
        return {
            "game": "chesspolitik",
            "seats": self.nseats,
            "powers": list(self.powers),
            "year": self.year,
            "season": self.season.value,
            "units": [{"square": name(sq), "kind": kind, "power": seat} for sq, kind, seat in self.units],
            "centres": {name(c): seat for c, seat in self.owners},
            "pending": {str(seat): [str(o) for o in orders] for seat, orders in self.pending},
            "last": None if self.report is None else self.report.to_json(),
            "outcome": None if self.ended is None else self.ended.to_json(),
            "options": {"last_year": self.last_year, "draw_votes": self.draw_votes},
            **phase_data(self),
        }

    def view(self, seat: int | None) -> JSON:
        data = self.to_json()
        data["pending"] = {k: (v if str(seat) == k else "submitted") for k, v in data["pending"].items()}
        return data


class _Derived:
    """A position's units by square, owners by centre and the powers giving orders: a function of its board, units,
    owners, season and end (`source`, the objects it was made from)."""

    __slots__ = ("owners", "participants", "source", "units")

    def __init__(
        self,
        board: Board,
        units: tuple[UnitRow, ...],
        owners: tuple[tuple[int, int], ...],
        season: Season,
        ended: Outcome | None,
        known: phases.Derived | None = None,
    ) -> None:
        self.source = (board, units, owners, season, ended)
        self.units: Mapping[int, tuple[str, int]]
        self.owners: Mapping[int, int]
        if known is not None:
            self.units, self.owners, self.participants = known.units, known.owners, known.participants
            return
        self.units = {sq: (kind, seat) for sq, kind, seat in units}
        self.owners = dict(owners)
        if ended is not None:
            self.participants = frozenset()
        elif season == WINTER:
            counts = adjustments(board, self.units, self.owners)
            self.participants = frozenset(s for s, n in enumerate(counts) if n)
        else:
            self.participants = alive(units, self.owners)

    def made_from(self, state: ChesspolitikState) -> bool:
        board, units, owners, season, ended = self.source
        return (
            units is state.units
            and owners is state.owners
            and season is state.season
            and ended is state.ended
            and board is state.board
        )


def _made(
    nseats: int,
    year: int,
    season: Season,
    units: tuple[UnitRow, ...],
    owners: tuple[tuple[int, int], ...],
    pending: tuple[tuple[int, tuple[Move, ...]], ...],
    report: PhaseReport | None,
    ended: Outcome | None,
    last_year: int,
    draw_votes: bool,
    known: _Derived | None,
) -> ChesspolitikState:
    """`ChesspolitikState(...)` with these fields, as its constructor makes it, for the states a phase makes from
    states (every submission, every resolution): the fields written into the instance's dict at once, where the
    frozen dataclass's constructor sets them one by one through `object.__setattr__`, which took a sixth of a
    phase. `known`, the derived data, must be made from these very fields (both callers hand on what they made
    from them)."""
    state: ChesspolitikState = object.__new__(ChesspolitikState)
    fields = {
        "nseats": nseats,
        "year": year,
        "season": season,
        "units": units,
        "owners": owners,
        "pending": pending,
        "report": report,
        "ended": ended,
        "last_year": last_year,
        "draw_votes": draw_votes,
    }
    if known is not None:
        fields["_derived"] = known
    object.__setattr__(state, "__dict__", fields)
    return state


POWER_NAMES = {n: tuple(p.name for p in board.powers) for n, board in BOARDS.items()}


def start(seats: int, max_years: int, draw_votes: bool) -> ChesspolitikState:
    board = BOARDS[seats]
    units = tuple(sorted((sq, kind, seat) for seat, p in enumerate(board.powers) for sq, kind in p.units))
    owners = tuple(sorted((c, seat) for seat, p in enumerate(board.powers) for c in p.centres))
    last_year = board.start_year + max_years - 1 if max_years else 0
    return ChesspolitikState(seats, board.start_year, SPRING, units, owners, last_year=last_year, draw_votes=draw_votes)


def phase_data(state: ChesspolitikState) -> dict[str, Any]:
    """What the page needs beside the raw state: the phase in words, who is awaited, the last phase in words."""
    return {
        "phase": state.phase,
        "waiting_for": sorted(state.waiting_for()),
        "turn": state.turn_text(),
        "last_phase": None if state.report is None else state.report.sentences(state.powers),
    }
