"""LED scenes: one meaning, one colour, one pattern (docs/led-language.md)."""

from controller.lights.language import LANGUAGE, Meaning, Pattern, intensity
from controller.lights.palette import OKABE_ITO, SEAT_COLOURS
from controller.lights.scene import Drawn, SceneInput, draw, render

__all__ = [
    "LANGUAGE",
    "OKABE_ITO",
    "SEAT_COLOURS",
    "Drawn",
    "Meaning",
    "Pattern",
    "SceneInput",
    "draw",
    "intensity",
    "render",
]
