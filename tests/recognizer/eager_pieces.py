"""The piece tracker as it was before it became lazy: every change worked out on arrival, each world holding all 81
squares. Kept as the reference the lazy tracker must judge exactly like (tests/recognizer/test_lazy_pieces.py); among
worlds equally wrong it named whichever the set gave first, so `least` lists them all. The rules added since are
mirrored here: a piece set down in a turn from off the board is told from an unknown one, and a lone set-down just
before the lift of a neighbouring square may be that square's piece, slid."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from controller.games import Piece, Step
from controller.games.squares import squares_of
from controller.recognizer.pieces import SLIDE

EMPTY = -2
ANY = -1  # a piece the tracker does not know: it may be any
OUTSIDE = -3  # a piece set down in a turn from off the board
LIMIT = 64
SQUARES = 81

World = tuple[tuple[int, ...], tuple[int, ...]]  # (the pieces in the air, sorted; what stands on each square)


class PieceTracker:
    def __init__(self) -> None:
        self._worlds: set[World] | None = None
        self._ids: dict[Piece, int] = {}  # a piece (kind and owner) -> its number in the worlds
        self._expected: dict[int, int] = {}  # square -> the piece the steps since the reset leave there
        self._wrong: int | None = 0  # `wrong()`, kept until the worlds or the steps change
        # The last change, a lone set-down: its square, the worlds before it, its time.
        self._slid: tuple[int, set[World], float] | None = None

    def reset(self, pieces: Mapping[int, Piece] | None, occupancy: int) -> None:
        """The board should stand as `pieces` say; it reads `occupancy` (a piece missing is in the air, a piece
        more is unknown). None: nothing is known until the next reset."""
        self._wrong = None
        self._slid = None
        if pieces is None:
            self._worlds = None
            return
        self._ids = {}
        self._expected = {sq: self._id(p) for sq, p in pieces.items()}
        board = [EMPTY] * SQUARES
        air = []
        for sq in range(SQUARES):
            if occupancy >> sq & 1:
                board[sq] = self._expected.get(sq, ANY)
            elif sq in pieces:
                air.append(self._expected[sq])
        self._worlds = {(tuple(sorted(air)), tuple(board))}

    def _id(self, piece: Piece) -> int:
        return self._ids.setdefault(piece, len(self._ids))

    def give_up(self) -> None:
        """What the sensors showed can no longer be trusted (a flapping switch): judge nothing until the next reset."""
        self._worlds = None
        self._wrong = 0

    def expect(self, steps: Sequence[Step]) -> None:
        """Steps made at once (a decision, or the chores after it, or a phase's orders) say where pieces must end:
        each step takes the piece its source held before any of them (a Diplomacy swap, a Djambi victim's corpse
        carried off the square its killer takes)."""
        self._slid = None
        if self._worlds is None:
            return
        self._wrong = None
        moves: list[tuple[int, int | None]] = []
        supply: list[int] = []
        for step in steps:
            if step.src is not None:
                token = self._expected.get(step.src, ANY)
            else:
                token = self._id(step.piece)
                supply.append(token)
            moves.append((token, step.dst))
        for step in steps:
            if step.src is not None:
                self._expected.pop(step.src, None)
        for token, dst in moves:
            if dst is not None:
                self._expected[dst] = token
        if supply:
            self._worlds = {(tuple(sorted((*air, *supply))), board) for air, board in self._worlds}

    def change(self, before: int, after: int, outside: bool, t: float = 0.0) -> None:
        """The board went from `before` to `after` (what it shows lifted came off first). `outside`: a piece set
        down may come from off the board (a turn: the line-up, a beaten figure put back)."""
        if self._worlds is None:
            return
        self._wrong = None
        lifted, placed = before & ~after, after & ~before
        slid, self._slid = self._slid, None
        for sq in squares_of(lifted):
            self._worlds = {_lift(w, sq) for w in self._worlds}
        if slid is not None and lifted and not placed and lifted & (lifted - 1) == 0:
            sq = lifted.bit_length() - 1
            near = abs(sq % 9 - slid[0] % 9) <= 1 and abs(sq // 9 - slid[0] // 9) <= 1
            if (
                sq != slid[0] and near and t - slid[2] <= SLIDE
            ):  # a piece slid to the next square: that switch may close first
                lift_first = {_lift(w, sq) for w in slid[1]}
                self._worlds |= {n for w in lift_first for n in self._place(w, slid[0], outside)}
        for sq in squares_of(placed):
            if not lifted and placed == 1 << sq:
                self._slid = (sq, self._worlds, t)
            self._worlds = {n for w in self._worlds for n in self._place(w, sq, outside)}
            if len(self._worlds) > LIMIT:
                self._worlds = None
                return

    def _place(self, world: World, sq: int, outside: bool) -> list[World]:
        air, board = world
        options = set(air)
        out = []
        for token in options:
            rest = list(air)
            rest.remove(token)
            out.append((tuple(rest), (*board[:sq], token, *board[sq + 1 :])))
        if outside or not options:
            out.append((air, (*board[:sq], OUTSIDE if outside else ANY, *board[sq + 1 :])))
        return out

    def wrong(self) -> int:
        """Squares where every way the hands may have gone leaves a piece other than the expected one (those of
        the likeliest world); 0 when some world has every piece right, or nothing is known."""
        if self._wrong is None:
            self._wrong = self._judge()
        return self._wrong

    def _judge(self) -> int:
        if self._worlds is None:
            return 0
        least: int | None = None
        for _, board in self._worlds:
            bad = 0
            for sq, token in self._expected.items():
                seen = board[sq]
                if seen not in (EMPTY, ANY, OUTSIDE, token) and token != ANY:
                    bad |= 1 << sq
            if not bad:
                return 0
            if least is None or bad.bit_count() < least.bit_count():
                least = bad
        return least or 0


def _lift(world: World, sq: int) -> World:
    air, board = world
    token = board[sq] if board[sq] != EMPTY else ANY
    return tuple(sorted((*air, token))), (*board[:sq], EMPTY, *board[sq + 1 :])


def least(tracker: PieceTracker) -> set[int]:
    """Every verdict `wrong()` could give: the wrong squares of each world with the fewest (empty when one is right
    or nothing is known)."""
    if tracker._worlds is None:
        return set()
    found: dict[int, set[int]] = {}
    for _, board in tracker._worlds:
        bad = 0
        for sq, token in tracker._expected.items():
            seen = board[sq]
            if seen not in (EMPTY, ANY, OUTSIDE, token) and token != ANY:
                bad |= 1 << sq
        if not bad:
            return set()
        found.setdefault(bad.bit_count(), set()).add(bad)
    return found[min(found)]
