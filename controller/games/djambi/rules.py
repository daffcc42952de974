"""The rules variants a table may choose: each disputable ruling is a named option (docs/rules/djambi.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from controller.games.errors import SetupError
from controller.games.info import Option, OptionValue

OPTIONS: tuple[Option, ...] = (
    Option(
        "reporter",
        "one",
        "the Reporter kills one orthogonally adjacent piece of its choice, if it wants ('one'), or every adjacent "
        "piece of the other players ('all')",
        choices=("one", "all"),
    ),
    Option(
        "kill_own",
        True,
        "a piece may kill living pieces its own player plays (never that player's own Chief)",
    ),
    Option(
        "setup",
        "ranks",
        "start with the Assassins facing each other along ranks 1 and 9 ('ranks') or along files A and I ('files')",
        choices=("ranks", "files"),
    ),
    Option(
        "layout",
        "mirrored",
        "the other parties' blocks are Red's mirrored, so that Assassins face each other ('mirrored'), or Red's "
        "block turned with the board, each Assassin beside its Chief the same way round ('rotated')",
        choices=("mirrored", "rotated"),
    ),
    Option(
        "walled_in",
        "no_necromobile",
        "a Chief outside the Maze dies walled in when no path of empty squares and own pieces leads to the Maze or "
        "to another party's piece and no Necromobile is left on the board to open the wall ('no_necromobile'), or "
        "no Necromobile of its own party is inside ('region'), only when every neighbouring square holds a corpse "
        "('corpses'), or never ('never')",
        choices=("no_necromobile", "region", "corpses", "never"),
    ),
    Option(
        "comeback",
        False,
        "a walled-in Chief is turned over but stays on the board while its pieces are vassals; if a later move "
        "opens its wall it is turned back and rejoins the game with the pieces still its own",
    ),
    Option(
        "vassals",
        "power",
        "the pieces of a walled-in Chief obey whichever Chief is in power, only while it is ('power'), or belong for "
        "good to the first Chief in power after the walling ('first')",
        choices=("power", "first"),
    ),
    Option(
        "sleeping_vassals",
        "open",
        "while nobody is in power the vassals of a walled-in Chief do not move but may be attacked ('open'), or "
        "nobody may touch them at all ('immune')",
        choices=("open", "immune"),
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

    reporter: str = "one"
    kill_own: bool = True
    setup: str = "ranks"
    layout: str = "mirrored"
    walled_in: str = "no_necromobile"
    comeback: bool = False
    vassals: str = "power"
    sleeping_vassals: str = "open"
    chief_corpse_to_maze: bool = True
    master_moves: bool = False
    draw_offers: bool = True
    draw_turns: int = 40

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> Rules:
        return cls(**{f.name: options[f.name] for f in fields(cls)})  # type: ignore[arg-type]

    def to_json(self) -> dict[str, OptionValue]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def resolve(options: Mapping[str, object]) -> Rules:
    """Rules from option values given by name, defaults for the rest; SetupError for an unknown or bad option."""
    known = {o.name: o for o in OPTIONS}
    for name in options:
        if name not in known:
            raise SetupError(f"Djambi has no option {name!r}; its options are: {', '.join(known)}")
    return Rules.from_options({n: o.check(options[n]) if n in options else o.default for n, o in known.items()})
