"""Djambi in words for the page: whose turn it is and what a move does."""

from __future__ import annotations

from controller.games.djambi.apply import after, killed
from controller.games.djambi.board import (
    ASSASSIN,
    CHIEF,
    CHIEF_CODES,
    CORPSE,
    DIPLOMAT,
    KIND_NAMES,
    KIND_OF,
    MAZE,
    NAMES,
    NECROMOBILE,
    PARTIES,
    PARTY_OF,
)
from controller.games.djambi.fate import sleeping
from controller.games.djambi.moves import Act, AnswerDraw, Go, OfferDraw, Pass, Report, Resign
from controller.games.djambi.order import VASSAL, power_party
from controller.games.djambi.position import Position
from controller.games.moves import Move


def piece_name(code: int) -> str:
    if code < 2:
        return "a corpse" if code else "nothing"
    return f"{PARTIES[PARTY_OF[code]]}'s {KIND_NAMES[KIND_OF[code]]}"


def turn_text(state: Position) -> str:
    seat = state.to_move
    if seat is None:
        result = state.outcome()
        return result.reason if result else "The game is over"
    who = PARTIES[seat]
    if state.offer >= 0:
        return f"{who}: {PARTIES[state.offer]} offers a draw; accept or decline"
    party = state.turn
    if state.bonus:
        words = f"{who}, in power, plays again"
    elif party == seat:
        words = f"{who} to move"
    elif state.control[party] == VASSAL:
        words = f"{who}, in power, plays {PARTIES[party]}'s vassal pieces"
    else:
        words = f"{who} plays {PARTIES[party]}'s pieces"
    if isinstance(state.legal_moves()[0], Pass):
        words += " (no legal move: pass)"
    return words


def record(state: Position, move: Move) -> str:
    """The move as the move list shows it: the notation, then in brackets what it caused (the parser skips those):
    MH8xI9>H5 (kills Blue's Chief; Red takes Blue; Red wins: the last Chief standing), MC4xC5>B2 (kills Yellow's
    Militant; Green's Chief walled in on A1; Green vassal)."""
    if not isinstance(move, Go | Act | Report | Resign):
        return str(move)
    board = state.board
    nxt = state.play(move)
    board_move = isinstance(move, Go | Act | Report)
    victims = killed(board, move) if board_move else [CHIEF_CODES[state.to_move or 0]]  # type: ignore[arg-type]
    notes = [f"kills {piece_name(c)}" for c in victims if not isinstance(move, Resign)]
    notes += _chiefs(state, nxt, after(board, move) if board_move else board, victims)  # type: ignore[arg-type]
    for party, (was, now) in enumerate(zip(state.control, nxt.control, strict=True)):
        if was == now:
            continue
        if now == VASSAL:
            notes.append(f"{PARTIES[party]} vassal")
        elif state.held[party] == now:
            notes.append(f"{PARTIES[party]} rejoins" if now == party else f"{PARTIES[now]} takes back {PARTIES[party]}")
        else:
            notes.append(f"{PARTIES[now]} takes {PARTIES[party]}")
    power, new_power = power_party(board), power_party(nxt.board)
    if new_power != power and new_power is not None:
        notes.append(f"{PARTIES[new_power]} in power")
    elif nxt.board[MAZE] == CORPSE and board[MAZE] != CORPSE:
        notes.append("puppet power")
    result = nxt.outcome()
    if result is not None:
        notes.append(result.reason)
    return f"{move} ({'; '.join(notes)})" if notes else str(move)


def _chiefs(state: Position, nxt: Position, landed: bytes | bytearray, victims: list[int]) -> list[str]:
    """What happened to the Chiefs that were not killed: walled in, freed (comeback rule), or, walled in, lost for
    good. The square, where the Chief stands once the move is made, tells the page which Chief to turn over."""
    out = []
    was, now = sleeping(state.held), sleeping(nxt.held)
    for c in CHIEF_CODES:
        party = PARTY_OF[c]
        if c not in state.board or c in victims:
            continue
        where = NAMES[landed.index(c)] if c in landed else "?"
        if party in was and party not in now:
            out.append(
                f"{PARTIES[party]}'s Chief freed on {where}"
                if c in nxt.board
                else f"{PARTIES[party]}'s Chief, walled in, dies"
            )
        elif party not in was and (party in now or c not in nxt.board):
            out.append(f"{PARTIES[party]}'s Chief walled in on {where}")
    return out


def describe(state: Position, move: Move) -> str:
    board = state.board
    if isinstance(move, Pass):
        return "Pass: no legal move"
    if isinstance(move, Resign):
        return f"{PARTIES[state.to_move or 0]} resigns: its Chief is turned over, its pieces become vassals"
    if isinstance(move, OfferDraw):
        return "Offer a draw to the other players"
    if isinstance(move, AnswerDraw):
        return "Accept the draw" if move.accept else "Decline the draw"
    if isinstance(move, Go):
        words = f"{piece_name(board[move.src])} from {NAMES[move.src]} to {NAMES[move.dst]}"
        return words + (", taking power" if move.dst == MAZE and move.kind == CHIEF else "")
    if isinstance(move, Report):
        words = f"{piece_name(board[move.src])} from {NAMES[move.src]} to {NAMES[move.dst]}"
        for v in move.victims:
            words += f", kills {piece_name(board[v])} on {NAMES[v]}"
        return words
    assert isinstance(move, Act)
    return _describe_act(board, move)


def _describe_act(board: bytes, move: Act) -> str:
    actor = f"{piece_name(board[move.src])} on {NAMES[move.src]}"
    target = board[move.dst]
    if move.kind == DIPLOMAT:
        words = f"{actor} moves {piece_name(target)} from {NAMES[move.dst]} to {NAMES[move.place]}"
    elif move.kind == NECROMOBILE:
        words = f"{actor} moves the corpse on {NAMES[move.dst]} to {NAMES[move.place]}"
    elif move.kind == ASSASSIN:
        words = f"{actor} kills {piece_name(target)} on {NAMES[move.dst]}, leaving the corpse on {NAMES[move.src]}"
    else:
        words = f"{actor} kills {piece_name(target)} on {NAMES[move.dst]}, corpse to {NAMES[move.place]}"
    if move.exit is not None and move.master:
        second = f"{piece_name(board[move.exit])} on {NAMES[move.exit]}"
        if move.kind == ASSASSIN:
            words += f", then leaves the Maze to kill {second}, whose corpse stays in the Maze"
        else:
            words += f", then leaves the Maze onto {second} and puts it into the Maze"
    elif move.exit is not None:
        words += f", then leaves the Maze for {NAMES[move.exit]}"
    return words
