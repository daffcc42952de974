"""A Djambi position: the board, who plays which party, whose turn it is, the quiet-turn count and any draw offer."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from functools import cached_property
from typing import Any

from controller.games.api import State
from controller.games.djambi import encode, nearmiss, text, view
from controller.games.djambi.apply import BoardMove, after, changed, killed
from controller.games.djambi.board import (
    ASSASSIN,
    CHIEF,
    CHIEF_CODES,
    CORPSE,
    KIND_OF,
    MAZE,
    PARTIES,
    PARTY_OF,
    PIECE_OF,
)
from controller.games.djambi.effects import effect, outlines
from controller.games.djambi.fate import inherit, settle, sleeping
from controller.games.djambi.generate import board_moves
from controller.games.djambi.moves import Act, AnswerDraw, Go, OfferDraw, Pass, Report, Resign
from controller.games.djambi.order import VASSAL, controller, in_game, next_turn, power_party
from controller.games.djambi.rules import Reporter, Rules, Sleeping, WalledIn
from controller.games.djambi.walls import PlacementWatch, WallWatch, escape, flips
from controller.games.errors import IllegalMoveError
from controller.games.moves import Move
from controller.games.outcome import Outcome, Termination
from controller.games.physical import NO_EFFECT, Effect, NearMiss, Piece
from controller.values import dataclass

_OCCUPIED = bytes(ord("0") if c == 0 else ord("1") for c in range(256))
_BOARD_MOVES = (Act, Go, Report)  # a tuple made once: `Act | Go | Report` would build a union at every call
_NOBODY: list[int] = []  # shared, never changed: most moves wall nobody in

PlacementKey = tuple[int, int, int | None, bool]  # an act's source, destination, exit and master


# Not slotted: what a position computes once and keeps (whose turn, the outcome, the move list and its identities,
# the near misses, the marks, the watches over walled-in Chiefs) is a `cached_property` each, kept in the instance's
# own dict. Each is a function of the frozen fields alone, so it can never go stale, and none is part of the value:
# equality, hashing, JSON and `dataclasses.replace` see only the fields (a replaced state starts with nothing known).
@dataclass(frozen=True)
class DjambiState(State):
    board: bytes  # 81 bytes in physical square order (see board.py)
    control: tuple[int, ...]  # per party: the player who plays it, or VASSAL
    turn: int  # the party whose pieces move now
    cursor: int  # the last party whose regular turn it was (differs from `turn` on the power's extra turns)
    rules: Rules
    quiet: int = 0  # consecutive turns without a kill or an elimination
    offer: int = -1  # the player whose draw offer awaits answers, or -1
    accepted: int = 0  # bit per player who accepted that offer
    offered: bool = False  # the player to move has already offered a draw this turn
    agreed: bool = False
    # per party: the player whose walled-in Chief, kept on the board by the comeback rule, it waits for, or -1
    held: tuple[int, ...] = (-1, -1, -1, -1)

    # --- the API ----------------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(PARTIES)

    @property
    def turn_party(self) -> int:
        """The party whose turn it is (its pieces move), whoever plays them."""
        return self.turn

    @property
    def bonus(self) -> bool:
        """True on the extra turn of the Chief in power."""
        return self.turn != self.cursor

    @cached_property
    def to_move(self) -> int | None:
        if self.outcome() is not None:
            return None
        if self.offer >= 0:
            return self.voters()[0]
        return controller(self.turn, self.control, self.board)

    def voters(self) -> tuple[int, ...]:
        """The players still to answer the pending draw offer, in turn order after the one who made it."""
        living = in_game(self.board, self.held)
        order = [(self.offer + i) % len(PARTIES) for i in range(1, len(PARTIES))]
        return tuple(s for s in order if s in living and not self.accepted >> s & 1)

    def mine(self, seat: int) -> frozenset[int]:
        """The parties `seat` plays now."""
        return frozenset(p for p in range(len(PARTIES)) if controller(p, self.control, self.board) == seat)

    def outcome(self) -> Outcome | None:
        return self._outcome

    @cached_property
    def _outcome(self) -> Outcome | None:
        if self.agreed:
            return Outcome((), "Draw agreed by every player still in the game", termination=Termination.AGREEMENT)
        living = in_game(self.board, self.held)
        if len(living) == 1:
            return Outcome(
                living, f"{PARTIES[living[0]]} wins: the last Chief standing", termination=Termination.LAST_STANDING
            )
        if not living:
            return Outcome((), "Draw: no Chief is left", termination=Termination.NONE_LEFT)
        if self.quiet >= self.rules.draw_turns:
            reason = f"Draw: {self.rules.draw_turns} turns without a kill or an elimination"
            return Outcome((), reason, termination=Termination.QUIET_TURNS)
        return None

    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        to_move = self.to_move
        if to_move is None or (seat is not None and seat != to_move):
            return ()
        return self._listed

    @cached_property
    def _listed(self) -> tuple[Move, ...]:
        """The legal moves of the seat to move (the game is not over when asked)."""
        seat = self.to_move
        assert seat is not None, "asked only while someone is to move"
        if self.offer >= 0:
            return (AnswerDraw(True), AnswerDraw(False))
        moves: list[Move] = []
        for _ in self._board_moves(seat, moves):
            pass
        return self._with_page_moves(moves)

    def _board_moves(self, seat: int, found: list[Move]) -> Iterator[None]:
        """The board moves of the party to play, added to `found` a piece at a time."""
        walled_in = self.held[self.turn] == self.turn  # a walled-in Chief kept on the board does not act
        return board_moves(found, self.board, self.turn, seat, self.mine(seat), self.rules, self.asleep(), walled_in)

    def _with_page_moves(self, moves: list[Move]) -> tuple[Move, ...]:
        moves = moves or [Pass()]
        if not self.offered and self.rules.draw_offers:
            moves.append(OfferDraw())
        moves.append(Resign())
        return tuple(moves)

    def listing(self) -> Iterator[None]:
        """The legal moves listed a piece at a time (see State.listing): a turn of thousands of kills with their
        corpse placements takes some 2.5 ms of CPU here to list at once."""
        seat = self.to_move
        if seat is None or self.offer >= 0 or "_listed" in self.__dict__:
            yield from super().listing()
            return
        found: list[Move] = []
        yield from self._board_moves(seat, found)
        # Kept as `_listed` keeps it (the first list made stays, should it have been asked for meanwhile).
        self.__dict__.setdefault("_listed", self._with_page_moves(found))

    @cached_property
    def _listed_by_id(self) -> dict[int, Move]:
        """The listed moves by identity. The recognizer asks for the effect of each listed move, thousands per turn
        start: knowing them by identity skips hashing them. A lookup counts only when it finds that very object
        (`is`), and the dict keeps every listed move alive as long as this state, so no other object can have one
        of their ids meanwhile: an identity can never be mistaken for another move."""
        return {id(m): m for m in self.legal_moves()}

    def _is_listed(self, move: Move) -> bool:
        return self._listed_by_id.get(id(move)) is move

    @cached_property
    def _legal(self) -> frozenset[Move]:
        return frozenset(self.legal_moves())

    def near_misses(self) -> tuple[NearMiss, ...]:
        return self._near_misses

    @cached_property
    def _near_misses(self) -> tuple[NearMiss, ...]:
        return nearmiss.near_misses(self)

    def marks(self) -> Mapping[int, int]:
        """The Chief of the player who acts glows in that player's colour: the LEDs' way to say who moves when the
        pieces to move are another party's (inherited, vassal). Where the Chief can move itself, the LEDs show it
        as a piece to move instead. Asked for at every LED frame, so kept."""
        return self._marks

    @cached_property
    def _marks(self) -> dict[int, int]:
        seat = self.to_move
        chief = -1 if seat is None else self.board.find(CHIEF_CODES[seat])
        return {} if seat is None or chief < 0 else {chief: seat}

    def asleep(self) -> frozenset[int]:
        """The parties nobody may touch: vassals while nobody is in power, with the 'immune' sleeping_vassals rule."""
        if self.rules.sleeping_vassals is not Sleeping.IMMUNE or power_party(self.board) is not None:
            return frozenset()
        return frozenset(p for p, s in enumerate(self.control) if s == VASSAL)

    def _check(self, move: Move) -> None:
        if self._is_listed(move):
            return
        if move not in self._legal:
            raise IllegalMoveError(f"{move} is not a legal move here" if isinstance(move, Move) else f"{move!r}")

    def play(self, move: Move) -> DjambiState:
        self._check(move)
        seat = self.to_move
        assert seat is not None
        if isinstance(move, OfferDraw):
            return replace(self, offer=seat, accepted=0, offered=True)
        if isinstance(move, AnswerDraw):
            if not move.accept:
                return replace(self, offer=-1, accepted=0)
            accepted = self.accepted | 1 << seat
            done = len(self.voters()) == 1
            return replace(self, offer=-1 if done else self.offer, accepted=0 if done else accepted, agreed=done)
        if isinstance(move, Pass):
            return self._next(self.board, self.control, self.quiet + 1)
        if isinstance(move, Resign):
            board = bytearray(self.board)
            board[board.index(CHIEF_CODES[seat])] = CORPSE
            return self._settle(board, [VASSAL if s == seat else s for s in self.control], list(self.held), True)
        assert isinstance(move, BoardMove)
        control, held = list(self.control), list(self.held)
        victims = killed(self.board, move)
        for v in victims:
            if KIND_OF[v] == CHIEF:
                inherit(control, held, PARTY_OF[v], seat)
        return self._settle(after(self.board, move), control, held, bool(victims))

    def _settle(self, board: bytearray, control: list[int], held: list[int], killing: bool) -> DjambiState:
        """The end of a turn: Chiefs walled in or freed, vassals find their master, the quiet-turn count goes on."""
        changed = settle(board, control, held, self.rules)
        return self._next(bytes(board), tuple(control), 0 if killing or changed else self.quiet + 1, tuple(held))

    def _next(
        self, board: bytes, control: tuple[int, ...], quiet: int, held: tuple[int, ...] | None = None
    ) -> DjambiState:
        turn, cursor = next_turn(self.turn, self.cursor, control, board)
        return DjambiState(board, control, turn, cursor, self.rules, quiet, held=self.held if held is None else held)

    def pieces(self) -> Mapping[int, Piece]:
        out: dict[int, Piece] = {}
        for sq, c in enumerate(self.board):
            piece = PIECE_OF[c]
            if piece is not None:
                out[sq] = piece
        return out

    def occupancy(self) -> int:
        return int(self.board.translate(_OCCUPIED)[::-1], 2)

    def page_moves(self, seat: int) -> tuple[Move, ...]:
        # A board move always moves a piece: only the few others (draws, passing, resigning) need their effect.
        return tuple(
            m for m in self.legal_moves(seat) if not isinstance(m, _BOARD_MOVES) and not self.effect(m).has_decision
        )

    def effect(self, move: Move) -> Effect:
        # Thousands of calls per turn start (the recognizer's index): the listed moves are known by identity.
        if self._listed_by_id.get(id(move)) is not move:  # `_is_listed`, inline: thousands of calls per turn start
            self._check(move)
        if isinstance(move, _BOARD_MOVES):
            return effect(self.board, move, self._walled(move), self.rules.reporter is Reporter.ALL)
        if isinstance(move, Resign):
            return self._resign_effect()
        return NO_EFFECT

    def outlines(self, moves: Sequence[Move]) -> list[tuple[int, int]] | None:
        return outlines(moves)

    def _resign_effect(self) -> Effect:
        """Resigning is said on the page, not made on the board (lifting one's Chief and putting it back must never
        resign), so turning the Chief over is a chore, with any Chief its corpse walls in."""
        seat = self.to_move
        assert seat is not None
        square = self.board.index(CHIEF_CODES[seat])
        board = bytearray(self.board)
        board[square] = CORPSE
        walls, freed = flips(board, self.rules.walled_in, sleeping(self.held))
        return Effect((), (), frozenset(), frozenset((square, *walls, *freed)))

    def _walled(self, move: BoardMove) -> list[int]:
        """The Chiefs `move` walls in or frees (each turned over where it stands), found without searching the board
        for nearly every move (see walls.py)."""
        asleep = self._asleep
        watch = self._watch
        moved = changed(move)
        if not moved & watch.union:
            return _NOBODY
        mode = self.rules.walled_in
        suspects: list[int] | None
        if isinstance(move, Act) and move.kind != ASSASSIN:
            key = (move.src, move.dst, move.exit, move.master)
            placements = self._placements
            group = placements.get(key)
            if group is None:
                base = after(self.board, move)
                base[move.place] = 0
                group = placements[key] = PlacementWatch(base, mode, self.board[move.dst], asleep)
            if group.safe >> move.place & 1:
                return []
            suspects = group.hits(move.place)
            if suspects == []:
                return []
        else:
            suspects = watch.hits(moved)
            if any(moved >> sq & 1 for sq in suspects):
                suspects = None  # a Chief moved or died: search afresh
        board = after(self.board, move)
        if suspects is not None and not any(_flipped(board, sq, mode, asleep) for sq in suspects):
            return []
        walls, freed = flips(board, mode, asleep)
        return walls + freed if freed else walls

    @cached_property
    def _watch(self) -> WallWatch:
        return WallWatch(self.board, self.rules.walled_in, self._asleep)

    @cached_property
    def _asleep(self) -> frozenset[int]:
        """The parties whose walled-in Chief is kept on the board (asked for every listed move's effect)."""
        return sleeping(self.held)

    @cached_property
    def _placements(self) -> dict[PlacementKey, PlacementWatch]:
        """The watches over the Chiefs an act's placed victim may wall in, by the act without its placement: filled
        as the acts are asked for, each entry a function of the fields and its key alone."""
        return {}

    def to_json(self) -> dict[str, Any]:
        return encode.state_to_json(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        # Djambi has no secrets; the view adds the words and the turn bookkeeping the page shows.
        return {**self.to_json(), "to_move": self.to_move, "turn_text": self.turn_text(), **view.page(self)}

    def describe(self, move: Move) -> str:
        return text.describe(self, move)

    def record(self, move: Move) -> str:
        return text.record(self, move)

    def turn_text(self) -> str:
        return text.turn_text(self)


def _flipped(board: bytes | bytearray, square: int, mode: WalledIn, asleep: frozenset[int]) -> bool:
    """Does the Chief on `square` change state on `board`: walled in when awake, freed when walled in?"""
    free = square == MAZE or escape(board, square, mode) is not None
    return free == (PARTY_OF[board[square]] in asleep)
