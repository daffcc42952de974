"""Which piece may stand where: the switches see only occupancy, but the order of lifts and set-downs tells pieces
apart. A piece set down while only one kind of piece is in the air is that piece; so chores whose steps pass a piece
through a square another piece ends on (a Chesspolitik unit carried to where it is then dislodged, while the unit
dislodging it is still in the hand) can show the expected occupancy with the wrong piece standing there.

The tracker follows every way the hands may have gone since the board last stood as the game says (a world: which
piece stands on each square and which are in the air, a piece named by its kind and owner then, since pieces alike
are the same to the game and a piece turned over is still the magnet it was), and the steps of the moves committed
since. A set-down takes any piece in the air (or, in a turn, a piece from the line-up or the box); in
chores only the pieces the chores bring onto the board come from outside. The chores are done only if some world has
the expected piece on every square (pieces of the same kind and owner are the same): the board never declares done
while the sensors show a piece standing wrong, and never holds up a board that may be right. Past `LIMIT` worlds it
stops judging until the next turn.

Only chores ask for the verdict, and every sensor change of a turn feeds the tracker: so it only notes what it is
told, and works the worlds out when asked (`wrong`) or while the loop has nothing else to do (`prepare`). A world
holds only the squares touched since the reset (by the hands or by the steps); every other square still holds what
it held then, so the worlds stay a few numbers each however full the board is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from controller.games import Piece, Step
from controller.games.squares import squares_of

EMPTY = -2
ANY = -1  # a piece the tracker does not know: it may be any
OUTSIDE = -3  # a piece set down in a turn while none was in the air, or not one of those: from off the board
LIMIT = 64
SQUARES = 81
ON_BOARD = (1 << SQUARES) - 1
BACKLOG = 32  # changes noted before they are worked out even though no one asked (no idle loop to do it)
# A piece slid to the next square closes that square's switch at most this long before its own opens (while it
# straddles both); a lift that comes later is the hands', not the slide's: the set-down was a piece from the air.
SLIDE = 0.06

# A world: the pieces in the air, sorted; and what stands on each of the touched squares (`PieceTracker._squares`).
World = tuple[tuple[int, ...], tuple[int, ...]]


class Change(NamedTuple):
    """The board went from `before` to `after` at `t`; `outside`: a piece set down may come from off the board."""

    before: int
    after: int
    outside: bool
    t: float = 0.0


Note = Change | tuple[Step, ...]  # a change of the board, or steps made at once


class PieceTracker:
    __slots__ = (
        "_base",
        "_column",
        "_expected",
        "_ids",
        "_lost",
        "_notes",
        "_slid",
        "_squares",
        "_start",
        "_worlds",
        "_wrong",
    )

    def __init__(self) -> None:
        self._start: tuple[Mapping[int, Piece], int] | None = None  # a reset not yet worked out
        self._notes: list[Note] = []  # changes and steps since, not yet worked out
        self._worlds: set[World] | None = None  # None: nothing known
        self._ids: dict[Piece, int] = {}  # a piece (kind and owner) -> its number in the worlds
        self._expected: dict[int, int] = {}  # square -> the piece the steps since the reset leave there
        self._base: list[int] = []  # square -> what stood there at the reset
        self._squares: list[int] = []  # the squares a world's second half stands for, in the order first touched
        self._column: dict[int, int] = {}  # square -> its place in `_squares`
        self._wrong: int | None = 0  # `wrong()`, kept until the worlds or the steps change
        self._lost = False  # the worlds given up (past `LIMIT` in chores, or a flapping switch), not never known
        # The last change worked out, when a lone set-down: its square, the worlds before it, their width, its time.
        self._slid: tuple[int, set[World], int, float] | None = None

    # ---- what the recognizer and the session tell it -------------------------------------------------------------
    def reset(self, pieces: Mapping[int, Piece] | None, occupancy: int) -> None:
        """The board should stand as `pieces` say; it reads `occupancy` (a piece missing is in the air, a piece
        more is unknown). None: nothing is known until the next reset."""
        self._wrong = None
        self._notes = []
        self._worlds = None
        self._lost = False
        self._slid = None
        self._start = None if pieces is None else (pieces, occupancy)

    @property
    def lost(self) -> bool:
        """Whether the tracker lost track of the pieces it was told until the next reset: past `LIMIT` ways while
        chores were carried out, or given up (a flapping switch)."""
        return self._lost

    def give_up(self) -> None:
        """What the sensors showed can no longer be trusted (a flapping switch): judge nothing until the next reset."""
        self._start = None
        self._notes = []
        self._worlds = None
        self._lost = True
        self._wrong = 0

    def expect(self, steps: Sequence[Step]) -> None:
        """Steps made at once (a decision, or the chores after it, or a phase's orders) say where pieces must end:
        each step takes the piece its source held before any of them (a Diplomacy swap, a Djambi victim's corpse
        carried off the square its killer takes)."""
        if self._unknown():
            return
        self._wrong = None
        if steps:
            self._note(tuple(steps))

    def change(self, before: int, after: int, outside: bool, t: float = 0.0) -> None:
        """The board went from `before` to `after` at `t` (what it shows lifted came off first). `outside`: a piece
        set down may come from off the board (a turn: the line-up, a beaten figure put back)."""
        if self._unknown():
            return
        self._wrong = None
        if before != after:
            self._note(Change(before, after, outside, t))

    def prepare(self) -> bool:
        """Work out what was noted while the loop has nothing else to do: False when nothing was left."""
        if self._start is None and not self._notes:
            return False
        self._catch_up()
        return True

    def could_make(self, steps: Sequence[Step], spare: int = 0) -> bool:
        """Whether some way the hands may have gone since the reset leaves, on every square `steps` (made at once,
        as in `expect`) fill, outside `spare`, the piece they bring there: the piece of the step's source, or one
        from off the board for a step from off it. A piece the hands set down while that piece still stood on
        its square (nothing in the air, or only others) is not it: a piece set down from the line-up and a stray
        lift elsewhere are no step of the lifted piece. True when nothing is known."""
        if self._unknown():
            return True
        self._catch_up()
        if self._worlds is None:
            return True
        needs: list[tuple[int, int, int, bool]] = []  # column (-1: untouched), at the reset, the piece, from outside
        for step in steps:
            if step.dst is None or spare >> step.dst & 1:
                continue
            column = self._column.get(step.dst, -1)
            base = self._base[step.dst]
            if step.src is None:
                needs.append((column, base, self._ids.setdefault(step.piece, len(self._ids)), True))
            else:
                needs.append((column, base, self._expected.get(step.src, ANY), False))
        if not needs:
            return True
        return any(
            all(_may_hold(held[i] if i >= 0 else base, token, out) for i, base, token, out in needs)
            for _, held in self._worlds
        )

    def wrong(self) -> int:
        """Squares where every way the hands may have gone leaves a piece other than the expected one (those of
        the likeliest world, the lowest squares among equals); 0 when some world has every piece right, or nothing
        is known."""
        if self._wrong is None:
            self._catch_up()
            self._wrong = self._judge()
        return self._wrong

    # ---- working it out ------------------------------------------------------------------------------------------
    def _unknown(self) -> bool:
        return self._worlds is None and self._start is None

    def _note(self, note: Note) -> None:
        self._notes.append(note)
        if len(self._notes) > BACKLOG:
            self._catch_up()

    def _catch_up(self) -> None:
        if self._start is not None:
            self._begin(*self._start)
        notes, self._notes = self._notes, []
        for note in notes:
            if self._worlds is None:
                return
            if isinstance(note, Change):
                self._changed(*note)
            else:
                self._expect(note)

    def _begin(self, pieces: Mapping[int, Piece], occupancy: int) -> None:
        self._start = None
        ids: dict[Piece, int] = {}
        self._ids = ids
        expected = self._expected = {sq: ids.setdefault(p, len(ids)) for sq, p in pieces.items()}
        base = self._base = [EMPTY] * SQUARES
        for sq in squares_of(occupancy & ON_BOARD):
            base[sq] = expected.get(sq, ANY)
        air = sorted(token for sq, token in expected.items() if sq < SQUARES and not occupancy >> sq & 1)
        self._squares = []
        self._column = {}
        self._worlds = {(tuple(air), ())}

    def _touch(self, squares: int) -> None:
        """Every world holds `squares` from now on: what they held at the reset."""
        new = [sq for sq in squares_of(squares & ON_BOARD) if sq not in self._column]
        if not new or self._worlds is None:
            return
        for sq in new:
            self._column[sq] = len(self._squares)
            self._squares.append(sq)
        more = tuple(self._base[sq] for sq in new)
        self._worlds = {(air, (*held, *more)) for air, held in self._worlds}

    def _widened(self, worlds: set[World], width: int) -> set[World]:
        """`worlds`, kept when `width` squares were touched, holding every square touched since."""
        more = tuple(self._base[sq] for sq in self._squares[width:])
        return {(air, (*held, *more)) for air, held in worlds} if more else worlds

    def _expect(self, steps: tuple[Step, ...]) -> None:
        assert self._worlds is not None
        self._slid = None
        touched = 0
        moves: list[tuple[int, int | None]] = []
        supply: list[int] = []
        for step in steps:
            if step.src is not None:
                token = self._expected.get(step.src, ANY)
                touched |= 1 << step.src
            else:
                token = self._ids.setdefault(step.piece, len(self._ids))
                supply.append(token)
            if step.dst is not None:
                touched |= 1 << step.dst
            moves.append((token, step.dst))
        for step in steps:
            if step.src is not None:
                self._expected.pop(step.src, None)
        for token, dst in moves:
            if dst is not None:
                self._expected[dst] = token
        self._touch(touched)
        if supply:
            self._worlds = {(tuple(sorted((*air, *supply))), held) for air, held in self._worlds}

    def _changed(self, before: int, after: int, outside: bool, t: float) -> None:
        assert self._worlds is not None
        self._touch(before ^ after)
        column = self._column
        lifted, placed = before & ~after & ON_BOARD, after & ~before & ON_BOARD
        slid, self._slid = self._slid, None
        for sq in squares_of(lifted):
            i = column[sq]
            self._worlds = {_lift(w, i) for w in self._worlds}
        if (
            slid is not None
            and lifted
            and not placed
            and lifted & (lifted - 1) == 0
            and _near(lifted.bit_length() - 1, slid[0])
            and t - slid[3] <= SLIDE
        ):
            # A piece slid to the next square may close that square's switch before its own opens: the set-down
            # just before this lift may be this very piece, lifted first.
            i, j = column[lifted.bit_length() - 1], column[slid[0]]
            lift_first = {_lift(w, i) for w in self._widened(slid[1], slid[2])}
            self._worlds |= {n for w in lift_first for n in _place(w, j, outside)}
        for sq in squares_of(placed):
            i = column[sq]
            if not lifted and placed == 1 << sq:
                self._slid = (sq, self._worlds, len(self._squares), t)
            self._worlds = {n for w in self._worlds for n in _place(w, i, outside)}
            if len(self._worlds) > LIMIT:
                # In a turn any set-down may be a piece from off the board, so the ways multiply with every one:
                # there the touches decide the move, and the chores after it are judged on occupancy as they were.
                self._worlds = None
                self._lost = not outside
                self._notes = []
                return

    def _judge(self) -> int:
        """Only a touched square can hold a piece other than the expected one: every other square still holds
        what stood there at the reset, and the steps have not changed what should."""
        if self._worlds is None:
            return 0
        watch = []
        for i, sq in enumerate(self._squares):
            token = self._expected.get(sq, ANY)
            if token != ANY:
                watch.append((i, 1 << sq, token))
        least: int | None = None
        for _, held in self._worlds:
            bad = 0
            for i, bit, token in watch:
                seen = held[i]
                if seen != token and seen >= 0:  # neither EMPTY nor ANY
                    bad |= bit
            if not bad:
                return 0
            if least is None or (bad.bit_count(), bad) < (least.bit_count(), least):
                least = bad
        return least or 0


def _may_hold(seen: int, token: int, from_outside: bool) -> bool:
    """Whether a square holding `seen` may hold `token`, the piece a step brings (`from_outside`: from off the
    board): a square shown empty or a piece not known may be any; one set down from off the board is no piece
    that stood on the board, however alike."""
    if seen in (EMPTY, ANY) or seen == token:
        return True
    return seen == OUTSIDE and from_outside


def _near(a: int, b: int) -> bool:
    """Whether squares `a` and `b` are neighbours (a piece may slide from one to the other): not the same square."""
    return a != b and abs(a % 9 - b % 9) <= 1 and abs(a // 9 - b // 9) <= 1


def _lift(world: World, i: int) -> World:
    air, held = world
    token = held[i] if held[i] != EMPTY else ANY
    return tuple(sorted((*air, token))), (*held[:i], EMPTY, *held[i + 1 :])


def _place(world: World, i: int, outside: bool) -> list[World]:
    air, held = world
    out = []
    for token in set(air):
        rest = list(air)
        rest.remove(token)
        out.append((tuple(rest), (*held[:i], token, *held[i + 1 :])))
    if outside or not air:
        out.append((air, (*held[:i], OUTSIDE if outside else ANY, *held[i + 1 :])))
    return out
