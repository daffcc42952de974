"""Where the reference adjudicator departs from the DATC, a model of what it does instead, so that a disagreement
it explains is told apart from a real one.

Head-to-head battles: the reference (diplomacy 1.1.2, `Game._bounce`, step 6) leaves out of BOTH sides' strength
the supports a power gives to an attack on its own unit ("no_help"), and bounces both units whenever their raw
support counts are equal. The DATC (5.B, the defend strength; 6.E.3 and 6.E.12) counts every support of a unit's
move in its defend strength: a power's support for a foreign attack on its own unit cannot help to dislodge that
unit, but it does keep the foreign unit in place against that power's own attack. Example (2 players):

    France K c3 - d3;  France N b5 S K d3 - c3
    England K d3 - c3; England N d5 S K d3 - c3; England K d2 S K c3 - d3

England's d3 attacks with 1 + d5 = 2 (France's b5 does not count against France's c3); France's c3 defends with
1 + d2 = 2, England's own support included: England cannot dislodge c3, both bounce (Agora, DATC). The reference
takes d2 away from c3's side, so d3 dislodges c3.
"""

from __future__ import annotations

from collections.abc import Mapping

from controller.games.chesspolitik.adjudicator import Resolution, _Resolver
from controller.games.chesspolitik.orders import UnitOrder

NO_WINNER = 1 << 20


class _ReferenceHeadToHead(_Resolver):
    __slots__ = ()

    def defend_strength(self, mover: int) -> int:
        attacker = self.dst[mover]  # in a head-to-head battle the opponent stands where this unit goes
        if self.move_support(mover) == self.move_support(attacker):
            return NO_WINNER  # equal raw support counts: the reference bounces both
        return 1 + self.move_support(mover, not_of=self.units[attacker][1])


def reference_head_to_head(owner: Mapping[int, int], orders: Mapping[int, UnitOrder]) -> Resolution:
    """The adjudication with the reference's head-to-head rule in place of the DATC's."""
    return _ReferenceHeadToHead({sq: ("", seat) for sq, seat in owner.items()}, orders).run()
