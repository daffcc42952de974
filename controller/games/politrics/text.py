"""Sentences for players: what a move does and whose turn it is."""

from __future__ import annotations

from controller.games.moves import Move
from controller.games.politrics.board import row_name, square_name
from controller.games.politrics.figures import CODE, KIND_NAMES, SEAT_NAMES
from controller.games.politrics.moves import Beat, Concede, Declare, Place, Shift
from controller.games.politrics.position import Position
from controller.games.politrics.scoring import row_points


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat]


def sq(square: int) -> str:
    return square_name(square)


def _article(name: str) -> str:
    return "an" if name[0] in "AEIOU" else "a"


def describe(state: Position, move: Move) -> str:
    me = seat_name(state.turn)
    if isinstance(move, Place):
        name = KIND_NAMES[move.kind]
        return f"{me} places {_article(name)} {name} on {sq(move.dst)}"
    if isinstance(move, Shift):
        return f"{me} moves the {KIND_NAMES[move.kind]} from {sq(move.src)} to {sq(move.dst)}"
    if isinstance(move, Beat):
        victim = state.board[move.over]
        beaten = f"{seat_name(CODE[victim][1])}'s {KIND_NAMES[CODE[victim][0]]}" if victim in CODE else "a figure"
        return (
            f"{me}'s {KIND_NAMES[move.kind]} jumps from {sq(move.src)} to {sq(move.dst)} "
            f"and beats {beaten} on {sq(move.over)}"
        )
    if isinstance(move, Declare):
        declarer = seat_name(1 - state.turn)
        try:
            points = f" worth {row_points(state.board, move.row)} points"
        except ValueError:
            points = ""
        return f"{declarer} declares the row {row_name(move.row)}{points}"
    if isinstance(move, Concede):
        return f"{me} lets {seat_name(1 - state.turn)}'s declared row stand"
    return str(move)


def turn_text(state: Position) -> str:
    result = state.outcome()
    if result is not None:
        return result.reason
    me, other = seat_name(state.turn), seat_name(1 - state.turn)
    dark, light = state.totals
    head = f"Board {len(state.boards) + 1}, Dark {dark} : Light {light}. "
    if state.declared is not None:
        points = row_points(state.board, state.declared)
        return (
            f"{head}{me} to answer {other}'s declared row {row_name(state.declared)} ({points} points): "
            "beat one of its figures, or any other move lets it stand"
        )
    left = sum(state.lineup[state.turn])
    if left:
        return f"{head}{me} to place a figure ({left} in the line-up) or beat"
    return f"{head}{me} to move a figure or beat"
