"""Random Chesspolitik positions and order sets that make the adjudicator work: crowded boards, contested squares,
supports that match a move or miss it, head-to-head battles, rings of moves, units left without orders, and
Winter builds and disbands (too few of them too)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from controller.games.chesspolitik.adjustments import adjustment, build_sites
from controller.games.chesspolitik.board import BOARDS, KINDS, Board
from controller.games.chesspolitik.orders import (
    Build,
    Disband,
    Hold,
    MoveTo,
    SupportHold,
    SupportMove,
    UnitOrder,
    Waive,
)
from controller.games.chesspolitik.phases import FALL, SPRING, WINTER
from controller.games.chesspolitik.state import ChesspolitikState
from controller.games.moves import Move


def random_position(rnd: random.Random, seats: int) -> ChesspolitikState:
    """Units scattered over a corner of the board, so that they meet; random owners of the centres."""
    board = BOARDS[seats]
    size = rnd.randint(4, board.size)
    area = [sq for sq in board.squares if sq % 9 < size and sq // 9 < size]
    count = rnd.randint(2, min(len(area), 3 * seats + 6))
    squares = rnd.sample(area, count)
    units = tuple(sorted((sq, rnd.choice(KINDS), rnd.randrange(seats)) for sq in squares))
    centres = sorted(board.centres)
    rnd.shuffle(centres)
    owned = {c: rnd.randrange(seats) for c in centres if rnd.random() < 0.6}
    season = rnd.choice((SPRING, FALL))
    if rnd.random() < 0.2:
        # Near a solo: one power a centre or two short of victory, the rest of the centres neutral or others'.
        favourite = rnd.randrange(seats)
        short = rnd.randint(1, 2)
        owned = {
            c: (favourite if i < board.solo - short else rnd.choice([s for s in range(seats) if s != favourite]))
            for i, c in enumerate(centres)
            if i < board.solo - short or rnd.random() < 0.5
        }
        season = FALL
    owners = tuple(sorted(owned.items())) or ((centres[0], 0),)  # the reference fills empty ownership from homes
    return ChesspolitikState(seats, board.start_year + rnd.randrange(5), season, units, owners)


def _ring(rnd: random.Random, state: ChesspolitikState, units: Mapping[int, tuple[str, int]]) -> list[int]:
    """Squares of units that can each move into the next one's square, the last into the first's (or [])."""
    board = state.board
    for _ in range(10):
        start = rnd.choice(list(units))
        path = [start]
        while len(path) < 6:
            here = path[-1]
            kind = units[here][0]
            options = [s for s in board.reach(kind, here) if s in units and (s == start or s not in path)]
            if start in options and len(path) >= 2:
                return path
            options = [s for s in options if s != start]
            if not options:
                break
            path.append(rnd.choice(options))
    return []


def random_movement_orders(rnd: random.Random, state: ChesspolitikState) -> dict[int, list[Move]]:
    """Legal orders per seat; some units get none (they hold)."""
    board = state.board
    units = state.unit_map()
    chosen: dict[int, UnitOrder] = {}
    if len(units) >= 3 and rnd.random() < 0.35:
        ring = _ring(rnd, state, units)
        for i, sq in enumerate(ring):
            chosen[sq] = MoveTo(units[sq][0], sq, ring[(i + 1) % len(ring)])
    targeted: set[int] = set()
    supporters = []
    for sq, (kind, _) in sorted(units.items()):
        if sq in chosen:
            targeted.add(chosen[sq].dst)  # type: ignore[union-attr]
            continue
        roll = rnd.random()
        reach = sorted(board.reach(kind, sq))
        if roll < 0.15:
            chosen[sq] = Hold(kind, sq)
        elif roll < 0.6:
            weights = [4 if d in units or d in targeted else 1 for d in reach]
            dst = rnd.choices(reach, weights)[0]
            targeted.add(dst)
            chosen[sq] = MoveTo(kind, sq, dst)
        elif roll < 0.92:
            supporters.append(sq)
    for sq in supporters:
        support = _support(rnd, board, units, chosen, sq)
        if support is not None:
            chosen[sq] = support
    orders: dict[int, list[Move]] = {seat: [] for seat in state.participants()}
    for sq, order in sorted(chosen.items()):
        orders[units[sq][1]].append(order)
    for seat_orders in orders.values():
        rnd.shuffle(seat_orders)
    return orders


def _support(
    rnd: random.Random, board: Board, units: Mapping[int, tuple[str, int]], chosen: dict[int, UnitOrder], sq: int
) -> UnitOrder | None:
    """A support for the unit on `sq`: mostly one that matches what the supported unit was ordered to do, else any
    support it can give (None when it can give none)."""
    kind = units[sq][0]
    into = board.reach(kind, sq)
    matching: list[UnitOrder] = []
    for other, order in chosen.items():
        okind = units[other][0]
        if isinstance(order, MoveTo) and order.dst in into and other != sq:
            matching.append(SupportMove(kind, sq, okind, other, order.dst))
        elif not isinstance(order, MoveTo) and other in into:
            matching.append(SupportHold(kind, sq, okind, other))
    anything: list[UnitOrder] = []
    for other, (okind, _) in units.items():
        if other in into:
            anything.append(SupportHold(kind, sq, okind, other))
        if other != sq:
            anything.extend(SupportMove(kind, sq, okind, other, d) for d in sorted(into & board.reach(okind, other)))
    if matching and rnd.random() < 0.75:
        return rnd.choice(matching)
    if anything:
        return rnd.choice(anything)
    return None


def random_adjustments(rnd: random.Random, state: ChesspolitikState) -> dict[int, list[Move]]:
    """Winter orders: builds (sometimes fewer than allowed, sometimes waived), disbands (sometimes too few)."""
    assert state.season == WINTER
    board = state.board
    units, owners = state.unit_map(), state.owner_map()
    orders: dict[int, list[Move]] = {}
    for seat in sorted(state.participants()):
        count = adjustment(board, seat, units, owners)
        if count > 0:
            sites = list(build_sites(board, seat, units, owners))
            rnd.shuffle(sites)
            n = rnd.randint(0, count)
            chosen: list[Move] = [Build(rnd.choice(KINDS), s) for s in sites[:n]]
            if n < count and rnd.random() < 0.5:
                chosen.append(Waive())
            orders[seat] = chosen
        else:
            mine = [(sq, k) for sq, (k, s) in units.items() if s == seat]
            n = -count if rnd.random() < 0.5 else rnd.randint(0, -count)
            orders[seat] = [Disband(k, sq) for sq, k in rnd.sample(mine, n)]
    return orders
