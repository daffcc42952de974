"""The LED language: each meaning has one colour and one pattern, and meanings that can be lit together never
share a pattern, so nobody has to tell them apart by colour alone. docs/led-language.md is the player's table."""

from __future__ import annotations

import enum
import math

from controller.lights.palette import (
    BLUE,
    BLUISH_GREEN,
    ORANGE,
    REDDISH_PURPLE,
    SKY_BLUE,
    VERMILLION,
    YELLOW,
)
from controller.ports import RGB


class Pattern(enum.Enum):
    STEADY = "steady"
    PULSE = "slow pulse"  # breathing, 1.6 s period
    BLINK = "fast blink"  # 4 Hz on/off
    DOUBLE = "double flash"  # two short flashes a second
    ALTERNATE = "alternate"  # two squares taking turns (a piece to carry from one to the other)
    ONCE = "one flash"  # lit for a moment after an event, then dark


class Meaning(enum.Enum):
    TO_MOVE = "a piece the player to move can move"
    ORIGIN = "where the lifted piece came from"
    DESTINATION = "where the lifted piece may go"
    CAPTURE = "a piece the move would take"
    CHORE_MOVE = "a piece to carry (from one square to the other)"
    CHORE_REMOVE = "a piece to take off the board"
    CHORE_STAYS = "a piece that stays where it is (its move bounced)"
    MISMATCH_FILL = "a square that should hold a piece"
    MISMATCH_EMPTY = "a square that should be empty"
    WHY = "why that move is not allowed"
    PROMPT = "the board needs an answer on the page"
    CONFIRMED = "move confirmed"
    THINKING = "the computer is thinking"
    HINT = "the move a hint suggests (from one square to the other)"
    PAUSED = "the board lost its link; the game waits"
    WINNER = "the winner's pieces"
    DRAW = "the game is drawn"


LANGUAGE: dict[Meaning, tuple[RGB, Pattern, float]] = {
    # meaning: (colour, pattern, peak level)
    Meaning.TO_MOVE: (BLUISH_GREEN, Pattern.STEADY, 0.25),
    Meaning.ORIGIN: (YELLOW, Pattern.PULSE, 1.0),
    Meaning.DESTINATION: (SKY_BLUE, Pattern.STEADY, 0.8),
    Meaning.CAPTURE: (VERMILLION, Pattern.DOUBLE, 1.0),
    Meaning.CHORE_MOVE: (ORANGE, Pattern.ALTERNATE, 1.0),
    Meaning.CHORE_REMOVE: (VERMILLION, Pattern.BLINK, 1.0),
    Meaning.CHORE_STAYS: (YELLOW, Pattern.STEADY, 0.4),
    Meaning.MISMATCH_FILL: (REDDISH_PURPLE, Pattern.PULSE, 1.0),
    Meaning.MISMATCH_EMPTY: (REDDISH_PURPLE, Pattern.DOUBLE, 1.0),
    Meaning.WHY: (YELLOW, Pattern.BLINK, 1.0),
    Meaning.PROMPT: (ORANGE, Pattern.BLINK, 1.0),
    Meaning.CONFIRMED: (BLUISH_GREEN, Pattern.ONCE, 1.0),
    Meaning.THINKING: (BLUE, Pattern.PULSE, 0.6),
    Meaning.HINT: (SKY_BLUE, Pattern.ALTERNATE, 0.9),
    Meaning.PAUSED: (BLUE, Pattern.BLINK, 0.6),
    Meaning.WINNER: (BLUISH_GREEN, Pattern.PULSE, 1.0),
    Meaning.DRAW: (SKY_BLUE, Pattern.PULSE, 0.6),
}

# Meanings that can be lit at the same time; within a group every pattern differs.
TOGETHER: tuple[frozenset[Meaning], ...] = (
    frozenset({Meaning.TO_MOVE, Meaning.CONFIRMED, Meaning.HINT}),
    frozenset({Meaning.ORIGIN, Meaning.DESTINATION, Meaning.CAPTURE}),
    frozenset({Meaning.MISMATCH_FILL, Meaning.MISMATCH_EMPTY, Meaning.WHY}),
    frozenset(
        {Meaning.CHORE_MOVE, Meaning.CHORE_REMOVE, Meaning.CHORE_STAYS, Meaning.MISMATCH_FILL, Meaning.MISMATCH_EMPTY}
    ),
    frozenset({Meaning.CHORE_MOVE, Meaning.CHORE_REMOVE, Meaning.CHORE_STAYS, Meaning.CONFIRMED}),
)

ONCE_SECONDS = 0.6
PULSE_PERIOD = 1.6


def intensity(pattern: Pattern, t: float, phase: int = 0, since: float = 0.0) -> float:
    """How bright (0..1) a square lit in `pattern` is at time `t`; `phase` 1 is the second of two alternating
    squares; `since` is when a ONCE pattern's event happened."""
    if pattern is Pattern.STEADY:
        return 1.0
    if pattern is Pattern.PULSE:
        return 0.2 + 0.8 * (0.5 - 0.5 * math.cos(2 * math.pi * t / PULSE_PERIOD))
    if pattern is Pattern.BLINK:
        return 1.0 if (t * 4.0) % 1.0 < 0.5 else 0.0
    if pattern is Pattern.DOUBLE:
        x = t % 1.0
        return 1.0 if x < 0.12 or 0.24 <= x < 0.36 else 0.0
    if pattern is Pattern.ALTERNATE:
        first_half = (t % 1.0) < 0.5
        return 1.0 if first_half == (phase == 0) else 0.0
    return 1.0 if 0.0 <= t - since < ONCE_SECONDS else 0.0
