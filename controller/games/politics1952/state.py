"""A position of Politics (1952) and the turn flow: throw for the first player, roll, claim counties, speech cards,
tabulations and eliminations. docs/rules/politics1952.md gives each ruling with the seed's words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from controller.games.api import JSON, State
from controller.games.errors import IllegalMoveError
from controller.games.moves import Move
from controller.games.outcome import Outcome, Termination
from controller.games.physical import Effect, NearMiss, Piece
from controller.games.politics1952 import display, encode, pins
from controller.games.politics1952.data import BY_ABBR, CARD, GROUP_COLOURS, IN_GROUP, STATES
from controller.games.politics1952.moves import FACES, SEAT_NAMES, Claim, FirstPlayer, Pass, PlayCard, Roll, make_roll
from controller.games.politics1952.position import Phase
from controller.games.politics1952.votes import Board, is_closed, tabulate, tally
from controller.games.rng import draw
from controller.games.turns import CHANCE, ToMove
from controller.values import dataclass

# The white dice are unordered, so a throw of 3 and 1 is one outcome with twice the chance of a double.
ROLL_OUTCOMES: tuple[tuple[Move, float], ...] = tuple(
    (Roll(g, h, lo), (1 if h == lo else 2) / FACES**3)
    for g in range(1, FACES + 1)
    for h in range(1, FACES + 1)
    for lo in range(1, h + 1)
)


@dataclass(frozen=True, slots=True)
class PoliticsState(State):
    n: int
    rng: int
    phase: Phase
    turn: int  # the seat whose turn it is; -1 until the first player is known
    active: tuple[int, ...]  # candidates not eliminated, ascending
    board: Board  # per state (data order): its pins, see pins.py
    hands: tuple[tuple[int, ...], ...]  # per seat: speech cards still held
    played: tuple[tuple[int, ...], ...]  # per seat: speech cards played, in order
    dice: Roll | None = None  # this turn's throw
    left: int = 0  # counties of this turn's throw still to place
    card_played: bool = False  # a speech card was played this turn
    tabulations: tuple[tuple[int, ...], ...] = ()  # votes per seat at each tabulation so far
    winner: int | None = None

    # --- the API's questions -------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self.n

    @property
    def to_move(self) -> ToMove:
        if self.phase is Phase.PLAY:
            return self.turn
        return None if self.phase is Phase.OVER else CHANCE

    def pieces(self) -> Mapping[int, Piece]:
        # The pins are virtual: the LEDs and the page show them, no piece stays on the board.
        return {}

    def marks(self) -> Mapping[int, int]:
        """The pins are virtual, so the LEDs show them: each state's leader, the counties left to place, the seats
        still in the game (display.py)."""
        return display.marks(self)

    def signs(self) -> Mapping[int, str]:
        """Squares in a colour of the game's own: the coloured die, "board closed" (display.py)."""
        return display.signs(self)

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        votes = self.tabulations[-1]
        reason = f"{seat_name(self.winner)} is elected President with {votes[self.winner]} electoral votes"
        return Outcome((self.winner,), reason, votes, termination=Termination.ELECTION)

    # --- derived facts the page and the LEDs show ----------------------------------------------------------
    def claimable(self) -> tuple[int, ...]:
        """States (indices) where the seat to move may place a dice county now."""
        if self.phase is not Phase.PLAY or self.dice is None or self.left == 0:
            return ()
        return tuple(i for i in IN_GROUP[self.dice.group] if not pins.is_locked(self.board[i]))

    def may_play_card(self) -> bool:
        return self.phase is Phase.PLAY and not self.card_played and bool(self.hands[self.turn])

    def is_closed(self) -> bool:
        return is_closed(self.board)

    def tally(self) -> tuple[int, ...]:
        return tally(self.board, self.n)

    def leader(self, abbr: str) -> int | None:
        return pins.leader(self.board[BY_ABBR[abbr].index])

    # --- chance --------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        if self.phase is Phase.FIRST:
            return tuple((FirstPlayer(s), 1 / self.n) for s in range(self.n))
        if self.phase is Phase.ROLL:
            return ROLL_OUTCOMES
        raise IllegalMoveError("nothing is left to chance here")

    def sample_chance(self) -> Move:
        return self._draw()[0]

    def _draw(self) -> tuple[Move, int]:
        """The outcome the state's generator gives and the generator after it. Physical dice entered instead use
        up the same draws, so a game replays the same whichever way its throws were made."""
        if self.phase is Phase.FIRST:
            seat, rng = draw(self.rng, self.n)
            return FirstPlayer(seat), rng
        if self.phase is Phase.ROLL:
            group, rng = draw(self.rng, FACES)
            white_a, rng = draw(rng, FACES)
            white_b, rng = draw(rng, FACES)
            return make_roll(group + 1, white_a + 1, white_b + 1), rng
        raise IllegalMoveError("nothing is left to chance here")

    # --- legality ------------------------------------------------------------------------------------------
    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        if self.phase in (Phase.FIRST, Phase.ROLL):
            return tuple(m for m, _ in self.chance_outcomes()) if seat is None else ()
        if self.phase is not Phase.PLAY or (seat is not None and seat != self.turn):
            return ()
        moves: list[Move] = [Claim(STATES[i].abbr) for i in self.claimable()]
        if self.may_play_card():
            must_place = bool(moves)
            moves.extend(PlayCard(c) for c in self.hands[self.turn])
            if not must_place:
                moves.append(Pass())
        return tuple(moves)

    def check(self, move: Move, seat: int | None = None) -> None:
        """Raise IllegalMoveError, saying why, unless `move` may be made now (by `seat`, if given)."""
        reason = self._why_illegal(move, seat)
        if reason is not None:
            square = BY_ABBR[move.state].square if isinstance(move, Claim) else None
            raise IllegalMoveError(reason, frozenset() if square is None else frozenset({square}))

    def _why_illegal(self, move: Move, seat: int | None) -> str | None:
        if self.phase is Phase.OVER:
            return "the game is over"
        if isinstance(move, FirstPlayer | Roll):
            return self._why_not_chance(move)
        if self.phase is not Phase.PLAY:
            return "throw the dice first" if self.phase is Phase.ROLL else "throw for the first player first"
        if seat is not None and seat != self.turn:
            return f"it is {seat_name(self.turn)}'s turn, not {seat_name(seat)}'s"
        if isinstance(move, Claim):
            return self._why_not_claim(move)
        if isinstance(move, PlayCard):
            if self.card_played:
                return "only one speech card may be played in a turn"
            if move.number not in self.hands[self.turn]:
                return f"{seat_name(self.turn)} does not hold speech card {move.number}"
            return None
        if isinstance(move, Pass):
            if self.claimable():
                return f"place the dice counties first: {self.left} left"
            return None
        return f"{move} is not a Politics move"

    def _why_not_chance(self, move: FirstPlayer | Roll) -> str | None:
        if isinstance(move, FirstPlayer):
            if self.phase is not Phase.FIRST:
                return "the first player is already known"
            if not 0 <= move.seat < self.n:
                return f"the seats are numbered 0 to {self.n - 1}, not {move.seat}"
            return None
        if self.phase is not Phase.ROLL:
            return "the dice are not to be thrown now"
        return None

    def _why_not_claim(self, move: Claim) -> str | None:
        state = BY_ABBR[move.state]
        if self.left == 0:
            return "no county of this turn's throw is left to place"
        assert self.dice is not None
        if state.group != self.dice.group:
            colour = GROUP_COLOURS[self.dice.group].colour
            return f"{state.name} is in group {state.group}; the coloured die shows {self.dice.group} ({colour})"
        holder = pins.capital(self.board[state.index])
        if holder is not None:
            who = "you hold" if holder == self.turn else f"{seat_name(holder)} holds"
            return f"{who} the capital of {state.name}: no more counties can be taken there"
        return None

    # --- playing -------------------------------------------------------------------------------------------
    def play(self, move: Move) -> PoliticsState:
        self.check(move)
        if isinstance(move, FirstPlayer):
            return replace(self, rng=self._draw()[1], phase=Phase.ROLL, turn=move.seat)
        if isinstance(move, Roll):
            return self._thrown(move)
        if isinstance(move, Claim):
            i = BY_ABBR[move.state].index
            claimed = pins.claim(self.board[i], self.turn)
            assert claimed is not None
            board = (*self.board[:i], claimed, *self.board[i + 1 :])
            return replace(self, board=board, left=self.left - 1)._settled()
        if isinstance(move, PlayCard):
            return self._card_played(move.number)._settled()
        return self._turn_passed()

    def _thrown(self, roll: Roll) -> PoliticsState:
        state = replace(self, rng=self._draw()[1], dice=roll)
        # The seed: doubles on a closed board stop the game "before he makes his play" and the votes are counted.
        if roll.doubles and self.is_closed():
            result = tabulate(self.board, self.active, self.n)
            state = replace(state, tabulations=(*self.tabulations, result.votes))
            if result.winner is not None:
                return replace(state, phase=Phase.OVER, winner=result.winner)
            if result.eliminated:
                board = tuple(pins.without(lines, result.eliminated) for lines in self.board)
                active = tuple(s for s in self.active if s not in result.eliminated)
                state = replace(state, board=board, active=active)
                if self.turn in result.eliminated:
                    return state._turn_passed()
        # Ruling: a candidate who survives the count then makes his play with the same throw.
        return replace(state, phase=Phase.PLAY, left=roll.counties, card_played=False)._settled()

    def _card_played(self, number: int) -> PoliticsState:
        seat = self.turn
        board = list(self.board)
        for i, count in CARD[number].counties:
            for _ in range(count):
                claimed = pins.claim(board[i], seat)
                if claimed is None:  # the seed: a captured state's counties on the card are lost
                    break
                board[i] = claimed
        hands = list(self.hands)
        hands[seat] = tuple(c for c in self.hands[seat] if c != number)
        played = list(self.played)
        played[seat] = (*self.played[seat], number)
        return replace(self, board=tuple(board), hands=tuple(hands), played=tuple(played), card_played=True)

    def _settled(self) -> PoliticsState:
        """End the turn once the seat has nothing left to decide: counties that cannot be placed are lost."""
        if self.claimable() or self.may_play_card():
            return self
        return self._turn_passed()

    def _turn_passed(self) -> PoliticsState:
        # The seed: "The play proceeds to the left", skipping eliminated candidates.
        nxt = next(s for k in range(1, self.n + 1) if (s := (self.turn + k) % self.n) in self.active)
        return replace(self, phase=Phase.ROLL, turn=nxt, dice=None, left=0, card_played=False)

    # --- the physical board --------------------------------------------------------------------------------
    def effect(self, move: Move) -> Effect:
        """A county is claimed by setting a piece on the state's square and lifting it again; nothing else
        touches the board (throws and speech cards are entered on the page or the phone)."""
        self.check(move)
        if isinstance(move, Claim):
            return Effect(decision_touch=frozenset({BY_ABBR[move.state].square}))
        return Effect()

    def near_misses(self) -> tuple[NearMiss, ...]:
        if self.phase is not Phase.PLAY:
            return ()
        out = []
        for state in STATES:
            move = Claim(state.abbr)
            reason = self._why_illegal(move, None)
            if reason is not None:
                touch = frozenset({state.square})
                out.append(NearMiss(move, Effect(decision_touch=touch), reason, touch))
        return tuple(out)

    # --- words for the page --------------------------------------------------------------------------------
    def describe(self, move: Move) -> str:
        if isinstance(move, FirstPlayer):
            return f"{seat_name(move.seat)} throws highest and begins"
        if isinstance(move, Roll):
            colour = GROUP_COLOURS[move.group].colour
            return f"Coloured die {move.group} ({colour}), white dice {move.high} and {move.low}"
        if isinstance(move, Claim):
            state = BY_ABBR[move.state]
            if pins.line_of(self.board[state.index], self.turn) == state.lines - 1:
                return f"Take the capital of {state.name}, winning it outright"
            return f"Capture a county in {state.name}"
        if isinstance(move, PlayCard):
            card = CARD[move.number]
            counties = ", ".join(f"{STATES[i].abbr} {k}" for i, k in card.counties)
            return f"Play speech card {card.number}, {card.theme}: {counties}"
        if isinstance(move, Pass):
            return "End the turn without a speech card"
        return str(move)

    def turn_text(self) -> str:
        if self.phase is Phase.OVER:
            result = self.outcome()
            assert result is not None
            return result.reason
        if self.phase is Phase.FIRST:
            return "Everyone throws the two white dice; the highest throw begins"
        name = seat_name(self.turn)
        if self.phase is Phase.ROLL:
            return f"{name}: throw the dice"
        if self.claimable():
            assert self.dice is not None
            colour = GROUP_COLOURS[self.dice.group].colour
            return f"{name}: place {self.left} counties in group {self.dice.group} ({colour})"
        return f"{name}: play a speech card or pass"

    # --- JSON ----------------------------------------------------------------------------------------------
    def to_json(self) -> JSON:
        return encode.encode(self)

    def view(self, seat: int | None) -> JSON:
        return encode.encode_view(self, seat)


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat]
