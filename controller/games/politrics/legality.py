"""Why a placement, step or beat is not legal: the reason a player reads, and the squares the LEDs mark.

`problem` is the single judge `play` uses; the move generators must agree with it (a property test checks this).
"""

from __future__ import annotations

from controller.games.politrics.board import AURA, PLAYING, RETIREMENT, SQUARES, square_name
from controller.games.politrics.figures import (
    BEATS,
    CIVIL_SERVANT,
    CODE,
    DELEGATE,
    EMPTY,
    FIGURES,
    KIND_NAMES,
    MINISTER,
    MOVEMENT,
    PRESIDENT,
    STEPS,
    figure_name,
)
from controller.games.politrics.layout import Layout
from controller.games.politrics.moves import Beat, Place, Shift, direction_between
from controller.games.politrics.rules import Rules
from controller.games.squares import squares_of

Problem = tuple[str, frozenset[int]]


def _names(squares: list[int]) -> str:
    return ", ".join(square_name(s) for s in squares)


def aura_problem(sq: int, lay: Layout, seat: int, rules: Rules, verb: str) -> Problem | None:
    """The President of `seat` may not be on `sq` because of Civil Servants' Auras."""
    blockers = squares_of(lay.civil_servants_blocking(seat, rules) & AURA[sq])
    if not blockers:
        return None
    word = "Civil Servant" if len(blockers) == 1 else "Civil Servants"
    return f"The President may not {verb} the Aura of the {word} on {_names(blockers)}", frozenset(blockers)


def civil_servant_problem(sq: int, lay: Layout, seat: int, rules: Rules) -> Problem | None:
    """A Civil Servant of `seat` may not stand on `sq` with a President in his Aura."""
    presidents = squares_of(lay.presidents_blocked_by(seat, rules) & AURA[sq])
    if not presidents:
        return None
    return (
        f"A Civil Servant on {square_name(sq)} would have the President on {_names(presidents)} in his Aura",
        frozenset(presidents),
    )


def _place_problem(move: Place, lay: Layout, lineup: tuple[int, ...], seat: int, rules: Rules) -> Problem | None:
    name = KIND_NAMES[move.kind]
    if not any(lineup):
        return f"All {FIGURES} of your figures are placed: step or beat with one", frozenset()
    if not lineup[move.kind]:
        return f"No {name} of yours is left in the line-up", frozenset()
    if not lay.empty >> move.dst & 1:
        return f"{square_name(move.dst)} is taken", frozenset({move.dst})
    if move.kind == PRESIDENT:
        if not PLAYING >> move.dst & 1:
            return f"The President stands only on the playing field, not on {square_name(move.dst)}", frozenset()
        return aura_problem(move.dst, lay, seat, rules, "stand in")
    if move.kind == CIVIL_SERVANT:
        return civil_servant_problem(move.dst, lay, seat, rules)
    return None


def _mover_problem(move: Shift | Beat, board: str, seat: int) -> Problem | None:
    here = board[move.src]
    if here == EMPTY:
        return f"There is no figure on {square_name(move.src)}", frozenset()
    kind, owner = CODE[here]
    if owner != seat or kind != move.kind:
        return (
            f"{square_name(move.src)} holds a {figure_name(kind, owner)}, not a {figure_name(move.kind, seat)}",
            frozenset({move.src}),
        )
    if RETIREMENT >> move.src & 1:
        what = "moves or beats"
        return (
            f"The {KIND_NAMES[kind]} on {square_name(move.src)} stands on a retirement square and never {what} again",
            frozenset({move.src}),
        )
    return None


def _shift_problem(
    move: Shift, board: str, lay: Layout, lineup: tuple[int, ...], seat: int, rules: Rules
) -> Problem | None:
    if problem := _mover_problem(move, board, seat):
        return problem
    left = sum(lineup)
    if left:
        figures = "figure is" if left == 1 else "figures are"
        return f"Figures move only once all are placed: {left} {figures} still in your line-up", frozenset()
    name = KIND_NAMES[move.kind]
    if not STEPS[move.kind]:
        return f"A {name} never moves", frozenset({move.src})
    way = direction_between(move.src, move.dst)
    if way is None or way[1] != 1 or way[0] not in STEPS[move.kind]:
        return f"A {name} moves {MOVEMENT[move.kind]}", frozenset({move.src})
    if not lay.empty >> move.dst & 1:
        return f"{square_name(move.dst)} is taken", frozenset({move.dst})
    if move.kind == PRESIDENT:
        if not PLAYING >> move.dst & 1:
            return f"The President stays on the playing field, {square_name(move.dst)} is off it", frozenset()
        return aura_problem(move.dst, lay, seat, rules, "enter")
    return None


def _beat_problem(move: Beat, board: str, lay: Layout, seat: int) -> Problem | None:
    name = KIND_NAMES[move.kind]
    if not BEATS[move.kind]:
        return f"A {name} never beats", frozenset()
    if problem := _mover_problem(move, board, seat):
        return problem
    way = direction_between(move.src, move.dst)
    if way is None or way[1] != 2 or way[0] not in BEATS[move.kind]:
        lines = {MINISTER: "diagonally", DELEGATE: "horizontally or vertically"}.get(move.kind, "in a line")
        return f"A {name} beats by jumping {lines} over the figure next to him", frozenset({move.src})
    over = move.over
    if board[over] == EMPTY:
        return f"There is no figure on {square_name(over)} to jump over", frozenset({over})
    if CODE[board[over]][1] == seat:
        return "You can beat opponent figures only, not your own", frozenset({over})
    if not lay.empty >> move.dst & 1:
        return f"The jump must land on a free square; {square_name(move.dst)} is taken", frozenset({move.dst})
    return None


def problem(
    move: Place | Shift | Beat, board: str, lay: Layout, lineup: tuple[int, ...], seat: int, rules: Rules
) -> Problem | None:
    """None when `seat` may make `move` now (turn order aside), else why not."""
    assert len(board) == SQUARES
    if isinstance(move, Place):
        return _place_problem(move, lay, lineup, seat, rules)
    if isinstance(move, Shift):
        return _shift_problem(move, board, lay, lineup, seat, rules)
    return _beat_problem(move, board, lay, seat)
