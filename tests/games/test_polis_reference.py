"""An independent Polis referee, written straight from the rule text, and the engine checked against it.

The engine works on bitboards with precomputed tables; this referee works on a dict of (file, rank) squares and
walks the rules sentence by sentence. The stun rule in particular is found differently: the engine reasons about
which chariot is flanked by dogs alone, this referee tries every stun assignment and keeps the self-consistent
ones. Agreement on random positions (hypothesis) and on the move counts of tests/data/movecounts/polis.json is
what makes those counts trustworthy.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games.polis import Polis, PolisState
from tests.games.test_movecounts import position
from tests.strategies import History, histories

Sq = tuple[int, int]
Board = dict[Sq, tuple[str, str]]  # square -> (colour "B"/"R", kind "D"/"C")
COLOURS = ("B", "R")
GOAL = {"B": 0, "R": 7}
AROUND = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
LINES = [((1, 0), (-1, 0)), ((0, 1), (0, -1)), ((1, 1), (-1, -1)), ((1, -1), (-1, 1))]
DATA = Path(__file__).resolve().parent.parent / "data" / "movecounts" / "polis.json"


@dataclass(frozen=True)
class Reading:
    win_by_hop: bool = True
    stunned_arrival_wins: bool = False
    stunned_chariot_defends: bool = True
    hop_stun: str = "previous"
    mutual_stun: str = "both"


def on_board(sq: Sq) -> bool:
    return 0 <= sq[0] < 8 and 0 <= sq[1] < 8


def plus(sq: Sq, d: Sq, times: int = 1) -> Sq:
    return (sq[0] + d[0] * times, sq[1] + d[1] * times)


def chariot_of(board: Board, colour: str) -> Sq:
    (sq,) = [s for s, p in board.items() if p == (colour, "C")]
    return sq


def other(colour: str) -> str:
    return "R" if colour == "B" else "B"


def stunned_colours(board: Board, reading: Reading) -> frozenset[str]:
    """A chariot is stunned when enemy pieces stand on both sides of it along a line, a stunned chariot not
    counting. Try all four assignments and keep those that agree with themselves."""

    def flanked(colour: str, stunned: frozenset[str]) -> bool:
        sq = chariot_of(board, colour)
        for a, b in LINES:
            pa, pb = board.get(plus(sq, a)), board.get(plus(sq, b))
            if pa is None or pb is None:
                continue
            if all(p[0] != colour and not (p[1] == "C" and p[0] in stunned) for p in (pa, pb)):
                return True
        return False

    consistent = []
    for flags in itertools.product((False, True), repeat=2):
        stunned = frozenset(c for c, f in zip(COLOURS, flags, strict=True) if f)
        if all(flanked(c, stunned) == (c in stunned) for c in COLOURS):
            consistent.append(stunned)
    if len(consistent) == 1:
        return consistent[0]
    assert len(consistent) == 2, consistent  # two chariots that each flank the other
    return frozenset(COLOURS) if reading.mutual_stun == "both" else frozenset()


@dataclass(frozen=True)
class Result:
    board: Board
    stunned: frozenset[str]
    winner: str | None
    legal: bool


def referee_turn(board: Board, colour: str, before: frozenset[str], src: Sq, dst: Sq, reading: Reading) -> Result:
    after_step = dict(board)
    piece = after_step.pop(src)
    after_step[dst] = piece
    frozen = before if reading.hop_stun == "previous" else stunned_colours(after_step, reading)

    hopping: dict[Sq, Sq] = {}
    for d in AROUND:
        neighbour, target = plus(dst, d), plus(dst, d, -1)
        if neighbour not in after_step or not on_board(target) or target in after_step:
            continue
        col, kind = after_step[neighbour]
        if kind == "C" and col in frozen:
            continue
        if col != colour:
            holder = after_step.get(plus(neighbour, d))
            if holder is not None and holder[0] == col:
                holder_is_stunned_chariot = holder[1] == "C" and col in frozen
                if reading.stunned_chariot_defends or not holder_is_stunned_chariot:
                    continue
        hopping[neighbour] = target
    hopped = {hopping.get(sq, sq): p for sq, p in after_step.items()}
    assert len(hopped) == len(after_step)

    stunned = stunned_colours(hopped, reading)
    if reading.win_by_hop:
        arrived = [c for c in (colour, other(colour)) if chariot_of(hopped, c)[1] == GOAL[c]]
        winner = arrived[0] if arrived else None
    else:
        winner = colour if piece[1] == "C" and dst[1] == GOAL[colour] else None
    if winner is not None:
        exempt = reading.stunned_arrival_wins and winner == colour
        return Result(hopped, stunned, winner, exempt or not (piece[1] == "C" and colour in stunned))

    def capturer(p: tuple[str, str] | None, victim: str) -> bool:
        return p is not None and p[0] != victim and not (p[1] == "C" and p[0] in stunned)

    captured = {
        sq
        for sq, (col, kind) in hopped.items()
        if kind == "D"
        and any(capturer(hopped.get(plus(sq, a)), col) and capturer(hopped.get(plus(sq, b)), col) for a, b in LINES)
    }
    final = {sq: p for sq, p in hopped.items() if sq not in captured}
    final_stunned = stunned_colours(final, reading)
    legal = colour not in final_stunned if piece[1] == "C" else dst not in captured
    return Result(final, final_stunned, None, legal)


@dataclass(frozen=True)
class RefPosition:
    board: Board
    colour: str
    stunned: frozenset[str]
    winner: str | None
    reading: Reading

    def moves(self) -> dict[str, Result]:
        if self.winner is not None:
            return {}
        out = {}
        for src, (col, kind) in sorted(self.board.items()):
            if col != self.colour or (kind == "C" and col in self.stunned):
                continue
            for d in AROUND:
                dst = plus(src, d)
                if on_board(dst) and dst not in self.board:
                    result = referee_turn(self.board, col, self.stunned, src, dst, self.reading)
                    if result.legal:
                        out[f"{name(src)}-{name(dst)}"] = result
        return out

    def after(self, result: Result) -> RefPosition:
        return RefPosition(result.board, other(self.colour), result.stunned, result.winner, self.reading)


def name(sq: Sq) -> str:
    return f"{'abcdefgh'[sq[0]]}{sq[1] + 1}"


def from_state(state: PolisState) -> RefPosition:
    data = state.to_json()
    board = {("abcdefgh".index(k[0]), int(k[1]) - 1): (v[0], v[1]) for k, v in data["pieces"].items()}
    stunned = frozenset(c for c, f in zip(COLOURS, data["stunned"], strict=True) if f)
    winner = None if data["winner"] is None else COLOURS[data["winner"]]
    return RefPosition(board, COLOURS[data["turn"]], stunned, winner, Reading(**data["options"]))


def referee_perft(pos: RefPosition, depth: int) -> int:
    if depth == 0 or pos.winner is not None:
        return 1
    moves = pos.moves()
    if depth == 1:
        return len(moves)
    return sum(referee_perft(pos.after(r), depth - 1) for r in moves.values())


def agree(state: PolisState) -> None:
    """The engine and the referee list the same moves, and each move leads to the same position."""
    ref = from_state(state)
    ref_moves = ref.moves()
    engine_moves = {str(m): m for m in state.legal_moves()}
    assert sorted(engine_moves) == sorted(ref_moves), state.to_json()
    for text, result in ref_moves.items():
        data = state.play(engine_moves[text]).to_json()
        expect = from_state(state.play(engine_moves[text]))
        assert (expect.board, expect.stunned, expect.winner) == (result.board, result.stunned, result.winner), (
            text,
            data,
        )


# --- random positions ----------------------------------------------------------------------------------------
@st.composite
def positions(draw: Any) -> PolisState:
    """Crowded random boards (where hops, defences, captures and stuns happen), under random options."""
    bc = draw(st.integers(8, 63))  # not yet on their goal ranks
    rc = draw(st.integers(0, 55).filter(lambda s: s != bc))
    rest = [s for s in draw(st.permutations(range(64))) if s not in (bc, rc)]
    blue_n, red_n = draw(st.integers(0, 15)), draw(st.integers(0, 15))
    pieces = {name((bc % 8, bc // 8)): "BC", name((rc % 8, rc // 8)): "RC"}
    for s in rest[:blue_n]:
        pieces[name((s % 8, s // 8))] = "BD"
    for s in rest[blue_n : blue_n + red_n]:
        pieces[name((s % 8, s // 8))] = "RD"
    options = {
        "win_by_hop": draw(st.booleans()),
        "stunned_arrival_wins": draw(st.booleans()),
        "stunned_chariot_defends": draw(st.booleans()),
        "hop_stun": draw(st.sampled_from(["previous", "current"])),
        "mutual_stun": draw(st.sampled_from(["both", "neither"])),
    }
    data = {"game": "polis", "pieces": pieces, "turn": draw(st.integers(0, 1)), "winner": None, "options": options}
    return Polis().from_json(data)


@settings(max_examples=150)
@given(positions())
def test_engine_agrees_with_the_referee_on_random_boards(state: PolisState) -> None:
    agree(state)


@settings(max_examples=10)
@given(history=histories("polis", max_actions=40, ongoing=True))
def test_engine_agrees_with_the_referee_along_a_game(history: History) -> None:
    for state in history.states:
        assert isinstance(state, PolisState)
        agree(state)


def test_referee_sees_a_mutual_stun_as_two_readings() -> None:
    # RD BC RC BD on one rank: each chariot is flanked only with the other's help.
    board: Board = {(2, 3): ("R", "D"), (3, 3): ("B", "C"), (4, 3): ("R", "C"), (5, 3): ("B", "D")}
    assert stunned_colours(board, Reading(mutual_stun="both")) == {"B", "R"}
    assert stunned_colours(board, Reading(mutual_stun="neither")) == frozenset()


# --- the move-count data, counted by the referee -----------------------------------------------------------
def _data_positions() -> list[dict[str, Any]]:
    doc = json.loads(DATA.read_text())
    assert doc["game"] == "polis"
    return list(doc["positions"])


@pytest.mark.parametrize("pos", _data_positions(), ids=lambda p: p["name"])
def test_move_count_data_matches_the_referee(pos: dict[str, Any]) -> None:
    state = position("polis", pos)
    assert isinstance(state, PolisState)
    ref = from_state(state)
    # Depth 3 by the referee takes seconds per busy position; the data holds it for the ones marked "referee_depth".
    for depth in range(1, pos.get("referee_depth", 2) + 1):
        assert referee_perft(ref, depth) == pos["counts"][depth - 1], f"{pos['name']} at depth {depth}"
