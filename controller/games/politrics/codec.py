"""A Politrics state read back from JSON (`PolitricsState.to_json` writes it), checking that the document
describes a position the rules can reach.

The board is nine strings, rank 9 first, file 1 to 9 left to right, in the board characters of `figures`
(`.` empty, upper case Dark, lower case Light); `history` holds the repetition keys (the seat to move followed by
the 81 board characters in square order 11, 21, .., 91, 12, ..).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from controller.games.errors import GameError, StateFormatError
from controller.games.info import Option
from controller.games.politrics.board import AURA, PLAYING, ROW_BY_ENDS, ROW_MASKS, SIZE, parse_square
from controller.games.politrics.figures import CIVIL_SERVANT, CODE, COUNTS, EMPTY, KINDS, PRESIDENT
from controller.games.politrics.match import BoardResult
from controller.games.politrics.movegen import beats, can_act
from controller.games.politrics.rules import Rules
from controller.games.politrics.state import PolitricsState

GAME = "politrics"


def _board(rows: object) -> str:
    if not isinstance(rows, list) or len(rows) != SIZE or not all(isinstance(r, str) and len(r) == SIZE for r in rows):
        raise StateFormatError("the board is a list of 9 strings of 9 characters, rank 9 first")
    board = "".join(reversed(rows))
    wrong = set(board) - set(CODE) - {EMPTY}
    if wrong:
        raise StateFormatError(
            f"the board holds {sorted(wrong)[0]!r}; use . and the letters PVMDC (Dark) pvmdc (Light)"
        )
    return board


def _lineup(data: object) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if not (
        isinstance(data, list)
        and len(data) == 2
        and all(isinstance(s, list) and len(s) == 5 and all(type(n) is int and n >= 0 for n in s) for s in data)
    ):
        raise StateFormatError("lineup is two lists (Dark, Light) of five counts: P V M D C")
    return tuple(data[0]), tuple(data[1])


def _check_position(board: str, lineup: tuple[tuple[int, ...], tuple[int, ...]], rules: Rules) -> None:
    for seat in (0, 1):
        for kind in range(5):
            on_board = sum(1 for c in board if c in CODE and CODE[c] == (kind, seat))
            if on_board + lineup[seat][kind] > COUNTS[kind]:
                raise StateFormatError(f"seat {seat} has more than {COUNTS[kind]} of kind {KINDS[kind]}")
    for sq, c in enumerate(board):
        if c in CODE and CODE[c][0] == PRESIDENT:
            if not PLAYING >> sq & 1:
                raise StateFormatError("a President stands on a retirement square")
            for n, other in enumerate(board):
                servant = other in CODE and CODE[other][0] == CIVIL_SERVANT
                if servant and AURA[n] >> sq & 1 and rules.blocks(CODE[other][1], CODE[c][1]):
                    raise StateFormatError("a President stands in the Aura of a Civil Servant")


def _boards(data: object) -> tuple[BoardResult, ...]:
    if not isinstance(data, list):
        raise StateFormatError("boards is a list of finished boards")
    out = []
    for b in data:
        try:
            winner, points = b["winner"], b["points"]
            if winner not in (None, 0, 1) or type(points) is not int:
                raise ValueError("bad winner or points")
            out.append(BoardResult(winner, points, str(b["reason"])))
        except (KeyError, TypeError, ValueError) as exc:
            raise StateFormatError(f"a finished board is {{winner, points, reason}}: {exc}") from exc
    return tuple(out)


def _check_turn(state: PolitricsState) -> None:
    """A reachable position: the seat to move can act, and a declared row is whole and open to an answer."""
    if state.over:
        return
    lay, turn = state.layout, state.turn
    if state.declared is not None:
        mask = ROW_MASKS[state.declared]
        if lay.occ[1 - turn] & mask != mask:
            raise StateFormatError("the declared row is not five figures of the player who has just moved")
        if not beats(lay, turn, mask):
            raise StateFormatError("nothing can beat into the declared row, so the board would have ended")
    if not can_act(lay, state.lineup[turn], turn, state.rules):
        raise StateFormatError("the player to move is immobilized, so the board would have ended")


def from_json(data: Mapping[str, Any], options: tuple[Option, ...]) -> PolitricsState:
    if not isinstance(data, Mapping) or data.get("game") != GAME:
        raise StateFormatError("not a Politrics state")
    try:
        given = data["options"]
        if not isinstance(given, Mapping):
            raise StateFormatError("options is an object")
        known = {o.name: o for o in options}
        unknown = set(given) - set(known)
        if unknown:
            raise StateFormatError(f"no option {sorted(unknown)[0]!r}")
        rules = Rules.of({n: o.check(given[n]) if n in given else o.default for n, o in known.items()})
        board = _board(data["board"])
        lineup = _lineup(data["lineup"])
        turn = data["turn"]
        if turn not in (0, 1) or type(turn) is not int:
            raise StateFormatError("turn is 0 (Dark) or 1 (Light)")
        _check_position(board, lineup, rules)
        declared = data["declared"]
        row = None
        if declared is not None:
            ends = str(declared).split("-")
            row = ROW_BY_ENDS.get((parse_square(ends[0]), parse_square(ends[-1])))
            if len(ends) != 2 or row is None:
                raise StateFormatError("declared is a row named by its end squares, like '35-75', or null")
        history = data["history"]
        if not isinstance(history, list) or not all(
            isinstance(k, str) and len(k) == 82 and k[0] in "01" and not set(k[1:]) - set(CODE) - {EMPTY}
            for k in history
        ):
            raise StateFormatError("history is a list of position keys (seat to move and 81 board characters)")
        state = PolitricsState(rules, board, lineup, turn, row, _boards(data["boards"]), tuple(history))
        _check_turn(state)
    except StateFormatError:
        raise
    except (KeyError, TypeError) as exc:
        raise StateFormatError(f"not a Politrics state: missing or wrong {exc}") from exc
    except GameError as exc:
        raise StateFormatError(f"not a Politrics state: {exc}") from exc
    return state
