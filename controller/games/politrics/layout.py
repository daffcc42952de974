"""Bitmasks derived from a board string: where each seat's figures of each kind stand."""

from __future__ import annotations

from controller.games.politrics.board import AURA, FULL
from controller.games.politrics.figures import CIVIL_SERVANT, CODE, EMPTY, PRESIDENT
from controller.games.politrics.moves import Beat, Place, Shift
from controller.games.politrics.rules import Rules
from controller.games.squares import squares_of
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class Layout:
    """`kinds[seat][kind]` is the mask of that seat's figures of that kind; `occ[seat]` of all its figures."""

    occ: tuple[int, int]
    kinds: tuple[tuple[int, ...], tuple[int, ...]]

    @staticmethod
    def of(board: str) -> Layout:
        masks = [[0] * 5, [0] * 5]
        for i, c in enumerate(board):
            if c != EMPTY:
                kind, seat = CODE[c]
                masks[seat][kind] |= 1 << i
        dark, light = tuple(masks[0]), tuple(masks[1])
        return Layout((sum(dark), sum(light)), (dark, light))

    def after(self, move: Place | Shift | Beat, seat: int, victim_kind: int | None) -> Layout:
        """The layout after `seat` plays `move` (a beat's victim, of `victim_kind`, stands on `move.over`)."""
        mine = list(self.kinds[seat])
        if isinstance(move, Place):
            mine[move.kind] |= 1 << move.dst
            flip = 1 << move.dst
        else:
            flip = (1 << move.src) | (1 << move.dst)
            mine[move.kind] ^= flip
        occ = [self.occ[0], self.occ[1]]
        occ[seat] ^= flip
        kinds = [self.kinds[0], self.kinds[1]]
        kinds[seat] = tuple(mine)
        if isinstance(move, Beat):
            assert victim_kind is not None
            theirs = list(self.kinds[1 - seat])
            theirs[victim_kind] &= ~(1 << move.over)
            kinds[1 - seat] = tuple(theirs)
            occ[1 - seat] &= ~(1 << move.over)
        return Layout((occ[0], occ[1]), (kinds[0], kinds[1]))

    @property
    def empty(self) -> int:
        return FULL & ~(self.occ[0] | self.occ[1])

    def civil_servants_blocking(self, president_seat: int, rules: Rules) -> int:
        """The Civil Servants whose Aura keeps out the President of `president_seat`."""
        return sum(self.kinds[s][CIVIL_SERVANT] for s in (0, 1) if rules.blocks(s, president_seat))

    def presidents_blocked_by(self, civil_servant_seat: int, rules: Rules) -> int:
        """The Presidents a Civil Servant of `civil_servant_seat` may not have in his Aura."""
        return sum(self.kinds[s][PRESIDENT] for s in (0, 1) if rules.blocks(civil_servant_seat, s))

    def aura_of(self, figures: int) -> int:
        out = 0
        for sq in squares_of(figures):
            out |= AURA[sq]
        return out
