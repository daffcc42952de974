"""Game metadata the UI and the tools read: seats, board region, dynamics, chance, secrets, options."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import field
from typing import TypeVar

from controller.games.errors import SetupError
from controller.games.squares import Region
from controller.values import dataclass

OptionValue = bool | int | str
E = TypeVar("E", bound=enum.StrEnum)


class Dynamics(enum.Enum):
    SEQUENTIAL = "sequential"
    SIMULTANEOUS = "simultaneous"


@dataclass(frozen=True, slots=True)
class Option:
    """A named game option (a rules variant a player could want); its type is the type of its default.

    An option with a fixed set of values has a `StrEnum` member as its default: its choices are that enum's members,
    and `check` turns the text a player or a document gives into the member, so the rules hold a typed value
    (validated once, here) and JSON still shows the plain text."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.default, enum.Enum) and not self.choices:
            object.__setattr__(self, "choices", tuple(type(self.default)))

    def check(self, value: object) -> OptionValue:
        kind = type(self.default)
        if kind is bool:
            if not isinstance(value, bool):
                raise SetupError(f"option {self.name!r} takes true or false, not {value!r}")
        elif kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise SetupError(f"option {self.name!r} takes a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise SetupError(f"option {self.name!r} is at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise SetupError(f"option {self.name!r} is at most {self.maximum}, not {value}")
        elif not isinstance(value, str):
            raise SetupError(f"option {self.name!r} takes a text, not {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise SetupError(f"option {self.name!r} is one of {allowed}, not {value!r}")
        if isinstance(self.default, enum.StrEnum) and isinstance(value, str):
            return type(self.default)(value)
        assert isinstance(value, bool | int | str)
        return value

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "default": _plain(self.default),
            "help": self.help,
            "choices": [_plain(c) for c in self.choices],
            "minimum": self.minimum,
            "maximum": self.maximum,
        }


def chosen(options: Mapping[str, OptionValue], name: str, kind: type[E]) -> E:
    """A resolved option with a fixed set of values, as its member of `kind`."""
    value = options[name]
    if not isinstance(value, str):
        raise SetupError(f"option {name!r} is one of {', '.join(kind)}, not {value!r}")
    return kind(value)


def _plain(value: OptionValue) -> OptionValue:
    """An enum member as the text it stands for (JSON shows the text)."""
    return str(value) if isinstance(value, enum.StrEnum) else value


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is, before any state exists."""

    name: str
    title: str
    seat_counts: tuple[int, ...]
    seat_names: Mapping[int, tuple[str, ...]]
    regions: Mapping[int, Region]
    dynamics: Dynamics = Dynamics.SEQUENTIAL
    chance: bool = False
    hidden_information: bool = False
    options: tuple[Option, ...] = ()
    default_seats: int | None = None
    summary: str = ""
    notation: str = ""
    rules: str = field(default="")

    def check_seats(self, seats: int | None) -> int:
        if seats is None:
            return self.default_seats if self.default_seats is not None else self.seat_counts[0]
        if isinstance(seats, bool) or not isinstance(seats, int) or seats not in self.seat_counts:
            allowed = ", ".join(str(n) for n in self.seat_counts)
            raise SetupError(f"{self.title} is played by {allowed} players, not {seats!r}")
        return seats

    def resolve_options(self, given: Mapping[str, object]) -> dict[str, OptionValue]:
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise SetupError(f"{self.title} has no option {unknown[0]!r}; its options are: {names}")
        return {n: (o.check(given[n]) if n in given else o.default) for n, o in known.items()}

    def region(self, seats: int) -> Region:
        return self.regions[seats]

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "title": self.title,
            "seats": list(self.seat_counts),
            "default_seats": self.check_seats(None),
            "seat_names": {str(k): list(v) for k, v in self.seat_names.items()},
            "regions": {str(k): [r.files, r.ranks] for k, r in self.regions.items()},
            "dynamics": self.dynamics.value,
            "chance": self.chance,
            "hidden_information": self.hidden_information,
            "options": [o.to_json() for o in self.options],
            "summary": self.summary,
            "notation": self.notation,
            "rules": self.rules,
        }
