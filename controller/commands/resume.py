"""Which game `agora play` plays: the unfinished one in the games file, whatever the command line names (a game
started from the page is not abandoned by the next start); the command line's game only when nothing is unfinished.
"""

from __future__ import annotations

import argparse
from dataclasses import field

from controller.commands.options import parse_levels, parse_options, parse_seats
from controller.games import load
from controller.session.core import Session, SessionSettings
from controller.session.factory import new_session, session_from_record
from controller.session.journal import StoreWorker
from controller.session.seats import seat_text
from controller.store import GameRecord, GameStore
from controller.values import dataclass


@dataclass
class Choice:
    session: Session
    resumed: bool
    ignored: list[str] = field(default_factory=list)  # what the command line asked that the resumed game is not


def choose_session(
    args: argparse.Namespace, reader: GameStore, writer: StoreWorker | GameStore, settings: SessionSettings
) -> Choice:
    """The session to play. GameError, SessionError, UsageError or StoreError, each with its message for people."""
    if not args.new:
        record = reader.unfinished()
        if record is not None:
            journal = writer if isinstance(writer, StoreWorker) else None
            session = session_from_record(reader, record, settings, journal=journal)
            return Choice(session, True, ignored_arguments(args, record))
    game = load(args.game)
    options = parse_options(game, args.option)
    seats = game.info.check_seats(args.players)
    kinds = parse_seats(args.seats, seats)
    session = new_session(
        game,
        seats=seats,
        seed=args.seed,
        options=options,
        seat_kinds=kinds,
        store=writer,
        settings=settings,
        levels=parse_levels(args.seats, seats),
    )
    return Choice(session, False)


def ignored_arguments(args: argparse.Namespace, record: GameRecord) -> list[str]:
    """The command line's wishes that differ from the unfinished game being resumed."""
    out: list[str] = []
    if args.game != record.game:
        out.append(f"the game {args.game}")
    if args.players is not None and args.players != record.seats:
        out.append(f"--players {args.players}")
    if args.seed is not None and args.seed != record.seed:
        out.append(f"--seed {args.seed}")
    for item in args.option:
        name, _, _ = item.partition("=")
        try:
            wanted = parse_options(load(args.game), [item])
        except Exception:
            wanted = {}
        if name.strip() not in record.options or record.options.get(name.strip()) != wanted.get(name.strip()):
            out.append(f"--option {item}")
    if args.seats is not None:
        try:
            levels = parse_levels(args.seats, record.seats)
            kinds = [seat_text(k, lv) for k, lv in zip(parse_seats(args.seats, record.seats), levels, strict=True)]
        except Exception:
            kinds = []
        if kinds != record.seat_kinds:
            out.append(f"--seats {args.seats}")
    return out


def resume_note(choice: Choice, db: object) -> str:
    """The line that says what was left out of the command line, and how to start afresh instead."""
    if not choice.ignored:
        return ""
    s = choice.session
    return (
        f"The unfinished {s.game.info.title} game #{s.game_id} is resumed, so these were ignored: "
        f"{', '.join(choice.ignored)}. To start afresh with them, add --new (the unfinished game is then "
        f"abandoned and stays in 'agora history list --db {db}')."
    )
