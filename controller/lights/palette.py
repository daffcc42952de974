"""The Okabe-Ito palette: eight colours told apart by people with every common kind of colour blindness."""

from __future__ import annotations

from controller.ports import RGB

ORANGE: RGB = (230, 159, 0)
SKY_BLUE: RGB = (86, 180, 233)
BLUISH_GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
REDDISH_PURPLE: RGB = (204, 121, 167)

OKABE_ITO: dict[str, RGB] = {
    "orange": ORANGE,
    "sky blue": SKY_BLUE,
    "bluish green": BLUISH_GREEN,
    "yellow": YELLOW,
    "blue": BLUE,
    "vermillion": VERMILLION,
    "reddish purple": REDDISH_PURPLE,
}

# Seat colours for marks (a Politics state's leader, whose pieces are whose), by seat number.
SEAT_COLOURS: tuple[RGB, ...] = (VERMILLION, BLUE, YELLOW, BLUISH_GREEN, REDDISH_PURPLE, SKY_BLUE)
