"""The board's data, read once from `board.toml` in this package: the states, the groups, the speech cards and
where each state sits on the 9x9 board.

The file is the one place an owner of the original board corrects; this module only turns it into typed values
and refuses a file the engine could not play with (the consistency of the numbers is checked by the tests).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from types import MappingProxyType
from typing import Any

from controller.games.squares import parse as parse_square
from controller.values import dataclass

GROUPS = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True, slots=True)
class UsState:
    """One state of the map; `index` is its place in the data (alphabetical by abbreviation)."""

    index: int
    abbr: str
    name: str
    capital: str
    votes: int
    lines: int  # county lines, west to east
    group: int
    square: int
    longitude: float


@dataclass(frozen=True, slots=True)
class SpeechCard:
    """A speech card: counties per state (state index, counties), placed in the listed order."""

    number: int
    theme: str
    counties: tuple[tuple[int, int], ...]

    @property
    def total(self) -> int:
        return sum(k for _, k in self.counties)

    def to_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "theme": self.theme,
            "counties": {STATES[i].abbr: k for i, k in self.counties},
        }


@dataclass(frozen=True, slots=True)
class GroupColour:
    colour: str
    rgb: str


PIPS = 6  # faces of a white die: squares in its row of pips


@dataclass(frozen=True, slots=True)
class Spare:
    """What some of the squares without a state show (see board.toml)."""

    die: int
    white: tuple[int, int]  # the first pip square of each white die's row, high die first
    closed: int
    tally: tuple[int, ...]

    @property
    def pips(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each white die's six pip squares, west to east (square indices grow eastward within a rank)."""
        high, low = (tuple(range(first, first + PIPS)) for first in self.white)
        return high, low


class BoardDataError(ValueError):
    """board.toml cannot be played with; the message says which entry is wrong."""


def _load() -> dict[str, Any]:
    text = resources.files(__name__.rpartition(".")[0]).joinpath("board.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _states(raw: list[dict[str, Any]]) -> tuple[UsState, ...]:
    out: list[UsState] = []
    for i, entry in enumerate(raw):
        try:
            state = UsState(
                index=i,
                abbr=str(entry["abbr"]),
                name=str(entry["name"]),
                capital=str(entry["capital"]),
                votes=int(entry["votes"]),
                lines=int(entry["lines"]),
                group=int(entry["group"]),
                square=parse_square(str(entry["square"])),
                longitude=float(entry["longitude"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise BoardDataError(f"board.toml: state entry {i + 1} is incomplete or wrong: {exc}") from exc
        if state.group not in GROUPS or state.lines < 1 or state.votes < 1:
            raise BoardDataError(f"board.toml: {state.abbr} needs a group 1-6, county lines and votes")
        out.append(state)
    for attribute in ("abbr", "square"):
        values = [getattr(s, attribute) for s in out]
        if len(set(values)) != len(values):
            raise BoardDataError(f"board.toml: two states share a {attribute}")
    return tuple(out)


def _cards(raw: list[dict[str, Any]], by_abbr: Mapping[str, UsState]) -> tuple[SpeechCard, ...]:
    out: list[SpeechCard] = []
    for entry in raw:
        try:
            counties = tuple((by_abbr[abbr].index, int(k)) for abbr, k in entry["counties"].items())
            card = SpeechCard(int(entry["number"]), str(entry["theme"]), counties)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BoardDataError(f"board.toml: speech card {entry.get('number')!r} is wrong: {exc}") from exc
        out.append(card)
    if sorted(c.number for c in out) != list(range(1, len(out) + 1)):
        raise BoardDataError("board.toml: speech cards are numbered 1, 2, 3, ... without gaps")
    return tuple(sorted(out, key=lambda c: c.number))


_RAW = _load()
STATES: tuple[UsState, ...] = _states(_RAW["states"])
BY_ABBR: Mapping[str, UsState] = MappingProxyType({s.abbr: s for s in STATES})
BY_NAME: Mapping[str, UsState] = MappingProxyType({s.name.lower(): s for s in STATES})
BY_SQUARE: Mapping[int, UsState] = MappingProxyType({s.square: s for s in STATES})
IN_GROUP: Mapping[int, tuple[int, ...]] = MappingProxyType(
    {g: tuple(s.index for s in STATES if s.group == g) for g in GROUPS}
)
CARDS: tuple[SpeechCard, ...] = _cards(_RAW["cards"], BY_ABBR)
CARD: Mapping[int, SpeechCard] = MappingProxyType({c.number: c for c in CARDS})
GROUP_COLOURS: Mapping[int, GroupColour] = MappingProxyType(
    {int(g): GroupColour(str(v["colour"]), str(v["rgb"])) for g, v in _RAW["groups"].items()}
)


def _spare(raw: dict[str, Any], states: Mapping[int, UsState]) -> Spare:
    spare = Spare(
        die=parse_square(raw["die"]),
        white=(parse_square(raw["white"][0]), parse_square(raw["white"][1])),
        closed=parse_square(raw["closed"]),
        tally=tuple(parse_square(t) for t in raw["tally"]),
    )
    # A row of pips must fit in its rank and the lit squares must not cover a state or each other.
    if any(first % 9 + PIPS > 9 for first in spare.white):
        raise BoardDataError("board.toml: a white die's six pip squares run off the board's east edge")
    used = [spare.die, spare.closed, *spare.tally, *spare.pips[0], *spare.pips[1]]
    if len(set(used)) != len(used) or set(used) & states.keys():
        raise BoardDataError("board.toml: the spare squares overlap each other or a state")
    return spare


SPARE = _spare(_RAW["spare"], BY_SQUARE)
MAJORITY: int = int(_RAW["majority"])
TOTAL_VOTES: int = int(_RAW["total"])
CARDS_EACH = 3  # the seed: "Each player is dealt three speech cards"
