"""Who plays which pieces, and whose turn comes next.

Every party keeps its turn in the order Red, Blue, Yellow, Green while it has living pieces and someone to play
them: its own player, the player who inherited it by killing its Chief, or (for the vassals of a walled-in Chief)
the player whose Chief is in power. A living Chief in power also plays after every other party's turn, but no party
plays twice in a row when the cycle would bring its own turn next anyway (so two parties left simply alternate).
"""

from __future__ import annotations

from controller.games.djambi.board import CHIEF, CHIEF_CODES, KIND_OF, MAZE, PARTIES, PARTY_OF

VASSAL = -1  # control[party]: obeys the Chief in power, if any
N_PARTIES = len(PARTIES)


def power_party(board: bytes) -> int | None:
    """The party whose living Chief stands in the Maze (a corpse there is a puppet power: nobody)."""
    code = board[MAZE]
    return PARTY_OF[code] if KIND_OF[code] == CHIEF else None


def alive(board: bytes) -> tuple[int, ...]:
    """The parties (and so the players: player k starts as party k) whose Chief lives."""
    return tuple(p for p in range(N_PARTIES) if CHIEF_CODES[p] in board)


def in_game(board: bytes, held: tuple[int, ...]) -> tuple[int, ...]:
    """The players still in the game: their Chief lives and is not walled in (kept by the comeback rule)."""
    return tuple(p for p in alive(board) if held[p] != p)


def controller(party: int, control: tuple[int, ...], board: bytes) -> int | None:
    """The player who plays `party`'s pieces now, or None (vassals with nobody in power)."""
    seat = control[party]
    if seat != VASSAL:
        return seat
    power = power_party(board)
    return None if power is None else control[power]


def has_turn(party: int, control: tuple[int, ...], board: bytes, present: frozenset[int]) -> bool:
    return party in present and controller(party, control, board) is not None


# Per byte of the board: its party, or NOBODY (empty, a corpse): the parties present are read in one C-level pass,
# which the turn order and the computer's evaluation ask for many times a move.
NOBODY = 255
_PARTY_BYTE = bytes(PARTY_OF[c] if 0 <= c < len(PARTY_OF) and PARTY_OF[c] >= 0 else NOBODY for c in range(256))


def parties_present(board: bytes) -> frozenset[int]:
    return frozenset(board.translate(_PARTY_BYTE)) - {NOBODY}


def next_regular(after: int, control: tuple[int, ...], board: bytes, present: frozenset[int]) -> int:
    for i in range(1, N_PARTIES + 1):
        party = (after + i) % N_PARTIES
        if has_turn(party, control, board, present):
            return party
    return after


def next_turn(turn: int, cursor: int, control: tuple[int, ...], board: bytes) -> tuple[int, int]:
    """(party to play, last regular party of the cycle) after `turn` has played; `cursor` == `turn` on a regular
    turn, else `turn` was the power's extra turn following `cursor`'s."""
    present = parties_present(board)
    nxt = next_regular(cursor, control, board, present)
    if turn == cursor:
        power = power_party(board)
        if power is not None and power != turn and nxt != power:
            return power, cursor
        return nxt, nxt
    if nxt == turn:
        # The power's extra turn stands for its regular one rather than playing twice in a row.
        nxt = next_regular(nxt, control, board, present)
    return nxt, nxt
