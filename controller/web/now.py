"""What the players should do now, in words: the one line the page always shows above everything else.

It is worked out from the same things the LEDs show (the recognizer's guidance, the session's pauses, the game's
turn), so the words and the lights never disagree: a chore names the piece and its square ("Take Light's Delegate
off 44"), a board that does not match says what to put where, a paused board says what happened in player words
(the raw cause stays in `detail` for the host). Nothing here knows a game's rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from controller.games import CHANCE, SIMULTANEOUS, Game
from controller.games.physical import Piece
from controller.games.squares import squares_of
from controller.recognizer.machine import Guidance, Mode
from controller.session.core import Session
from controller.session.pauses import PauseCause
from controller.session.seats import SeatKind
from controller.web.words import piece_words, seat_name

LISTED = 4  # squares named one by one; the rest are "and N more (blinking)"

PAUSES: tuple[tuple[PauseCause, str], ...] = (
    (
        PauseCause.ABANDONED,
        'This game was abandoned. Start a new one under "New game and seats".',
    ),
    (
        PauseCause.LINK,
        "The board's sensors stopped answering, so the game waits. Check that the board's cable is plugged in; the"
        " game goes on by itself when the board answers again, and no move is lost.",
    ),
    (
        PauseCause.STORE,
        "The board cannot save moves just now (its storage is full or was taken out), so the game waits and keeps"
        " trying. Leave the pieces as they are; ask the host if this stays.",
    ),
    (
        PauseCause.ROOM,
        "The other place playing this game cannot be reached, so the game waits. It goes on by itself when they are"
        " back; no move is lost.",
    ),
    (
        PauseCause.FAULT,
        "Something went wrong on the board, so the game waits. Put the pieces back as the lights show and make the"
        " move again; the moves before it are kept.",
    ),
)


def _listed(items: Sequence[str]) -> list[str]:
    if len(items) <= LISTED:
        return list(items)
    return [*items[:LISTED], f"and {len(items) - LISTED} more (the blinking squares)"]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Words:
    """The names of this session's seats, pieces and squares."""

    def __init__(self, session: Session) -> None:
        self.game: Game = session.game
        self.names = session.game.info.seat_names.get(session.state.seats, ())
        self.pieces: dict[int, Piece] = dict(session.state.pieces())
        # A piece the last move changed or took off (a beaten figure, a Chief to turn over) is named as it stood
        # before that move: that is the piece the players see on the board.
        self.before: dict[int, Piece] = dict(session.history[-1].before.pieces()) if session.history else {}

    def square(self, sq: int) -> str:
        return self.game.square_name(sq)

    def piece(self, piece: Piece | None) -> str:
        return piece_words(self.game, self.names, piece)

    def at(self, sq: int) -> str:
        return self.piece(self.pieces.get(sq) or self.before.get(sq))

    def was(self, sq: int) -> str:
        return self.piece(self.before.get(sq) or self.pieces.get(sq))


def _chores(session: Session, g: Guidance, w: _Words) -> list[str]:
    steps: list[str] = []
    removed: dict[int, Piece] = {s.src: s.piece for s in session.recognizer.chore_steps if s.src is not None}
    for step in g.chore_moves:
        who = w.piece(step.piece)
        if step.src is None and step.dst is not None:
            steps.append(f"Put {who} on {w.square(step.dst)}")
        elif step.src is not None and step.dst is not None:
            steps.append(f"Move {who} from {w.square(step.src)} to {w.square(step.dst)}")
    for sq in squares_of(g.chore_removals):
        steps.append(f"Take {w.piece(removed[sq]) if sq in removed else w.was(sq)} off {w.square(sq)}")
    for sq in squares_of(g.chore_touches):
        steps.append(f"Turn {w.was(sq)} over on {w.square(sq)}")
    return steps


def _fixes(g: Guidance, w: _Words) -> list[str]:
    """What to put back and take off for the board to match what the lights ask."""
    put = [f"Put {w.at(sq)} back on {w.square(sq)}" for sq in squares_of(g.mismatch_fill)]
    return put + [f"Take the piece off {w.square(sq)}" for sq in squares_of(g.mismatch_empty)]


def _mismatch(session: Session, g: Guidance, w: _Words) -> dict[str, Any] | None:
    fill, empty = list(squares_of(g.mismatch_fill)), list(squares_of(g.mismatch_empty))
    if not fill and not empty:
        return None
    if not session.history and not empty and g.mode is not Mode.CHORES:
        total = g.expected.bit_count()
        return {
            "kind": "setup",
            "text": f"Set up: {total} pieces on their starting squares (they are lit), {len(fill)} to go.",
            "steps": _listed([f"Put {w.at(sq)} on {w.square(sq)}" for sq in fill]),
        }
    steps = _listed(_fixes(g, w))
    return {
        "kind": "mismatch",
        "text": "The board does not match the game: " + " · ".join(steps[: LISTED + 1]) + ".",
        "steps": steps,
    }


def _lifted(session: Session, g: Guidance, w: _Words) -> dict[str, Any] | None:
    if g.mode is not Mode.TURN or not g.lifted or g.mismatch_fill or g.mismatch_empty:
        return None
    src = next(iter(squares_of(g.lifted)))
    who = w.at(src)
    # A piece set down on another's square (a Djambi kill): the one in hand now is the piece that stood there.
    swapped = list(squares_of(session.recognizer.touched & g.occupancy & g.expected & ~g.lifted))
    if g.destinations and swapped:
        text = f"Put {w.at(swapped[0])} down on a lit square, or every piece back where it stood to change your mind."
    elif g.destinations:
        text = f"Put {who} down on a lit square, or back on {w.square(src)} to change your mind."
    else:
        text = f"{_capital(who)} has no move from here: put it back on {w.square(src)}."
    return {"kind": "lifted", "text": text, "steps": []}


def _turn(session: Session, seat: int | None, w: _Words) -> dict[str, Any]:
    s = session.state
    to_move = s.to_move
    if to_move is SIMULTANEOUS:
        waiting = sorted(s.waiting_for())
        if seat is not None and seat in waiting:
            text = f"{s.turn_text()}. Write your orders below and hand them in."
        elif seat is not None:
            text = f"{s.turn_text()}. Yours are in; the others are still writing."
        else:
            text = f"{s.turn_text()}, each on their own phone (the seat links are under “New game and seats”)."
        return {"kind": "orders", "text": text, "steps": []}
    if to_move is CHANCE:
        if session.settings.dice.value == "manual":
            text = f"{s.turn_text()}: press “Roll the dice” or type the dice thrown."
        else:
            text = s.turn_text()
        return {"kind": "dice", "text": text, "steps": []}
    text = s.turn_text()
    if isinstance(to_move, int) and to_move < len(session.seat_kinds):
        kind = session.seat_kinds[to_move]
        if session.thinking() or kind is SeatKind.COMPUTER:
            text = f"{text}. The computer is thinking; the lights will show its move."
        elif kind is SeatKind.PHONE:
            text = f"{text}, on their phone; the lights will show the move."
        elif kind is SeatKind.REMOTE:
            text = f"{text} at the other place; the lights will show the move."
    return {"kind": "turn", "text": text, "steps": []}


def now(session: Session, seat: int | None) -> dict[str, Any]:
    """`{"kind", "text", "steps", "detail"}`: what to do now, the steps one by one, the raw cause of a pause."""
    for cause, words in PAUSES:
        if session.paused_for(cause):
            return {"kind": "paused", "text": words, "steps": [], "detail": session.pause_message}
    w = _Words(session)
    g = session.recognizer.guidance()
    if g.mode is Mode.CHORES:
        steps = _chores(session, g, w) or _fixes(g, w) or ["Put the pieces as the lights show"]
        shown = _listed(steps)
        return {"kind": "chores", "text": "Before the next turn: " + " · ".join(shown) + ".", "steps": shown}
    found = _mismatch(session, g, w) or _lifted(session, g, w)
    if found is not None:
        return found
    result = session.state.outcome()
    if result is not None:
        winners = " and ".join(seat_name(w.names, k) for k in result.winners)
        head = f"Game over: {winners} won" if winners else "Game over: nobody won"
        return {"kind": "over", "text": f"{head} ({result.reason}).", "steps": []}
    if session.prompt:
        return {
            "kind": "prompt",
            "text": "Which move did you mean? Choose it below (its squares blink orange on the board).",
            "steps": [],
        }
    return _turn(session, seat, w)
