"""Chesspolitik orders as value objects, and their text notation.

Canonical text (what `str` gives and what the phone shows): `K a4 H`, `K a4 - b4`, `K a5 S K a4 - b4`, `N a2 S K a4`,
`Build K d2`, `Disband N a2`, `Waive`, `Draw`. The reader is lenient: any case, the seed's other names for the two
unit kinds, words for the verbs, and the unit kind may be left out when the position says which unit stands there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from controller.games.chesspolitik.board import BOARDS, KIND_NAMES, KING, KNIGHT, Board
from controller.games.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from controller.games.moves import Move
from controller.games.squares import index, name
from controller.values import dataclass

# The seed: "use fleets for Knights and armies for Kings", "Alternate Names & Abbreviations for Kings (K): Armies (A),
# Monarchs (M)", "for Knights (N): Fleets (F), Horses (H)"; "K" is always a King although "Knight" starts with K.
KIND_WORDS = {
    "k": KING,
    "king": KING,
    "a": KING,
    "army": KING,
    "m": KING,
    "monarch": KING,
    "n": KNIGHT,
    "knight": KNIGHT,
    "f": KNIGHT,
    "fleet": KNIGHT,
    "h": KNIGHT,
    "horse": KNIGHT,
}
_HOLD = {"h", "hold", "holds"}
_TO = {"-", "to", "moves", "move"}
_SUPPORT = {"s", "support", "supports"}
_BUILD = {"build", "b"}
_DISBAND = {"disband", "remove", "d"}
_SQUARE = re.compile(r"^[a-z][1-9]$")


@dataclass(frozen=True, slots=True)
class Hold(Move):
    kind: str
    square: int

    def __str__(self) -> str:
        return f"{self.kind} {name(self.square)} H"


@dataclass(frozen=True, slots=True)
class MoveTo(Move):
    kind: str
    square: int
    dst: int

    def __str__(self) -> str:
        return f"{self.kind} {name(self.square)} - {name(self.dst)}"


@dataclass(frozen=True, slots=True)
class SupportHold(Move):
    kind: str
    square: int
    target_kind: str
    target: int

    def __str__(self) -> str:
        return f"{self.kind} {name(self.square)} S {self.target_kind} {name(self.target)}"


@dataclass(frozen=True, slots=True)
class SupportMove(Move):
    kind: str
    square: int
    target_kind: str
    target: int
    dst: int

    def __str__(self) -> str:
        return f"{self.kind} {name(self.square)} S {self.target_kind} {name(self.target)} - {name(self.dst)}"


@dataclass(frozen=True, slots=True)
class Build(Move):
    kind: str
    square: int

    def __str__(self) -> str:
        return f"Build {self.kind} {name(self.square)}"


@dataclass(frozen=True, slots=True)
class Disband(Move):
    kind: str
    square: int

    def __str__(self) -> str:
        return f"Disband {self.kind} {name(self.square)}"


@dataclass(frozen=True, slots=True)
class Waive(Move):
    def __str__(self) -> str:
        return "Waive"


@dataclass(frozen=True, slots=True)
class DrawVote(Move):
    def __str__(self) -> str:
        return "Draw"


UnitOrder = Hold | MoveTo | SupportHold | SupportMove

# The canonical reader builds the unit orders it reads without the frozen dataclasses' constructors, which set each
# field through `object.__setattr__`: each field is written by its slot's own descriptor, as the constructor would
# (these classes check nothing on construction), in about half the time. Equal to the constructor's orders, and
# hashing alike (tests/games/test_chesspolitik_order_text.py).
_NEW = object.__new__
_HOLD_SLOTS = tuple(getattr(Hold, f).__set__ for f in ("kind", "square"))
_MOVE_SLOTS = tuple(getattr(MoveTo, f).__set__ for f in ("kind", "square", "dst"))
_SUPPORT_HOLD_SLOTS = tuple(getattr(SupportHold, f).__set__ for f in ("kind", "square", "target_kind", "target"))
_SUPPORT_MOVE_SLOTS = tuple(getattr(SupportMove, f).__set__ for f in ("kind", "square", "target_kind", "target", "dst"))


def _hold(kind: str, square: int) -> Hold:
    order: Hold = _NEW(Hold)
    set_kind, set_square = _HOLD_SLOTS
    set_kind(order, kind)
    set_square(order, square)
    return order


def _move(kind: str, square: int, dst: int) -> MoveTo:
    order: MoveTo = _NEW(MoveTo)
    set_kind, set_square, set_dst = _MOVE_SLOTS
    set_kind(order, kind)
    set_square(order, square)
    set_dst(order, dst)
    return order


def _support_hold(kind: str, square: int, target_kind: str, target: int) -> SupportHold:
    order: SupportHold = _NEW(SupportHold)
    set_kind, set_square, set_target_kind, set_target = _SUPPORT_HOLD_SLOTS
    set_kind(order, kind)
    set_square(order, square)
    set_target_kind(order, target_kind)
    set_target(order, target)
    return order


def _support_move(kind: str, square: int, target_kind: str, target: int, dst: int) -> SupportMove:
    order: SupportMove = _NEW(SupportMove)
    set_kind, set_square, set_target_kind, set_target, set_dst = _SUPPORT_MOVE_SLOTS
    set_kind(order, kind)
    set_square(order, square)
    set_target_kind(order, target_kind)
    set_target(order, target)
    set_dst(order, dst)
    return order


UNIT_ORDERS = (Hold, MoveTo, SupportHold, SupportMove)
ADJUSTMENTS = (Build, Disband, Waive)


def words(order: Move) -> str:
    """An order in plain words, for the page."""
    if isinstance(order, Hold):
        return f"{KIND_NAMES[order.kind]} {name(order.square)} holds"
    if isinstance(order, MoveTo):
        return f"{KIND_NAMES[order.kind]} {name(order.square)} moves to {name(order.dst)}"
    if isinstance(order, SupportHold):
        target = f"{KIND_NAMES[order.target_kind]} {name(order.target)}"
        return f"{KIND_NAMES[order.kind]} {name(order.square)} supports {target} to hold"
    if isinstance(order, SupportMove):
        target = f"{KIND_NAMES[order.target_kind]} {name(order.target)}"
        return f"{KIND_NAMES[order.kind]} {name(order.square)} supports {target} to {name(order.dst)}"
    if isinstance(order, Build):
        return f"build a {KIND_NAMES[order.kind]} on {name(order.square)}"
    if isinstance(order, Disband):
        return f"disband the {KIND_NAMES[order.kind]} on {name(order.square)}"
    if isinstance(order, Waive):
        return "waive a build"
    if isinstance(order, DrawVote):
        return "vote for a draw"
    return str(order)


class _Reader:
    """Reads one order's tokens left to right."""

    def __init__(self, text: str, board: Board, units: Mapping[int, tuple[str, int]] | None) -> None:
        self.text = text
        self.board = board
        self.units = units
        spaced = text.lower().replace("->", " - ").replace("-", " - ").replace(",", " ").replace(".", " ")
        self.tokens = spaced.split()
        self.pos = 0

    def fail(self, why: str) -> InvalidMoveError:
        return InvalidMoveError(
            f"{self.text!r}: {why}. Write orders like 'K a4 H', 'K a4 - b4', 'K a5 S K a4 - b4', 'N a2 S K a4', "
            "'Build K d2', 'Disband N a2', 'Waive' or 'Draw'"
        )

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> str | None:
        token = self.peek()
        if token is not None:
            self.pos += 1
        return token

    def at_end(self) -> bool:
        return self.pos >= len(self.tokens)

    def square(self) -> int:
        token = self.take()
        if token is None:
            raise self.fail("a square is missing")
        if not _SQUARE.match(token):
            raise self.fail(f"{token!r} is not a square")
        file, rank = ord(token[0]) - ord("a"), int(token[1]) - 1
        if file >= self.board.size or rank >= self.board.size:
            raise InvalidMoveError(
                f"{self.text!r}: {token} is not on this board; its squares run from {self.board.square_list()}"
            )
        return index(file, rank)

    def unit(self) -> tuple[str, int]:
        """A unit: an optional kind and a square; the kind comes from the position when it is left out."""
        token = self.peek()
        if token is not None and token in KIND_WORDS and self.pos + 1 < len(self.tokens):
            following = self.tokens[self.pos + 1]
            if _SQUARE.match(following):
                self.pos += 1
                return KIND_WORDS[token], self.square()
        square = self.square()
        if self.units is None:
            raise self.fail(f"say which unit stands on {name(square)}: K (King) or N (Knight)")
        unit = self.units.get(square)
        if unit is None:
            raise IllegalMoveError(f"{self.text!r}: there is no unit on {name(square)}")
        return unit[0], square

    def order(self) -> Move:
        first = self.peek()
        if first is None:
            raise self.fail("the order is empty")
        if first == "waive" and len(self.tokens) == 1:
            return Waive()
        if first == "draw" and len(self.tokens) == 1:
            return DrawVote()
        if first in _BUILD:
            self.take()
            return self.build()
        if first in _DISBAND and first != "d":
            self.take()
            kind, square = self.unit()
            return self.done(Disband(kind, square))
        kind, square = self.unit()
        verb = self.take()
        if verb is None:
            raise self.fail("the order is missing: H (hold), - (move) or S (support)")
        if verb in _HOLD:
            return self.done(Hold(kind, square))
        if verb in _DISBAND:
            return self.done(Disband(kind, square))
        if verb in _TO:
            if self.peek() == "to":
                self.take()
            return self.done(MoveTo(kind, square, self.square()))
        if verb in _SUPPORT:
            return self.support(kind, square)
        raise self.fail(f"{verb!r} is not an order: use H (hold), - (move) or S (support)")

    def build(self) -> Move:
        """The rest of a build order, after its verb: the unit kind and the square."""
        token = self.peek()
        if token is None or token not in KIND_WORDS or len(self.tokens) != 3:
            if len(self.tokens) == 2 and _SQUARE.match(self.tokens[1]):
                raise AmbiguousMoveError(
                    f"{self.text!r}: say which unit to build, a King or a Knight (e.g. 'Build K d2', 'Build N d2')"
                )
            raise self.fail("a build names a unit kind and a square")
        self.take()
        return self.done(Build(KIND_WORDS[token], self.square()))

    def support(self, kind: str, square: int) -> Move:
        """The rest of a support order of the unit `kind` on `square`, after its verb."""
        target_kind, target = self.unit()
        rest = self.peek()
        if rest is None:
            return SupportHold(kind, square, target_kind, target)
        if rest in _HOLD:
            self.take()
            return self.done(SupportHold(kind, square, target_kind, target))
        if rest in _TO:
            self.take()
            if self.peek() == "to":
                self.take()
            return self.done(SupportMove(kind, square, target_kind, target, self.square()))
        raise self.fail(f"{rest!r} cannot follow a support")

    def done(self, order: Move) -> Move:
        if not self.at_end():
            raise self.fail(f"{' '.join(self.tokens[self.pos :])!r} is left over")
        return order


def parse_order(text: str, board: Board, units: Mapping[int, tuple[str, int]] | None = None) -> Move:
    """One order from its text; `units` (square -> (kind, seat)) fills in a unit kind that was left out."""
    order = read_canonical(text, _NAMED[board.size])
    return order if order is not None else _Reader(text, board, units).order()


# Square names -> indices, per board size (a name off that board is missing).
_NAMED = {
    size: {f"{chr(97 + f)}{r + 1}": index(f, r) for f in range(size) for r in range(size)} for size in range(1, 10)
}
NAMED_BY_SEATS = {seats: _NAMED[board.size] for seats, board in BOARDS.items()}  # for `read_canonical`


_CANONICAL_KINDS = frozenset((KING, KNIGHT))


def read_canonical(text: str, named: Mapping[str, int]) -> Move | None:
    """The order of a text in the canonical notation (what `str` writes and the phones send: a unit kind, squares
    and verbs between single spaces), read by its words' places alone; None for anything else, a square off the
    board (`named`: its squares) included: the lenient reader reads those and words the errors. Orders are read by
    the thousand in a phase of many players, and this is several times quicker than one regular expression; the
    commonest, a move, is tried first, and the unit orders are built in place (`_hold` and the others' way)."""
    t = text.split(" ")
    n = len(t)
    if n == 4:
        kind, square, verb, into = t
        at = named.get(square)
        to = named.get(into)
        if at is None or to is None or verb != "-" or kind not in _CANONICAL_KINDS:
            return None
        move: MoveTo = _NEW(MoveTo)
        set_kind, set_square, set_dst = _MOVE_SLOTS
        set_kind(move, kind)
        set_square(move, at)
        set_dst(move, to)
        return move
    if n == 7 or n == 5:
        return _support(t, named)
    if n == 3:
        first = t[0]
        if first == "Build" or first == "Disband":
            at = named.get(t[2])
            if at is None or t[1] not in _CANONICAL_KINDS:
                return None
            return Build(t[1], at) if first == "Build" else Disband(t[1], at)
        at = named.get(t[1])
        if at is None or first not in _CANONICAL_KINDS or t[2] != "H":
            return None
        return _hold(first, at)
    if n == 1:
        return Waive() if text == "Waive" else DrawVote() if text == "Draw" else None
    return None


def _support(t: list[str], named: Mapping[str, int]) -> Move | None:
    """A support order's words (five or seven) in the canonical notation; None for any other."""
    kind, target_kind = t[0], t[3]
    at = named.get(t[1])
    target = named.get(t[4])
    if at is None or target is None or t[2] != "S" or kind not in _CANONICAL_KINDS:
        return None
    if target_kind not in _CANONICAL_KINDS:
        return None
    if len(t) == 5:
        return _support_hold(kind, at, target_kind, target)
    to = named.get(t[6]) if t[5] == "-" else None
    return None if to is None else _support_move(kind, at, target_kind, target, to)
