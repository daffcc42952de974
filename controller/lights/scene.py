"""A scene is a pure function of (game display, recognizer guidance, time) -> an LED frame in physical order.

Brightness, gamma and the current budget are not applied here: every PixelStrip applies them (controller.pixels).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import NamedTuple

from controller.games.squares import squares_of
from controller.lights.language import LANGUAGE, Meaning, Pattern, intensity
from controller.lights.palette import SEAT_COLOURS
from controller.ports import BLACK_FRAME, RGB, SQUARES, Frame
from controller.recognizer.machine import Guidance, Mode
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class SceneInput:
    """Everything a scene is drawn from besides time."""

    guidance: Guidance
    region: int  # squares the game uses; the others stay dark
    marks: Mapping[int, int] = field(default_factory=dict)  # square -> seat, drawn dim in the seat's colour
    signs: Mapping[int, str] = field(default_factory=dict)  # square -> "#rrggbb", drawn dim
    confirmed: int = 0  # squares of the last committed move
    confirmed_at: float = -1e9
    thinking: bool = False
    paused: bool = False
    winners: int | None = None  # squares of the winners' pieces once the game is over
    drawn: bool = False
    hint: tuple[int, ...] = ()  # a hint's squares: where the move starts, where it ends


def _rgb(hex_colour: str) -> RGB:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def _scale(colour: RGB, level: float) -> RGB:
    return (int(colour[0] * level), int(colour[1] * level), int(colour[2] * level))


def _paint(frame: list[RGB], squares: int, meaning: Meaning, t: float, since: float = 0.0) -> bool:
    """Light `squares` for `meaning` at time `t`; whether what was lit changes with time alone."""
    colour, pattern, peak = LANGUAGE[meaning]
    if not squares or (pattern is Pattern.ONCE and intensity(pattern, t, since=since) <= 0.0):
        return False  # a flash that is over leaves what lies under it
    level = peak * intensity(pattern, t, since=since)
    if level <= 0.0:
        lit: RGB = (0, 0, 0)
    else:
        lit = _scale(colour, level)
    for sq in squares_of(squares):
        frame[sq] = lit
    return pattern is not Pattern.STEADY


class Drawn(NamedTuple):
    frame: Frame
    moving: bool  # the frame changes with time alone (a pattern other than steady is lit): draw it again soon


def _paint_chores(frame: list[RGB], g: Guidance, t: float) -> bool:
    """The open chores: each carry from source to destination, removals, pieces to turn over, and mistakes."""
    colour, pattern, peak = LANGUAGE[Meaning.CHORE_MOVE]
    removals = g.chore_removals
    moving = _paint(frame, g.chore_stays, Meaning.CHORE_STAYS, t)
    moved = 0
    moving |= bool(g.chore_moves)
    for step in g.chore_moves:
        if step.src is not None and g.occupancy >> step.src & 1:
            frame[step.src] = _scale(colour, peak * intensity(pattern, t, phase=0))
            moved |= 1 << step.src
        if step.dst is not None:
            frame[step.dst] = _scale(colour, peak * intensity(pattern, t, phase=1))
            moved |= 1 << step.dst
    moving |= _paint(frame, removals, Meaning.CHORE_REMOVE, t)
    # A piece to turn over is carried from its square back to it: the carry light, on that square alone.
    moving |= _paint(frame, g.chore_touches, Meaning.CHORE_MOVE, t)
    moving |= _paint(frame, g.mismatch_fill & ~moved, Meaning.MISMATCH_FILL, t)
    moving |= _paint(frame, g.mismatch_empty & ~moved & ~removals, Meaning.MISMATCH_EMPTY, t)
    return moving


def render(scene: SceneInput, t: float) -> Frame:
    """The frame at time `t`."""
    return draw(scene, t).frame


def _paint_hint(frame: list[RGB], hint: tuple[int, ...], t: float) -> bool:
    """The hinted move's squares in turn (from, then to): the pattern always moves."""
    colour, pattern, peak = LANGUAGE[Meaning.HINT]
    for phase, sq in enumerate(hint):
        frame[sq] = _scale(colour, peak * intensity(pattern, t, phase=phase))
    return True


def draw(scene: SceneInput, t: float) -> Drawn:
    """The frame at time `t`, and whether it would differ a moment later with the scene unchanged."""
    frame = list(BLACK_FRAME)
    moving = False
    g = scene.guidance
    for sq, seat in scene.marks.items():
        frame[sq] = _scale(SEAT_COLOURS[seat % len(SEAT_COLOURS)], 0.15)
    for sq, hex_colour in scene.signs.items():
        frame[sq] = _scale(_rgb(hex_colour), 0.3)
    if scene.paused:
        moving |= _paint(frame, scene.region, Meaning.PAUSED, t)
        return Drawn(tuple(frame), moving)
    if scene.winners is not None or scene.drawn:
        if scene.drawn:
            moving |= _paint(frame, g.occupancy & scene.region, Meaning.DRAW, t)
        else:
            moving |= _paint(frame, scene.winners or 0, Meaning.WINNER, t)
        return Drawn(tuple(frame), moving)
    if g.mode is Mode.TURN:
        moving |= _paint(frame, g.movable, Meaning.TO_MOVE, t)
    moving |= _paint(frame, scene.confirmed, Meaning.CONFIRMED, t, since=scene.confirmed_at)
    if g.mode is Mode.TURN:
        moving |= _paint(frame, g.destinations, Meaning.DESTINATION, t)
        moving |= _paint(frame, g.captures, Meaning.CAPTURE, t)
        moving |= _paint(frame, g.lifted & ~(g.mismatch_fill | g.mismatch_empty), Meaning.ORIGIN, t)
        if scene.hint and not g.lifted:
            moving |= _paint_hint(frame, scene.hint, t)
    if g.mode is Mode.CHORES:
        moving |= _paint_chores(frame, g, t)
    else:
        moving |= _paint(frame, g.mismatch_fill, Meaning.MISMATCH_FILL, t)
        moving |= _paint(frame, g.mismatch_empty, Meaning.MISMATCH_EMPTY, t)
    moving |= _paint(frame, g.why, Meaning.WHY, t)
    moving |= _paint(frame, g.prompt if g.mode is Mode.PROMPT else 0, Meaning.PROMPT, t)
    moving |= _paint(frame, g.occupancy & scene.region if scene.thinking else 0, Meaning.THINKING, t)
    outside = ~scene.region & ((1 << SQUARES) - 1)
    for sq in squares_of(outside):
        frame[sq] = (0, 0, 0)
    return Drawn(tuple(frame), moving)
