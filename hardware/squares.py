"""Physical square names (a1..i9), duplicated from controller.games.squares so the board layer stays independent."""

from __future__ import annotations

FILES = "abcdefghi"
SQUARES = 81


def name(square: int) -> str:
    if not 0 <= square < SQUARES:
        raise ValueError(f"no square {square} on a 9x9 board")
    return f"{FILES[square % 9]}{square // 9 + 1}"


def parse(text: str) -> int:
    t = text.strip().lower()
    if len(t) == 2 and t[0] in FILES and t[1] in "123456789":
        return (int(t[1]) - 1) * 9 + FILES.index(t[0])
    raise ValueError(f"{text!r} is not a square: use a file a-i and a rank 1-9, like c3")


def names(mask: int) -> str:
    """`a1 c3 e5` for the squares set in `mask`."""
    return " ".join(name(s) for s in range(SQUARES) if mask >> s & 1)
