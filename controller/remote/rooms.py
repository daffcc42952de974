"""Making the session and the place of a room: a new room at its host, a guest that joined, either resumed from its
own records after a restart (the games file for the moves, the rooms file for the log)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from controller.errors import SessionError
from controller.games import CHANCE, Game, GameError, Move, Orders, State, load
from controller.remote.journal import Journal, Stored
from controller.remote.messages import Entry, Setup
from controller.remote.place import Place
from controller.remote.secrecy import secrecy_for
from controller.session.core import Ply, Session, SessionSettings
from controller.session.factory import new_session, record_game, session_from_record
from controller.session.seats import SeatKind
from controller.session.sources import Dice, Source
from controller.store import GameStore


def host_room(
    game: Game,
    *,
    room: str,
    place: str,
    seat_kinds: Sequence[SeatKind] | None,
    seats: int | None,
    seed: int | None,
    options: Mapping[str, Any],
    store: GameStore,
    journal: Journal,
    settings: SessionSettings,
    start: State | None = None,
) -> tuple[Session, Place]:
    """A new room: the game is made here (or begins at `start`, a position set up like `agora replay --start`);
    seats of kind REMOTE are left for other places to join (without `seat_kinds`: the `default_seats`)."""
    settings = host_settings(settings)
    count = start.seats if start is not None else game.info.check_seats(seats)
    kinds = list(seat_kinds) if seat_kinds is not None else list(default_seats(count))
    if start is None:
        session = new_session(
            game, seats=seats, seed=seed, options=options, seat_kinds=kinds, store=store, settings=settings
        )
    else:
        game_id, tokens = record_game(store, game, start, seed or 0, options, [k.value for k in kinds])
        session = Session(game, start, seat_kinds=kinds, settings=settings, store=store, game_id=game_id, tokens=tokens)
    secrecy = secrecy_for(game)
    deal = secrecy.deal(session.state, room)
    holders = tuple(None if k is SeatKind.REMOTE else place for k in session.seat_kinds)
    setup = Setup(room, game.name, session.state.seats, place, holders, deal.initial, dict(options), deal.sealed)
    p = Place(place, setup, game, session.state, secrecy, privates=deal.privates)
    journal.create(setup, place, deal.privates, session.game_id)
    return session, p


def guest_room(
    setup: Setup,
    *,
    place: str,
    privates: Mapping[int, Any],
    entries: Sequence[Entry],
    local_kind: SeatKind,
    store: GameStore,
    journal: Journal,
    settings: SessionSettings,
) -> tuple[Session, Place]:
    """This place's session of a room it joined: the log so far is played into it at once (the board is then
    guided to the position, as after a resume)."""
    game = load(setup.game)
    secrecy = secrecy_for(game)
    mine = dict(privates.items())
    start = secrecy.place_state(game, setup.initial, setup.sealed, mine)
    p = Place(place, setup, game, start, secrecy, privates=mine)
    for entry in sorted(entries, key=lambda e: e.seq):
        p.on_entry(entry)
    p.take()  # the session below starts with every ply so far
    if p.replica.broken is not None:
        raise SessionError(f"the room's log is refused here: {p.replica.broken}")
    kinds = [local_kind if holder == place else SeatKind.REMOTE for holder in p.replica.places]
    game_id, tokens = record_game(store, game, start, 0, setup.options, [k.value for k in kinds])
    history: list[Ply] = []
    for applied in p.replica.plies:
        before, move = applied.before, applied.move
        after = before.play(move)
        text = applied.entry.text
        store.append(game_id, len(history), text, applied.entry.seat, Source.REMOTE, after.to_json())
        history.append(Ply(before, move, text, applied.entry.seat, Source.REMOTE, before.effect(move)))
    session = Session(
        game,
        p.replica.state,
        seat_kinds=kinds,
        settings=guest_settings(settings),
        store=store,
        game_id=game_id,
        tokens=tokens,
        history=history,
    )
    journal.create(setup, place, dict(mine), game_id)
    for entry in p.replica.entries:
        journal.append(setup.room, entry)
    return session, p


def default_seats(count: int) -> tuple[SeatKind, ...]:
    """A room's seats when the host names none: the first on the host's board, every other one for another place."""
    return (SeatKind.BOARD, *[SeatKind.REMOTE] * (count - 1))


def guest_settings(settings: SessionSettings) -> SessionSettings:
    """A guest never rolls (the host does) and never reads a takeback from its board: takebacks are agreed."""
    return replace(settings, dice=Dice.REMOTE, recognizer=replace(settings.recognizer, takebacks=False))


def host_settings(settings: SessionSettings) -> SessionSettings:
    return replace(settings, recognizer=replace(settings.recognizer, takebacks=False))


def resume_room(
    stored: Stored, *, store: GameStore, journal: Journal, settings: SessionSettings
) -> tuple[Session, Place]:
    """A room this place was in when it stopped: the session from the games file, the place from the rooms file,
    then made to agree (plies the log has and the session lacks are played; plies of ours the log lacks are
    offered again)."""
    setup = stored.setup
    game = load(setup.game)
    if stored.game_id is None:
        raise SessionError(f"room {setup.room} has no game in the games file")
    record = store.get(stored.game_id)
    if record is None:
        raise SessionError(f"game {stored.game_id} of room {setup.room} is not in the games file")
    is_host = stored.place == setup.host
    session = session_from_record(store, record, host_settings(settings) if is_host else guest_settings(settings))
    secrecy = secrecy_for(game)
    if is_host:
        try:
            start = game.from_json(record.initial)
        except GameError as exc:
            raise SessionError(f"game {record.id} cannot be read back: {exc}") from exc
    else:
        start = secrecy.place_state(game, setup.initial, setup.sealed, stored.privates)
    p = Place(stored.place, setup, game, start, secrecy, privates=stored.privates)
    for entry in stored.entries:
        p.on_entry(entry)
    p.take()
    p.sealed = dict(stored.sealed)
    reconcile(session, p)
    return session, p


def reconcile(session: Session, place: Place) -> None:
    """Make the session and the place agree after a restart (either may have stopped between the two writes)."""
    log = [(a.entry.seat, a.entry.text) for a in place.replica.plies]
    mine = [(p.seat, p.text) for p in session.history]
    same = 0
    while same < min(len(log), len(mine)) and log[same][1] == mine[same][1]:
        same += 1
    if same < len(mine) and same < len(log):
        session.rollback_to(same, 0.0)
    extra = session.history[same:] if same == len(log) else []
    for applied in place.replica.plies[len(session.history) :]:
        session.play_from_room(applied.move, 0.0, Source.REMOTE, before=applied.before)
    for ply in extra:  # ours, never in the log: offered again (the host writes them, a guest proposes them)
        if ply.move is not None:
            place.local_ply(seat_of(ply.before, ply.move), ply.text)


def seat_of(state: State, move: Move) -> int | None:
    """Who makes `move`: the seat to move, or the seat whose move out of turn it is (a Politrics declaration)."""
    if isinstance(move, Orders):
        return move.seat
    if state.to_move is CHANCE:
        return None
    if isinstance(state.to_move, int) and move in state.legal_moves(state.to_move):
        return state.to_move
    for seat in range(state.seats):
        if move in state.legal_moves(seat):
            return seat
    return state.to_move if isinstance(state.to_move, int) else None
