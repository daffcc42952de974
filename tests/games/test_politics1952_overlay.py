"""The printable overlay hardware/overlays/politics1952.svg is current and shows every state where the game has it."""

from __future__ import annotations

import tomllib
import xml.etree.ElementTree as ET

from controller.games.politics1952.data import SPARE, STATES
from controller.games.squares import file_of, name, rank_of
from hardware.overlays import make_politics1952 as overlay

SVG = "{http://www.w3.org/2000/svg}"


def _data() -> dict[str, object]:
    with overlay.DATA.open("rb") as handle:
        return tomllib.load(handle)


def test_the_checked_in_overlay_is_what_the_generator_draws() -> None:
    assert overlay.OUT.read_text(encoding="utf-8") == overlay.render(_data()), (
        "run: python hardware/overlays/make_politics1952.py"
    )


def test_the_overlay_is_9_by_9_squares_of_40_mm() -> None:
    root = ET.fromstring(overlay.OUT.read_text(encoding="utf-8"))
    size = 2 * overlay.MARGIN + 9 * 40
    assert root.get("width") == f"{size}mm"
    assert overlay.CELL == 40


def test_each_state_is_printed_on_its_square_with_its_votes_and_group() -> None:
    root = ET.fromstring(overlay.OUT.read_text(encoding="utf-8"))
    texts = [(float(t.get("x", 0)), float(t.get("y", 0)), t.text) for t in root.iter(f"{SVG}text")]
    for state in STATES:
        left = overlay.MARGIN + file_of(state.square) * overlay.CELL
        top = overlay.MARGIN + (8 - rank_of(state.square)) * overlay.CELL
        inside = {body for x, y, body in texts if left <= x <= left + 40 and top <= y <= top + 40}
        assert {state.abbr, str(state.votes), str(state.group), state.name} <= inside, name(state.square)


def test_the_spare_squares_for_dice_and_tally_are_marked() -> None:
    root = ET.fromstring(overlay.OUT.read_text(encoding="utf-8"))
    texts = [(float(t.get("x", 0)), float(t.get("y", 0)), t.text) for t in root.iter(f"{SVG}text")]
    for square, label in [
        (SPARE.die, "DIE"),
        (SPARE.white[0], "WHITE"),
        (SPARE.closed, "CLOSED"),
        (SPARE.tally[5], "SEAT 6"),
    ]:
        left = overlay.MARGIN + file_of(square) * overlay.CELL
        top = overlay.MARGIN + (8 - rank_of(square)) * overlay.CELL
        assert label in {body for x, y, body in texts if left <= x <= left + 40 and top <= y <= top + 40}
