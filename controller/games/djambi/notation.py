"""Reading Djambi moves (the notation is in moves.py and docs/rules/djambi.md).

The piece letter may be left out (the square says which piece it is), and so may any part the position settles:
an Assassin's corpse square, a Reporter's victims in the 'all' variant, a Maze exit when only one exists. A short
form that fits several legal moves is ambiguous and the message says what to add.
"""

from __future__ import annotations

import re

from controller.games.djambi.board import (
    CHIEF_CODES,
    CORPSE,
    EMPTY,
    KIND_NAMES,
    KINDS,
    MAZE,
    MILITANT,
    NAMES,
    NECROMOBILE,
    PARTIES,
    PARTY_OF,
    RAYS,
    parse_square,
)
from controller.games.djambi.moves import Act, AnswerDraw, Go, OfferDraw, Pass, Report, Resign
from controller.games.djambi.rules import Reporter
from controller.games.djambi.state import DjambiState
from controller.games.djambi.text import piece_name
from controller.games.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from controller.games.moves import Move
from controller.values import dataclass

_SQ = r"([A-I][1-9])"
_BOARD_MOVE = re.compile(rf"([CARDNM])?{_SQ}([-X]){_SQ}((?:X[A-I][1-9])*)(?:>{_SQ})?(?:~{_SQ}|X{_SQ}(?:>{_SQ})?)?")
_WORDS: dict[str, Move] = {
    "pass": Pass(),
    "resign": Resign(),
    "offer draw": OfferDraw(),
    "draw?": OfferDraw(),
    "accept draw": AnswerDraw(True),
    "draw": AnswerDraw(True),
    "decline draw": AnswerDraw(False),
    "no draw": AnswerDraw(False),
}
_EXAMPLES = "MC8-D7, MC8xD7>F5, AB9xC8, RA8-C6xC7, DB8xE6>G4, NC7xE5>G6~F6, AB9xE5xG7, pass, resign or offer draw"


_NOTES = re.compile(r"\s*\(.*\)\s*$")


@dataclass(frozen=True, slots=True)
class _Written:
    """A board move as written, every part the writer left out None (or empty)."""

    kind: int | None
    src_name: str
    src: int
    act: bool  # written with 'x' (an act), not '-' (a move to an empty square)
    dst: int
    victims: tuple[int, ...] | None  # a Reporter's victims, sorted; None if none are named
    place: int | None
    exit: int | None
    second: int | None  # a master move's second act, out of the Maze

    def fits(self, move: Move, reporter: Reporter) -> bool:
        """Whether a legal move is one this text may stand for."""
        if not isinstance(move, Go | Act | Report) or move.src != self.src or move.dst != self.dst:
            return False
        if not self.act:
            if isinstance(move, Act):
                return False
            if self.victims is not None:
                return isinstance(move, Report) and tuple(sorted(move.victims)) == self.victims
            return not (isinstance(move, Report) and reporter is Reporter.ONE)
        if not isinstance(move, Act):
            return False
        if (self.place is not None and move.place != self.place) or (self.exit is not None and move.exit != self.exit):
            return False
        if self.exit is not None and move.master:
            return False
        return self.second is None or (move.master and move.exit == self.second)


def parse(text: str, state: DjambiState, seat: int | None) -> Move:
    # A move list's record adds what the move caused in brackets: MH8xI9>H5 (kills Blue's Chief; ...).
    text = _NOTES.sub("", text) or text
    words = " ".join(text.lower().split())
    if words in _WORDS:
        return _checked(_WORDS[words], text, state, seat)
    written = _read(text)
    _check_turn(state, seat)
    src, dst, kind = written.src, written.dst, written.kind
    candidates = [m for m in state.legal_moves() if written.fits(m, state.rules.reporter)]
    if kind is not None:
        of_kind = [m for m in candidates if _kind(m) == kind]
        if candidates and not of_kind:
            raise IllegalMoveError(f"{written.src_name} holds {piece_name(state.board[src])}, not a {KIND_NAMES[kind]}")
        candidates = of_kind
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        raise AmbiguousMoveError(_ambiguity(text, candidates))
    sep = "X" if written.act else "-"
    raise IllegalMoveError(_why_not(state, text, kind, src, sep, dst, written.place), frozenset((src, dst)))


def _read(text: str) -> _Written:
    """The parts of a written board move, or InvalidMoveError (IllegalMoveError for a master move's wrong square)."""
    found = _BOARD_MOVE.fullmatch("".join(text.split()).upper())
    if found is None:
        raise InvalidMoveError(f"{text!r} is not a Djambi move; write for example {_EXAMPLES}")
    letter, src_name, sep, dst_name, victims_text, place_name, exit_name, second_name, second_place = found.groups()
    if sep == "-" and (place_name or exit_name or second_name):
        raise InvalidMoveError(f"{text!r}: a move to an empty square has no '>' or '~' part")
    if sep == "X" and victims_text:
        # An Assassin's master move names no corpse square between its two acts: AB9xE5xG7 (>E5).
        if second_name or victims_text.count("X") > 1:
            raise InvalidMoveError(f"{text!r}: only a Reporter names victims after its move, as in RA8-C6xC7")
        second_name, second_place, place_name = victims_text[1:], place_name, None
    if second_name and (letter not in (None, "A", "D") or parse_square(dst_name) != MAZE):
        raise InvalidMoveError(
            f"{text!r}: only a Reporter names victims after its move, as in RA8-C6xC7; a second act after an act "
            "is a master move of an Assassin or Diplomat out of the Maze, as in AB9xE5xG7"
        )
    if second_place is not None and parse_square(second_place) != MAZE:
        raise IllegalMoveError(f"{text!r}: the Chief a master move acts on goes into the Maze, E5")
    named = victims_text and sep == "-"
    return _Written(
        kind=None if letter is None else KINDS.index(letter),
        src_name=src_name,
        src=parse_square(src_name),
        act=sep == "X",
        dst=parse_square(dst_name),
        victims=tuple(sorted(parse_square(v) for v in victims_text.split("X")[1:])) if named else None,
        place=None if place_name is None else parse_square(place_name),
        exit=None if exit_name is None else parse_square(exit_name),
        second=None if second_name is None else parse_square(second_name),
    )


def _kind(move: Move) -> int:
    return move.kind if isinstance(move, Go | Act) else KINDS.index("R")


def _check_turn(state: DjambiState, seat: int | None) -> None:
    to_move = state.to_move
    if to_move is None:
        raise IllegalMoveError("the game is over")
    if seat is not None and seat != to_move:
        raise IllegalMoveError(f"it is {PARTIES[to_move]}'s turn, not {PARTIES[seat]}'s")


def _checked(move: Move, text: str, state: DjambiState, seat: int | None) -> Move:
    _check_turn(state, seat)
    if move in state.legal_moves():
        return move
    if isinstance(move, Pass):
        raise IllegalMoveError("you may pass only when you have no legal move")
    if isinstance(move, Resign):
        raise IllegalMoveError("answer the draw offer first: accept draw or decline draw")
    if isinstance(move, OfferDraw):
        if state.offer >= 0:
            raise IllegalMoveError("a draw offer is waiting for answers: accept draw or decline draw")
        raise IllegalMoveError("you have already offered a draw this turn")
    raise IllegalMoveError("nobody has offered a draw")


def _ambiguity(text: str, candidates: list[Move]) -> str:
    options = ", ".join(str(m) for m in candidates[:6]) + (", ..." if len(candidates) > 6 else "")
    acts = [m for m in candidates if isinstance(m, Act)]
    if len({m.place for m in acts}) > 1:
        return f"{text!r}: say where the piece acted on goes, with '>' and a square: {options}"
    if len({m.exit for m in acts}) > 1:
        return (
            f"{text!r}: say where the piece leaves the Maze to, with '~' and a square (or 'x' and the Chief it acts "
            f"on as it leaves): {options}"
        )
    return f"{text!r} fits {len(candidates)} moves: {options}"


def _line(src: int, dst: int) -> tuple[int, ...] | None:
    """The squares from `src` to `dst` (dst included) when they are on one line, else None."""
    for ray in RAYS[src]:
        if dst in ray:
            return ray[: ray.index(dst) + 1]
    return None


def _why_not(state: DjambiState, text: str, kind: int | None, src: int, sep: str, dst: int, place: int | None) -> str:
    return (
        _not_movable(state, kind, src)
        or _not_reachable(state.board, src, dst)
        or _not_an_act(state, sep, src, dst, place)
        or f"{text} is not a legal move here"
    )


def _not_movable(state: DjambiState, kind: int | None, src: int) -> str | None:
    """Why the piece on `src` (of `kind`, when written) may not move now, if it may not."""
    piece = state.board[src]
    if state.offer >= 0:
        return "a draw offer is waiting for your answer: accept draw or decline draw"
    if piece == EMPTY:
        return f"there is no piece on {NAMES[src]}"
    if piece == CORPSE:
        return f"{NAMES[src]} holds a corpse: only a Necromobile moves corpses"
    if PARTY_OF[piece] != state.turn:
        return f"it is {PARTIES[state.turn]}'s pieces that move now, not {piece_name(piece)} on {NAMES[src]}"
    if kind is not None and kind != (piece - 2) % 6:
        return f"{NAMES[src]} holds {piece_name(piece)}, not a {KIND_NAMES[kind]}"
    return None


def _not_reachable(board: bytes, src: int, dst: int) -> str | None:
    """Why the piece on `src` cannot reach `dst`, if it cannot."""
    line = _line(src, dst)
    if line is None:
        return f"{NAMES[src]} and {NAMES[dst]} are not on one straight line"
    if (board[src] - 2) % 6 == MILITANT and len(line) > 2:
        return "a Militant moves one or two squares"
    if any(board[s] for s in line[:-1]):
        return f"the way from {NAMES[src]} to {NAMES[dst]} is blocked: no piece jumps"
    return None


def _not_an_act(state: DjambiState, sep: str, src: int, dst: int, place: int | None) -> str | None:
    """Why what the move does on `dst` (a step with -, an act with x) and where it puts a piece is not allowed."""
    board = state.board
    piece = board[src]
    if sep == "-" and board[dst]:
        return f"{NAMES[dst]} is occupied: an act is written with x, as in {KINDS[(piece - 2) % 6]}{NAMES[src]}x..."
    if sep == "X" and not board[dst]:
        return f"{NAMES[dst]} is empty: there is nothing to act on"
    if sep == "X" and board[dst] == CORPSE and (piece - 2) % 6 != NECROMOBILE:
        return f"{NAMES[dst]} holds a corpse: only a Necromobile acts on corpses"
    if place is not None and board[place] and place != src:
        return f"{NAMES[place]} is not empty: the piece acted on goes to an empty square"
    if board[dst] == CHIEF_CODES[state.to_move or 0] and sep == "X":
        return "nobody kills their own Chief"
    if place == MAZE:
        return "only a Chief just killed may be put into the Maze (a Diplomat may put a living Chief there)"
    if dst == MAZE and sep == "-":
        return "only a Chief may stay in the Maze"
    return None
