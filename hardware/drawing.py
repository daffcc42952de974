"""A small vector drawing (lines, rectangles, circles, text, in millimetres) written as SVG and as PDF.

The maker's drawings (hardware/drawings/) are generated from the pin map and the games; they must print at true
size, so both files use millimetres (the PDF page is the drawing's size, 1 mm = 72 / 25.4 pt). No dependency: the
PDF is a single uncompressed page with Helvetica, which every PDF reader has.
"""

from __future__ import annotations

from dataclasses import field
from xml.sax.saxutils import escape

from controller.values import dataclass

PT = 72 / 25.4
Colour = tuple[int, int, int]
BLACK: Colour = (0, 0, 0)


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.3
    colour: Colour = BLACK


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    width: float = 0.3
    colour: Colour = BLACK
    fill: Colour | None = None


@dataclass(frozen=True, slots=True)
class Circle:
    x: float
    y: float
    r: float
    width: float = 0.3
    colour: Colour = BLACK
    fill: Colour | None = None


@dataclass(frozen=True, slots=True)
class Text:
    x: float
    y: float
    text: str
    size: float = 3.0
    """Height of the letters in mm."""
    anchor: str = "start"
    colour: Colour = BLACK


Shape = Line | Rect | Circle | Text


@dataclass(slots=True)
class Drawing:
    width: float
    height: float
    title: str
    shapes: list[Shape] = field(default_factory=list)

    def add(self, *shapes: Shape) -> None:
        self.shapes.extend(shapes)

    def svg(self) -> str:
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:g}mm" height="{self.height:g}mm" '
            f'viewBox="0 0 {self.width:g} {self.height:g}">',
            f"<title>{escape(self.title)}</title>",
        ]
        for s in self.shapes:
            out.append(_svg(s))
        out.append("</svg>")
        return "\n".join(out) + "\n"

    def pdf(self) -> bytes:
        ops = [_pdf(s, self.height) for s in self.shapes]
        content = "\n".join(ops).encode("latin-1", "replace")
        w, h = self.width * PT, self.height * PT
        objects = [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w:.2f} {h:.2f}] /Contents 4 0 R "
            "/Resources << /Font << /F1 5 0 R >> >> >>".encode(),
            b"<< /Length " + str(len(content)).encode() + b" >>\nstream\n" + content + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
            b"<< /Title (" + _pdf_string(self.title).encode("latin-1", "replace") + b") /Producer (Agora) >>",
        ]
        data = bytearray(b"%PDF-1.4\n")
        offsets = []
        for number, body in enumerate(objects, start=1):
            offsets.append(len(data))
            data += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
        xref = len(data)
        data += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
        for offset in offsets:
            data += f"{offset:010d} 00000 n \n".encode()
        data += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
        return bytes(data)


def _rgb(c: Colour) -> str:
    return f"#{c[0]:02x}{c[1]:02x}{c[2]:02x}"


def _svg(s: Shape) -> str:
    match s:
        case Line():
            return (
                f'<line x1="{s.x1:g}" y1="{s.y1:g}" x2="{s.x2:g}" y2="{s.y2:g}" stroke="{_rgb(s.colour)}" '
                f'stroke-width="{s.width:g}"/>'
            )
        case Rect():
            fill = _rgb(s.fill) if s.fill else "none"
            return (
                f'<rect x="{s.x:g}" y="{s.y:g}" width="{s.w:g}" height="{s.h:g}" fill="{fill}" '
                f'stroke="{_rgb(s.colour)}" stroke-width="{s.width:g}"/>'
            )
        case Circle():
            fill = _rgb(s.fill) if s.fill else "none"
            return (
                f'<circle cx="{s.x:g}" cy="{s.y:g}" r="{s.r:g}" fill="{fill}" stroke="{_rgb(s.colour)}" '
                f'stroke-width="{s.width:g}"/>'
            )
        case Text():
            return (
                f'<text x="{s.x:g}" y="{s.y:g}" font-family="Helvetica, Arial, sans-serif" '
                f'font-size="{s.size * 1.4:g}" text-anchor="{s.anchor}" fill="{_rgb(s.colour)}">{escape(s.text)}</text>'
            )


def _pdf_string(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def _pdf_colour(c: Colour, op: str) -> str:
    return f"{c[0] / 255:.3f} {c[1] / 255:.3f} {c[2] / 255:.3f} {op}"


def _pdf(s: Shape, height: float) -> str:
    def p(x: float, y: float) -> str:
        return f"{x * PT:.2f} {(height - y) * PT:.2f}"

    match s:
        case Line():
            return f"{_pdf_colour(s.colour, 'RG')} {s.width * PT:.2f} w {p(s.x1, s.y1)} m {p(s.x2, s.y2)} l S"
        case Rect():
            paint = "B" if s.fill else "S"
            fill = _pdf_colour(s.fill, "rg") + " " if s.fill else ""
            return (
                f"{fill}{_pdf_colour(s.colour, 'RG')} {s.width * PT:.2f} w "
                f"{p(s.x, s.y + s.h)} {s.w * PT:.2f} {s.h * PT:.2f} re {paint}"
            )
        case Circle():
            k = 0.5523 * s.r
            x, y, r = s.x, s.y, s.r
            path = (
                f"{p(x + r, y)} m {p(x + r, y - k)} {p(x + k, y - r)} {p(x, y - r)} c "
                f"{p(x - k, y - r)} {p(x - r, y - k)} {p(x - r, y)} c "
                f"{p(x - r, y + k)} {p(x - k, y + r)} {p(x, y + r)} c "
                f"{p(x + k, y + r)} {p(x + r, y + k)} {p(x + r, y)} c"
            )
            paint = "B" if s.fill else "S"
            fill = _pdf_colour(s.fill, "rg") + " " if s.fill else ""
            return f"{fill}{_pdf_colour(s.colour, 'RG')} {s.width * PT:.2f} w {path} {paint}"
        case Text():
            size = s.size * 1.4 * PT
            # Helvetica averages about 0.5 em per character: enough to centre or right-align labels.
            shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[s.anchor] * 0.5 * size * len(s.text)
            left, base = s.x * PT - shift, (height - s.y) * PT
            return (
                f"BT {_pdf_colour(s.colour, 'rg')} /F1 {size:.2f} Tf {left:.2f} {base:.2f} Td "
                f"({_pdf_string(s.text)}) Tj ET"
            )
