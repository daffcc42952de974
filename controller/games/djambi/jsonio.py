"""Djambi states read back from JSON (`encode.py` writes them), checking that they are consistent."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from controller.games.djambi.board import (
    CHIEF,
    CHIEF_CODES,
    KIND_OF,
    MAZE,
    PARTIES,
    PARTY_OF,
    SQUARES,
    parse_square,
)
from controller.games.djambi.encode import TOKENS
from controller.games.djambi.order import VASSAL, alive, controller, in_game
from controller.games.djambi.rules import resolve
from controller.games.djambi.state import DjambiState
from controller.games.errors import GameError, StateFormatError
from controller.games.squares import mask

N = len(PARTIES)


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StateFormatError(f"{key!r} is a whole number from {low} to {high}, not {value!r}")
    return value


def _bool(data: Mapping[str, Any], key: str) -> bool:
    value = data[key]
    if not isinstance(value, bool):
        raise StateFormatError(f"{key!r} is true or false, not {value!r}")
    return value


def _board(raw: Any) -> bytes:
    if not isinstance(raw, Mapping):
        raise StateFormatError('"board" maps squares to pieces, like {"A9": "RC", "E5": "corpse"}')
    board = bytearray(SQUARES)
    for name, token in raw.items():
        try:
            sq = parse_square(name)
        except GameError as exc:
            raise StateFormatError(str(exc)) from exc
        if not isinstance(token, str) or token not in TOKENS:
            raise StateFormatError(f"{token!r} on {name} is not a piece: write party and kind (RC, BM...) or corpse")
        board[sq] = TOKENS[token]
    return bytes(board)


def state_from_json(data: Mapping[str, Any]) -> DjambiState:
    try:
        board = _board(data["board"])
        raw_control = data["control"]
        if not isinstance(raw_control, list) or len(raw_control) != N:
            raise StateFormatError(f'"control" lists {N} players (or null for vassals)')
        control = tuple(VASSAL if s is None else _int({"control": s}, "control", 0, N - 1) for s in raw_control)
        options = data["options"]
        if not isinstance(options, Mapping):
            raise StateFormatError('"options" is an object')
        rules = resolve(options)
        offer = data["offer"]
        accepted = data["accepted"]
        if not isinstance(accepted, list):
            raise StateFormatError('"accepted" lists players')
        raw_held = data.get("held", [None] * N)  # absent from states saved before the comeback rule
        if not isinstance(raw_held, list) or len(raw_held) != N:
            raise StateFormatError(f'"held" lists {N} players (or null)')
        held = tuple(-1 if h is None else _int({"held": h}, "held", 0, N - 1) for h in raw_held)
        state = DjambiState(
            board=board,
            control=control,
            turn=_int(data, "turn", 0, N - 1),
            cursor=_int(data, "cursor", 0, N - 1),
            rules=rules,
            quiet=_int(data, "quiet", 0, 10_000),
            offer=-1 if offer is None else _int(data, "offer", 0, N - 1),
            accepted=mask({_int({"accepted": s}, "accepted", 0, N - 1) for s in accepted}),
            offered=_bool(data, "offered"),
            agreed=_bool(data, "agreed"),
            held=held,
        )
    except KeyError as exc:
        raise StateFormatError(f"a Djambi state needs {exc.args[0]!r}") from exc
    except GameError as exc:
        if isinstance(exc, StateFormatError):
            raise
        raise StateFormatError(str(exc)) from exc
    check_consistent(state)
    return state


def check_consistent(state: DjambiState) -> None:
    """StateFormatError unless the state could arise in a game (so every rule finds what it expects)."""
    board = state.board
    for p in range(N):
        if board.count(CHIEF_CODES[p]) > 1:
            raise StateFormatError(f"{PARTIES[p]} has more than one Chief")
    if board[MAZE] >= 2 and KIND_OF[board[MAZE]] != CHIEF:
        raise StateFormatError("only a Chief (or a corpse) stays in the Maze")
    playing = in_game(state.board, state.held)
    _check_control(state, playing)
    _check_walled_in(state)
    if state.offer >= 0 and state.offer not in playing:
        raise StateFormatError("a draw offer comes from a player still in the game")
    if state.outcome() is None:
        if controller(state.turn, state.control, state.board) is None:
            raise StateFormatError(f"nobody can play {PARTIES[state.turn]}'s pieces, yet it is its turn")
        if not any(c >= 2 and PARTY_OF[c] == state.turn for c in state.board):
            raise StateFormatError(f"{PARTIES[state.turn]} has no living piece, yet it is its turn")


def _check_control(state: DjambiState, playing: Collection[int]) -> None:
    """Who plays each party: itself while its Chief lives, else a player still in the game or nobody (a vassal)."""
    for p in playing:
        if state.control[p] != p:
            raise StateFormatError(f"{PARTIES[p]}'s Chief lives, so {PARTIES[p]} plays its own pieces")
    for p, s in enumerate(state.control):
        if s not in (VASSAL, *playing):
            raise StateFormatError(f"{PARTIES[p]} is played by {PARTIES[s]}, whose Chief is dead or walled in")


def _check_walled_in(state: DjambiState) -> None:
    """Parties waiting for a walled-in Chief kept on the board by the comeback rule."""
    living = alive(state.board)
    for p, h in enumerate(state.held):
        if h < 0:
            continue
        if not state.rules.comeback:
            raise StateFormatError("only the comeback rule keeps walled-in Chiefs on the board")
        if h not in living or state.held[h] != h:
            raise StateFormatError(f"{PARTIES[p]} waits for {PARTIES[h]}'s Chief, which is not walled in")
        if state.control[p] != VASSAL:
            raise StateFormatError(f"{PARTIES[p]} waits for {PARTIES[h]}'s walled-in Chief, so it is a vassal")
        if state.board.find(CHIEF_CODES[h]) == MAZE:
            raise StateFormatError(f"{PARTIES[h]}'s Chief is in the Maze, so it is not walled in")
