"""Race: a tiny chance game. A die (1-3) is rolled, then the seat to move advances its token that far along its
own file; the first token to reach the far rank wins. Dice come from the state's seeded generator, or are
entered as `roll N` (physical dice)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from controller.games import (
    CHANCE,
    Effect,
    Game,
    GameInfo,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Outcome,
    Piece,
    Region,
    State,
    StateFormatError,
    Step,
    Termination,
)
from controller.games.info import OptionValue
from controller.games.rng import draw
from controller.games.squares import index
from controller.games.turns import ToMove

LENGTH = 6
FACES = 3


@dataclass(frozen=True, slots=True)
class Roll(Move):
    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class Advance(Move):
    def __str__(self) -> str:
        return "go"


@dataclass(frozen=True, slots=True)
class RaceState(State):
    positions: tuple[int, ...]
    turn: int
    rolled: int  # 0 = the die is still to be rolled
    rng: int

    @property
    def seats(self) -> int:
        return len(self.positions)

    @property
    def to_move(self) -> ToMove:
        if self.outcome():
            return None
        return CHANCE if self.rolled == 0 else self.turn

    def pieces(self) -> Mapping[int, Piece]:
        return {index(s, p): Piece("T", s) for s, p in enumerate(self.positions)}

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        if self.to_move is not CHANCE:
            raise IllegalMoveError("the die is not to be rolled now")
        return tuple((Roll(v), 1 / FACES) for v in range(1, FACES + 1))

    def sample_chance(self) -> Move:
        value, _ = draw(self.rng, FACES)
        return Roll(value + 1)

    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        if self.to_move is CHANCE and seat is None:
            return tuple(m for m, _ in self.chance_outcomes())
        if self.to_move is None or self.to_move is CHANCE or (seat is not None and seat != self.turn):
            return ()
        return (Advance(),)

    def play(self, move: Move) -> RaceState:
        if isinstance(move, Roll) and self.to_move is CHANCE and 1 <= move.value <= FACES:
            _, rng = draw(self.rng, FACES)
            return replace(self, rolled=move.value, rng=rng)
        if isinstance(move, Advance) and self.to_move == self.turn:
            pos = list(self.positions)
            pos[self.turn] = min(LENGTH - 1, pos[self.turn] + self.rolled)
            return replace(self, positions=tuple(pos), turn=(self.turn + 1) % self.seats, rolled=0)
        raise IllegalMoveError(f"{move} is not legal now")

    def effect(self, move: Move) -> Effect:
        if isinstance(move, Roll):
            return Effect()
        s = self.turn
        dst = min(LENGTH - 1, self.positions[s] + self.rolled)
        return Effect(decision=(Step(Piece("T", s), index(s, self.positions[s]), index(s, dst)),))

    def outcome(self) -> Outcome | None:
        for s, p in enumerate(self.positions):
            if p == LENGTH - 1:
                return Outcome((s,), "reached the end", termination=Termination.GOAL)
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "race",
            "positions": list(self.positions),
            "turn": self.turn,
            "rolled": self.rolled,
            "rng": self.rng,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        return {k: v for k, v in self.to_json().items() if k != "rng"}


class Race(Game):
    state_type = RaceState
    info = GameInfo(
        name="race",
        title="Race",
        seat_counts=(2, 3),
        seat_names={2: ("One", "Two"), 3: ("One", "Two", "Three")},
        regions={2: Region(2, LENGTH), 3: Region(3, LENGTH)},
        chance=True,
    )

    def initial(self, seats: int, seed: int, options: Mapping[str, OptionValue]) -> RaceState:
        return RaceState(tuple(0 for _ in range(seats)), 0, 0, seed)

    def parse_move(self, text: str, state: State, seat: int | None) -> Move:
        t = text.strip().lower()
        if t == "go":
            return Advance()
        parts = t.split()
        if len(parts) == 2 and parts[0] == "roll" and parts[1].isdigit():
            v = int(parts[1])
            if not 1 <= v <= FACES:
                raise IllegalMoveError(f"the die shows 1 to {FACES}, not {v}")
            return Roll(v)
        raise InvalidMoveError(f"{text!r}: write 'roll N' or 'go'")

    def from_json(self, data: Mapping[str, Any]) -> RaceState:
        self.check_game_json(data, "race")
        try:
            return RaceState(
                tuple(int(p) for p in data["positions"]),
                int(data["turn"]),
                int(data["rolled"]),
                int(data["rng"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise StateFormatError(f"not a Race state: {exc}") from exc
