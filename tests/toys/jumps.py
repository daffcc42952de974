"""Jumps: a tiny sequential game with placement from a reserve, steps, jump captures and prompts.

4x4 board in the south-west corner. Each of 2 seats has two Acorns and two Bells in reserve. A turn: place a
reserve piece on an empty square, or (reserve empty) step one square orthogonally, or jump orthogonally over an
adjacent enemy onto the empty square behind it, removing the enemy (a chore). A seat with no move loses; after
`limit` plies the game is drawn. Two kinds placed on one square have the same occupancy: the board must ask.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from controller.games import (
    Effect,
    Game,
    GameInfo,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Option,
    Outcome,
    Piece,
    Region,
    State,
    StateFormatError,
    Step,
    Termination,
)
from controller.games.info import OptionValue
from controller.games.squares import index, name, parse

SIDE = 4
KINDS = ("A", "B")


@dataclass(frozen=True, slots=True)
class Place(Move):
    kind: str
    dst: int

    def __str__(self) -> str:
        return f"{self.kind}@{name(self.dst)}"


@dataclass(frozen=True, slots=True)
class Go(Move):
    src: int
    dst: int
    victim: int | None = None

    def __str__(self) -> str:
        return f"{name(self.src)}{'x' if self.victim is not None else '-'}{name(self.dst)}"


def _neighbours(sq: int) -> list[tuple[int, int | None]]:
    """(step target, jump target) per orthogonal direction inside the 4x4 board."""
    f, r = sq % 9, sq // 9
    out: list[tuple[int, int | None]] = []
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        f1, r1, f2, r2 = f + df, r + dr, f + 2 * df, r + 2 * dr
        if 0 <= f1 < SIDE and 0 <= r1 < SIDE:
            jump = index(f2, r2) if 0 <= f2 < SIDE and 0 <= r2 < SIDE else None
            out.append((index(f1, r1), jump))
    return out


@dataclass(frozen=True, slots=True)
class JumpsState(State):
    board: tuple[tuple[int, Piece], ...]
    reserve: tuple[tuple[int, int], ...]  # per seat: (acorns, bells)
    turn: int
    ply: int
    limit: int

    @property
    def seats(self) -> int:
        return 2

    @property
    def to_move(self) -> int | None:
        return None if self.outcome() else self.turn

    def pieces(self) -> Mapping[int, Piece]:
        return dict(self.board)

    def _moves(self) -> tuple[Move, ...]:
        me = self.turn
        board = dict(self.board)
        if any(self.reserve[me]):
            kinds = [k for k, n in zip(KINDS, self.reserve[me], strict=True) if n]
            empty = [index(f, r) for r in range(SIDE) for f in range(SIDE) if index(f, r) not in board]
            return tuple(Place(k, sq) for sq in empty for k in kinds)
        out: list[Move] = []
        for sq, piece in sorted(board.items()):
            if piece.owner != me:
                continue
            for step, jump in _neighbours(sq):
                if step not in board:
                    out.append(Go(sq, step))
                elif board[step].owner != me and jump is not None and jump not in board:
                    out.append(Go(sq, jump, step))
        return tuple(out)

    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        if self.outcome() is not None or (seat is not None and seat != self.turn):
            return ()
        return self._moves()

    def play(self, move: Move) -> JumpsState:
        if move not in self.legal_moves():
            raise IllegalMoveError(f"{move} is not legal here")
        board = dict(self.board)
        reserve = [list(r) for r in self.reserve]
        if isinstance(move, Place):
            board[move.dst] = Piece(move.kind, self.turn)
            reserve[self.turn][KINDS.index(move.kind)] -= 1
        else:
            assert isinstance(move, Go)
            board[move.dst] = board.pop(move.src)
            if move.victim is not None:
                del board[move.victim]
        return replace(
            self,
            board=tuple(sorted(board.items())),
            reserve=tuple((a, b) for a, b in reserve),
            turn=1 - self.turn,
            ply=self.ply + 1,
        )

    def effect(self, move: Move) -> Effect:
        if isinstance(move, Place):
            return Effect(decision=(Step(Piece(move.kind, self.turn), None, move.dst),))
        assert isinstance(move, Go)
        board = dict(self.board)
        chores = () if move.victim is None else (Step(board[move.victim], move.victim, None),)
        return Effect(decision=(Step(board[move.src], move.src, move.dst),), chores=chores)

    def outcome(self) -> Outcome | None:
        if self.ply >= self.limit:
            return Outcome((), "move limit reached", termination=Termination.TURN_LIMIT)
        if not self._moves():
            return Outcome((1 - self.turn,), "no move left", termination=Termination.NO_MOVE)
        return None

    def describe(self, move: Move) -> str:
        if isinstance(move, Place):
            return f"Place {'an Acorn' if move.kind == 'A' else 'a Bell'} on {name(move.dst)}"
        return str(move)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "jumps",
            "board": [[name(sq), p.kind, p.owner] for sq, p in self.board],
            "reserve": [list(r) for r in self.reserve],
            "turn": self.turn,
            "ply": self.ply,
            "limit": self.limit,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.to_json()


class Jumps(Game):
    state_type = JumpsState
    info = GameInfo(
        name="jumps",
        title="Jumps",
        seat_counts=(2,),
        seat_names={2: ("North", "South")},
        regions={2: Region(SIDE, SIDE)},
        options=(Option("limit", 60, "plies before a draw", minimum=1),),
    )

    def initial(self, seats: int, seed: int, options: Mapping[str, OptionValue]) -> JumpsState:
        limit = options["limit"]
        assert isinstance(limit, int)
        return JumpsState((), ((2, 2), (2, 2)), 0, 0, limit)

    def parse_move(self, text: str, state: State, seat: int | None) -> Move:
        t = text.strip()
        try:
            if "@" in t:
                kind, sq = t.split("@")
                if kind not in KINDS:
                    raise InvalidMoveError(f"no piece kind {kind!r}")
                move: Move = Place(kind, parse(sq))
            else:
                sep = "x" if "x" in t else "-"
                a, b = t.split(sep)
                src, dst = parse(a), parse(b)
                victim = (src + dst) // 2 if sep == "x" else None
                move = Go(src, dst, victim)
        except ValueError as exc:
            if isinstance(exc, InvalidMoveError):
                raise
            raise InvalidMoveError(f"{text!r} is not a Jumps move") from exc
        if move not in state.legal_moves():
            raise IllegalMoveError(f"{text} is not legal here")
        return move

    def from_json(self, data: Mapping[str, Any]) -> JumpsState:
        self.check_game_json(data, "jumps")
        try:
            board = tuple(sorted((parse(sq), Piece(k, o)) for sq, k, o in data["board"]))
            reserve = tuple((int(a), int(b)) for a, b in data["reserve"])
            return JumpsState(board, reserve, int(data["turn"]), int(data["ply"]), int(data["limit"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise StateFormatError(f"not a Jumps state: {exc}") from exc
