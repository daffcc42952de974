"""The rules variants a table may choose: each disputable ruling is a named option (docs/rules/djambi.md)."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import fields

from controller.games.errors import SetupError
from controller.games.info import Option, OptionValue, chosen
from controller.values import dataclass


class Reporter(enum.StrEnum):
    """Whom the Reporter kills."""

    ONE = "one"  # one orthogonally adjacent piece of its choice, if it wants
    ALL = "all"  # every adjacent piece of the other players


class Setup(enum.StrEnum):
    """Where the Assassins face each other at the start."""

    RANKS = "ranks"  # along ranks 1 and 9
    FILES = "files"  # along files A and I


class Layout(enum.StrEnum):
    """How the other parties' blocks relate to Red's."""

    MIRRORED = "mirrored"  # mirrored, so that Assassins face each other
    ROTATED = "rotated"  # turned with the board, each Assassin beside its Chief the same way round


class WalledIn(enum.StrEnum):
    """When a Chief outside the Maze dies walled in."""

    NO_NECROMOBILE = "no_necromobile"  # no way out and no Necromobile left on the board
    REGION = "region"  # no way out and no Necromobile of its own party inside
    CORPSES = "corpses"  # every neighbouring square holds a corpse
    NEVER = "never"


class Vassals(enum.StrEnum):
    """Whom the pieces of a walled-in Chief obey."""

    POWER = "power"  # whichever Chief is in power, only while it is
    FIRST = "first"  # for good, the first Chief in power after the walling


class Sleeping(enum.StrEnum):
    """What may happen to the vassals of a walled-in Chief while nobody is in power."""

    OPEN = "open"  # they do not move but may be attacked
    IMMUNE = "immune"  # nobody may touch them


OPTIONS: tuple[Option, ...] = (
    Option(
        "reporter",
        Reporter.ONE,
        "the Reporter kills one orthogonally adjacent piece of its choice, if it wants ('one'), or every adjacent "
        "piece of the other players ('all')",
    ),
    Option(
        "kill_own",
        True,
        "a piece may kill living pieces its own player plays (never that player's own Chief)",
    ),
    Option(
        "setup",
        Setup.RANKS,
        "start with the Assassins facing each other along ranks 1 and 9 ('ranks') or along files A and I ('files')",
    ),
    Option(
        "layout",
        Layout.MIRRORED,
        "the other parties' blocks are Red's mirrored, so that Assassins face each other ('mirrored'), or Red's "
        "block turned with the board, each Assassin beside its Chief the same way round ('rotated')",
    ),
    Option(
        "walled_in",
        WalledIn.NO_NECROMOBILE,
        "a Chief outside the Maze dies walled in when no path of empty squares and own pieces leads to the Maze or "
        "to another party's piece and no Necromobile is left on the board to open the wall ('no_necromobile'), or "
        "no Necromobile of its own party is inside ('region'), only when every neighbouring square holds a corpse "
        "('corpses'), or never ('never')",
    ),
    Option(
        "comeback",
        False,
        "a walled-in Chief is turned over but stays on the board while its pieces are vassals; if a later move "
        "opens its wall it is turned back and rejoins the game with the pieces still its own",
    ),
    Option(
        "vassals",
        Vassals.POWER,
        "the pieces of a walled-in Chief obey whichever Chief is in power, only while it is ('power'), or belong for "
        "good to the first Chief in power after the walling ('first')",
    ),
    Option(
        "sleeping_vassals",
        Sleeping.OPEN,
        "while nobody is in power the vassals of a walled-in Chief do not move but may be attacked ('open'), or "
        "nobody may touch them at all ('immune')",
    ),
    Option(
        "chief_corpse_to_maze",
        True,
        "the killer of a Chief may put its fresh corpse into the empty Maze (a puppet power)",
    ),
    Option(
        "master_moves",
        False,
        "an Assassin or Diplomat that acted on the Chief in the Maze may act once more as it leaves the Maze: the "
        "Assassin kills another Chief, whose corpse takes the Maze (a puppet power); the Diplomat puts another Chief "
        "into the Maze (Board Game Arena's master moves)",
    ),
    Option(
        "draw_offers",
        True,
        "the player to move may offer a draw, which ends the game when every other player still in it accepts",
    ),
    Option(
        "draw_turns",
        40,
        "the game is drawn after this many consecutive turns without a kill or an elimination",
        minimum=1,
        maximum=1000,
    ),
)


@dataclass(frozen=True, slots=True)
class Rules:
    """The resolved options of one game; part of every state, so positions under different rules differ."""

    reporter: Reporter = Reporter.ONE
    kill_own: bool = True
    setup: Setup = Setup.RANKS
    layout: Layout = Layout.MIRRORED
    walled_in: WalledIn = WalledIn.NO_NECROMOBILE
    comeback: bool = False
    vassals: Vassals = Vassals.POWER
    sleeping_vassals: Sleeping = Sleeping.OPEN
    chief_corpse_to_maze: bool = True
    master_moves: bool = False
    draw_offers: bool = True
    draw_turns: int = 40

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> Rules:
        """Rules from options already checked by `Option.check`: a fixed set of values is held as its enum member."""
        kill_own, comeback, corpse_to_maze = options["kill_own"], options["comeback"], options["chief_corpse_to_maze"]
        master, offers, turns = options["master_moves"], options["draw_offers"], options["draw_turns"]
        flags = (kill_own, comeback, corpse_to_maze, master, offers)
        if not all(isinstance(f, bool) for f in flags) or isinstance(turns, bool) or not isinstance(turns, int):
            raise SetupError(f"Djambi options out of type: {dict(options)!r}")
        return cls(
            reporter=chosen(options, "reporter", Reporter),
            kill_own=bool(kill_own),
            setup=chosen(options, "setup", Setup),
            layout=chosen(options, "layout", Layout),
            walled_in=chosen(options, "walled_in", WalledIn),
            comeback=bool(comeback),
            vassals=chosen(options, "vassals", Vassals),
            sleeping_vassals=chosen(options, "sleeping_vassals", Sleeping),
            chief_corpse_to_maze=bool(corpse_to_maze),
            master_moves=bool(master),
            draw_offers=bool(offers),
            draw_turns=turns,
        )

    def to_json(self) -> dict[str, OptionValue]:
        """The options as JSON shows them: an enum member as its plain text."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return {name: str(v) if isinstance(v, enum.StrEnum) else v for name, v in values.items()}


def resolve(options: Mapping[str, object]) -> Rules:
    """Rules from option values given by name, defaults for the rest; SetupError for an unknown or bad option."""
    known = {o.name: o for o in OPTIONS}
    for name in options:
        if name not in known:
            raise SetupError(f"Djambi has no option {name!r}; its options are: {', '.join(known)}")
    return Rules.from_options({n: o.check(options[n]) if n in options else o.default for n, o in known.items()})
