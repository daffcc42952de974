"""Standoff: a tiny simultaneous game. Two seats each have tokens on one rank of a 4x2 board and secretly order
each token one square sideways (or hold). Tokens ordered onto the same square, or swapping, bounce. After
`rounds` rounds the seat whose tokens stand further east wins. Orders stay secret until both are in. With `lone`,
every second round awaits West's orders only (a phase of orders that waits for fewer seats than the one before)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from controller.games import (
    SIMULTANEOUS,
    Effect,
    Game,
    GameInfo,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Option,
    Orders,
    Outcome,
    Piece,
    Region,
    State,
    StateFormatError,
    Step,
    Termination,
)
from controller.games.info import Dynamics, OptionValue
from controller.games.squares import index, name, parse
from controller.games.turns import ToMove

WIDTH = 4


@dataclass(frozen=True, slots=True)
class Shift(Move):
    src: int
    dst: int

    def __str__(self) -> str:
        return f"{name(self.src)}-{name(self.dst)}"


@dataclass(frozen=True, slots=True)
class StandoffState(State):
    tokens: tuple[tuple[int, ...], ...]  # per seat: files of its tokens on its own rank
    pending: tuple[tuple[int, tuple[Shift, ...]], ...]
    round: int
    rounds: int
    lone: bool = False

    @property
    def seats(self) -> int:
        return 2

    @property
    def to_move(self) -> ToMove:
        return None if self.round >= self.rounds else SIMULTANEOUS

    def waiting_for(self) -> frozenset[int]:
        if self.to_move is None:
            return frozenset()
        return self._awaited() - {s for s, _ in self.pending}

    def _awaited(self) -> frozenset[int]:
        return frozenset({0}) if self.lone and self.round % 2 else frozenset({0, 1})

    def pieces(self) -> Mapping[int, Piece]:
        return {index(f, s): Piece("T", s) for s in (0, 1) for f in self.tokens[s]}

    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        if seat is None or seat not in self.waiting_for():
            return ()
        out: list[Move] = []
        for f in self.tokens[seat]:
            for g in (f - 1, f + 1):
                if 0 <= g < WIDTH and g not in self.tokens[seat]:
                    out.append(Shift(index(f, seat), index(g, seat)))
        return tuple(out)

    def _check(self, orders: Orders) -> None:
        if orders.seat not in self.waiting_for():
            raise IllegalMoveError(f"seat {orders.seat} has no orders to give now")
        legal = self.legal_moves(orders.seat)
        seen: set[int] = set()
        for o in orders.orders:
            if o not in legal:
                raise IllegalMoveError(f"{o} is not an order seat {orders.seat} can give")
            assert isinstance(o, Shift)
            if o.src in seen:
                raise IllegalMoveError(f"the token on {name(o.src)} has two orders")
            seen.add(o.src)

    def _resolve(self, pending: dict[int, tuple[Shift, ...]]) -> tuple[dict[int, int], list[Step]]:
        """Target square per moving token's square, after bounces, and the resulting steps."""
        wanted = {o.src: o.dst for s in (0, 1) for o in pending.get(s, ())}
        pieces = self.pieces()
        moving = dict(wanted)
        changed = True
        while changed:
            changed = False
            for src, dst in list(moving.items()):
                clash = [s for s, d in moving.items() if d == dst and s != src]
                swap = moving.get(dst) == src
                blocked = dst in pieces and dst not in moving
                if clash or swap or blocked:
                    for s in [src, *clash]:
                        moving.pop(s, None)
                    changed = True
                    break
        steps = [Step(pieces[s], s, d) for s, d in sorted(moving.items())]
        return moving, steps

    def play(self, move: Move) -> StandoffState:
        if not isinstance(move, Orders):
            raise IllegalMoveError("Standoff is played with orders")
        self._check(move)
        pending = dict(self.pending)
        pending[move.seat] = tuple(o for o in move.orders if isinstance(o, Shift))
        if set(pending) < self._awaited():
            return replace(self, pending=tuple(sorted(pending.items())))
        moving, _ = self._resolve(pending)
        tokens = tuple(
            tuple(sorted((moving.get(index(f, s), index(f, s)) % 9) for f in self.tokens[s])) for s in (0, 1)
        )
        return replace(self, tokens=tokens, pending=(), round=self.round + 1)

    def effect(self, move: Move) -> Effect:
        if not isinstance(move, Orders):
            raise IllegalMoveError("Standoff is played with orders")
        self._check(move)
        pending = dict(self.pending)
        pending[move.seat] = tuple(o for o in move.orders if isinstance(o, Shift))
        if set(pending) < self._awaited():
            return Effect()
        _, steps = self._resolve(pending)
        return Effect(chores=tuple(steps))

    def outcome(self) -> Outcome | None:
        if self.round < self.rounds:
            return None
        east = [sum(self.tokens[s]) for s in (0, 1)]
        if east[0] == east[1]:
            return Outcome((), "level", termination=Termination.POINTS)
        return Outcome((0 if east[0] > east[1] else 1,), "further east", tuple(east), termination=Termination.POINTS)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "standoff",
            "tokens": [list(t) for t in self.tokens],
            "pending": {str(s): [str(o) for o in orders] for s, orders in self.pending},
            "round": self.round,
            "rounds": self.rounds,
            "lone": self.lone,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        data = self.to_json()
        data["pending"] = {k: (v if str(seat) == k else "submitted") for k, v in data["pending"].items()}
        return data


class Standoff(Game):
    state_type = StandoffState
    info = GameInfo(
        name="standoff",
        title="Standoff",
        seat_counts=(2,),
        seat_names={2: ("West", "East")},
        regions={2: Region(WIDTH, 2)},
        dynamics=Dynamics.SIMULTANEOUS,
        hidden_information=True,
        options=(
            Option("rounds", 4, "rounds to play", minimum=1, maximum=50),
            Option("lone", False, "every second round awaits West only"),
        ),
    )

    def initial(self, seats: int, seed: int, options: Mapping[str, OptionValue]) -> StandoffState:
        rounds, lone = options["rounds"], options["lone"]
        assert isinstance(rounds, int)
        return StandoffState(((0, 1), (2, 3)), (), 0, rounds, bool(lone))

    def parse_move(self, text: str, state: State, seat: int | None) -> Move:
        try:
            a, b = text.strip().split("-")
            return Shift(parse(a), parse(b))
        except ValueError as exc:
            raise InvalidMoveError(f"{text!r}: write an order as c1-d1") from exc

    def from_json(self, data: Mapping[str, Any]) -> StandoffState:
        self.check_game_json(data, "standoff")
        try:
            probe = StandoffState(((), ()), (), 0, 1)
            pending = sorted(
                (int(k), [self.parse_move(t, probe, int(k)) for t in v]) for k, v in data["pending"].items()
            )
            return StandoffState(
                tuple(tuple(int(f) for f in t) for t in data["tokens"]),
                tuple((s, tuple(o for o in os if isinstance(o, Shift))) for s, os in pending),
                int(data["round"]),
                int(data["rounds"]),
                bool(data.get("lone", False)),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise StateFormatError(f"not a Standoff state: {exc}") from exc
