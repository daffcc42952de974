"""An independent Politrics move counter, written straight from the rules text with coordinates and dictionaries
(no engine code), checked against the engine on random positions and used to verify the move-count data file
tests/data/movecounts/politrics.json (which test_movecounts.py then checks against the engine)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from controller.games import State, load
from controller.games.playout import perft
from controller.games.politrics import Politrics, PolitricsState
from tests.strategies import states

DATA = Path(__file__).resolve().parent.parent / "data" / "movecounts" / "politrics.json"

Sq = tuple[int, int]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
STEP = {"P": ORTH + DIAG, "V": ORTH + DIAG, "M": DIAG, "D": ORTH, "C": []}
BEAT = {"P": [], "V": ORTH + DIAG, "M": DIAG, "D": ORTH, "C": []}
KINDS = "PVMDC"
DEFAULT_RULINGS = {
    "aura": "both",
    "repetitions": 3,
    "president_moves_count": False,
    "unplaceable_president": "immobilizes",
    "decisive_answer": "row",
}
SET = {"P": 1, "V": 4, "M": 4, "D": 4, "C": 4}
VALUE = {
    **dict.fromkeys([(4, 5), (5, 4), (5, 6), (6, 5)], 6),
    **dict.fromkeys([(4, 4), (4, 6), (6, 4), (6, 6)], 5),
    **dict.fromkeys([(3, 5), (5, 3), (5, 7), (7, 5)], 4),
    **dict.fromkeys([(3, 3), (3, 7), (7, 3), (7, 7)], 3),
    **dict.fromkeys([(2, 5), (5, 2), (5, 8), (8, 5)], 2),
    **dict.fromkeys([(2, 2), (2, 8), (8, 2), (8, 8)], 1),
}


def on_board(s: Sq) -> bool:
    return 1 <= s[0] <= 9 and 1 <= s[1] <= 9


def on_field(s: Sq) -> bool:
    return 2 <= s[0] <= 8 and 2 <= s[1] <= 8


def touching(a: Sq, b: Sq) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def score(board: dict[Sq, tuple[str, int]], squares: list[Sq]) -> int:
    kinds = Counter(board[s][0] for s in squares if board[s][0] != "P")
    m = max(kinds.values(), default=0)
    if (5, 5) in squares or any(board[s][0] == "P" for s in squares):
        m += 1
    return min(m, 5) * sum(VALUE.get(s, 0) for s in squares)


@dataclass
class Ref:
    """A position of the reference counter (default options only)."""

    board: dict[Sq, tuple[str, int]]
    lineup: list[dict[str, int]]
    turn: int
    target: int = 100
    totals: list[int] = field(default_factory=lambda: [0, 0])
    played_boards: int = 0
    declared: list[Sq] | None = None
    history: list[str] = field(default_factory=list)
    over: bool = False

    def key(self) -> str:
        cells = []
        for y in range(1, 10):
            for x in range(1, 10):
                k = self.board.get((x, y))
                cells.append("." if k is None else (k[0] if k[1] == 0 else k[0].lower()))
        return str(self.turn) + "".join(cells)

    def president_may_stand(self, s: Sq) -> bool:
        return on_field(s) and not any(touching(s, c) for c, (k, _) in self.board.items() if k == "C")

    def servant_may_stand(self, s: Sq) -> bool:
        return not any(touching(s, p) for p, (k, _) in self.board.items() if k == "P")

    def beats(self, seat: int) -> list[tuple[str, Sq, Sq, Sq]]:
        out = []
        for s, (k, owner) in self.board.items():
            if owner != seat or not on_field(s):
                continue
            for dx, dy in BEAT[k]:
                over, land = (s[0] + dx, s[1] + dy), (s[0] + 2 * dx, s[1] + 2 * dy)
                if over in self.board and self.board[over][1] != seat and on_board(land) and land not in self.board:
                    out.append((k, s, over, land))
        return out

    def moves(self, seat: int, president_steps: bool = True) -> list[str]:
        out = self.placements(seat) if sum(self.lineup[seat].values()) else self.steps(seat, president_steps)
        out += [f"{k}{s[0]}{s[1]}-{t[0]}{t[1]}" for k, s, _, t in self.beats(seat)]
        if self.declared is not None and seat == self.turn:
            out.append("concede")
        return out

    def placements(self, seat: int) -> list[str]:
        out = []
        for k, n in self.lineup[seat].items():
            for y in range(1, 10):
                for x in range(1, 10):
                    s = (x, y)
                    if n and s not in self.board:
                        if k == "P" and not self.president_may_stand(s):
                            continue
                        if k == "C" and not self.servant_may_stand(s):
                            continue
                        out.append(f"{k}{x}{y}")
        return out

    def steps(self, seat: int, president_steps: bool) -> list[str]:
        out = []
        for s, (k, owner) in self.board.items():
            if owner != seat or not on_field(s) or (k == "P" and not president_steps):
                continue
            for dx, dy in STEP[k]:
                t = (s[0] + dx, s[1] + dy)
                if on_board(t) and t not in self.board and (k != "P" or self.president_may_stand(t)):
                    out.append(f"{k}{s[0]}{s[1]}-{t[0]}{t[1]}")
        return out

    def immobilized(self, seat: int) -> bool:
        if self.lineup[seat]["P"] and not any(
            self.president_may_stand((x, y)) and (x, y) not in self.board for x in range(1, 10) for y in range(1, 10)
        ):
            return True
        return not self.moves(seat, president_steps=False)

    def best_run(self, seat: int) -> int:
        best = 0
        for s in self.board:
            for dx, dy in [(1, 0), (0, 1), (1, 1), (-1, 1)]:
                run: list[Sq] = []
                for i in range(5):
                    t = (s[0] + i * dx, s[1] + i * dy)
                    if t not in self.board or self.board[t][1] != seat:
                        break
                    run.append(t)
                    best = max(best, score(self.board, run))
        return best

    def end(self, winner: int | None, points: int) -> Ref:
        totals = list(self.totals)
        if winner is not None:
            totals[winner] += points
        if max(totals) >= self.target:
            return replace(self, totals=totals, over=True)
        return Ref(
            {}, [dict(SET), dict(SET)], (self.played_boards + 1) % 2, self.target, totals, self.played_boards + 1
        )

    def declare(self, text: str) -> Ref:
        """`declare AB-CD`: the row from AB to CD, scored at once unless the one who answers can beat into it."""
        me = self.turn
        ends = text.split()[1].split("-")
        a, b = (int(ends[0][0]), int(ends[0][1])), (int(ends[1][0]), int(ends[1][1]))
        dx, dy = (b[0] - a[0]) // 4, (b[1] - a[1]) // 4
        row = [(a[0] + i * dx, a[1] + i * dy) for i in range(5)]
        if not any(over in row for _, _, over, _ in self.beats(me)):
            return self.end(1 - me, score(self.board, row))
        return replace(self, declared=row)

    def beaten_ends(self, kind: str, me: int) -> bool:
        """After `me` beat a figure of `kind`: the board ends when it was the President or the other side has
        fewer than five figures but the President left on the board and in its line-up."""
        if kind == "P":
            return True
        left = sum(1 for k, o in self.board.values() if o == 1 - me and k != "P")
        left += sum(n for k, n in self.lineup[1 - me].items() if k != "P")
        return left < 5

    def play(self, text: str) -> Ref:
        """The position after `text`; a declaration is the move of the player who has just moved, `turn` answers."""
        me = self.turn
        if text == "concede":
            assert self.declared is not None
            return self.end(1 - me, score(self.board, self.declared))
        if text.startswith("declare"):
            return self.declare(text)
        assert text in self.moves(me), text
        board, lineup = dict(self.board), [dict(self.lineup[0]), dict(self.lineup[1])]
        kind = text[0]
        victim = None
        if "-" not in text:
            board[(int(text[1]), int(text[2]))] = (kind, me)
            lineup[me][kind] -= 1
        else:
            s, t = (int(text[1]), int(text[2])), (int(text[4]), int(text[5]))
            board[t] = board.pop(s)
            if max(abs(t[0] - s[0]), abs(t[1] - s[1])) == 2:
                victim = ((s[0] + t[0]) // 2, (s[1] + t[1]) // 2)
        is_step = "-" in text and victim is None
        history = [*self.history, self.key()] if is_step else []
        if victim is not None:
            beaten = board.pop(victim)
        nxt = replace(self, board=board, lineup=lineup, turn=1 - me, declared=None, history=history)
        if self.declared is not None and victim not in self.declared:
            return nxt.end(1 - me, score(board, self.declared))
        if victim is not None and nxt.beaten_ends(beaten[0], me):
            return nxt.end(me, nxt.best_run(me))
        if is_step and history.count(nxt.key()) + 1 >= 3:
            return nxt.end(None, 0)
        if nxt.immobilized(1 - me):
            return nxt.end(me, nxt.best_run(me))
        return nxt


def ref_from_json(data: dict[str, Any]) -> Ref:
    # The reference knows the default rulings only; the target may differ.
    assert {k: v for k, v in data["options"].items() if k != "target"} == DEFAULT_RULINGS
    board: dict[Sq, tuple[str, int]] = {}
    for row_index, row in enumerate(data["board"]):
        y = 9 - row_index
        for x0, c in enumerate(row):
            if c != ".":
                board[(x0 + 1, y)] = (c.upper(), 0 if c.isupper() else 1)
    lineup = [dict(zip(KINDS, counts, strict=True)) for counts in data["lineup"]]
    totals = [0, 0]
    for b in data["boards"]:
        if b["winner"] is not None:
            totals[b["winner"]] += b["points"]
    ref = Ref(board, lineup, data["turn"], data["options"].get("target", 100), totals, len(data["boards"]))
    ref.history = list(data["history"])
    if data["declared"]:
        ref = ref.play(f"declare {data['declared']}")
    return ref


def ref_position(pos: dict[str, Any]) -> Ref:
    if "state" in pos:
        return ref_from_json(pos["state"])
    ref = Ref({}, [dict(SET), dict(SET)], 0, pos.get("options", {}).get("target", 100))
    for text in pos.get("moves", []):
        ref = ref.play(text)
    return ref


def ref_perft(ref: Ref, depth: int) -> int:
    if ref.over or depth == 0:
        return 1
    moves = ref.moves(ref.turn)
    if depth == 1:
        return len(moves)
    return sum(ref_perft(ref.play(m), depth - 1) for m in moves)


# --- the reference against the engine -------------------------------------------------------------------------
def _positions() -> list[dict[str, Any]]:
    return list(json.loads(DATA.read_text())["positions"])


@pytest.mark.parametrize("pos", _positions(), ids=lambda p: p["name"])
def test_the_data_file_agrees_with_the_reference_counter(pos: dict[str, Any]) -> None:
    ref = ref_position(pos)
    for depth, count in enumerate(pos["counts"], start=1):
        assert ref_perft(ref, depth) == count, f"{pos['name']} at depth {depth}"


def test_the_data_file_covers_both_phases_beats_and_board_ends() -> None:
    names = {p["name"] for p in _positions()}
    wanted = {"start-widest-placement", "mid-placement", "seed-beats", "last-placements", "movement"}
    wanted |= {"movement-president-beaten", "declared-row", "immobilizing-beat", "incapacitating-beat", "repetition"}
    assert wanted <= names


def test_the_start_by_hand() -> None:
    # The President has the 7x7 field, the other four kinds every one of the 81 squares.
    assert perft(load("politrics").new(), 1) == 49 + 4 * 81


def test_two_plies_from_the_start_by_hand() -> None:
    # After Dark's first figure on square s, Light has 80 squares for V, M and D; the President loses s if s is on
    # the field and, after a Civil Servant, the field squares of its Aura; a Civil Servant loses the Aura of a
    # Dark President.
    def field_neighbours(x: int, y: int) -> int:
        return sum(on_field((x + dx, y + dy)) for dx, dy in ORTH + DIAG)

    def all_neighbours(x: int, y: int) -> int:
        return sum(on_board((x + dx, y + dy)) for dx, dy in ORTH + DIAG)

    total = 0
    for x in range(1, 10):
        for y in range(1, 10):
            president = 49 - on_field((x, y))
            common = 3 * 80
            # Dark places V, M or D on (x, y):
            total += 3 * (common + president + 80)
            # Dark places a Civil Servant: the President also loses the Aura on the field.
            total += common + president - field_neighbours(x, y) + 80
            if on_field((x, y)):
                # Dark places the President: Light's Civil Servants keep out of his Aura.
                total += common + president + 80 - all_neighbours(x, y)
    assert perft(load("politrics").new(), 2) == total


# The reference plays the seed's rules: the default options.
DEFAULTS: dict[str, Any] = {o.name: o.default for o in Politrics.info.options}


@settings(max_examples=25)
@given(state=states("politrics", ongoing=True, max_actions=160, **DEFAULTS))
def test_the_engine_lists_the_moves_of_the_reference(state: State) -> None:
    assert isinstance(state, PolitricsState)
    ref = ref_from_json(state.to_json())
    assert sorted(str(m) for m in state.legal_moves()) == sorted(ref.moves(ref.turn))
    for move in state.legal_moves():
        after, ref_after = state.play(move), ref.play(str(move))
        assert (after.to_move is None) == ref_after.over
        assert list(after.totals) == ref_after.totals, str(move)
        assert after.key == ref_after.key() or after.to_move is None
