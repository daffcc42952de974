"""Every game to its end through a real Mosquitto: two places (Djambi: the host and a guest holding three seats),
each a controller on a simulated board, play the last plies of a game from a position near its end. Moves are
made on each place's page, dice rolled by the host, orders sealed and revealed; each ply is carried out piece by
piece on both boards, as the LEDs ask. Both places reach the same result. `make remote-games` plays each game
whole instead, from its first ply."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from controller.clock import VirtualClock
from controller.games import CHANCE, SIMULTANEOUS, Move, Orders, State, load
from controller.games.playout import random_orders
from controller.games.squares import squares_of
from controller.remote.rooms import seat_of
from controller.session.core import Ply, Session
from tests.remote.broker import Broker
from tests.remote.sites import Site, broker_room, close_all
from tests.remote.test_faults import ROOM, until


def ending(game: str, seats: int | None, last: int, seed: int) -> tuple[State, list[tuple[State, Move]]]:
    """A random game to its end; the position `last` actions before it, and those actions with their positions."""
    rnd = random.Random(seed)
    state = load(game).new(seats, seed=seed)
    played: list[tuple[State, Move]] = []
    while state.to_move is not None:
        if state.to_move is CHANCE:
            move = state.sample_chance()
        elif state.to_move is SIMULTANEOUS:
            seat = min(state.waiting_for())
            move = Orders(seat, random_orders(state, seat, rnd))
        else:
            move = rnd.choice(state.legal_moves())
        played.append((state, move))
        state = state.play(move)
    last = min(last, len(played))
    return played[-last][0], played[-last:]


async def carry_out(site: Site, ply: Ply, clock: VirtualClock) -> None:
    """Someone carries out a ply as the LEDs ask: lifts every piece that leaves its square, sets down every piece
    where it goes, then taps the squares the board still asks to touch (a Djambi piece turned over, a Politics
    state whose claim came from elsewhere). A tap the board does not ask for would be a move of its own: a Politics
    claim made on the page leaves the board nothing to tap."""
    hands = site.board.hands  # type: ignore[attr-defined]
    e = ply.effect
    steps = (*e.decision, *e.chores)
    occupied = site.board.matrix.scan  # type: ignore[attr-defined]
    # A piece that leaves a square another step sets it down on first (a piece moved, then cleared with the board
    # at the end of a Politrics board) is lifted once it is there.
    later = [step.src for step in steps if step.src is not None and not occupied() >> step.src & 1]
    for step in steps:
        if step.src is not None and step.src not in later:
            hands.lift(step.src)
            await clock.advance(clock.now() + 0.1)
    for step in steps:
        if step.dst is not None:
            hands.place(step.dst)
            await clock.advance(clock.now() + 0.1)
    for square in later:
        hands.lift(square)
        await clock.advance(clock.now() + 0.1)
    await clock.advance(clock.now() + 0.1)
    for square in squares_of(site.controller.session.recognizer.guidance().chore_touches):
        occupied = site.board.matrix.scan() >> square & 1  # type: ignore[attr-defined]
        first, second = (hands.lift, hands.place) if occupied else (hands.place, hands.lift)
        first(square)
        await clock.advance(clock.now() + 0.1)
        second(square)
        await clock.advance(clock.now() + 0.1)


GAMES = [
    ("polis", None, 6),
    ("politrics", None, 6),
    ("politics1952", 3, 8),
    ("chesspolitik", 2, 6),
    ("djambi", None, 6),
]


def on_the_page(state: State, seat: int, move: Move) -> Callable[[Session, float], None]:
    """A player of `seat` makes `move` on the place's page (orders on the seat's page)."""

    def act(session: Session, t: float) -> None:
        if isinstance(move, Orders):
            session.submit_orders(seat, [str(o) for o in move.orders], t)
        else:
            session.play_text(state.record(move), t, seat)

    return act


def played(sites: dict[str, Site], plies: int) -> Callable[[], bool]:
    return lambda: all(len(s.texts) >= plies for s in sites.values())


@pytest.mark.parametrize(("game", "seats", "last"), GAMES)
async def test_a_game_ends_the_same_at_both_places(tmp_path: Path, broker: Broker, game: str, seats, last):
    clock = VirtualClock()
    # `make remote-games` plays every game whole, from its first ply (AGORA_REMOTE_PLIES=all).
    whole = os.environ.get("AGORA_REMOTE_PLIES") == "all"
    start, actions = ending(game, seats, 10**9 if whole else last, seed=5)
    host, guest = await broker_room(tmp_path, broker, clock, ROOM, game=game, seats=None, start=start)
    sites = {"host": host, "guest": guest}
    carried = dict.fromkeys(sites, 0)
    sessions = [s.controller.session for s in sites.values()]
    for i, (before, move) in enumerate(actions):
        if before.to_move is not CHANCE:  # the host rolls the dice by itself
            seat = move.seat if isinstance(move, Orders) else seat_of(before, move)
            assert seat is not None
            holder = sites[host.place.replica.places[seat] or "host"]
            await holder.controller.request(on_the_page(before, seat, move))
        after = before.play(move)
        if isinstance(move, Orders) and after.to_move is SIMULTANEOUS and after.waiting_for():
            continue  # sealed: nothing is played until every seat of the phase has committed
        await until(played(sites, i + 1), clock, f"action {i}")
        for name, s in sites.items():
            for ply in s.controller.session.history[carried[name] :]:
                await carry_out(s, ply, clock)
            carried[name] = len(s.controller.session.history)
        await until(lambda: not any(s.chores_open for s in sessions), clock, "chores")
    assert host.texts == guest.texts and len(host.texts) == len(actions)
    for s in sites.values():
        assert s.controller.session.state.outcome() is not None
    assert host.controller.session.state.outcome() == guest.controller.session.state.outcome()
    await close_all(host, guest)
