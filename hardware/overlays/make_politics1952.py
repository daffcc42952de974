"""Draw the printable Politics (1952) overlay for the 9x9 board from the game's data file.

    python hardware/overlays/make_politics1952.py            # rewrites hardware/overlays/politics1952.svg

Each state's square shows its abbreviation, electoral votes and group (number and colour); the spare squares
used by the LEDs are labelled. Squares are 40 mm; north (rank 9) is at the top, the connector edge at the bottom.
The data is read from board.toml directly, so the hardware side does not import the rules engine.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "controller" / "games" / "politics1952" / "board.toml"
OUT = Path(__file__).resolve().parent / "politics1952.svg"

CELL = 40  # mm
MARGIN = 12  # mm, room for the file and rank labels
LEGEND = 34  # mm below the board
FILES = "abcdefghi"
PIPS = 6  # pip squares per white die


def _xy(square: str) -> tuple[int, int]:
    """Top-left corner (mm) of a square named like c3."""
    file, rank = FILES.index(square[0]), int(square[1]) - 1
    return MARGIN + file * CELL, MARGIN + (8 - rank) * CELL


def _east(square: str, k: int) -> str:
    """The square `k` files east of `square`."""
    return f"{FILES[FILES.index(square[0]) + k]}{square[1:]}"


def _text(x: float, y: float, body: str, size: float, weight: str = "normal", anchor: str = "middle") -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" font-weight="{weight}" text-anchor="{anchor}">'
        f"{escape(body)}</text>"
    )


def _state(entry: dict[str, Any], colour: str) -> list[str]:
    x, y = _xy(str(entry["square"]))
    mid = x + CELL / 2
    out = [
        f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{colour}" fill-opacity="0.45"/>',
        f'<circle cx="{x + 6}" cy="{y + 6}" r="4" fill="{colour}" stroke="#000" stroke-width="0.3"/>',
        _text(x + 6, y + 7.4, str(entry["group"]), 4, "bold"),
        _text(mid, y + 20, str(entry["abbr"]), 12, "bold"),
        _text(mid, y + 29, str(entry["votes"]), 7),
        _text(mid, y + 36, str(entry["name"]), 3.2),
    ]
    if entry["lines"] == 4:
        out.append(_text(x + CELL - 2, y + 5.5, "4", 3, anchor="end"))
    return out


def _spare(square: str, label: str, sub: str = "") -> list[str]:
    x, y = _xy(square)
    out = [
        f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="3" fill="none" '
        'stroke="#555" stroke-width="0.5" stroke-dasharray="2 1.5"/>',
        _text(x + CELL / 2, y + 20, label, 5, "bold"),
    ]
    if sub:
        out.append(_text(x + CELL / 2, y + 27, sub, 3.5))
    return out


def render(data: dict[str, Any]) -> str:
    size = 2 * MARGIN + 9 * CELL
    height = size + LEGEND
    groups = data["groups"]
    body: list[str] = [
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{9 * CELL}" height="{9 * CELL}" fill="#fff" stroke="#000"/>',
    ]
    end = MARGIN + 9 * CELL
    grid = 'stroke="#999" stroke-width="0.3"'
    for i in range(10):
        pos = MARGIN + i * CELL
        body.append(f'<line x1="{pos}" y1="{MARGIN}" x2="{pos}" y2="{end}" {grid}/>')
        body.append(f'<line x1="{MARGIN}" y1="{pos}" x2="{end}" y2="{pos}" {grid}/>')
    for i, f in enumerate(FILES):
        cx = MARGIN + i * CELL + CELL / 2
        body.append(_text(cx, MARGIN - 4, f, 4))
        body.append(_text(cx, MARGIN + 9 * CELL + 7, f, 4))
    for r in range(9):
        cy = MARGIN + (8 - r) * CELL + CELL / 2 + 1.5
        body.append(_text(MARGIN / 2, cy, str(r + 1), 4))
        body.append(_text(size - MARGIN / 2, cy, str(r + 1), 4))
    for entry in data["states"]:
        body.extend(_state(entry, str(groups[str(entry["group"])]["rgb"])))
    spare = data["spare"]
    body.extend(_spare(spare["die"], "DIE", "coloured: group"))
    for row, first in zip(("high", "low"), spare["white"], strict=True):
        # Six pip squares run east from the first: one lit per county still to place.
        for k in range(PIPS):
            body.extend(_spare(_east(first, k), "WHITE", f"{row} die: {k + 1}"))
    body.extend(_spare(spare["closed"], "CLOSED", "board closed"))
    for k, square in enumerate(spare["tally"]):
        body.extend(_spare(square, f"SEAT {k + 1}", "in the game"))
    legend_y = size + 6
    body.append(_text(MARGIN, legend_y, "POLITICS (1952) - groups of the coloured die:", 4.5, "bold", "start"))
    for k in range(6):
        g = str(k + 1)
        x = MARGIN + k * 60
        body.append(f'<rect x="{x}" y="{legend_y + 4}" width="8" height="8" fill="{groups[g]["rgb"]}"/>')
        body.append(_text(x + 10, legend_y + 10.5, f"{g}: {groups[g]['colour']}", 4, anchor="start"))
    note = (
        f"Square: state, electoral votes, group. Majority {data['majority']} of {data['total']}. "
        "Small 4: only four county lines. Set a piece on a state and lift it to claim a county. "
        "Bottom edge: the Pi's connectors (south)."
    )
    lights = (
        "Lights: a state in its leader's colour; the states to claim lit green; WHITE: one pip per county left "
        "to place, in the colour of the candidate to move; SEAT: each candidate's colour while in the game."
    )
    body.append(_text(MARGIN, legend_y + 20, note, 3.4, anchor="start"))
    body.append(_text(MARGIN, legend_y + 25, lights, 3.4, anchor="start"))
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}mm" height="{height}mm" '
        f'viewBox="0 0 {size} {height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">'
    )
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            "<!-- Generated by hardware/overlays/make_politics1952.py from "
            "controller/games/politics1952/board.toml; do not edit by hand. -->",
            head,
            *body,
            "</svg>",
            "",
        ]
    )


def main() -> int:
    with DATA.open("rb") as handle:
        data = tomllib.load(handle)
    OUT.write_text(render(data), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
