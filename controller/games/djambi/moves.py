"""Djambi moves and their notation (docs/rules/djambi.md, "Notation").

MC8-D7          a piece moves (letter, from, to); CA9-E5 takes power
MC8xD7>F5       Chief or Militant kills on D7 and puts the corpse on F5
AB9xC8          Assassin kills on C8; the corpse goes where the Assassin came from (B9)
RA8-C6xC7       Reporter moves to C6, then kills on C7 (several xSQ in the 'all' variant)
DB8xE6>G4       Diplomat takes E6's place and puts that piece on G4
NC7xD4>G6       Necromobile takes the corpse's place on D4 and puts the corpse on G6
...~F6          after an act in the Maze, the actor leaves it for F6: AB9xE5~F6, DB8xE5>G4~F6
...xG7          master moves: the actor leaves the Maze acting on the Chief on G7, which goes into the Maze (dead
                after an Assassin, alive after a Diplomat): AB9xE5xG7, DB8xE5>G4xG7>E5
pass, offer draw, accept draw, decline draw
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import ClassVar

from controller.games.djambi.board import ASSASSIN, KINDS, MAZE, NAMES
from controller.games.moves import Move
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class Go(Move):
    """A piece moves to an empty square (a Chief may end in the Maze); a Reporter that kills nobody too."""

    kind: int
    src: int
    dst: int

    def __str__(self) -> str:
        return f"{KINDS[self.kind]}{NAMES[self.src]}-{NAMES[self.dst]}"


@dataclass(frozen=True, slots=True)
class Act(Move):
    """A piece moves onto a piece and does its act there; the piece acted on ends on `place`.

    Chief and Militant kill (place: the corpse's square), Assassin kills (place: always its own origin), Diplomat
    moves a living piece, Necromobile moves a corpse. `exit`: where the actor leaves the Maze to, when it acted there.
    """

    master: ClassVar[bool] = False  # see Master
    kind: int
    src: int
    dst: int
    place: int
    exit: int | None = None

    def __str__(self) -> str:
        text = f"{KINDS[self.kind]}{NAMES[self.src]}x{NAMES[self.dst]}"
        if self.kind != ASSASSIN:
            text += f">{NAMES[self.place]}"
        return text if self.exit is None else f"{text}~{NAMES[self.exit]}"


def _plain_acts() -> Callable[[int, int, int, int], Act]:
    """`Act(kind, src, dst, place)`, the same value made by setting its slots directly: a frozen class's `__init__`
    sets each field through `object.__setattr__`, and a wide turn lists thousands of kills, one per corpse square,
    at every turn start (half the cost of listing them)."""
    fields = [f.name for f in dataclasses.fields(Act)]
    assert fields == ["kind", "src", "dst", "place", "exit"], "plain_act sets every field of Act"
    set_kind, set_src, set_dst, set_place, set_exit = (getattr(Act, name).__set__ for name in fields)
    new = object.__new__

    def plain_act(kind: int, src: int, dst: int, place: int) -> Act:
        act: Act = new(Act)
        set_kind(act, kind)
        set_src(act, src)
        set_dst(act, dst)
        set_place(act, place)
        set_exit(act, None)
        return act

    return plain_act


plain_act = _plain_acts()


@dataclass(frozen=True, slots=True)
class Master(Act):
    """A master move: after its act in the Maze the Assassin or Diplomat leaves it onto another Chief, on `exit`, and
    acts on it (the Assassin kills it, the Diplomat moves it); that Chief, dead or alive, goes into the Maze.

    A class of its own rather than a flag, so that the thousands of plain acts listed at each turn start do not pay
    for one more field."""

    master: ClassVar[bool] = True

    def __str__(self) -> str:
        text = f"{KINDS[self.kind]}{NAMES[self.src]}x{NAMES[self.dst]}"
        if self.kind != ASSASSIN:
            text += f">{NAMES[self.place]}"
        second = "" if self.exit is None else f"x{NAMES[self.exit]}"
        return text + second + ("" if self.kind == ASSASSIN else f">{NAMES[MAZE]}")


@dataclass(frozen=True, slots=True)
class Report(Move):
    """A Reporter moves to an empty square, then kills the orthogonally adjacent `victims` where they stand."""

    src: int
    dst: int
    victims: tuple[int, ...]

    def __str__(self) -> str:
        return f"R{NAMES[self.src]}-{NAMES[self.dst]}" + "".join(f"x{NAMES[v]}" for v in self.victims)


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """The party to play has no legal move."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class OfferDraw(Move):
    """The player to move proposes a draw before moving; every other player still in the game answers in turn."""

    def __str__(self) -> str:
        return "offer draw"


@dataclass(frozen=True, slots=True)
class AnswerDraw(Move):
    """A player's answer to a pending draw offer."""

    accept: bool

    def __str__(self) -> str:
        return "accept draw" if self.accept else "decline draw"


@dataclass(frozen=True, slots=True)
class Resign(Move):
    """The player to move gives up ("abandon du joueur"): its Chief is turned over and all it plays become vassals."""

    def __str__(self) -> str:
        return "resign"


BoardMove = Go | Act | Report
