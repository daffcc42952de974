"""A map file for the reference adjudicator (the PyPI package `diplomacy`) made from a Chesspolitik board.

The encoding (docs/rules/chesspolitik.md, "Checked against the reference"): Kings are armies and Knights fleets;
every square is a COAST; in a square's adjacency list King neighbours are written in lower case (armies only) and
Knight targets in Title case (fleets only); square names are three characters, XA1..XH8. The chess geometry is
computed here from scratch rather than taken from the game's board module, so a slip in either shows up as a
disagreement.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from controller.games.chesspolitik.board import BOARDS, Board
from controller.games.squares import name

REF_POWERS = {4: ("RUSSIA", "OTTOMAN", "MUGHAL", "MING"), 2: ("FRANCE", "ENGLAND")}
# One-letter abbreviations: M and ? are refused by the reference, and Mughal and Ming share the M.
REF_ABBREV = {4: ("R", "O", "G", "Y"), 2: ("F", "E")}


def ref_square(square: int) -> str:
    return "X" + name(square).upper()


def ref_unit(kind: str, square: int) -> str:
    return ("A " if kind == "K" else "F ") + ref_square(square)


def _geometry(size: int, f: int, r: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    king = [(f + df, r + dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
    knight = [(f + a, r + b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]
    inside = [(x, y) for x, y in king if 0 <= x < size and 0 <= y < size]
    jumps = [(x, y) for x, y in knight if 0 <= x < size and 0 <= y < size]
    return inside, jumps


def _label(f: int, r: int) -> str:
    return f"X{'ABCDEFGHI'[f]}{r + 1}"


def map_text(board: Board) -> str:
    seats = board.seats
    size = board.size
    lines = [f"# Chesspolitik for {seats} players, generated for differential tests", ""]
    lines.append(f"BEGIN SPRING {board.start_year} MOVEMENT")
    lines.append(f"VICTORY {board.solo}")
    lines.append("")
    for seat, power in enumerate(board.powers):
        ref = REF_POWERS[seats][seat]
        homes = " ".join(ref_square(s) for s in power.homes)
        lines.append(f"{ref} ({ref.capitalize()}:{REF_ABBREV[seats][seat]}) {homes}")
        lines.append("OWNS " + " ".join(ref_square(s) for s in power.centres))
        lines.extend(ref_unit(kind, sq) for sq, kind in power.units)
        lines.append("")
    # Dark squares (a1 dark) are supply centres; those in no power's home rows are listed as unowned.
    dark = [(f, r) for r in range(size) for f in range(size) if (f + r) % 2 == 0]
    homes_all = {ref_square(s) for p in board.powers for s in p.homes}
    neutral = [_label(f, r) for f, r in dark if _label(f, r) not in homes_all]
    lines.append("UNOWNED " + " ".join(neutral))
    lines.append("")
    for r in range(size):
        for f in range(size):
            label = _label(f, r)
            lines.append(f"Square_{label[1:]} = {label}")
    lines.append("")
    for r in range(size):
        for f in range(size):
            king, jumps = _geometry(size, f, r)
            abuts = [_label(x, y).lower() for x, y in king] + [_label(x, y).capitalize() for x, y in jumps]
            lines.append(f"COAST {_label(f, r)} ABUTS {' '.join(abuts)}")
    return "\n".join(lines) + "\n"


def map_path(seats: int) -> str:
    """The map file for `seats`, written once per content into the temporary directory (the reference caches maps
    by path, so the path must change when the content does)."""
    text = map_text(BOARDS[seats])
    digest = hashlib.sha1(text.encode()).hexdigest()[:10]
    path = Path(tempfile.gettempdir()) / f"chesspolitik{seats}_{digest}.map"
    if not path.exists():
        tmp = path.with_suffix(f".{os.getpid()}.tmp")  # parallel test processes may write it at the same time
        tmp.write_text(text)
        tmp.replace(path)
    return str(path)
