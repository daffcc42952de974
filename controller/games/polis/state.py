"""A Polis position: dogs as one bitboard per seat, chariot squares, stun flags, whose turn, the winner."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from controller.games.api import State
from controller.games.errors import IllegalMoveError
from controller.games.moves import Move
from controller.games.outcome import Outcome, Termination
from controller.games.physical import Effect, NearMiss, Piece, Step
from controller.games.polis import words
from controller.games.polis.board import GOAL_RANK, NAMES, NEIGHBOUR_MASK, PHYSICAL, SEAT_NAMES, STEPS
from controller.games.polis.moves import PolisMove
from controller.games.polis.pieces import CHARIOT, CODES, DOG, PIECES
from controller.games.polis.rules import DEFAULT_RULES, Rules
from controller.games.polis.turn import Turn, resolve
from controller.games.squares import squares_of
from controller.values import dataclass

Analysis = tuple[dict[PolisMove, Turn], tuple[Turn, ...]]
# Moves are values: one shared object per (src, dst) spares building them again for every position.
_MOVES = tuple({d: PolisMove(PHYSICAL[s], PHYSICAL[d]) for d in STEPS[s]} for s in range(64))


# Not slotted: the positions derived once per state are `cached_property`s, kept in the instance's own dict. They
# are functions of the frozen fields alone, so they can never go stale, and they are no part of the value.
@dataclass(frozen=True)
class PolisState(State):
    """`dogs` are bitboards (square = rank * 8 + file); `stunned` says which chariots were stunned at the end of the
    previous turn, which is what the hops of this turn go by. `winner` is set once a chariot has arrived."""

    dogs: tuple[int, int]
    chariots: tuple[int, int]
    stunned: tuple[bool, bool]
    turn: int
    winner: int | None = None
    rules: Rules = DEFAULT_RULES

    # --- the game API ------------------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return 2

    @property
    def to_move(self) -> int | None:
        return None if self.outcome() is not None else self.turn

    def outcome(self) -> Outcome | None:
        if self.winner is not None:
            goal = GOAL_RANK[self.winner] + 1
            reason = f"{SEAT_NAMES[self.winner]}'s chariot reached rank {goal}"
            return Outcome((self.winner,), reason, termination=Termination.GOAL)
        if not self.analysis()[0]:
            return Outcome(
                (1 - self.turn,), f"{SEAT_NAMES[self.turn]} has no legal move", termination=Termination.NO_MOVE
            )
        return None

    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        if self.winner is not None or (seat is not None and seat != self.turn):
            return ()
        return tuple(self.analysis()[0])

    def play(self, move: Move) -> PolisState:
        turn = self._resolved(move)
        return PolisState(turn.dogs, turn.chariots, turn.stunned, 1 - turn.seat, turn.winner, self.rules)

    def effect(self, move: Move) -> Effect:
        turn = self._resolved(move)
        steps: list[Step] = []
        landed = 0
        for n, t in turn.hops:
            gone = turn.captured >> t & 1
            steps.append(Step(self.piece_at(n), PHYSICAL[n], None if gone else PHYSICAL[t]))
            landed |= 1 << t
        steps.extend(Step(self.piece_at(c), PHYSICAL[c], None) for c in squares_of(turn.captured & ~landed))
        # A hop into the square the mover left makes that square end as it began: it must be seen touched, or the
        # board after this turn is the same as after the hopping piece's own step to the mover's square (whose
        # hop sends the mover into it), and the board would ask which of the two was played.
        touch = frozenset({PHYSICAL[turn.src]}) if landed >> turn.src & 1 else frozenset()
        return Effect(decision=(self._decision(turn.src, turn.dst),), chores=tuple(steps), chore_touch=touch)

    def near_misses(self) -> tuple[NearMiss, ...]:
        """Steps to an empty square the rules forbid: the mover would be captured or stunned, or it is a stunned
        chariot. Each comes with the step as its decision and the squares of the pieces responsible."""
        if self.winner is not None:
            return ()
        out = []
        for turn in self.analysis()[1]:
            reason, squares = words.refusal(self, turn)
            effect = Effect(decision=(self._decision(turn.src, turn.dst),))
            out.append(NearMiss(PolisMove(PHYSICAL[turn.src], PHYSICAL[turn.dst]), effect, reason, squares))
        me = self.turn
        if self.stunned[me]:
            src = self.chariots[me]
            reason, squares = words.stuck(self, me)
            for dst in STEPS[src]:
                if not self.occupied() >> dst & 1:
                    effect = Effect(decision=(self._decision(src, dst),))
                    out.append(NearMiss(PolisMove(PHYSICAL[src], PHYSICAL[dst]), effect, reason, squares))
        return tuple(out)

    def pieces(self) -> Mapping[int, Piece]:
        return dict(self._pieces)

    @cached_property
    def _pieces(self) -> dict[int, Piece]:
        found: dict[int, Piece] = {}
        for seat in (0, 1):
            for s in squares_of(self.dogs[seat]):
                found[PHYSICAL[s]] = PIECES[DOG, seat]
            found[PHYSICAL[self.chariots[seat]]] = PIECES[CHARIOT, seat]
        return found

    def describe(self, move: Move) -> str:
        return words.describe(self, self._resolved(move))

    def record(self, move: Move) -> str:
        return self.annotated(move)

    def annotated(self, move: Move) -> str:
        """The move with what it does, for the move list: 'b7-c6 (hops c7>c5, d6>b6; captures e5)'."""
        return words.annotate(self, self._resolved(move))

    def turn_text(self) -> str:
        text = State.turn_text(self)  # zero-argument super() fails in a slots dataclass
        if self.to_move is not None and self.stunned[self.turn]:
            return f"{text} (its chariot is stunned)"
        return text

    def to_json(self) -> dict[str, Any]:
        """The pieces by square in the seed's own spelling (BD, BC, RD, RC); the codec reads it back."""
        pieces: dict[int, str] = {}
        for seat in (0, 1):
            for s in squares_of(self.dogs[seat]):
                pieces[s] = CODES[DOG, seat]
            pieces[self.chariots[seat]] = CODES[CHARIOT, seat]
        return {
            "game": "polis",
            "pieces": {NAMES[s]: pieces[s] for s in sorted(pieces)},
            "turn": self.turn,
            "stunned": list(self.stunned),
            "winner": self.winner,
            "options": self.rules.to_options(),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.to_json()  # nothing in Polis is secret

    # --- board queries ---------------------------------------------------------------------------------------
    def occupied(self) -> int:
        """The 64-bit occupancy of the Polis board."""
        return self.dogs[0] | self.dogs[1] | (1 << self.chariots[0]) | (1 << self.chariots[1])

    def piece_at(self, sq: int) -> Piece:
        """The piece on Polis square `sq` (0..63); KeyError when it is empty."""
        for seat in (0, 1):
            if self.dogs[seat] >> sq & 1:
                return PIECES[DOG, seat]
            if self.chariots[seat] == sq:
                return PIECES[CHARIOT, seat]
        raise KeyError(sq)

    # --- resolution ------------------------------------------------------------------------------------------
    def analysis(self) -> Analysis:
        """Every step the seat to move could make, resolved once per position (listing the moves, playing one and
        explaining a refusal all need it): the legal ones by move, and the refused ones (the mover would be captured
        or stunned)."""
        return self._analysis

    @cached_property
    def _analysis(self) -> Analysis:
        legal: dict[PolisMove, Turn] = {}
        refused: list[Turn] = []
        me, dogs, chariots, stunned, rules = self.turn, self.dogs, self.chariots, self.stunned, self.rules
        empty = ~self.occupied()
        sources = squares_of(dogs[me])
        if not stunned[me]:
            sources.append(chariots[me])
            sources.sort()
        for src in sources:
            if not NEIGHBOUR_MASK[src] & empty:
                continue
            for dst, move in _MOVES[src].items():
                if empty >> dst & 1:
                    turn = resolve(dogs, chariots, stunned, me, src, dst, rules)
                    if turn.legal:
                        legal[move] = turn
                    else:
                        refused.append(turn)
        return (legal, tuple(refused))

    def _resolved(self, move: Move) -> Turn:
        if self.winner is not None:
            outcome = self.outcome()
            assert outcome is not None
            raise IllegalMoveError(f"the game is over: {outcome.reason}")
        if not isinstance(move, PolisMove):
            raise IllegalMoveError(f"{move!s} is not a Polis move")
        turn = self.analysis()[0].get(move)
        if turn is None:
            raise words.refusal_error(self, move)
        return turn

    def _decision(self, src: int, dst: int) -> Step:
        return Step(self.piece_at(src), PHYSICAL[src], PHYSICAL[dst])
