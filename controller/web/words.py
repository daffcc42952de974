"""The page's words for what is drawn: pieces by name, seats in the colour the board gives them, squares in the
game's own naming. One table per game, so the page's legend, its instructions and its move list say the same."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from controller.games import Game
from controller.games.physical import Piece
from controller.lights.palette import OKABE_ITO, SEAT_COLOURS

# The letters each game draws on its pieces, with the name a player knows them by.
KIND_NAMES: MappingProxyType[str, MappingProxyType[str, str]] = MappingProxyType(
    {
        "politrics": MappingProxyType(
            {"P": "President", "V": "Voter", "M": "Minister", "D": "Delegate", "C": "Civil Servant"}
        ),
        "polis": MappingProxyType({"C": "chariot", "D": "dog"}),
        "chesspolitik": MappingProxyType({"K": "King", "N": "Knight"}),
        "djambi": MappingProxyType(
            {
                "C": "Chief",
                "A": "Assassin",
                "R": "Reporter",
                "D": "Diplomat",
                "N": "Necromobile",
                "M": "Militant",
                "corpse": "corpse",
            }
        ),
    }
)

# A seat named after a colour is drawn in that colour (the LEDs' Okabe-Ito shade of it); Politrics' Dark and Light
# are the colours of their pieces; any other seat (a Chesspolitik power) has the LEDs' colour for its number.
_NAMED = {
    "red": OKABE_ITO["vermillion"],
    "blue": OKABE_ITO["blue"],
    "yellow": OKABE_ITO["yellow"],
    "green": OKABE_ITO["bluish green"],
    "purple": OKABE_ITO["reddish purple"],
    "sky": OKABE_ITO["sky blue"],
    "dark": (34, 34, 34),
    "light": (242, 242, 242),
}


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def seat_colour(names: Sequence[str], seat: int, words: Sequence[str] = ()) -> str:
    """The colour the page draws `seat`'s pieces and name in (a `#rrggbb`): the colour the game's rules give the
    seat (a Chesspolitik power's), else the colour its name says, else the LEDs' colour for its number."""
    word = words[seat].lower() if 0 <= seat < len(words) else ""
    named = _NAMED.get(word) or (_NAMED.get(names[seat].lower()) if 0 <= seat < len(names) else None)
    return _hex(named or SEAT_COLOURS[seat % len(SEAT_COLOURS)])


@lru_cache(maxsize=32)
def colour_words(game: Game, seats: int) -> tuple[str, ...]:
    """The colour the game's own data names for each seat (Chesspolitik's powers), if it names any."""
    powers = game.static_json(seats).get("powers")
    if not isinstance(powers, list):
        return ()
    return tuple(str(p.get("colour", "")) if isinstance(p, dict) else "" for p in powers)


def ink_for(colour: str) -> str:
    """Black or white, whichever reads better on `colour` (WCAG relative luminance)."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    return "#111111" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#ffffff"


def seat_name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "nobody's"
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def piece_words(game: Game, names: Sequence[str], piece: Piece | None) -> str:
    """ "Light's Delegate", "a corpse", "the piece" (nothing known of it)."""
    if piece is None:
        return "the piece"
    kind = KIND_NAMES.get(game.info.name, MappingProxyType({})).get(piece.kind, piece.kind)
    if piece.owner is None:
        return f"a {kind}"
    return f"{seat_name(names, piece.owner)}'s {kind}"


def legend(game: Game, names: Sequence[str]) -> dict[str, Any]:
    """What the page needs to say what it draws: seat colours (with the ink for text on them) and piece letters."""
    words = colour_words(game, len(names))
    colours = [seat_colour(names, i, words) for i in range(len(names))]
    kinds = KIND_NAMES.get(game.info.name, MappingProxyType({}))
    return {
        "seat_colours": colours,
        "seat_inks": [ink_for(c) for c in colours],
        "kinds": {k: v for k, v in kinds.items() if len(k) == 1},
    }
