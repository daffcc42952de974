"""Djambi move counts checked against an independent brute-force counter.

The counter below shares no code with the engine's move generation: it walks every (piece, target square) pair with
plain coordinate geometry and counts the choices each act offers (corpse squares, Maze exits) without building moves.
It checks the engine at depth 1 on drawn positions, and the move-count data file at depths 1 and 2 (depth 2 as the
sum of the counter over the engine's children).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from controller.games import State
from controller.games.djambi import Djambi
from controller.games.djambi.diagram import position
from controller.games.djambi.state import DjambiState
from tests.bench.test_djambi_bench import POSITIONS
from tests.games.test_djambi_properties import djambi_states
from tests.games.test_movecounts import position as data_position

GAME = Djambi()
DATA = Path(__file__).resolve().parent.parent / "data" / "movecounts" / "djambi.json"
CENTRE = (4, 4)
C, A, R, D, N, M = range(6)


def _decode(code: int) -> tuple[int, int] | None:
    """(party, kind) of a living piece's byte, None for empty squares and corpses."""
    return None if code < 2 else divmod(code - 2, 6)


def _at(board: bytes, f: int, r: int) -> int:
    return board[r * 9 + f]


def _clear(
    board: bytes,
    a: tuple[int, int],
    b: tuple[int, int],
    vacated: tuple[int, int] | None = None,
    filled: tuple[int, int] | None = None,
) -> bool:
    """a and b on one line with every square strictly between them empty once `vacated` is left and `filled` taken."""
    df, dr = b[0] - a[0], b[1] - a[1]
    if (df, dr) == (0, 0) or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
        return False
    n = max(abs(df), abs(dr))
    between = [(a[0] + i * (df // n), a[1] + i * (dr // n)) for i in range(1, n)]
    return all((_at(board, *q) == 0 or q == vacated) and q != filled for q in between)


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def count(state: DjambiState) -> int:
    """The number of legal actions, counted from the rules (docs/rules/djambi.md) by brute force."""
    if state.outcome() is not None:
        return 0
    if state.offer >= 0:
        return 2
    rules = state.rules
    total = _Counter(state).board_moves()
    return (total or 1) + (rules.draw_offers and not state.offered) + 1  # the last: resign


class _Counter:
    """The board moves of the seat to move, counted piece by piece and target square by target square."""

    def __init__(self, state: DjambiState) -> None:
        self.state = state
        self.board, self.rules, self.seat = state.board, state.rules, state.to_move
        power = _decode(self.board[40])
        self.power_party = power[0] if power and power[1] == C else None
        self.mine = {p for p in range(4) if self.plays(p) == self.seat}
        immune = self.rules.sleeping_vassals == "immune"
        self.untouchable = {p for p in range(4) if self.plays(p) is None and immune}
        self.squares = [(f, r) for r in range(9) for f in range(9)]
        self.chiefs = [s for s in self.squares if (_decode(_at(self.board, *s)) or (0, -1))[1] == C]
        self.empty = [s for s in self.squares if _at(self.board, *s) == 0 and s != CENTRE]

    def plays(self, party: int) -> int | None:
        s = self.state.control[party]
        return s if s >= 0 else (None if self.power_party is None else self.state.control[self.power_party])

    def killable(self, code: int) -> bool:
        piece = _decode(code)
        if piece is None or piece == (self.seat, C) or piece[0] in self.untouchable:
            return False
        return self.rules.kill_own or piece[0] not in self.mine

    def enemy(self, code: int) -> bool:
        piece = _decode(code)
        return piece is not None and piece[0] not in self.mine and piece[0] not in self.untouchable

    def exits(self, vacated: tuple[int, int] | None, filled: tuple[int, int]) -> int:
        """Squares the actor in the Maze may leave to once `vacated` is empty and `filled` occupied."""
        board = self.board
        return sum(
            1
            for q in self.squares
            if q not in (CENTRE, filled)
            and (_at(board, *q) == 0 or q == vacated)
            and _clear(board, CENTRE, q, vacated, filled)
        )

    def board_moves(self) -> int:
        board, state = self.board, self.state
        total = 0
        for src in self.squares:
            piece = _decode(_at(board, *src))
            if piece is None or piece[0] != state.turn:
                continue
            kind = piece[1]
            if kind == C and state.held[piece[0]] == piece[0]:
                continue  # a walled-in Chief kept by the comeback rule does not act
            for dst in self.squares:
                if not _clear(board, src, dst) or (kind == M and _distance(src, dst) > 2):
                    continue
                target = _at(board, *dst)
                total += self.steps(kind, src, dst) if target == 0 else self.acts(kind, src, dst, target)
        return total

    def steps(self, kind: int, src: tuple[int, int], dst: tuple[int, int]) -> int:
        """The moves of a piece of `kind` from `src` onto the empty square `dst`."""
        if dst == CENTRE:
            return int(kind == C)
        if kind != R:
            return 1
        around = [(dst[0] + df, dst[1] + dr) for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        near = [q for q in around if 0 <= q[0] < 9 and 0 <= q[1] < 9 and q != src]
        if self.rules.reporter == "one":
            return 1 + sum(self.killable(_at(self.board, *q)) for q in near)
        return 1

    def acts(self, kind: int, src: tuple[int, int], dst: tuple[int, int], target: int) -> int:
        """The acts of a piece of `kind` from `src` on the piece or corpse `target` on `dst`."""
        board, rules, empty = self.board, self.rules, self.empty
        # Every empty square but the Maze, and the actor's origin unless it is the Maze (a Chief in power
        # leaving it); the Maze itself only for a Chief, once empty.
        places = len(empty) + (src != CENTRE)
        maze_open = _at(board, *CENTRE) == 0 or src == CENTRE
        total = 0
        if target == 1:
            if kind == N:
                total += places if dst != CENTRE else sum(self.exits(src, p) for p in [*empty, src])
        elif kind in (C, M):
            if self.killable(target) and not (kind == M and dst == CENTRE):
                fresh_chief = _decode(target)[1] == C and maze_open and dst != CENTRE  # type: ignore[index]
                total += places + (fresh_chief and rules.chief_corpse_to_maze)
        elif kind == A and self.killable(target):
            total += 1 if dst != CENTRE else self.exits(None, src)
            if dst == CENTRE and rules.master_moves:
                # Leaving the Maze onto another Chief in a straight line and killing it.
                total += sum(1 for q in self.chiefs if self.killable(_at(board, *q)) and _clear(board, CENTRE, q))
        elif kind == D and self.enemy(target):
            total += self.diplomat(src, dst, target, places, maze_open)
        return total

    def diplomat(self, src: tuple[int, int], dst: tuple[int, int], target: int, places: int, maze_open: bool) -> int:
        """A Diplomat's acts on the enemy piece `target` on `dst`."""
        board, empty = self.board, self.empty
        if dst != CENTRE:
            return places + (_decode(target)[1] == C and maze_open)  # type: ignore[index]
        total = sum(self.exits(src, p) for p in [*empty, src])
        if self.rules.master_moves:
            total += sum(
                1
                for p in [*empty, src]
                for q in self.chiefs
                if q != CENTRE and self.enemy(_at(board, *q)) and _clear(board, CENTRE, q, src, p)
            )
        return total


def test_the_counter_agrees_with_hand_counts() -> None:
    # Start without own kills: 30 moves (see test_djambi_pieces), the draw offer and resigning.
    assert count(GAME.new(kill_own=False)) == 32
    # Red plays Blue's last piece, a Militant on C2 with nothing within reach: 13 squares, draw offer, resigning.
    alone = position({"A9": "RC", "I1": "YC", "A1": "GC", "C2": "BM", "I9": "xx"}, control=(0, 0, 2, 3), turn=1)
    assert count(alone) == len(alone.legal_moves()) == 13 + 2


@settings(max_examples=25)
@given(state=djambi_states(max_actions=120))
def test_engine_and_brute_force_count_the_same_moves(state: State) -> None:
    assert isinstance(state, DjambiState)
    assert len(state.legal_moves()) == count(state)


def _positions() -> list[dict[str, Any]]:
    return list(json.loads(DATA.read_text())["positions"])


@pytest.mark.parametrize("pos", _positions(), ids=lambda p: p["name"])
def test_move_count_data_matches_the_brute_force_counter(pos: dict[str, Any]) -> None:
    state = data_position("djambi", pos)
    assert isinstance(state, DjambiState)
    counts = pos["counts"]
    assert count(state) == counts[0]
    if len(counts) > 1 and counts[0] <= 1000:
        assert sum(count(state.play(m)) for m in state.legal_moves()) == counts[1]


@pytest.mark.parametrize("name", POSITIONS)
def test_the_benchmarks_widest_positions_count_the_same(name: str) -> None:
    state, expected = POSITIONS[name]
    assert count(state) == len(state.legal_moves()) == expected
