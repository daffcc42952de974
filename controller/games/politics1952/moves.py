"""The moves of Politics and their notation.

first 2        chance: seat 2 won the throw for the first player (the seats are numbered from 0)
roll 6 3-1     chance: the coloured die shows 6, the white dice 3 and 1 (written high-low)
NY             claim one county in New York (an abbreviation or the state's name, any case)
card 7         play speech card 7
pass           end the turn without playing a speech card (only once no dice county can be placed)
"""

from __future__ import annotations

from controller.games.errors import InvalidMoveError
from controller.games.moves import Move
from controller.games.politics1952.data import BY_ABBR, BY_NAME, CARD
from controller.values import dataclass

FACES = 6
# The pins are virtual, so a candidate's colour is the one the LEDs and the page give its seat (the lights'
# seat colours: vermillion, blue, yellow, bluish green, reddish purple, sky blue); the names say those colours.
SEAT_NAMES = ("Red", "Blue", "Yellow", "Green", "Purple", "Sky")


@dataclass(frozen=True, slots=True)
class FirstPlayer(Move):
    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True, slots=True)
class Roll(Move):
    """The three dice; the white ones are unordered, so `high >= low` keeps one move per outcome."""

    group: int
    high: int
    low: int

    def __post_init__(self) -> None:
        if not (1 <= self.group <= FACES and 1 <= self.low <= self.high <= FACES):
            raise InvalidMoveError(f"no such throw: coloured die {self.group}, white dice {self.high} and {self.low}")

    @property
    def counties(self) -> int:
        return self.high + self.low

    @property
    def doubles(self) -> bool:
        return self.high == self.low

    def __str__(self) -> str:
        return f"roll {self.group} {self.high}-{self.low}"


@dataclass(frozen=True, slots=True)
class Claim(Move):
    state: str  # abbreviation

    def __str__(self) -> str:
        return self.state


@dataclass(frozen=True, slots=True)
class PlayCard(Move):
    number: int

    def __str__(self) -> str:
        return f"card {self.number}"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    def __str__(self) -> str:
        return "pass"


def make_roll(group: int, white_a: int, white_b: int) -> Roll:
    return Roll(group, max(white_a, white_b), min(white_a, white_b))


def _die(text: str, what: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= FACES:
        raise InvalidMoveError(f"{what} shows 1 to {FACES}, not {text!r}")
    return int(text)


def _parse_roll(words: list[str]) -> Roll:
    white = words[2:] if len(words) == 4 else words[2].split("-") if len(words) == 3 else []
    if len(white) != 2:
        raise InvalidMoveError("write a throw as 'roll COLOURED WHITE-WHITE', like 'roll 6 3-1'")
    group = _die(words[1], "the coloured die")
    return make_roll(group, _die(white[0], "a white die"), _die(white[1], "a white die"))


def _parse_seat(word: str) -> int:
    if word.isdigit():
        return int(word)
    names = [n.lower() for n in SEAT_NAMES]
    if word in names:
        return names.index(word)
    raise InvalidMoveError(f"{word!r} is not a seat: give its number (0, 1, ...) or its colour")


def parse(text: str) -> Move:
    """Read one move's text; InvalidMoveError when it is not Politics notation (legality is checked elsewhere)."""
    t = " ".join(text.strip().lower().split())
    words = t.split(" ")
    if t == "pass":
        return Pass()
    if words[0] == "roll":
        return _parse_roll(words)
    if words[0] == "first" and len(words) == 2:
        return FirstPlayer(_parse_seat(words[1]))
    if words[0] == "card":
        if len(words) != 2 or not words[1].isdigit():
            raise InvalidMoveError("write a speech card as 'card N', like 'card 7'")
        number = int(words[1])
        if number not in CARD:
            raise InvalidMoveError(f"the speech cards are numbered 1 to {len(CARD)}, not {number}")
        return PlayCard(number)
    state = BY_ABBR.get(t.upper()) or BY_NAME.get(t)
    if state is not None:
        return Claim(state.abbr)
    raise InvalidMoveError(
        f"{text.strip()!r} is not a Politics move: name a state (NY or New York), 'card N', 'pass' or 'roll 6 3-1'"
    )
