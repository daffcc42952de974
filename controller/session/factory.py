"""Making sessions: a new game (recorded in the store) or the unfinished one resumed from it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from controller.errors import SessionError
from controller.games import DEFAULT, NO_EFFECT, Game, GameError, Registry, State
from controller.games.rng import fresh_seed
from controller.session.core import Ply, Session, SessionSettings
from controller.session.journal import Journal, StoreWorker
from controller.session.seats import SeatKind, parse_seat, seat_text
from controller.session.sources import Source
from controller.store import GameRecord, GameStore


def new_session(
    game: str | Game,
    *,
    seats: int | None = None,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    seat_kinds: Sequence[SeatKind] | None = None,
    store: GameStore | StoreWorker | None = None,
    settings: SessionSettings | None = None,
    registry: Registry = DEFAULT,
    levels: Sequence[str | None] = (),
) -> Session:
    """A new game; SetupError (a GameError) for a bad seat count or option, SessionError for bad seat kinds,
    StoreError if the games file cannot take it."""
    g = registry.load(game) if isinstance(game, str) else game
    seed = fresh_seed() if seed is None else seed
    state = g.new(seats, seed=seed, **dict(options or {}))
    kinds = list(seat_kinds) if seat_kinds is not None else [SeatKind.BOARD] * state.seats
    if len(kinds) != state.seats:
        raise SessionError(
            f"{g.info.title} with {state.seats} players needs {state.seats} seat kinds, not {len(kinds)}"
        )
    game_id = None
    tokens: list[str] = []
    if store is not None:
        texts = [seat_text(k, levels[i] if i < len(levels) else None) for i, k in enumerate(kinds)]

        def create(s: GameStore) -> tuple[int, list[str]]:
            return record_game(s, g, state, seed, options or {}, texts)

        game_id, tokens = store.run(create) if isinstance(store, StoreWorker) else create(store)
    return Session(
        g,
        state,
        seat_kinds=kinds,
        settings=settings,
        store=store,
        game_id=game_id,
        tokens=tokens,
        seed=seed,
        levels=levels,
    )


def record_game(
    store: GameStore, game: Game, start: State, seed: int, options: Mapping[str, Any], seat_texts: Sequence[str]
) -> tuple[int, list[str]]:
    """A new game in the games file, beginning at `start` with its seats as `seat_texts` (`seat_text`): its number
    and its seats' tokens (the keys of the seat pages)."""
    game_id = store.create(game.name, start.seats, seed, dict(options), list(seat_texts), start.to_json())
    record = store.get(game_id)
    return game_id, [] if record is None else record.tokens


def resume_session(
    store: GameStore,
    settings: SessionSettings | None = None,
    game: str | None = None,
    registry: Registry = DEFAULT,
    journal: Journal | None = None,
) -> Session | None:
    """The unfinished game in the store (of `game`, if given), rebuilt from its stored states; None if there is none.
    Its moves go on into `journal` (by default the store itself)."""
    record = store.unfinished()
    if record is None or (game is not None and record.game != game):
        return None
    return session_from_record(store, record, settings, registry, journal)


def session_from_record(
    store: GameStore,
    record: GameRecord,
    settings: SessionSettings | None = None,
    registry: Registry = DEFAULT,
    journal: Journal | None = None,
) -> Session:
    """SessionError, naming the game and the way out, if the stored game cannot be read back."""
    way_out = f"start afresh with --new, or move {store.path} aside"
    try:
        g = registry.load(record.game)
        seats = [parse_seat(k) for k in record.seat_kinds]
        kinds = [kind for kind, _ in seats]
    except (GameError, ValueError) as exc:
        raise SessionError(f"game {record.id} in the store cannot be read back: {exc}; {way_out}") from exc
    try:
        state = g.from_json(record.initial)
        history: list[Ply] = []
        for m in store.moves(record.id):
            after = g.from_json(m.state)
            try:
                move = g.parse(m.text, state, m.seat)
                effect = state.effect(move)
            except GameError:
                # The stored state is the truth; a move text the engine no longer reads only loses its guidance.
                move, effect = None, NO_EFFECT
            history.append(Ply(state, move, m.text, m.seat, Source(m.source), effect))
            state = after
    except Exception as exc:  # a damaged row must give one line and a way out, whatever it breaks in the codec
        raise SessionError(f"game {record.id} in the store cannot be read back: {exc}; {way_out}") from exc
    return Session(
        g,
        state,
        seat_kinds=kinds,
        settings=settings,
        store=store if journal is None else journal,
        game_id=record.id,
        tokens=record.tokens,
        history=history,
        seed=record.seed + len(history),
        levels=[level for _, level in seats],
    )
