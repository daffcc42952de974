"""Drawing LED frames: SVG (for documents and the tests), PNG (Pillow, imported only when asked) and an ANSI
terminal view (`agora doctor`, `agora sim-device`). Rank 9 is at the top, as a player at the south edge sees it.

Pure, beside `controller.pixels`: it draws any 81-pixel frame, whichever strip showed it, so the doctor draws the real
board's frames without reaching into the simulator, and the simulator draws its own with the same code.
"""

from __future__ import annotations

from controller.ports import SQUARES, Frame

SIZE = 9
FILES = "abcdefghi"


def _cells(frame: Frame) -> list[tuple[int, int, int, tuple[int, int, int]]]:
    """(square, column, row from the top, colour) for each square."""
    if len(frame) != SQUARES:
        raise ValueError(f"a frame has {SQUARES} pixels, not {len(frame)}")
    return [(s, s % SIZE, SIZE - 1 - s // SIZE, frame[s]) for s in range(SQUARES)]


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def to_svg(frame: Frame, occupancy: int = 0, *, cell: int = 40, labels: bool = True) -> str:
    """The board as SVG: each square lit in its colour, a ring where a piece stands."""
    margin = cell // 2 if labels else 0
    size = SIZE * cell + margin
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">',
        f'<rect width="{size}" height="{size}" fill="#202020"/>',
    ]
    r = cell * 0.3
    for square, col, row, rgb in _cells(frame):
        x, y = margin + col * cell, row * cell
        name = f"{FILES[col]}{SIZE - row}"
        parts.append(
            f'<rect id="{name}" x="{x + 1}" y="{y + 1}" width="{cell - 2}" height="{cell - 2}" rx="3" '
            f'fill="{_hex(rgb)}" stroke="#404040"/>'
        )
        if occupancy >> square & 1:
            parts.append(
                f'<circle cx="{x + cell / 2:g}" cy="{y + cell / 2:g}" r="{r:g}" fill="none" '
                f'stroke="#f0f0f0" stroke-width="3"/>'
            )
    if labels:
        font = f'font-family="monospace" font-size="{cell // 3}" fill="#c0c0c0" text-anchor="middle"'
        for i in range(SIZE):
            parts.append(f'<text x="{margin + i * cell + cell / 2:g}" y="{size - cell / 8:g}" {font}>{FILES[i]}</text>')
            parts.append(f'<text x="{margin / 2:g}" y="{i * cell + cell * 0.6:g}" {font}>{SIZE - i}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def to_png(frame: Frame, occupancy: int = 0, *, cell: int = 40) -> bytes:
    """The board as PNG bytes. Needs Pillow (a test dependency, not a runtime one)."""
    try:
        from PIL import Image, ImageDraw
    except ImportError as exc:
        raise RuntimeError("PNG rendering needs Pillow: pip install pillow") from exc
    import io

    size = SIZE * cell
    image = Image.new("RGB", (size, size), (32, 32, 32))
    draw = ImageDraw.Draw(image)
    for square, col, row, rgb in _cells(frame):
        x, y = col * cell, row * cell
        draw.rectangle((x + 1, y + 1, x + cell - 2, y + cell - 2), fill=rgb, outline=(64, 64, 64))
        if occupancy >> square & 1:
            m = cell * 0.2
            draw.ellipse((x + m, y + m, x + cell - m, y + cell - m), outline=(240, 240, 240), width=3)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def to_ansi(frame: Frame, occupancy: int = 0, *, untrusted: int = 0) -> str:
    """The board for a 24-bit colour terminal: two characters per square, `()` a piece, `!!` an untrusted switch."""
    lines = []
    for row in range(SIZE):
        rank = SIZE - row
        cells = []
        for col in range(SIZE):
            square = (rank - 1) * SIZE + col
            r, g, b = frame[square]
            fg = "30" if r + g + b > 300 else "97"
            mark = "!!" if untrusted >> square & 1 else "()" if occupancy >> square & 1 else "  "
            cells.append(f"\x1b[48;2;{r};{g};{b}m\x1b[{fg}m{mark}\x1b[0m")
        lines.append(f"{rank} " + "".join(cells))
    lines.append("  " + "".join(f"{f} " for f in FILES))
    return "\n".join(lines)


def to_text(occupancy: int, untrusted: int = 0) -> str:
    """The occupancy without colours: `#` a piece, `.` empty, `!` untrusted (logs, dumb terminals)."""
    lines = []
    for row in range(SIZE):
        rank = SIZE - row
        marks = []
        for col in range(SIZE):
            square = (rank - 1) * SIZE + col
            marks.append("!" if untrusted >> square & 1 else "#" if occupancy >> square & 1 else ".")
        lines.append(f"{rank} " + " ".join(marks))
    lines.append("  " + " ".join(FILES))
    return "\n".join(lines)
