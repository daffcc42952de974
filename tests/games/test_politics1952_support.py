"""Helpers for the Politics (1952) tests: build positions by notation or by placing pins directly.

No tests live here; the module is named like the others so it belongs to the game's test files.
"""

from __future__ import annotations

from dataclasses import replace

from controller.games.politics1952 import Politics1952, PoliticsState
from controller.games.politics1952.data import BY_ABBR, STATES

GAME = Politics1952()


def play(state: PoliticsState, *texts: str) -> PoliticsState:
    """Play moves given in notation, each parsed against the position it is played in."""
    for text in texts:
        nxt = state.play(GAME.parse(text, state))
        assert isinstance(nxt, PoliticsState)
        state = nxt
    return state


def started(seats: int = 2, seed: int = 0, first: int = 0) -> PoliticsState:
    """A new game whose throw for the first player went to `first`; that seat is to throw the dice."""
    state = GAME.new(seats, seed=seed)
    assert isinstance(state, PoliticsState)
    return play(state, f"first {first}")


def lines(abbr: str, text: str = "", capital: int | None = None) -> tuple[tuple[int, ...], ...]:
    """A state's pins from text: county lines west to east joined by '|', seats north to south as digits."""
    count = BY_ABBR[abbr].lines
    parts = text.split("|") if text else []
    assert len(parts) <= count
    body = [tuple(int(c) for c in p) for p in parts] + [()] * (count - len(parts))
    return (*body, () if capital is None else (capital,))


def with_pins(state: PoliticsState, **pins: str | tuple[str, int]) -> PoliticsState:
    """The position with some states' pins replaced: NY="0|21" or NY=("0|2", 1) for a capital held by seat 1."""
    board = list(state.board)
    for abbr, spec in pins.items():
        text, capital = (spec, None) if isinstance(spec, str) else spec
        board[BY_ABBR[abbr].index] = lines(abbr, text, capital)
    return replace(state, board=tuple(board))


def closed_board(state: PoliticsState, owner: dict[str, int] | None = None, default: int = 0) -> PoliticsState:
    """Every state gets one pin on its first line: `owner` names a seat per state, `default` for the rest."""
    owner = owner or {}
    board = tuple(lines(s.abbr, str(owner.get(s.abbr, default))) for s in STATES)
    return replace(state, board=board)


def with_hands(state: PoliticsState, *hands: tuple[int, ...]) -> PoliticsState:
    return replace(state, hands=tuple(hands), played=((),) * state.n)
