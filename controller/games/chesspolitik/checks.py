"""Is an order set acceptable? Each refusal is an IllegalMoveError that says what is wrong in a player's words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from controller.games.chesspolitik.adjustments import adjustment
from controller.games.chesspolitik.board import KIND_NAMES, KING, Board
from controller.games.chesspolitik.orders import (
    ADJUSTMENTS,
    UNIT_ORDERS,
    Build,
    Disband,
    DrawVote,
    Hold,
    MoveTo,
    SupportHold,
    SupportMove,
    UnitOrder,
    Waive,
)
from controller.games.errors import IllegalMoveError
from controller.games.moves import Move
from controller.games.squares import name


class Position(Protocol):
    """What the checks read of a Chesspolitik position (a `ChesspolitikState`, which imports this module)."""

    @property
    def board(self) -> Board: ...
    @property
    def draw_votes(self) -> bool: ...
    @property
    def phase(self) -> str: ...
    @property
    def powers(self) -> tuple[str, ...]: ...
    def unit_map(self) -> Mapping[int, tuple[str, int]]: ...
    def owner_map(self) -> Mapping[int, int]: ...


def _list(squares: frozenset[int]) -> str:
    names = sorted(name(s) for s in squares)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _unit(kind: str, square: int) -> str:
    return f"the {KIND_NAMES[kind]} on {name(square)}"


def _refuse(message: str, *squares: int) -> IllegalMoveError:
    return IllegalMoveError(message, frozenset(squares))


def _check_reach(board: Board, kind: str, square: int, dst: int, doing: str) -> None:
    reach = board.reach(kind, square)
    if dst not in reach:
        raise _refuse(f"{_unit(kind, square)} cannot {doing} {name(dst)}: it reaches only {_list(reach)}", square, dst)


def _check_unit(state: Position, seat: int, kind: str, square: int) -> None:
    unit = state.unit_map().get(square)
    power = state.powers[seat]
    if unit is None or unit[1] != seat:
        raise _refuse(f"{power} has no unit on {name(square)}", square)
    if unit[0] != kind:
        raise _refuse(f"the unit on {name(square)} is a {KIND_NAMES[unit[0]]}, not a {KIND_NAMES[kind]}", square)


def _check_target(state: Position, kind: str, square: int) -> None:
    unit = state.unit_map().get(square)
    if unit is None:
        raise _refuse(f"there is no unit on {name(square)} to support", square)
    if unit[0] != kind:
        raise _refuse(f"the unit on {name(square)} is a {KIND_NAMES[unit[0]]}, not a {KIND_NAMES[kind]}", square)


def check_unit_order(state: Position, seat: int, order: UnitOrder) -> None:
    """One Spring or Fall order of `seat`; raises with the reason when it is not legal."""
    board = state.board
    _check_unit(state, seat, order.kind, order.square)
    if isinstance(order, MoveTo):
        _check_reach(board, order.kind, order.square, order.dst, "move to")
    elif isinstance(order, SupportHold):
        _check_target(state, order.target_kind, order.target)
        _check_reach(board, order.kind, order.square, order.target, "support a unit on")
    elif isinstance(order, SupportMove):
        _check_target(state, order.target_kind, order.target)
        if order.target == order.square:
            raise _refuse(f"{_unit(order.kind, order.square)} cannot support its own move", order.square)
        _check_reach(board, order.target_kind, order.target, order.dst, "move to")
        _check_reach(board, order.kind, order.square, order.dst, "support a move into")


def _is_legal(board: Board, units: Mapping[int, tuple[str, int]], seat: int, order: UnitOrder) -> bool:
    """The quick test every submitted support goes through; `check_unit_order` explains a failure."""
    square = order.square
    if units.get(square) != (order.kind, seat):
        return False
    if type(order) is Hold:
        return True
    reach = board.king[square] if order.kind == KING else board.knight[square]
    if type(order) is MoveTo:
        return order.dst in reach
    assert type(order) is SupportHold or type(order) is SupportMove
    target_square = order.target
    target = units.get(target_square)
    if target is None or target[0] != order.target_kind:
        return False
    if type(order) is SupportMove:
        into = board.king[target_square] if target[0] == KING else board.knight[target_square]
        dst = order.dst
        return target_square != square and dst in reach and dst in into
    return target_square in reach


def check_movement(state: Position, seat: int, orders: Sequence[Move]) -> None:
    if not orders:
        return
    board = state.board
    units = state.unit_map()
    king, knight = board.king, board.knight
    ordered: set[int] = set()
    voted = False
    # Holds and moves, most of the orders, are tested here at once; supports by `_is_legal`.
    for order in orders:
        if type(order) is MoveTo:
            square = order.square
            unit = order.kind
            legal = units.get(square) == (unit, seat) and order.dst in (king if unit == KING else knight)[square]
        elif type(order) is Hold:
            square = order.square
            legal = units.get(square) == (order.kind, seat)
        elif type(order) is DrawVote:
            if not state.draw_votes:
                raise _refuse("draw votes are switched off in this game")
            if voted:
                raise _refuse("Draw is given twice")
            voted = True
            continue
        elif type(order) is SupportHold or type(order) is SupportMove:
            square = order.square
            legal = _is_legal(board, units, seat, order)
        elif isinstance(order, ADJUSTMENTS):
            raise _refuse(f"{order} is a Winter order; {state.phase} takes hold, move and support orders")
        else:
            raise _refuse(f"{order!r} is not a Chesspolitik order")
        if not legal:
            check_unit_order(state, seat, order)
            raise AssertionError(f"{order} failed the quick test but passed the full check")  # pragma: no cover
        if square in ordered:
            raise _refuse(f"{_unit(order.kind, square)} has two orders", square)
        ordered.add(square)


def check_adjustments(state: Position, seat: int, orders: Sequence[Move]) -> None:
    board = state.board
    units, owners = state.unit_map(), state.owner_map()
    count = adjustment(board, seat, units, owners)
    power = state.powers[seat]
    used: set[int] = set()
    for order in orders:
        if isinstance(order, DrawVote):
            raise _refuse("draw votes are given with the Spring and Fall orders, not in Winter")
        if isinstance(order, UNIT_ORDERS):
            raise _refuse(f"{order} is a Spring or Fall order; Winter takes builds, disbands and waives")
        if count > 0:
            _check_build_order(state, seat, order, used)
        else:
            _check_disband_order(state, seat, order, count, used)
    if count > 0 and len(orders) > count:
        raise _refuse(f"{power} may build {count} unit(s) this Winter; {len(orders)} builds and waives are too many")
    if count < 0 and len(orders) > -count:
        raise _refuse(f"{power} must disband {-count} unit(s) this Winter, not {len(orders)}")


def _check_build_order(state: Position, seat: int, order: Move, used: set[int]) -> None:
    """One Winter order of a power that builds (`used`: the squares already built on)."""
    if isinstance(order, Disband):
        raise _refuse(f"{state.powers[seat]} builds this Winter; it has nothing to disband")
    if isinstance(order, Build):
        _check_build(state, seat, order.square)
        if order.square in used:
            raise _refuse(f"{name(order.square)} has two builds", order.square)
        used.add(order.square)
    elif not isinstance(order, Waive):
        raise _refuse(f"{order!r} is not a Chesspolitik order")


def _check_disband_order(state: Position, seat: int, order: Move, count: int, used: set[int]) -> None:
    """One Winter order of a power that builds nothing (`used`: the units already disbanded)."""
    if not isinstance(order, Disband):
        if isinstance(order, (Build, Waive)):
            raise _refuse(f"{state.powers[seat]} must disband {-count} unit(s) this Winter and cannot build")
        raise _refuse(f"{order!r} is not a Chesspolitik order")
    _check_unit(state, seat, order.kind, order.square)
    if order.square in used:
        raise _refuse(f"{_unit(order.kind, order.square)} is disbanded twice", order.square)
    used.add(order.square)


def _check_build(state: Position, seat: int, square: int) -> None:
    board = state.board
    power = state.powers[seat]
    if square not in board.powers[seat].homes:
        home = board.powers[seat]
        lines = "files" if home.side in ("left", "right") else "rows"
        raise _refuse(f"{power} builds only on the centres of its home {lines}: {_list(frozenset(home.homes))}", square)
    if state.owner_map().get(square) != seat:
        raise _refuse(f"{power} does not control {name(square)}", square)
    if square in state.unit_map():
        raise _refuse(f"{name(square)} is occupied", square)
