"""Politics states read back from JSON (`encode.py` writes them), and the printed board as JSON."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from controller.games.api import JSON
from controller.games.errors import StateFormatError
from controller.games.politics1952 import pins
from controller.games.politics1952.data import (
    BY_ABBR,
    CARDS,
    GROUP_COLOURS,
    MAJORITY,
    SPARE,
    STATES,
    TOTAL_VOTES,
)
from controller.games.politics1952.moves import SEAT_NAMES, make_roll
from controller.games.politics1952.position import PHASES, Phase
from controller.games.politics1952.state import PoliticsState
from controller.games.squares import name as square_name


@lru_cache(maxsize=8192)
def _pins_from_text(text: str, lines: int) -> pins.Lines:
    parts = text.split("|")
    if len(parts) > lines or not all(p.isdigit() or not p for p in parts):
        raise ValueError(f"{text!r} is not {lines} county lines of seat digits joined by '|'")
    return (*(tuple(int(c) for c in p) for p in parts), *((),) * (lines + 1 - len(parts)))


def board_json() -> JSON:
    """The printed board: every state's name, votes, group, county lines and square, the groups' colours and
    what the spare squares show, the speech cards' texts (the deck is public; who holds which card is not). It
    never changes, so the page asks for it once instead of finding it in every view."""
    return {
        "states": {
            s.abbr: {
                "name": s.name,
                "capital": s.capital,
                "votes": s.votes,
                "group": s.group,
                "lines": s.lines,
                "square": square_name(s.square),
            }
            for s in STATES
        },
        "groups": {str(g): {"colour": c.colour, "rgb": c.rgb} for g, c in GROUP_COLOURS.items()},
        "spare": {
            "die": square_name(SPARE.die),
            "white": [square_name(q) for q in SPARE.white],
            "pips": [[square_name(q) for q in row] for row in SPARE.pips],
            "closed": square_name(SPARE.closed),
            "tally": [square_name(q) for q in SPARE.tally],
        },
        "cards": [c.to_json() for c in CARDS],
        "majority": MAJORITY,
        "total": TOTAL_VOTES,
    }


class _Reader:
    """Checks while decoding, so a bad document gets one readable StateFormatError."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data

    @staticmethod
    def fail(message: str) -> StateFormatError:
        return StateFormatError(f"not a Politics state: {message}")

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise self.fail(f"{key!r} is missing")
        return self.data[key]

    def integer(self, value: Any, what: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(f"{what} must be a whole number from {low} to {high}, not {value!r}")
        return value

    def seats(self, value: Any, what: str, n: int) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise self.fail(f"{what} must be a list of seats")
        out = tuple(self.integer(v, what, 0, n - 1) for v in value)
        if len(set(out)) != len(out):
            raise self.fail(f"{what} names a seat twice")
        return out

    def cards(self, value: Any, what: str) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise self.fail(f"{what} must be a list of speech card numbers")
        return tuple(self.integer(v, what, 1, len(CARDS)) for v in value)


def decode(data: Mapping[str, Any]) -> PoliticsState:
    """Rebuild a state written by `PoliticsState.to_json` (`encode.encode`); StateFormatError when it is not one."""
    r = _Reader(data)
    n = r.integer(r.get("seats"), "seats", 2, len(SEAT_NAMES))
    phase_raw = r.get("phase")
    if not isinstance(phase_raw, str) or phase_raw not in PHASES:
        raise r.fail(f"phase must be one of {', '.join(PHASES)}, not {phase_raw!r}")
    phase = Phase(phase_raw)
    turn_raw = r.get("turn")
    turn = -1 if turn_raw is None and phase is Phase.FIRST else r.integer(turn_raw, "turn", 0, n - 1)
    active = r.seats(r.get("active"), "active", n)
    if len(active) < 2 or list(active) != sorted(active) or (turn >= 0 and turn not in active):
        raise r.fail("active lists at least two seats in order, the seat whose turn it is among them")
    board = _board(r, r.get("pins"), r.get("capitals"), active)
    hands = _per_seat(r, r.get("hands"), "hands", n)
    played = _per_seat(r, r.get("played"), "played", n)
    every = [c for h in (*hands, *played) for c in h]
    if len(set(every)) != len(every):
        raise r.fail("a speech card is in two places")
    dice_raw = r.get("dice")
    dice = None
    if dice_raw is not None:
        if not isinstance(dice_raw, Mapping) or not isinstance(dice_raw.get("white"), list):
            raise r.fail("dice is null or {group, white: [a, b]}")
        white = dice_raw["white"]
        if len(white) != 2:
            raise r.fail("there are two white dice")
        dice = make_roll(
            r.integer(dice_raw.get("group"), "the coloured die", 1, 6),
            r.integer(white[0], "a white die", 1, 6),
            r.integer(white[1], "a white die", 1, 6),
        )
    if (dice is not None) != (phase in (Phase.PLAY, Phase.OVER)):
        raise r.fail("the dice are shown exactly while a seat plays its throw or once the game is over")
    left = r.integer(r.get("left"), "left", 0, 12 if dice is None else dice.counties)
    card_played = r.get("card_played")
    if not isinstance(card_played, bool):
        raise r.fail("card_played is true or false")
    tabulations_raw = r.get("tabulations")
    if not isinstance(tabulations_raw, list) or not all(isinstance(t, list) and len(t) == n for t in tabulations_raw):
        raise r.fail("tabulations is a list of vote lists, one number per seat")
    tabulations = tuple(tuple(r.integer(v, "a vote count", 0, 531) for v in t) for t in tabulations_raw)
    winner_raw = r.get("winner")
    winner = None if winner_raw is None else r.integer(winner_raw, "winner", 0, n - 1)
    if (winner is not None) != (phase is Phase.OVER) or (winner is not None and not tabulations):
        raise r.fail("a game is over exactly when a tabulation has made a winner")
    rng = r.integer(r.get("rng"), "rng", 0, (1 << 64) - 1)
    return PoliticsState(
        n, rng, phase, turn, active, board, hands, played, dice, left, card_played, tabulations, winner
    )


def _per_seat(r: _Reader, value: Any, what: str, n: int) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list) or len(value) != n:
        raise r.fail(f"{what} needs one list per seat")
    return tuple(r.cards(v, what) for v in value)


def _board(r: _Reader, pins_raw: Any, capitals: Any, active: tuple[int, ...]) -> tuple[pins.Lines, ...]:
    if not isinstance(pins_raw, Mapping) or not isinstance(capitals, Mapping):
        raise r.fail("pins and capitals are objects keyed by state")
    unknown = (set(pins_raw) | set(capitals)) - BY_ABBR.keys()
    if unknown:
        raise r.fail(f"there is no state {sorted(unknown)[0]!r}")
    board = []
    allowed = frozenset(active)
    for s in STATES:
        text = pins_raw.get(s.abbr, "")
        held = capitals.get(s.abbr)
        if not isinstance(text, str) or not (held is None or (isinstance(held, int) and not isinstance(held, bool))):
            raise r.fail(f"{s.abbr}: pins are a text like '0|21' and a capital is a seat number")
        try:
            lines = _pins_from_text(text, s.lines)
        except ValueError as exc:
            raise r.fail(f"{s.abbr}: {exc}") from exc
        if held is not None:
            lines = (*lines[:-1], (held,))
        placed = [seat for line in lines for seat in line]
        if len(set(placed)) != len(placed) or not allowed.issuperset(placed):
            raise r.fail(f"in {s.abbr} a seat has two pins, or a seat out of the game has one")
        board.append(lines)
    return tuple(board)
