"""What a move does to the real pieces: the only thing the recognizer and the LEDs know of a game.

A move's `Effect` has two parts. The decision is what the player does of their own will (place a figure, step,
jump, a Djambi kill with its corpse). The chores are what the rules then force (remove a beaten figure, Polis
hops and captures, the adjudicated Diplomacy moves, clearing the board between two Politrics boards).

Each part is a set of net piece movements carried out together: a piece's `Step` goes from where it stands to
where it ends, whatever path the rules describe, so the occupancy after a part is
`(occupancy & ~sources) | destinations`. Steps of one part have distinct sources and distinct destinations, and a
destination is either empty or the source of another step of the same part (a Djambi kill, an Assassin swapping
places with its victim's corpse). Squares whose occupancy ends unchanged although a piece was lifted there, and
squares merely tapped or turned over (`touch`), are the squares the sensors must see touched before the move can
be told apart from standing still.
"""

from __future__ import annotations

from collections.abc import Iterable

from controller.games.moves import Move
from controller.games.squares import bit, mask, name
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class Piece:
    """A physical piece as the board shows it: the game's letter for its kind and the seat (or party) owning it."""

    kind: str
    owner: int | None = None

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "owner": self.owner}


@dataclass(frozen=True, slots=True)
class Step:
    """One piece's net movement: from `src` to `dst`; None means off the board (line-up, reserve, box)."""

    piece: Piece
    src: int | None
    dst: int | None

    def __post_init__(self) -> None:
        if self.src is None and self.dst is None:
            raise ValueError("a step must start or end on the board")

    def __str__(self) -> str:
        a = "off" if self.src is None else name(self.src)
        b = "off" if self.dst is None else name(self.dst)
        return f"{self.piece.kind}{'' if self.piece.owner is None else self.piece.owner}:{a}>{b}"

    def to_json(self) -> dict[str, object]:
        return {
            "piece": self.piece.to_json(),
            "from": None if self.src is None else name(self.src),
            "to": None if self.dst is None else name(self.dst),
        }


def _sources(steps: Iterable[Step]) -> int:
    return mask(s.src for s in steps if s.src is not None)


def _destinations(steps: Iterable[Step]) -> int:
    return mask(s.dst for s in steps if s.dst is not None)


def apply_steps(occupancy: int, steps: tuple[Step, ...]) -> int:
    """The occupancy after carrying out one part's steps together."""
    return (occupancy & ~_sources(steps)) | _destinations(steps)


def check_steps(occupancy: int, steps: tuple[Step, ...]) -> None:
    """Raise ValueError unless `steps` can be carried out on `occupancy` (used by the property tests)."""
    srcs = [s.src for s in steps if s.src is not None]
    dsts = [s.dst for s in steps if s.dst is not None]
    if len(set(srcs)) != len(srcs):
        raise ValueError(f"two steps lift from the same square: {[str(s) for s in steps]}")
    if len(set(dsts)) != len(dsts):
        raise ValueError(f"two steps land on the same square: {[str(s) for s in steps]}")
    for s in srcs:
        if not occupancy & bit(s):
            raise ValueError(f"a step lifts from empty square {name(s)}")
    freed = mask(srcs)
    for d in dsts:
        if occupancy & bit(d) and not freed & bit(d):
            raise ValueError(f"a step lands on occupied square {name(d)}")


@dataclass(frozen=True, slots=True)
class Effect:
    """The physical effect of one move; see the module's text."""

    decision: tuple[Step, ...] = ()
    chores: tuple[Step, ...] = ()
    decision_touch: frozenset[int] = frozenset()
    chore_touch: frozenset[int] = frozenset()
    chore_show: frozenset[int] = frozenset()  # pieces to point out while the chores are done; nothing to do there

    def after_decision(self, occupancy: int) -> int:
        return apply_steps(occupancy, self.decision)

    def after_chores(self, occupancy: int) -> int:
        return apply_steps(self.after_decision(occupancy), self.chores)

    def must_touch(self, occupancy: int) -> int:
        """Squares the decision touches without changing their occupancy: the sensors must see them touched."""
        after = self.after_decision(occupancy)
        involved = _sources(self.decision) | _destinations(self.decision)
        return (involved & ~(after ^ occupancy)) | mask(self.decision_touch)

    def chore_must_touch(self, occupancy: int) -> int:
        start = self.after_decision(occupancy)
        after = apply_steps(start, self.chores)
        involved = _sources(self.chores) | _destinations(self.chores)
        return (involved & ~(after ^ start)) | mask(self.chore_touch)

    @property
    def has_decision(self) -> bool:
        """The player does something on the board (moves or touches a piece): the move can be read from the pieces."""
        return bool(self.decision or self.decision_touch)

    @property
    def is_empty(self) -> bool:
        return not (self.decision or self.chores or self.decision_touch or self.chore_touch)

    def to_json(self) -> dict[str, object]:
        return {
            "decision": [s.to_json() for s in self.decision],
            "chores": [s.to_json() for s in self.chores],
            "decision_touch": sorted(name(s) for s in self.decision_touch),
            "chore_touch": sorted(name(s) for s in self.chore_touch),
            "chore_show": sorted(name(s) for s in self.chore_show),
        }


NO_EFFECT = Effect()


@dataclass(frozen=True, slots=True)
class NearMiss:
    """A move a player may physically try that the rules forbid, with what it would do and why it is illegal.

    The recognizer indexes these next to the legal moves, so a forbidden step is answered with its reason and the
    squares that explain it instead of a bare mismatch.
    """

    move: Move
    effect: Effect
    reason: str
    squares: frozenset[int] = frozenset()
