"""A Politrics position within a match: the board, the line-ups, whose turn, a declared row, the finished boards,
and the positions since the last placement or beat (what the repetition rule needs)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import InitVar, field, replace
from functools import cached_property
from typing import Any

from controller.games.api import State
from controller.games.errors import IllegalMoveError
from controller.games.moves import Move
from controller.games.outcome import Outcome, Termination
from controller.games.physical import Effect, NearMiss, Piece, Step
from controller.games.politrics import movegen, nearmiss, outline, text
from controller.games.politrics.board import ROW_MASKS, ROWS, SQUARES, board_rows, row_name
from controller.games.politrics.figures import CODE, COUNTS, EMPTY, PIECE, PRESIDENT, ROW_FIGURES, letter
from controller.games.politrics.layout import Layout
from controller.games.politrics.legality import problem
from controller.games.politrics.match import (
    IMMOBILIZED,
    INCAPACITATED,
    PRESIDENT_BEATEN,
    REPETITION,
    ROW,
    BoardResult,
    totals,
)
from controller.games.politrics.moves import Beat, Concede, Declare, Place, Shift
from controller.games.politrics.rules import Answer, Rules
from controller.games.politrics.scoring import best_run, row_points, rows_of
from controller.values import dataclass

EMPTY_BOARD = EMPTY * SQUARES
FULL_LINEUP = (COUNTS, COUNTS)
EMPTY_LAYOUT = Layout.of(EMPTY_BOARD)
DECLARES = tuple(Declare(r) for r in range(len(ROWS)))
CONCEDE = Concede()
Lineup = tuple[tuple[int, ...], tuple[int, ...]]


def _put(board: str, sq: int, c: str) -> str:
    return board[:sq] + c + board[sq + 1 :]


def _check_well_formed(move: Move) -> None:
    """Moves built in code rather than parsed may name squares, kinds or rows that do not exist."""
    if isinstance(move, Declare):
        ok = isinstance(move.row, int) and 0 <= move.row < len(ROWS)
    elif isinstance(move, Place):
        ok = move.kind in range(5) and move.dst in range(SQUARES)
    elif isinstance(move, Shift | Beat):
        ok = move.kind in range(5) and move.src in range(SQUARES) and move.dst in range(SQUARES)
    else:
        ok = True
    if not ok:
        raise IllegalMoveError(f"{move!r} names a square, figure or row that does not exist")


# Not slotted: the move list of the seat to move is a `cached_property`, kept in the instance's own dict. It is a
# function of the frozen fields alone (layout, line-up, turn, rules, declared row), so it can never go stale, and it
# is no part of the value: equality, hashing, JSON and `dataclasses.replace` see only the fields.
@dataclass(frozen=True)
class PolitricsState(State):
    """`board` is 81 characters (see `figures`); `lineup[seat][kind]` counts the figures still to be placed;
    `declared` is the row (an index into `board.ROWS`) the player who just moved has declared, waiting for the
    answer of `turn`; `history` holds the positions (`key`) since the last placement or beat, the only earlier
    positions that can come up again. Two states are equal when all of these are.
    """

    rules: Rules
    board: str
    lineup: Lineup
    turn: int
    declared: int | None = None
    boards: tuple[BoardResult, ...] = ()
    history: tuple[str, ...] = ()
    # `play` knows the next layout and whether the match is over without recomputing them from the fields.
    derived: InitVar[tuple[Layout, bool] | None] = None
    # Derived from the fields above, so kept out of equality and JSON.
    layout: Layout = field(init=False, compare=False, hash=False, repr=False)
    over: bool = field(init=False, compare=False, hash=False, repr=False)

    def __post_init__(self, derived: tuple[Layout, bool] | None) -> None:
        if derived is None:
            derived = Layout.of(self.board), max(totals(self.boards)) >= self.rules.target
        object.__setattr__(self, "layout", derived[0])
        object.__setattr__(self, "over", derived[1])

    # --- the game API -------------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return 2

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.turn

    @property
    def key(self) -> str:
        """The position for the repetition rule: the seat to move and the board."""
        return f"{self.turn}{self.board}"

    @property
    def totals(self) -> tuple[int, int]:
        return totals(self.boards)

    @property
    def placing(self) -> bool:
        """Whether the seat to move still has figures in its line-up."""
        return any(self.lineup[self.turn])

    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        if self.over:
            return ()
        if seat is None or seat == self.turn:
            return self._own_moves
        if seat == 1 - self.turn and self.declared is None:
            return tuple(DECLARES[r] for r in rows_of(self.layout.occ[seat]))
        return ()

    @cached_property
    def _own_moves(self) -> tuple[Move, ...]:
        """The legal moves of the seat to move, listed once per position (listing and checking a move both ask)."""
        found = movegen.moves(self.layout, self.lineup[self.turn], self.turn, self.rules)
        if self.declared is not None:
            found.append(CONCEDE)
        return tuple(found)

    def check(self, move: Move, seat: int | None = None) -> None:
        """Raise IllegalMoveError (with the squares that explain it) unless `move` is legal for `seat` now."""
        if self.over:
            raise IllegalMoveError("The match is over")
        _check_well_formed(move)
        mover = (1 - self.turn if isinstance(move, Declare) else self.turn) if seat is None else seat
        if isinstance(move, Declare):
            if mover != 1 - self.turn:
                raise IllegalMoveError("Only the player who has just moved may declare a row, before the answer")
            self._check_declaration(move.row)
            return
        if mover != self.turn:
            raise IllegalMoveError(f"It is {text.seat_name(self.turn)}'s turn")
        if isinstance(move, Concede):
            if self.declared is None:
                raise IllegalMoveError("There is no declared row to concede")
            return
        if not isinstance(move, Place | Shift | Beat):
            raise IllegalMoveError(f"{move} is not a Politrics move")
        found = problem(move, self.board, self.layout, self.lineup[self.turn], self.turn, self.rules)
        if found is not None:
            raise IllegalMoveError(*found)

    def _check_declaration(self, row: int) -> None:
        if self.declared is not None:
            raise IllegalMoveError(f"The row {row_name(self.declared)} is declared already; it waits for the answer")
        declarer = 1 - self.turn
        mask = ROW_MASKS[row]
        missing = mask & ~self.layout.occ[declarer]
        if missing:
            squares = frozenset(sq for sq in ROWS[row] if missing >> sq & 1)
            raise IllegalMoveError(
                f"{text.seat_name(declarer)} has no row of five on {row_name(row)}: "
                f"{', '.join(sorted(text.sq(s) for s in squares))} not theirs",
                squares,
            )

    def play(self, move: Move) -> PolitricsState:
        self.check(move)
        seat = self.turn
        if isinstance(move, Declare):
            return self._declare(move.row)
        if isinstance(move, Concede):
            assert self.declared is not None
            return self._end(self.board, self.lineup, 1 - seat, row_points(self.board, self.declared), ROW, 1 - seat)
        assert isinstance(move, Place | Shift | Beat)
        board, lineup = self.apply(move)
        lay = self.layout.after(move, seat, CODE[self.board[move.over]][0] if isinstance(move, Beat) else None)
        victim = move.over if isinstance(move, Beat) else None
        decisive = None
        if victim is not None:
            if CODE[self.board[victim]][0] == PRESIDENT:
                decisive = PRESIDENT_BEATEN
            elif self._figures_left(lay, lineup, 1 - seat) < ROW_FIGURES:
                decisive = INCAPACITATED
        row_stands = self.declared is not None and (victim is None or not ROW_MASKS[self.declared] >> victim & 1)
        # An answer that leaves the declared row standing ends the board with the row scored (the row was safe),
        # unless the rules let a beat that decides the board on its own win instead.
        if row_stands and (decisive is None or self.rules.decisive_answer is Answer.ROW):
            assert self.declared is not None
            return self._end(board, lineup, 1 - seat, row_points(board, self.declared), ROW, 1 - seat)
        if decisive is not None:
            return self._end(board, lineup, seat, best_run(board, lay.occ[seat])[0], decisive, 1 - seat)
        history = (*self.history, self.key) if isinstance(move, Shift) else ()
        nxt = PolitricsState(self.rules, board, lineup, 1 - seat, None, self.boards, history, (lay, False))
        if history and history.count(nxt.key) + 1 >= self.rules.repetitions:
            return self._end(board, lineup, None, 0, REPETITION, 1 - seat)
        if not movegen.can_act(lay, lineup[1 - seat], 1 - seat, self.rules):
            return self._end(board, lineup, seat, best_run(board, lay.occ[seat])[0], IMMOBILIZED, 1 - seat)
        return nxt

    @staticmethod
    def _figures_left(lay: Layout, lineup: Lineup, seat: int) -> int:
        """Figures other than the President a seat still has, on the board or in the line-up."""
        return (lay.occ[seat] & ~lay.kinds[seat][PRESIDENT]).bit_count() + sum(lineup[seat]) - lineup[seat][PRESIDENT]

    def _declare(self, row: int) -> PolitricsState:
        declarer = 1 - self.turn
        if not movegen.beats(self.layout, self.turn, ROW_MASKS[row]):
            return self._end(self.board, self.lineup, declarer, row_points(self.board, row), ROW, self.turn)
        return replace(self, declared=row)

    def _end(
        self, board: str, lineup: Lineup, winner: int | None, points: int, reason: str, turn: int
    ) -> PolitricsState:
        """The board is over: record it; the match goes on with an empty board (and the other seat beginning),
        or ends with the pieces left standing as they are."""
        boards = (*self.boards, BoardResult(winner, points, reason))
        if max(totals(boards)) >= self.rules.target:
            return PolitricsState(self.rules, board, lineup, turn, None, boards, ())
        return PolitricsState(
            self.rules, EMPTY_BOARD, FULL_LINEUP, len(boards) % 2, None, boards, (), (EMPTY_LAYOUT, False)
        )

    def apply(self, move: Place | Shift | Beat) -> tuple[str, Lineup]:
        """The board and line-ups right after a placement, step or beat (before any end of the board)."""
        board = self.board
        if isinstance(move, Place):
            seat = self.turn
            own = list(self.lineup[seat])
            own[move.kind] -= 1
            lineup = (tuple(own), self.lineup[1]) if seat == 0 else (self.lineup[0], tuple(own))
            return _put(board, move.dst, letter(move.kind, seat)), lineup
        figure = board[move.src]
        board = _put(_put(board, move.src, EMPTY), move.dst, figure)
        if isinstance(move, Beat):
            board = _put(board, move.over, EMPTY)
        return board, self.lineup

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        scores = self.totals
        winner = 0 if scores[0] >= self.rules.target else 1
        last = self.boards[-1].text()
        reason = f"{text.seat_name(winner)} wins the match {scores[winner]} to {scores[1 - winner]} ({last})"
        return Outcome((winner,), reason, scores, termination=Termination.POINTS)

    def pieces(self) -> Mapping[int, Piece]:
        return {i: PIECE[c] for i, c in enumerate(self.board) if c != EMPTY}

    def occupancy(self) -> int:
        return self.layout.occ[0] | self.layout.occ[1]

    def page_moves(self, seat: int) -> tuple[Move, ...]:
        # Placing, stepping and beating always move a figure: only declarations and concessions need their effect.
        moves = self.legal_moves(seat)
        return tuple(m for m in moves if not isinstance(m, Place | Shift | Beat) and not self.effect(m).has_decision)

    def effect(self, move: Move) -> Effect:
        nxt = self.play(move)
        decision: tuple[Step, ...] = ()
        chores: tuple[Step, ...] = ()
        board = self.board
        if isinstance(move, Place):
            decision = (Step(PIECE[letter(move.kind, self.turn)], None, move.dst),)
        elif isinstance(move, Shift | Beat):
            decision = (Step(PIECE[board[move.src]], move.src, move.dst),)
            if isinstance(move, Beat):
                chores = (Step(PIECE[board[move.over]], move.over, None),)
        if len(nxt.boards) > len(self.boards) and not nxt.over:
            # The next board starts empty: every figure goes back to its line-up.
            after = self.apply(move)[0] if isinstance(move, Place | Shift | Beat) else board
            chores += tuple(Step(PIECE[c], i, None) for i, c in enumerate(after) if c != EMPTY)
        return Effect(decision, chores)

    def outlines(self, moves: Sequence[Move]) -> list[tuple[int, int]]:
        # A wide placement turn has hundreds of moves, each effect a whole `play`: the board reads few of them.
        return outline.outlines(self, moves)

    def near_misses(self) -> tuple[NearMiss, ...]:
        return nearmiss.near_misses(self)

    def describe(self, move: Move) -> str:
        return text.describe(self, move)

    def turn_text(self) -> str:
        return text.turn_text(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "politrics",
            "options": self.rules.to_json(),
            "board": board_rows(self.board),
            "lineup": [list(self.lineup[0]), list(self.lineup[1])],
            "turn": self.turn,
            "declared": None if self.declared is None else row_name(self.declared),
            "boards": [b.to_json() for b in self.boards],
            "history": list(self.history),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        # Politrics has no secrets: everyone sees everything, plus the totals for the page.
        return {**self.to_json(), "totals": list(self.totals), "to_move": self.to_move}
