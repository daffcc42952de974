"""Djambi: the Chiefs' lives and safety and the Maze, then the pieces each player commands (its own parties, and the
vassals of the Chief in power)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from controller.ai.budget import LEVELS, Cost, Level
from controller.ai.games.djambi_threats import Reach, reach
from controller.ai.games.djambi_walls import corpse_walls, enclosed, gaps, necromobiles
from controller.ai.knowledge import Knowledge
from controller.games import Move, State
from controller.games.djambi.board import (
    ASSASSIN,
    CHIEF,
    CHIEF_CODES,
    CORPSE,
    DIPLOMAT,
    EMPTY,
    KIND_OF,
    MAZE,
    MILITANT,
    NECROMOBILE,
    ORTHOGONAL,
    PARTY_OF,
    RAYS,
    REPORTER,
)
from controller.games.djambi.jsonio import state_from_json
from controller.games.djambi.moves import Act, Go, Report
from controller.games.djambi.order import N_PARTIES, VASSAL, controller, next_turn, parties_present, power_party
from controller.games.djambi.state import DjambiState
from controller.values import dataclass

# Per kind (Chief, Assassin, Reporter, Diplomat, Necromobile, Militant): what a living piece is worth.
PIECE_VALUE = (8.0, 3.0, 3.0, 2.5, 2.0, 1.0)
VASSAL_SHARE = 0.5  # a vassal piece, to the player in power: commanded only while its Chief holds the Maze
MAZE_VALUE = 3.0  # a Chief in the Maze: extra turns, and the vassals
OUT = -12.0  # a player left with no party
# A Chief an enemy piece can kill now: an enemy moving before the Chief's player gets to it takes the Chief and with
# it everything its player commands (a share of that player's score goes over to it, nearly all when the enemy moves
# next, most when another player moves in between); a Chief whose own player moves first is only in danger.
DOOMED_NEXT = 0.8
DOOMED_LATER = 0.6
THREATENED = 2.5
# Move ordering: a corpse put where it walls in an enemy Chief, or the kill of the last Necromobile that walls one in,
# ranks with a kill of that Chief.
WALLING = PIECE_VALUE[CHIEF]
# Move ordering: a killer put where it kills an enemy Chief by its next move, a Chief into the Maze (its extra turns),
# and a Chief an enemy reaches stepping away, rank above the kill of a Militant or a Necromobile (a player with two
# moves before the Chief's party takes a Chief in two: the search must weigh the first of them).
THREAT = 2.5
# The quiet-turn draw (R19) shares the game out evenly: a position this few turns from it is worth that much less
# to the leader, so a player ahead looks for the kill that keeps the game going before the count runs out.
QUIET_HORIZON = 16
_BOARD_MOVES = (Act, Go, Report)
# A think's CPU time on the development machine, fitted over positions of greedy games (5 to 1,000 moves).
COST = Cost(first_look=52e-6, playout=0.73e-3, playout_per_move=2.2e-6)


def _killer(board: bytes, chief: int, at: int, distance: int) -> bool:
    """Can the piece on `at`, first on a line `distance` + 1 squares from the Chief on `chief`, kill it by moving?"""
    kind = KIND_OF[board[at]]
    return kind in (CHIEF, ASSASSIN) or (kind == MILITANT and distance < 2 and chief != MAZE)


def _reporter_reaches(board: bytes, square: int) -> int:
    """The square of a Reporter that can step onto the empty `square` along a line (-1 when none)."""
    for ray in RAYS[square]:
        for sq in ray:
            b = board[sq]
            if b == EMPTY:
                continue
            if KIND_OF[b] == REPORTER:
                return sq
            break
    return -1


def attackers(board: bytes, chief: int) -> list[int]:
    """The squares of the pieces that could kill the Chief on `chief` by their own move (a Reporter by stepping
    beside it), whoever plays them: the first piece on each line, and Reporters reaching a square beside it."""
    found = []
    for ray in RAYS[chief]:
        for distance, sq in enumerate(ray):
            b = board[sq]
            if b == EMPTY:
                continue  # an empty Maze is passed through as well
            if b != CORPSE and _killer(board, chief, sq, distance):
                found.append(sq)
            break
    for beside in ORTHOGONAL[chief]:
        if board[beside] == EMPTY and beside != MAZE:
            sq = _reporter_reaches(board, beside)
            if sq >= 0:
                found.append(sq)
    return found


def coming_turns(state: DjambiState) -> list[int]:
    """The parties whose pieces move in the coming turns, the party to move first, on until every party with a
    turn has had one (the Chief in power's extra turns included). A Chief moves only on its own party's turn: a
    player who plays several parties does not save its Chief by moving another party's pieces."""
    board, control = state.board, state.control
    present = parties_present(board)
    waiting = {p for p in present if controller(p, control, board) is not None}
    turns: list[int] = []
    turn, cursor = state.turn, state.cursor
    while waiting and len(turns) < 3 * N_PARTIES:
        turns.append(turn)
        waiting.discard(turn)
        turn, cursor = next_turn(turn, cursor, control, board)
    return turns


@dataclass(frozen=True, slots=True)
class Danger:
    """A Chief some enemy piece can kill: `killer` is the player of the first enemy party to move before the Chief's
    own party does whose pieces can (`next`: it moves now), None when the Chief's party moves first."""

    chief: int
    owner: int
    killer: int | None
    next: bool


def dangers(state: DjambiState) -> list[Danger]:
    """The Chiefs of players still in the game that an enemy piece can kill by its own move on the board as it is."""
    board, control = state.board, state.control
    turns: list[int] | None = None  # worked out for the first Chief in reach of an enemy (most positions: none)
    found = []
    for party, byte in enumerate(CHIEF_CODES):
        sq = board.find(byte)
        owner = control[party]
        if sq < 0 or owner == VASSAL:
            continue
        reach = {PARTY_OF[board[a]] for a in attackers(board, sq)}
        enemies = {p for p in reach if controller(p, control, board) not in (owner, None)}
        if not enemies:
            continue
        if turns is None:
            turns = coming_turns(state)
        if party not in turns:
            continue
        window = turns[: turns.index(party)]
        first = next((i for i, p in enumerate(window) if p in enemies), None)
        killer = None if first is None else controller(window[first], control, board)
        found.append(Danger(sq, owner, killer, first == 0))
    return found


class DjambiKnowledge(Knowledge):
    scale = 3.0
    width = 20

    def __init__(self) -> None:
        self._targets_of: tuple[DjambiState, tuple[int, bool]] | None = None
        self._reach_of: tuple[DjambiState, Reach, int] | None = None
        self._acts_of: tuple[DjambiState, dict[int, float]] | None = None

    def level_playouts(self, level: Level, view: Mapping[str, Any]) -> int:
        # A think on an opening board (some nine hundred moves) costs a hundred times one near the end, so one count
        # per level would think far past its time on a wide board and far short of it on a narrow one.
        state = state_from_json(view)
        seat = state.to_move
        moves = len(self.moves(state, seat)) if isinstance(seat, int) else 1
        return COST.playouts(LEVELS[level], moves)

    def evaluate(self, state: State) -> tuple[float, ...]:
        values = super().evaluate(state)
        assert isinstance(state, DjambiState)
        left = state.rules.draw_turns - state.quiet
        if state.to_move is None or left >= QUIET_HORIZON:
            return values
        even = 1.0 / len(values)
        return tuple(even + (v - even) * left / QUIET_HORIZON for v in values)

    def scores(self, state: State) -> Sequence[float] | None:
        assert isinstance(state, DjambiState)
        board, control = state.board, state.control
        power = power_party(board)
        ruler = control[power] if power is not None else VASSAL
        out = [0.0] * state.seats
        for byte in board:
            party = PARTY_OF[byte]
            if party < 0:
                continue
            seat = control[party]
            if seat == VASSAL:
                if ruler != VASSAL:
                    out[ruler] += VASSAL_SHARE * PIECE_VALUE[KIND_OF[byte]]
                continue
            out[seat] += PIECE_VALUE[KIND_OF[byte]]
        if power is not None and ruler != VASSAL:
            out[ruler] += MAZE_VALUE
        self._dangers(state, out)
        return [OUT if v == 0.0 else v for v in out]

    @staticmethod
    def _dangers(state: DjambiState, out: list[float]) -> None:
        """Each Chief an enemy piece could kill before the Chief's own party moves again: its player's score passes
        in part to the first such enemy to move (four players: looking one turn ahead sees only the next player's
        kills, the others come before the Chief can flee all the same)."""
        material = list(out)
        for danger in dangers(state):
            owner = danger.owner
            if danger.killer is None:
                out[owner] -= THREATENED
                continue
            share = (DOOMED_NEXT if danger.next else DOOMED_LATER) * max(material[owner], 0.0)
            out[owner] -= share
            out[danger.killer] += share

    def avoid(self, state: State, move: Move) -> bool:
        # A piece's move is never a surrender: asked of every legal move, thousands a wide turn, without its text.
        return not isinstance(move, _BOARD_MOVES) and super().avoid(state, move)

    def family(self, move: Move) -> Hashable | None:
        # An act's piece put down elsewhere (a corpse's, or the one a Diplomat carries) is the same act to the
        # first look: the one square it tells apart, a corpse walling in an enemy Chief, ranks first of its family.
        return (move.kind, move.src, move.dst) if isinstance(move, Act) else None

    def prior(self, state: State, move: Move) -> float:
        assert isinstance(state, DjambiState)
        board = state.board
        if isinstance(move, Report):
            return sum(self._victim(state, v) for v in move.victims)
        if isinstance(move, Act):
            victim = KIND_OF[board[move.dst]]
            gap, last_necromobile = self._targets(state)
            corpse = move.src if move.kind == ASSASSIN else move.place  # a Diplomat puts down a living piece
            walls = (move.kind != DIPLOMAT and gap >> corpse & 1) or (victim == NECROMOBILE and last_necromobile)
            value = self._act(state, move.kind, move.src, move.dst)
            return value + WALLING if walls else value
        if isinstance(move, Go):
            return self._threat(state, move.kind, move.src, move.dst)
        return 0.0

    def _act(self, state: DjambiState, kind: int, src: int, dst: int) -> float:
        """An act's victim and threat, the same for every square its corpse may go to (some fifty moves each):
        worked out once per position asked about."""
        if self._acts_of is None or self._acts_of[0] is not state:
            self._acts_of = (state, {})
        acts = self._acts_of[1]
        key = (kind << 14) | (src << 7) | dst
        value = acts.get(key)
        if value is None:
            value = acts[key] = self._victim(state, dst) + self._threat(state, kind, src, dst)
        return value

    @staticmethod
    def _victim(state: DjambiState, square: int) -> float:
        """What the living piece on `square` is worth to kill, to the mover: nothing when the mover plays it (the
        rules let a piece kill its own side, and such kills, some fifty moves each with the corpse's squares, filled
        the moves an inner node weighs)."""
        board = state.board
        kind = KIND_OF[board[square]]
        if kind < 0 or controller(PARTY_OF[board[square]], state.control, board) == state.to_move:
            return 0.0
        return PIECE_VALUE[kind]

    def _threat(self, state: DjambiState, kind: int, src: int, dst: int) -> float:
        """What a piece of `kind` going from `src` to `dst` adds by threat alone: it kills an enemy Chief by its
        next move from there, it is a Chief taking the Maze, or it is the mover's Chief fleeing an enemy's reach."""
        lines, near, chiefs = self._reach(state)
        value = 0.0
        if kind == CHIEF and dst == MAZE:
            value += MAZE_VALUE
        if chiefs >> src & 1:
            value += THREAT
        if kind in (CHIEF, ASSASSIN):
            return value + THREAT if lines >> dst & 1 else value
        if kind == MILITANT and near >> dst & 1:
            return value + THREAT
        return value

    def _reach(self, state: DjambiState) -> tuple[int, int, int]:
        """For the mover, kept for the last position asked about: the squares from which its Chiefs and Assassins,
        and its Militants, kill an enemy Chief next move, and the squares of its own Chiefs an enemy piece reaches."""
        if self._reach_of is None or self._reach_of[0] is not state:
            board, control, player = state.board, state.control, state.to_move
            chased = 0
            for byte in CHIEF_CODES:
                sq = board.find(byte)
                if sq >= 0 and control[PARTY_OF[byte]] == player:
                    hunters = (controller(PARTY_OF[board[a]], control, board) for a in attackers(board, sq))
                    if any(h not in (player, None) for h in hunters):
                        chased |= 1 << sq
            assert isinstance(player, int)
            self._reach_of = (state, reach(board, control, player), chased)
        _, found, chased = self._reach_of
        return found.lines, found.near, chased

    def _targets(self, state: DjambiState) -> tuple[int, bool]:
        """For the mover: the squares where one corpse walls in an enemy Chief, and whether killing the last
        Necromobile walls one in. Asked for every move of a wide position while it is sorted, so the answer for
        the last position asked about is kept."""
        if self._targets_of is not None and self._targets_of[0] is state:
            return self._targets_of[1]
        mode = state.rules.walled_in
        board, control = state.board, state.control
        by_corpse = corpse_walls(board, mode)
        gap, last = 0, False
        for byte in CHIEF_CODES:
            sq = board.find(byte)
            if sq < 0 or control[PARTY_OF[byte]] == state.to_move:
                continue
            if by_corpse:
                gap |= gaps(board, sq, mode)
            elif not last and necromobiles(board) == 1:
                last = enclosed(board, sq, mode)
        self._targets_of = (state, (gap, last))
        return gap, last
