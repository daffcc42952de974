"""What the board's LEDs show of a Politics position besides the recognizer's own lights (the states to claim).

The pins are virtual, so the board itself must show who leads where, the throw and whose turn it is. Everything here
is a seat's colour (`State.marks`), except the coloured die and "board closed", which need a colour of the game's own
(`signs`; see docs/rules/politics1952.md, "On the board").
"""

from __future__ import annotations

from controller.games.politics1952 import pins
from controller.games.politics1952.data import GROUP_COLOURS, SPARE, STATES
from controller.games.politics1952.position import Phase, Position

CLOSED_RGB = "#0072B2"  # Okabe-Ito blue: no group has it, so the closed square never looks like the die beside it


def marks(state: Position) -> dict[int, int]:
    """Squares lit dim in a seat's colour: each state's leader; the pips of the counties still to place in the
    colour of the seat placing them; one square per candidate still in the game (the board's legend of colours)."""
    out: dict[int, int] = {}
    for s, lines in zip(STATES, state.board, strict=True):
        lead = pins.leader(lines)
        if lead is not None:
            out[s.square] = lead
    out.update(pips(state))
    for seat in state.active:
        out[SPARE.tally[seat]] = seat
    return out


def pips(state: Position) -> dict[int, int]:
    """The white dice as rows of pips, one lit per county still to place: at the throw the rows show the two dice,
    and each county placed puts out one pip, the low die's first, from the east, so doubles stay visible."""
    if state.dice is None or state.left == 0 or state.phase is not Phase.PLAY:
        return {}
    high_row, low_row = SPARE.pips
    high = min(state.left, state.dice.high)
    low = state.left - high
    lit = (*high_row[:high], *low_row[:low])
    return dict.fromkeys(lit, state.turn)


def signs(state: Position) -> dict[int, str]:
    """Squares in a colour of the game's own (an Okabe-Ito "#rrggbb"): the coloured die in its group's colour while
    a throw is played, and the "closed" square while every state has a pin (doubles would count the votes)."""
    out: dict[int, str] = {}
    if state.dice is not None and state.phase is Phase.PLAY:
        out[SPARE.die] = GROUP_COLOURS[state.dice.group].rgb
    if state.is_closed():
        out[SPARE.closed] = CLOSED_RGB
    return out
