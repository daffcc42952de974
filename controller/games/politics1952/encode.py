"""Politics states as JSON: `encode` (everything that makes the state, secrets included, compact because it is
written after every move) and `encode_view` (what one seat may see, with everything the board and the page show).
The codec reads them back."""

from __future__ import annotations

from functools import lru_cache

from controller.games.api import JSON
from controller.games.politics1952 import pins
from controller.games.politics1952.data import STATES
from controller.games.politics1952.moves import SEAT_NAMES
from controller.games.politics1952.position import Position
from controller.games.turns import to_move_json

NAME = "politics1952"


@lru_cache(maxsize=8192)
def _pins_text(lines: pins.Lines) -> str:
    """One state's pins as text: county lines west to east joined by "|", each line's seats north to south as
    digits, trailing empty lines left out ("0|21": seat 0 alone on the first line, 2 then 1 on the second).
    Cached because the same lines recur in every position of a game and to_json runs after every move."""
    return "|".join("".join(map(str, line)) for line in lines[:-1]).rstrip("|")


@lru_cache(maxsize=8192)
def _trimmed(lines: pins.Lines) -> pins.Lines:
    """The county lines without the capital and without the empty lines east of the last pin."""
    end = len(lines) - 1
    while end and not lines[end - 1]:
        end -= 1
    return lines[:end]


def encode(state: Position) -> JSON:
    """Everything that makes the state, secrets included. `pins` lists the states that have some (see
    `_pins_text`), `capitals` the seat holding each taken capital."""
    dice = state.dice
    pins_json: dict[str, str] = {}
    capitals: dict[str, int] = {}
    for s, lines in zip(STATES, state.board, strict=True):
        if lines[-1]:
            capitals[s.abbr] = lines[-1][0]
        text = _pins_text(lines)
        if text:
            pins_json[s.abbr] = text
    return {
        "game": NAME,
        "seats": state.n,
        "phase": state.phase.value,
        "turn": None if state.turn < 0 else state.turn,
        "active": list(state.active),
        "dice": None if dice is None else {"group": dice.group, "white": [dice.high, dice.low]},
        "left": state.left,
        "card_played": state.card_played,
        "pins": pins_json,
        "capitals": capitals,
        "hands": [list(h) for h in state.hands],
        "played": [list(p) for p in state.played],
        "tabulations": [list(t) for t in state.tabulations],
        "winner": state.winner,
        "rng": state.rng,
    }


def encode_view(state: Position, seat: int | None) -> JSON:
    """What `seat` (None: a spectator) may see, with what the board and the page show: the pins of every state
    that has some (lines west to east, seats north to south, trailing empty lines left out), each state's
    leader, the taken capitals, the live tally, the states the throw may go to. Never another seat's hand, nor
    the generator that draws the dice. The map itself (names, votes, groups, squares) is `board_json()`."""
    dice = state.dice
    own = state.hands[seat] if seat is not None and 0 <= seat < state.n else ()
    pins_json: dict[str, list[list[int]]] = {}
    leaders: dict[str, int] = {}
    capitals: dict[str, int] = {}
    tally = [0] * state.n
    for s, lines in zip(STATES, state.board, strict=True):
        lead = pins.leader(lines)
        if lead is None:
            continue
        leaders[s.abbr] = lead
        tally[lead] += s.votes
        if lines[-1]:
            capitals[s.abbr] = lines[-1][0]
        pins_json[s.abbr] = [list(line) for line in _trimmed(lines)]
    data: JSON = {
        "game": NAME,
        "seats": state.n,
        "seat_names": list(SEAT_NAMES[: state.n]),
        "phase": state.phase.value,
        "turn": None if state.turn < 0 else state.turn,
        "to_move": to_move_json(state.to_move),
        "active": list(state.active),
        "dice": None if dice is None else {"group": dice.group, "white": [dice.high, dice.low]},
        "left": state.left,
        "card_played": state.card_played,
        "allowed": [STATES[i].abbr for i in state.claimable()],
        "closed": len(leaders) == len(STATES),
        "tally": tally,
        "pins": pins_json,
        "leaders": leaders,
        "capitals": capitals,
        "cards_left": [len(h) for h in state.hands],
        "played": [list(p) for p in state.played],
        "tabulations": [list(t) for t in state.tabulations],
        "winner": state.winner,
    }
    if seat is not None:
        data["hand"] = list(own)
    return data
