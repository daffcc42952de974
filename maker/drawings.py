"""`python -m maker.drawings [--check]`: the maker's drawings in hardware/drawings/, generated.

From hardware/pinmap.toml and the games: the schematic of the matrix and LEDs with this pin map's GPIOs, the
drilling and placement template, a printable overlay for every game (all at the pin map's pitch, true size), and
the piece list per game. SVG and PDF each. `make drawings` writes them; `--check` (the tests) fails when a file
is not what the sources give now.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from controller.games import load, names
from controller.games.survey import survey
from hardware.drawing import Circle, Colour, Drawing, Line, Rect, Text
from hardware.pinmap import PinMap, load_pinmap

OUT = Path(__file__).resolve().parents[1] / "hardware" / "drawings"
FILES = "abcdefghi"
SIZE = 9
MARGIN = 15.0
# BCM GPIO -> pin of the 40-pin header
HEADER = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 5: 29, 6: 31, 13: 33, 19: 35, 26: 37,
    14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 12: 32, 16: 36, 20: 38, 21: 40,
}  # fmt: skip
SEATS: tuple[Colour, ...] = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0), (86, 180, 233))
GREY: Colour = (150, 150, 150)
SWITCH_MM = 14.0
LED_HOLE_MM = 5.0


def schematic(pm: PinMap) -> Drawing:
    step = 16.0
    left, top = 70.0, 30.0
    d = Drawing(left + SIZE * step + 40, top + SIZE * step + 95, "Agora board: switch matrix and LEDs")
    d.add(Text(10, 12, f"Agora switch matrix and LEDs (pin map {Path(pm.source).name})", size=4))
    d.add(Text(10, 19, "Rows are pulled low one at a time and released otherwise (never driven high); columns are"))
    d.add(Text(10, 24, "inputs with pull-ups. At every crossing: reed switch + 1N4148 in series, cathode to the row."))
    for i, pin in enumerate(pm.matrix.columns):
        x = left + i * step + step / 2
        d.add(Line(x, top, x, top + SIZE * step, 0.4))
        d.add(Text(x, top - 2, f"file {FILES[i]}", 2.2, "middle"))
        d.add(Text(x, top + SIZE * step + 5, f"GPIO{pin}", 2.0, "middle"))
        d.add(Text(x, top + SIZE * step + 9, f"pin {HEADER.get(pin, '?')}", 2.0, "middle"))
    for r, pin in enumerate(pm.matrix.rows):
        y = top + (SIZE - 1 - r) * step + step / 2
        d.add(Line(left - 2, y, left + SIZE * step, y, 0.4, (120, 0, 0)))
        d.add(Text(left - 4, y + 1, f"rank {r + 1}: GPIO{pin} (pin {HEADER.get(pin, '?')})", 2.2, "end"))
        for c in range(SIZE):
            x = left + c * step + step / 2
            # switch from the column down-right to a diode whose bar (cathode) touches the row line
            d.add(Line(x, y - 5, x + 3, y - 5, 0.25), Circle(x + 3, y - 5, 0.5, 0.2))
            d.add(Line(x + 3.5, y - 5, x + 5, y - 6.2, 0.25))  # the open contact
            d.add(Line(x + 5, y - 5, x + 5, y - 2.5, 0.25))
            d.add(Line(x + 4, y - 2.5, x + 6, y - 2.5, 0.25), Line(x + 4, y - 2.5, x + 5, y - 1.2, 0.25))
            d.add(Line(x + 6, y - 2.5, x + 5, y - 1.2, 0.25), Line(x + 4, y - 1.2, x + 6, y - 1.2, 0.35))
            d.add(Line(x + 5, y - 1.2, x + 5, y, 0.25))
    y0 = top + SIZE * step + 18
    leds = pm.leds
    lines = [
        "LEDs: 81 x WS2812B, data from GPIO10 (SPI0 MOSI, header pin 19) through a 74AHCT125 (VCC 5 V, 1OE to GND,",
        "1A from GPIO10 with 10 kOhm to GND, 1Y through 390 Ohm to LED 1 DIN); 100 nF at the 74AHCT125,"
        " 1000 uF at LED 1.",
        f"Chain: starts at {leds.chain.start}, first run along the {leds.chain.along}, "
        f"{'serpentine' if leds.chain.serpentine else 'every run the same way'}; colour order {leds.order}.",
        "Power: 5 V supply (at least 6 A) -> F6.3 A fast fuse -> +5 V and GND at LEDs 1, 28, 55 and 81 (0.75 mm2).",
        f"The software keeps the LEDs under {leds.settings.budget_ma:g} mA; the hardware is sized for full white"
        " (4.9 A).",
        "Common ground: supply, Pi (header pins 6, 9, 14, 20, 25, 30, 34, 39), 74AHCT125, every LED.",
        "Buttons (to ground, internal pull-ups): "
        + ", ".join(f"{name} GPIO{pin} (pin {HEADER.get(pin, '?')})" for name, pin in pm.buttons),
    ]
    for i, text in enumerate(lines):
        d.add(Text(10, y0 + 7 * i, text, 2.4))
    return d


def _board(d: Drawing, pitch: float, x0: float, y0: float, files: int = SIZE, ranks: int = SIZE) -> None:
    for f in range(SIZE):
        for r in range(SIZE):
            inside = f < files and r < ranks
            x, y = x0 + f * pitch, y0 + (SIZE - 1 - r) * pitch
            d.add(Rect(x, y, pitch, pitch, 0.3, BLACK_IF(inside), None if inside else (235, 235, 235)))
            d.add(Text(x + 1.5, y + 4, f"{FILES[f]}{r + 1}", 2.5, colour=(90, 90, 90)))


def BLACK_IF(inside: bool) -> Colour:
    return (0, 0, 0) if inside else GREY


def template(pm: PinMap) -> Drawing:
    pitch = pm.pitch_mm
    side = SIZE * pitch + 2 * MARGIN
    d = Drawing(side, side + 20, "Agora board: drilling and placement template (underside view from above)")
    d.add(Text(MARGIN, 8, f"Drilling and placement template, {pitch:g} mm pitch, print at 100 %", 4))
    d.add(Text(MARGIN, 14, "o LED hole 5 mm at the centre; the bar is the reed switch, one end under the centre.", 2.6))
    _board(d, pitch, MARGIN, 20)
    feeds = {pm.leds.chain.squares[i]: i + 1 for i in (0, 27, 54, 80)}
    for sq in range(SIZE * SIZE):
        f, r = sq % SIZE, sq // SIZE
        cx, cy = MARGIN + f * pitch + pitch / 2, 20 + (SIZE - 1 - r) * pitch + pitch / 2
        d.add(Line(cx - 3, cy, cx + 3, cy, 0.2), Line(cx, cy - 3, cx, cy + 3, 0.2))
        d.add(Circle(cx, cy, LED_HOLE_MM / 2, 0.3))
        d.add(Rect(cx, cy + 4, SWITCH_MM, 2.2, 0.3, (0, 0, 0), (210, 230, 250)))
        position = pm.leds.chain.positions[sq]
        label = f"LED {position + 1}" + (" feed" if sq in feeds else "")
        d.add(Text(cx - pitch / 2 + 1.5, cy + pitch / 2 - 2, label, 2.2, colour=(213, 94, 0) if sq in feeds else GREY))
    return d


def overlay(game_name: str, pitch: float) -> Drawing:
    game = load(game_name)
    info = game.info
    seats = max(info.seat_counts)
    region = info.regions[seats]
    state = game.new(seats, 1)
    side = SIZE * pitch + 2 * MARGIN
    d = Drawing(side, side + 20, f"Agora overlay: {info.title}")
    d.add(Text(MARGIN, 8, f"{info.title}: board overlay at {pitch:g} mm pitch, print at 100 %", 4))
    d.add(Text(MARGIN, 14, info.summary[:150], 2.6))
    _board(d, pitch, MARGIN, 20, region.files, region.ranks)
    for sq, piece in state.pieces().items():
        f, r = sq % SIZE, sq // SIZE
        cx, cy = MARGIN + f * pitch + pitch / 2, 20 + (SIZE - 1 - r) * pitch + pitch / 2
        colour = seat_colour(info.seat_names[seats], piece.owner or 0)
        d.add(Circle(cx, cy, pitch * 0.3, 0.8, colour))
        d.add(Text(cx, cy + 2, piece.kind, 5, "middle", colour))
    if game_name == "djambi":
        x, y = MARGIN + 4 * pitch, 20 + 4 * pitch  # e5, the Maze
        d.add(Rect(x + 2, y + 2, pitch - 4, pitch - 4, 1.0, (0, 0, 0)))
        d.add(Text(x + pitch / 2, y + pitch - 4, "Maze", 3, "middle"))
    names_line = ", ".join(
        f"{name}: {_colour_name(seat_colour(info.seat_names[seats], i))}"
        for i, name in enumerate(info.seat_names[seats])
    )
    d.add(Text(MARGIN, side + 14, f"Start position shown for {seats} players ({names_line}).", 2.6))
    return d


NAMED = {"blue": SEATS[0], "red": SEATS[1], "green": SEATS[2], "yellow": SEATS[4]}


def seat_colour(seat_names: Sequence[str], seat: int) -> Colour:
    """A seat named after a colour is drawn in it (Okabe-Ito shades, told apart with colour blindness)."""
    return NAMED.get(seat_names[seat].lower(), SEATS[seat % len(SEATS)])


def _colour_name(c: Colour) -> str:
    return {
        SEATS[0]: "blue",
        SEATS[1]: "vermillion",
        SEATS[2]: "green",
        SEATS[3]: "purple",
        SEATS[4]: "orange",
        SEATS[5]: "sky blue",
    }[c]


def piece_counts(game_name: str, seeds: int = 4, actions: int = 600) -> dict[tuple[int, str], int]:
    """The most pieces of each seat and kind on the board at once: the start, then seeded random play."""
    return survey(game_name, seeds, actions).counts


def piece_list() -> str:
    out = [
        "# Pieces per game",
        "",
        "Generated by `python -m maker.drawings` (`make drawings`) from the games themselves: for each",
        "seat and kind the most pieces on the board at once (the start position, then seeded play). Make at least",
        "that many, plus a few spares.",
        "",
        "**Magnets, every piece:** one neodymium disc 8 x 3 mm, N42, axially magnetised, **centred in the piece's",
        "height** (embedded, or one disc at each face), so the piece closes its square's reed switch whichever way up",
        "it stands. A reed switch closes under either pole; what fails is distance. `agora doctor --pieces GAME` tests",
        "every kind on a corner, an edge and a middle square, both ways up where the game turns pieces over.",
        "",
    ]
    flips = {"djambi": "Killed pieces are turned over and stay as corpses: the centred magnet is required."}
    for game_name in names():
        game = load(game_name)
        info = game.info
        seats = max(info.seat_counts)
        counts = piece_counts(game_name)
        out.append(f"## {info.title} ({seats} players)")
        out.append("")
        if not counts:
            out.append("No pieces stand on the board: everything is shown by the lights.")
        else:
            out.append("| seat | kind | pieces |")
            out.append("|---|---|---|")
            for (owner, kind), n in counts.items():
                out.append(f"| {info.seat_names[seats][owner]} | {kind} | {n} |")
            out.append("")
            out.append(f"Total: {sum(counts.values())} pieces, {sum(counts.values())} magnets.")
        if game_name in flips:
            out.append("")
            out.append(flips[game_name])
        out.append("")
    out.append("## Diffusers")
    out.append("")
    out.append(
        "Each LED shines up through a 5 mm hole; a diffuser makes the whole square glow instead of a dot: 2-3 mm"
    )
    out.append(
        "opal (milky) acrylic under the overlay, or the overlay printed on translucent paper, with a 10-15 mm air"
    )
    out.append("gap between LED and diffuser (a spacer grid of 9 x 9 cells, one per square, keeps light off the")
    out.append("neighbours). Thicker or closer diffusers dim the square: raise `brightness` in the pin map, never the")
    out.append("current budget.")
    return "\n".join(out) + "\n"


def outputs(pm: PinMap) -> dict[str, bytes]:
    drawings = {"schematic": schematic(pm), "template": template(pm)}
    for game_name in names():
        drawings[f"overlay-{game_name}"] = overlay(game_name, pm.pitch_mm)
    files: dict[str, bytes] = {}
    for stem, drawing in drawings.items():
        files[f"{stem}.svg"] = drawing.svg().encode()
        files[f"{stem}.pdf"] = drawing.pdf()
    files["pieces.md"] = piece_list().encode()
    return files


def stale(directory: Path, files: dict[str, bytes]) -> list[str]:
    return [
        name
        for name, data in files.items()
        if not (directory / name).is_file() or (directory / name).read_bytes() != data
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="drawings", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only check that hardware/drawings/ is current")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    files = outputs(load_pinmap())
    if args.check:
        if old := stale(args.out, files):
            print(f"drawings: not current, run `make drawings`: {', '.join(old)}", file=sys.stderr)
            return 1
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (args.out / name).write_bytes(data)
    print(f"wrote {len(files)} files to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
