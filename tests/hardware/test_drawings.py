"""The maker's drawings (hardware/drawings/): current with the pin map and the games, true to size, valid files."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from controller.games import load, names
from hardware.drawing import PT, Drawing, Line, Text
from hardware.pinmap import DEFAULT_PATH, load_pinmap
from maker.drawings import OUT, outputs, stale, template

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def files() -> dict[str, bytes]:
    return outputs(load_pinmap())


def test_the_committed_drawings_are_what_the_pin_map_and_the_games_give(files: dict[str, bytes]) -> None:
    assert stale(OUT, files) == [], "run `make drawings` and commit hardware/drawings/"


def test_a_changed_file_or_pitch_is_noticed(tmp_path: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    assert stale(tmp_path, files) == []
    (tmp_path / "template.svg").write_text("<svg/>")
    assert stale(tmp_path, files) == ["template.svg"]
    pinmap = tmp_path / "pinmap.toml"
    pinmap.write_text(DEFAULT_PATH.read_text().replace("pitch_mm = 40", "pitch_mm = 32"))
    small = template(load_pinmap(pinmap))
    assert small.width == 9 * 32 + 30 and small.width < template(load_pinmap()).width


def pdf_checked(data: bytes) -> dict[int, bytes]:
    """The objects of a PDF, after checking that its cross-reference table points at each of them."""
    assert data.startswith(b"%PDF-1.4\n") and data.endswith(b"%%EOF\n")
    start = int(re.search(rb"startxref\n(\d+)\n", data).group(1))  # type: ignore[union-attr]
    assert data[start : start + 4] == b"xref"
    count = int(re.match(rb"xref\n0 (\d+)\n", data[start:]).group(1))  # type: ignore[union-attr]
    rows = data[start:].split(b"\n")[3 : 3 + count - 1]
    objects = {}
    for number, row in enumerate(rows, start=1):
        offset = int(row[:10])
        assert data[offset:].startswith(f"{number} 0 obj\n".encode())
        objects[number] = data[offset : data.index(b"endobj", offset)]
    stream = objects[4]
    length = int(re.search(rb"/Length (\d+)", stream).group(1))  # type: ignore[union-attr]
    assert stream.index(b"\nendstream") - stream.index(b"stream\n") - len(b"stream\n") == length
    return objects


def test_every_pdf_is_well_formed_and_true_to_size() -> None:
    for pdf in sorted(OUT.glob("*.pdf")):
        objects = pdf_checked(pdf.read_bytes())
        svg = ET.parse(pdf.with_suffix(".svg")).getroot()
        width_mm = float(svg.get("width", "0").removesuffix("mm"))
        box = [float(v) for v in re.search(rb"/MediaBox \[([^\]]+)\]", objects[3]).group(1).split()]  # type: ignore[union-attr]
        assert abs(box[2] - width_mm * PT) < 0.01, pdf.name


def test_the_overlays_show_each_games_start_at_the_pitch_and_the_schematic_names_every_pin() -> None:
    pm = load_pinmap()
    for game_name in names():
        svg = ET.parse(OUT / f"overlay-{game_name}.svg").getroot()
        game = load(game_name)
        start = game.new(max(game.info.seat_counts), 1)
        assert len(svg.findall(f"{SVG}circle")) == len(start.pieces())
        squares = [r for r in svg.findall(f"{SVG}rect") if r.get("width") == f"{pm.pitch_mm:g}"]
        assert len(squares) == 81
    text = " ".join(t.text or "" for t in ET.parse(OUT / "schematic.svg").getroot().iter(f"{SVG}text"))
    for pin in (*pm.matrix.rows, *pm.matrix.columns):
        assert re.search(rf"GPIO{pin}\b", text), pin


def test_text_in_a_pdf_is_escaped() -> None:
    d = Drawing(20, 10, "a (b)")
    d.add(Text(1, 5, r"x (y) \ z"), Line(0, 0, 1, 1))
    objects = pdf_checked(d.pdf())
    assert rb"(x \(y\) \\ z) Tj" in objects[4]
