"""Polis in words: why a step is refused, what a move does (sentences and the move list's annotation)."""

from __future__ import annotations

from typing import Protocol

from controller.games.errors import IllegalMoveError
from controller.games.physical import Piece
from controller.games.polis.board import FROM_PHYSICAL, NAMES, NEIGHBOUR_MASK, PHYSICAL, SEAT_NAMES, flank_pairs
from controller.games.polis.moves import PolisMove
from controller.games.polis.pieces import CHARIOT, piece_words
from controller.games.polis.rules import Rules
from controller.games.polis.turn import Turn, stun_flankers
from controller.games.squares import name, squares_of


class Position(Protocol):
    """What the words read of a Polis position (a `PolisState`, which imports this module, not the other way)."""

    @property
    def dogs(self) -> tuple[int, int]: ...
    @property
    def chariots(self) -> tuple[int, int]: ...
    @property
    def stunned(self) -> tuple[bool, bool]: ...
    @property
    def turn(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    def occupied(self) -> int: ...
    def piece_at(self, sq: int) -> Piece: ...
    def analysis(self) -> tuple[dict[PolisMove, Turn], tuple[Turn, ...]]: ...


def _between(pairs: tuple[tuple[int, int], ...]) -> str:
    return " and ".join(f"between {NAMES[a]} and {NAMES[b]}" for a, b in pairs)


def _flankers(state: Position, turn: Turn) -> int:
    """The enemy pieces that would capture or stun the mover, where they stand once the hops are done."""
    op = 1 - turn.seat
    if not turn.chariot:
        # A dog falls to enemy dogs and to the enemy chariot unless it is stunned after the hops.
        chariot = 0 if turn.hopped_stunned[op] else 1 << turn.hopped_chariots[op]
        return turn.hopped_dogs[op] | chariot
    # A chariot is judged at the end of the turn: after the captures, or after the hops when the turn wins.
    return stun_flankers(turn.dogs, turn.chariots, state.rules.mutual_stun_both)[op]


def refusal(state: Position, turn: Turn) -> tuple[str, frozenset[int]]:
    """Why a resolved step is illegal, and the physical squares of the pieces that would capture or stun the mover.

    Those pieces never hop on this turn: a piece that hops lands beside the mover opposite the square it left, so
    it cannot pair with anything across the mover. They are shown where they stand.
    """
    pairs = flank_pairs(turn.dst, _flankers(state, turn))
    kind = "chariot" if turn.chariot else "dog"
    fate = "stunned" if turn.chariot else "captured"
    squares = frozenset(PHYSICAL[s] for pair in pairs for s in pair)
    return f"the {kind} on {NAMES[turn.dst]} would be {fate} {_between(pairs)}", squares


def stuck(state: Position, seat: int) -> tuple[str, frozenset[int]]:
    """Why `seat`'s chariot cannot move: it is stunned, and by which pieces."""
    sq = state.chariots[seat]
    pairs = flank_pairs(sq, stun_flankers(state.dogs, state.chariots, state.rules.mutual_stun_both)[1 - seat])
    where = f" {_between(pairs)}" if pairs else ""
    reason = f"the chariot on {NAMES[sq]} is stunned{where} and cannot move"
    return reason, frozenset(PHYSICAL[s] for pair in pairs for s in pair)


def refusal_error(state: Position, move: PolisMove) -> IllegalMoveError:
    """The error for a Polis step that is not among the legal moves, saying what is wrong with it."""
    src, dst = FROM_PHYSICAL.get(move.src), FROM_PHYSICAL.get(move.dst)
    if src is None or dst is None:
        bad = move.src if src is None else move.dst
        return IllegalMoveError(f"{move}: {name(bad)} is not on the Polis board (a1..h8)")
    me = state.turn
    occupied = state.occupied()
    if not occupied >> src & 1:
        return IllegalMoveError(f"{move}: there is no piece on {NAMES[src]}")
    piece = state.piece_at(src)
    if piece.owner != me:
        return IllegalMoveError(f"{move}: {piece_words(piece.kind, 1 - me)} on {NAMES[src]} is not {SEAT_NAMES[me]}'s")
    if not NEIGHBOUR_MASK[src] >> dst & 1:
        return IllegalMoveError(f"{move}: a piece moves one square in any of the 8 directions")
    if occupied >> dst & 1:
        return IllegalMoveError(f"{move}: {NAMES[dst]} is occupied")
    if piece.kind == CHARIOT and state.stunned[me]:
        return IllegalMoveError(*stuck(state, me))
    for turn in state.analysis()[1]:
        if turn.src == src and turn.dst == dst:
            return IllegalMoveError(*refusal(state, turn))
    return IllegalMoveError(f"{move} is not legal here")  # unreachable while the analysis covers every step


def _hops(turn: Turn) -> list[tuple[int, int]]:
    """The turn's hops in the order of their squares' names, so a reader finds them as on the board."""
    return sorted(turn.hops, key=lambda hop: NAMES[hop[0]])


def _hops_words(state: Position, turn: Turn) -> list[str]:
    out = []
    for n, t in _hops(turn):
        piece = state.piece_at(n)
        assert piece.owner is not None
        out.append(f"{piece_words(piece.kind, piece.owner)} on {NAMES[n]} hops to {NAMES[t]}")
    return out


def _stun_changes(state: Position, turn: Turn) -> tuple[list[int], list[int]]:
    """The seats whose chariots this turn stuns, and those whose chariots it frees."""
    stunned = [seat for seat in (0, 1) if turn.stunned[seat] and not state.stunned[seat]]
    freed = [seat for seat in (0, 1) if state.stunned[seat] and not turn.stunned[seat]]
    return stunned, freed


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def describe(state: Position, turn: Turn) -> str:
    """'Blue moves the dog from b7 to c6; the blue dog on c7 hops to c5; the red dog on e5 is captured.'"""
    kind = "chariot" if turn.chariot else "dog"
    parts = [f"{SEAT_NAMES[turn.seat]} moves the {kind} from {NAMES[turn.src]} to {NAMES[turn.dst]}"]
    if turn.hops:
        parts.append(_listed(_hops_words(state, turn)))
    landed = {t: n for n, t in turn.hops}
    for c in sorted(squares_of(turn.captured), key=lambda sq: NAMES[sq]):
        piece = state.piece_at(landed.get(c, c))
        assert piece.owner is not None
        parts.append(f"{piece_words(piece.kind, piece.owner)} on {NAMES[c]} is captured")
    stunned, freed = _stun_changes(state, turn)
    for seat in stunned:
        parts.append(f"{piece_words(CHARIOT, seat)} on {NAMES[turn.chariots[seat]]} is stunned")
    for seat in freed:
        parts.append(f"{piece_words(CHARIOT, seat)} on {NAMES[turn.chariots[seat]]} is no longer stunned")
    if turn.winner is not None:
        parts.append(f"{SEAT_NAMES[turn.winner]} wins")
    return "; ".join(parts) + "."


def annotate(state: Position, turn: Turn) -> str:
    """The move list's line: the step, then in brackets hops (from>to), captures, stuns, frees and a win."""
    sections = []
    if turn.hops:
        sections.append("hops " + ", ".join(f"{NAMES[n]}>{NAMES[t]}" for n, t in _hops(turn)))
    if turn.captured:
        sections.append("captures " + ", ".join(sorted(NAMES[c] for c in squares_of(turn.captured))))
    stunned, freed = _stun_changes(state, turn)
    if stunned:
        sections.append("stuns " + ", ".join(NAMES[turn.chariots[seat]] for seat in stunned))
    if freed:
        sections.append("frees " + ", ".join(NAMES[turn.chariots[seat]] for seat in freed))
    if turn.winner is not None:
        sections.append("wins")
    head = f"{NAMES[turn.src]}-{NAMES[turn.dst]}"
    return f"{head} ({'; '.join(sections)})" if sections else head
