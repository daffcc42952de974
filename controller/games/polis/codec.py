"""Polis states read back from JSON (`PolisState.to_json` writes them): the pieces by square in the seed's own
spelling (BD, BC, RD, RC), whose turn, the stun flags, the winner and the options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from controller.games.errors import SetupError, StateFormatError
from controller.games.info import GameInfo
from controller.games.polis.board import BY_NAME, GOAL_RANK, SEAT_NAMES, rank_of
from controller.games.polis.pieces import BY_CODE, DOG
from controller.games.polis.rules import Rules
from controller.games.polis.state import PolisState
from controller.games.polis.turn import stuns
from controller.games.squares import squares_of

MAX_DOGS = 15


def _seat(value: object, what: str, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if type(value) is not int or value not in (0, 1):  # not 1.0 nor True: a JSON state has plain integers
        raise StateFormatError(f"{what} is 0 (Blue) or 1 (Red), not {value!r}")
    return value


def _rules(data: Mapping[str, Any], info: GameInfo) -> Rules:
    given = data.get("options", {})
    if not isinstance(given, Mapping):
        raise StateFormatError("'options' is a JSON object")
    try:
        return Rules.from_options(info.resolve_options(given))
    except SetupError as exc:
        raise StateFormatError(str(exc)) from exc


def state_from_json(data: Mapping[str, Any], info: GameInfo) -> PolisState:
    """Rebuild a state written by `PolisState.to_json`, with the options `info` allows; StateFormatError naming the
    first thing that is not a Polis position."""
    dogs, chariots = _pieces(data.get("pieces"))
    turn = _seat(data.get("turn"), "'turn'")
    winner = _seat(data.get("winner"), "'winner'", allow_none=True)
    assert turn is not None
    rules = _rules(data, info)
    where = (chariots[0][0], chariots[1][0])
    _check_winner(where, winner, rules)
    # The flags are what the board says at the end of a turn; they are written out for readers, not trusted.
    stunned = stuns((dogs[0], dogs[1]), where, rules.mutual_stun_both)
    given = data.get("stunned")
    if given is not None and (not isinstance(given, list) or [bool(x) for x in given] != list(stunned)):
        raise StateFormatError(f"'stunned' is {given!r}, but the chariots on this board are stunned: {list(stunned)}")
    return PolisState((dogs[0], dogs[1]), where, stunned, turn, winner, rules)


def _pieces(pieces: object) -> tuple[list[int], list[list[int]]]:
    """Each seat's dogs (a bit set) and chariots (their squares, exactly one each) from the 'pieces' object."""
    if not isinstance(pieces, Mapping):
        raise StateFormatError("a Polis state has 'pieces': an object from square (a1..h8) to BD, BC, RD or RC")
    dogs = [0, 0]
    chariots: list[list[int]] = [[], []]
    for key, code in pieces.items():
        sq = BY_NAME.get(key.lower()) if isinstance(key, str) else None
        if sq is None:
            raise StateFormatError(f"{key!r} is not a square of the Polis board (a1..h8)")
        if not isinstance(code, str) or code.upper() not in BY_CODE:
            raise StateFormatError(f"{code!r} on {key} is not a piece: use BD, BC, RD or RC")
        if any(d >> sq & 1 for d in dogs) or any(sq in c for c in chariots):
            raise StateFormatError(f"{key} is given twice")
        kind, seat = BY_CODE[code.upper()]
        if kind == DOG:
            dogs[seat] |= 1 << sq
        else:
            chariots[seat].append(sq)
    for seat in (0, 1):
        if len(chariots[seat]) != 1:
            raise StateFormatError(f"{SEAT_NAMES[seat]} has {len(chariots[seat])} chariots on the board, not 1")
        if len(squares_of(dogs[seat])) > MAX_DOGS:
            raise StateFormatError(f"{SEAT_NAMES[seat]} has more than {MAX_DOGS} dogs")
    return dogs, chariots


def _check_winner(where: tuple[int, int], winner: int | None, rules: Rules) -> None:
    """A winner's chariot stands on its goal rank; with win_by_hop, a chariot there means the game was won."""
    for seat in (0, 1):
        arrived = rank_of(where[seat]) == GOAL_RANK[seat]
        if winner == seat and not arrived:
            raise StateFormatError(f"{SEAT_NAMES[seat]} cannot have won: its chariot is not on its goal rank")
        if winner is None and arrived and rules.win_by_hop:
            raise StateFormatError(f"{SEAT_NAMES[seat]}'s chariot is on its goal rank, so 'winner' must say who won")
