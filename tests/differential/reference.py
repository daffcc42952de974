"""Drive the reference adjudicator (PyPI `diplomacy`) on a Chesspolitik position and read back what it decided."""

from __future__ import annotations

import contextlib
import io
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from diplomacy import Game as RefGame

from controller.games.chesspolitik.orders import Build, Disband, DrawVote, Hold, MoveTo, SupportHold, SupportMove, Waive
from controller.games.chesspolitik.phases import SPRING, WINTER
from controller.games.chesspolitik.state import ChesspolitikState
from controller.games.moves import Move
from controller.games.squares import name
from tests.differential.refmap import REF_POWERS, map_path, ref_square, ref_unit

# The reference's movement resolution, timed: its Game has __slots__, so the method is wrapped on the class.
_CORE = [0.0]
_resolve_moves = RefGame._resolve_moves


def _timed_resolve_moves(self: RefGame) -> None:
    start = time.perf_counter()
    _resolve_moves(self)
    _CORE[0] += time.perf_counter() - start


if not hasattr(RefGame, "_agora_timed"):
    RefGame._resolve_moves = _timed_resolve_moves
    RefGame._agora_timed = True


def ref_order(order: Move) -> str | None:
    """Our order in the reference's syntax; None for what it has no order for (a draw vote)."""
    if isinstance(order, Hold):
        return f"{ref_unit(order.kind, order.square)} H"
    if isinstance(order, MoveTo):
        return f"{ref_unit(order.kind, order.square)} - {ref_square(order.dst)}"
    if isinstance(order, SupportHold):
        return f"{ref_unit(order.kind, order.square)} S {ref_unit(order.target_kind, order.target)}"
    if isinstance(order, SupportMove):
        supported = ref_unit(order.target_kind, order.target)
        return f"{ref_unit(order.kind, order.square)} S {supported} - {ref_square(order.dst)}"
    if isinstance(order, Build):
        return f"{ref_unit(order.kind, order.square)} B"
    if isinstance(order, Disband):
        return f"{ref_unit(order.kind, order.square)} D"
    if isinstance(order, Waive):
        return "WAIVE"
    assert isinstance(order, DrawVote)
    return None


def our_square(ref: str) -> str:
    """'XA1' -> 'a1'."""
    return ref[1:].lower()


def phase_code(state: ChesspolitikState) -> str:
    season = {SPRING: "S", WINTER: "W"}.get(state.season, "F")
    return f"{season}{state.year}{'A' if state.season == WINTER else 'M'}"


@dataclass
class RefOutcome:
    """What the reference decided for one phase: results per unit (our square names), the position after."""

    results: dict[str, list[str]]
    units: set[tuple[str, str, int]]  # (square, kind K/N, seat)
    centres: dict[str, int]
    phase: str
    winners: tuple[int, ...] | None
    seconds: float
    core_seconds: float  # within `seconds`: the reference's own movement resolution (`_resolve_moves`)


class Reference:
    """One reference game, set to a Chesspolitik position."""

    def __init__(self, state: ChesspolitikState) -> None:
        self.seats = state.nseats
        self.powers = REF_POWERS[self.seats]
        with contextlib.redirect_stdout(io.StringIO()):  # it announces its convoy-path cache on first load
            self.game = RefGame(map_name=map_path(self.seats))
        self.game.add_rule("IGNORE_ERRORS")
        self.set_position(state)

    def set_position(self, state: ChesspolitikState) -> None:
        game = self.game
        game.set_current_phase(phase_code(state))
        for seat, power in enumerate(self.powers):
            game.set_units(power, [ref_unit(k, sq) for sq, k, s in state.units if s == seat], reset=True)
        for seat, power in enumerate(self.powers):
            game.set_centers(power, [ref_square(c) for c, s in state.owners if s == seat], reset=True)
        game.clear_cache()

    def accepts(self, seat: int, order: Move) -> bool:
        """Does the reference take this single order (its validation), starting from no orders?"""
        text = ref_order(order)
        power = self.powers[seat]
        self.game.clear_orders(power)
        self.game.set_orders(power, [text])
        accepted = bool(self.game.get_orders(power))
        self.game.clear_orders(power)
        self.game.error = []
        return accepted

    def run(self, orders: Mapping[int, Iterable[Move]]) -> RefOutcome:
        """Hand in the orders, process the phase (and the retreat phase, where dislodged units are disbanded)."""
        game = self.game
        texts = {seat: [t for t in (ref_order(o) for o in os) if t is not None] for seat, os in orders.items()}
        _CORE[0] = 0.0
        start = time.perf_counter()
        for seat, power_orders in texts.items():
            game.set_orders(self.powers[seat], power_orders)
        data = game.process()
        while game.phase_type == "R":
            game.process()
        seconds = time.perf_counter() - start
        results = {
            our_square(unit[2:]): [str(r) for r in res]
            for unit, res in data.results.items()
            if unit[:2] in {"A ", "F "}
        }
        phase = game.get_current_phase()
        return RefOutcome(results, self.units(), self.centres(), phase, self.winners(), seconds, _CORE[0])

    def units(self) -> set[tuple[str, str, int]]:
        out = set()
        for seat, power in enumerate(self.powers):
            for unit in self.game.get_units(power):
                out.add((our_square(unit[2:]), "K" if unit[0] == "A" else "N", seat))
        return out

    def centres(self) -> dict[str, int]:
        return {our_square(c): seat for seat, power in enumerate(self.powers) for c in self.game.get_centers(power)}

    def winners(self) -> tuple[int, ...] | None:
        if self.game.phase != "COMPLETED":
            return None
        names = self.game.outcome[1:]
        return tuple(sorted(self.powers.index(n) for n in names))


def our_units(state: ChesspolitikState) -> set[tuple[str, str, int]]:
    return {(name(sq), kind, seat) for sq, kind, seat in state.units}


def our_centres(state: ChesspolitikState) -> dict[str, int]:
    return {name(c): seat for c, seat in state.owners}
