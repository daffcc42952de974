"""Play on the simulated board the way people do, through the whole product, on a virtual clock.

`agora play`'s parts are put together as it puts them (the games file opened as it opens it, `Stores.open`: the
loop reads through one connection and a thread of its own writes the moves through the other; the session, the
simulated board and its LEDs, the controller with its render loop, the web app with a page open on its WebSocket)
and driven as people would drive them: a player at the board lifts and places pieces for a random legal move,
answers the board's questions on the page, carries out the chores the LEDs ask for; phones hand in secret orders;
when a game ends the host starts the next one from the page and the pieces are set up again. Time is virtual
(`VirtualClock`): an hour of play takes what its computing takes.

`play(plan)` returns what happened; with a `LoopProbe` it also times every callback of the loop but the driver's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from controller import heap
from controller.clock import VirtualClock
from controller.commands.opening import Stores
from controller.commands.serving import warm_up
from controller.games import CHANCE, SIMULTANEOUS, GameError, Move, State
from controller.games.squares import parse as parse_square
from controller.games.squares import squares_of
from controller.ports import Board, SimOptions
from controller.session.core import Session, SessionSettings
from controller.session.factory import new_session
from controller.session.runner import Controller
from controller.web.app import built_app
from controller.web.deps import WebConfig
from simulator.leds import SimPixelStrip
from tests.bench.probe import LoopProbe
from tests.boards import open_board

DEBUG = False
GAMES = ("politrics", "polis", "politics1952", "chesspolitik", "djambi")

HAND = 0.25  # virtual seconds between two actions of a hand
PATIENCE = 30.0  # virtual seconds to wait for the board to take a move before playing it from the page instead


@dataclass(frozen=True, slots=True)
class Plan:
    games: tuple[str, ...] = GAMES  # played in turn, a new game from the page when one ends
    plies: int | None = None  # stop after this many committed plies (all games together)
    seconds: float | None = None  # stop at this virtual time
    think: tuple[float, float] = (1.0, 1.0)  # a player's thinking time before a move, drawn uniformly (seconds)
    plies_per_game: int | None = None  # start the next game after this many plies even if the game goes on
    seed: int = 1


@dataclass
class Played:
    plies: int = 0
    board_moves: int = 0  # moves the board recognized from the pieces
    page_moves: int = 0  # moves, orders and answers from the page (phones, the host)
    games: int = 0
    stuck: int = 0  # moves the board did not take, played from the page instead (should stay 0)
    virtual_seconds: float = 0.0
    page_messages: int = 0  # messages the open page received on its WebSocket
    led_messages: int = 0  # of those, LED frames
    strip_shows: int = 0
    per_game: dict[str, int] = field(default_factory=dict)


class Page:
    """The page open on the board's WebSocket, through the app's own ASGI interface (no network in between)."""

    def __init__(self, app: Any) -> None:
        self._app = app
        self._inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.messages = 0
        self.leds = 0
        self._task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        scope = {
            "type": "websocket",
            "asgi": {"version": "3.0"},
            "scheme": "ws",
            "http_version": "1.1",
            "path": "/ws",
            "raw_path": b"/ws",
            "root_path": "",
            "query_string": b"",
            "headers": [(b"host", b"127.0.0.1:8000")],
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8000),
            "subprotocols": [],
            "state": {},
        }
        self._inbox.put_nowait({"type": "websocket.connect"})
        self._task = asyncio.create_task(self._app(scope, self._inbox.get, self._send), name="page")

    async def _send(self, message: dict[str, Any]) -> None:
        if message["type"] == "websocket.send":
            self.messages += 1
            text = message.get("text") or ""
            if text.startswith(('{"type":"led"', '{"type": "led"')):
                self.leds += 1

    async def close(self) -> None:
        self._inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
        if self._task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._task, 5)


@dataclass
class Table:
    """Everything `agora play --board sim` puts together, on a virtual clock."""

    clock: VirtualClock
    stores: Stores
    board: Board
    controller: Controller
    app: Any
    http: httpx.AsyncClient
    page: Page
    runner: asyncio.Task[None]
    events: asyncio.Queue[dict[str, Any]]

    @property
    def session(self) -> Session:
        return self.controller.session

    async def aclose(self) -> None:
        await self.page.close()
        await self.http.aclose()
        self.runner.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.runner
        await self.board.aclose()
        self.stores.close()


async def open_table(db: Path, game: str, seed: int, sim: SimOptions | None = None) -> Table:
    import uvicorn

    clock = VirtualClock(settle_yields=8)
    stores = Stores.open(db)
    store = stores.worker  # the moves are written on the writer's thread, as `agora play` writes them
    settings = SessionSettings()
    session = new_session(game, seed=seed, store=store, settings=settings)
    board = await open_board("sim", clock, initial=session.state.occupancy(), sim=sim or SimOptions())
    controller = Controller(session, board.matrix, clock, strip=board.strip, sim=True, store=store)
    config = WebConfig(
        hands=board.hands,
        store=stores.reader,
        new_session=lambda game, **kw: new_session(game, store=store, **{"settings": settings, **kw}),
    )
    app = await asyncio.to_thread(built_app, controller, config)  # as `agora play` builds it (serving.build_routes)
    # What serving loads besides the app (the protocols), as `agora play` has it in memory; no socket is opened.
    uvicorn.Config(app, log_level="warning", lifespan="off", ws="websockets-sansio").load()
    events = controller.subscribe()
    runner = asyncio.create_task(controller.run(), name="controller")
    http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1:8000")
    page = Page(app)
    await page.open()
    heap.settled()  # as `agora play` does once it serves, and then once it has loaded every game
    await warm_up()
    table = Table(clock, stores, board, controller, app, http, page, runner, events)
    await _wait(table, lambda: True, 0.1)
    return table


async def _wait(table: Table, done: Callable[[], bool], limit: float, step: float = 0.05) -> bool:
    """Let virtual time run in steps until `done()` or `limit` seconds have passed."""
    clock = table.clock
    end = clock.now() + limit
    while True:
        for _ in range(4):
            await asyncio.sleep(0)
        if done():
            return True
        if clock.now() >= end:
            return False
        await clock.advance(min(end, clock.now() + step))


def _drain(table: Table) -> list[dict[str, Any]]:
    out = []
    while not table.events.empty():
        message = table.events.get_nowait()
        if message.get("type") == "event":
            out.append(message)
    return out


class Driver:
    """The people around the table (see the module's docstring)."""

    def __init__(self, table: Table, plan: Plan) -> None:
        self.t = table
        self.plan = plan
        self.rnd = random.Random(plan.seed)
        self.played = Played()
        self._next_game = 1
        self._game_plies = 0
        self._touch = 0  # squares the last chores asked to be touched (a piece turned over)
        self._prompt: list[dict[str, Any]] | None = None
        self._chores_done = False
        self._seen: list[dict[str, Any]] = []

    # ---- the hands
    async def _act(self, square: int, lift: bool) -> None:
        sim = self.t.board.sim
        assert sim is not None
        if lift and sim.magnets >> square & 1:
            sim.lift(square)
        elif not lift and not sim.magnets >> square & 1:
            sim.place(square)
        else:
            return
        await self.t.clock.advance(self.t.clock.now() + HAND)

    async def _carry(self, lifts: list[int], places: list[int], touches: int) -> None:
        for sq in lifts:
            await self._act(sq, True)
        for sq in places:
            await self._act(sq, False)
        sim = self.t.board.sim
        assert sim is not None
        for sq in squares_of(touches):  # a tap: a piece lifted and put back, or one set down and taken away
            here = bool(sim.magnets >> sq & 1)
            await self._act(sq, here)
            await self._act(sq, not here)

    async def _arrange(self, target: int) -> None:
        """Set the pieces as `target` says, one by one, and any piece the chores want touched."""
        sim = self.t.board.sim
        assert sim is not None
        now = sim.magnets
        await self._carry(list(squares_of(now & ~target)), list(squares_of(target & ~now)), self._touch)
        self._touch = 0

    # ---- what the board says
    def _listen(self) -> None:
        for message in _drain(self.t):
            kind = message.get("event")
            self._seen.append(message)
            if kind == "chore":
                touch = 0
                for n in message.get("touch", ()):
                    touch |= 1 << parse_square(n)
                self._touch = touch
                self._chores_done = False
            elif kind == "chores_done":
                self._chores_done = True
            elif kind == "prompt":
                self._prompt = message["options"]
            elif kind == "prompt_closed":
                self._prompt = None
            elif kind == "committed":
                self.played.plies += 1
                self._game_plies += 1
                game = self.t.session.game.name
                self.played.per_game[game] = self.played.per_game.get(game, 0) + 1
                if message.get("source") == "board":
                    self.played.board_moves += 1

    # ---- the page
    async def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = await self.t.http.post(path, json=body)
        self.played.page_moves += 1
        data: dict[str, Any] = response.json()
        return data

    # ---- playing
    def _finished(self) -> bool:
        plan, played = self.plan, self.played
        if plan.plies is not None and played.plies >= plan.plies:
            return True
        return plan.seconds is not None and self.t.clock.now() >= plan.seconds

    async def run(self) -> Played:
        while not self._finished():
            self._listen()
            session = self.t.session
            state = session.state
            over = state.to_move is None or (
                self.plan.plies_per_game is not None and self._game_plies >= self.plan.plies_per_game
            )
            if over:
                await self._new_game()
            elif state.to_move is SIMULTANEOUS:
                await self._orders(state)
            elif state.to_move is CHANCE:
                await self._post("/api/roll", {})
            else:
                await self._move(state)
            await self._chores()
        self.played.virtual_seconds = self.t.clock.now()
        return self.played

    async def _think(self) -> None:
        low, high = self.plan.think
        await self.t.clock.advance(self.t.clock.now() + self.rnd.uniform(low, high))

    async def _new_game(self) -> None:
        games = self.plan.games
        name = games[self._next_game % len(games)]
        self._next_game += 1
        self._game_plies = 0
        self.played.games += 1
        await self._post("/api/new", {"game": name, "seed": self.rnd.randrange(10**6)})
        self._touch = 0
        await self._arrange(self.t.session.state.occupancy())
        await _wait(self.t, lambda: self.t.board.matrix.scan() == self.t.session.state.occupancy(), 5.0)

    async def _orders(self, state: State) -> None:
        session = self.t.session
        for seat in sorted(state.waiting_for()):
            await self._think()
            orders = _orders_without_draws(state, seat, self.rnd)
            await self._post("/api/orders", {"token": session.tokens[seat], "orders": [str(o) for o in orders]})
            if self.t.session.state is not state:
                break

    async def _move(self, state: State) -> None:
        moves = state.legal_moves()
        physical = [m for m in moves if _physical(state, m)]
        move = self.rnd.choice(physical or list(moves))
        await self._think()
        if not _physical(state, move):
            await self._from_page(state, move)
            return
        effect = state.effect(move)
        lifts = [s.src for s in effect.decision if s.src is not None]
        places = [s.dst for s in effect.decision if s.dst is not None]
        touches = 0
        for sq in effect.decision_touch:
            touches |= 1 << sq
        history = len(self.t.session.history)
        self._prompt = None
        await self._carry(lifts, places, touches)

        def taken() -> bool:
            self._listen()
            return len(self.t.session.history) > history or self._prompt is not None

        if await _wait(self.t, taken, PATIENCE) and self._prompt is not None:
            text = str(move)
            choice: int | str = next((o["choice"] for o in self._prompt if o["move"] == text), 0)
            self._prompt = None
            await self._post("/api/answer", {"choice": choice})
            await _wait(self.t, lambda: len(self.t.session.history) > history, PATIENCE)
        if len(self.t.session.history) == history:
            # The board did not take it: put the pieces back and play the move from the page.
            self.played.stuck += 1
            if DEBUG:
                print("stuck", state.game.name, move, self.t.session.message, self._seen[-6:])
            await self._arrange(state.occupancy())
            await _wait(self.t, lambda: True, 2.0)
            if self.t.session.state is state:
                await self._from_page(state, move)

    async def _from_page(self, state: State, move: Move) -> None:
        seat = state.to_move
        token = self.t.session.tokens[seat] if isinstance(seat, int) else None
        await self._post("/api/move", {"text": str(move), "token": token})

    async def _chores(self) -> None:
        await _wait(self.t, lambda: True, 0.2)
        self._listen()
        target = self.t.session.state.occupancy()
        if self.t.board.matrix.scan() != target or self._touch:
            await self._arrange(target)
        await _wait(self.t, lambda: self.t.board.matrix.scan() == target, 5.0)
        await _wait(self.t, lambda: True, 0.5)
        self._listen()


def _orders_without_draws(state: State, seat: int, rnd: random.Random) -> tuple[Move, ...]:
    """A random order set (controller.games.playout.random_orders), but nobody offers a draw: games go on."""
    options = [o for o in state.legal_moves(seat) if str(o) != "Draw"]
    rnd.shuffle(options)
    chosen: list[Move] = []
    for order in options:
        try:
            state.submit(seat, [*chosen, order])
        except GameError:
            continue
        chosen.append(order)
    return tuple(chosen)


def _physical(state: State, move: Move) -> bool:
    effect = state.effect(move)
    return bool(effect.decision or effect.decision_touch)


@contextlib.contextmanager
def _games_file(db: Path | None) -> Iterator[Path]:
    if db is not None:
        yield db
        return
    with tempfile.TemporaryDirectory() as tmp:
        yield Path(tmp) / "games.sqlite"


async def play_async(plan: Plan, db: Path | None = None, probe: LoopProbe | None = None) -> Played:
    with _games_file(db) as path:
        table = await open_table(path, plan.games[0], plan.seed)
        try:
            driver = Driver(table, plan)
            task = asyncio.create_task(driver.run(), name="people")
            if probe is not None:
                probe.ignore.add(task)
                with probe:
                    played = await task
            else:
                played = await task
            played.page_messages = table.page.messages
            played.led_messages = table.page.leds
            strip = table.board.strip
            played.strip_shows = strip.shows if isinstance(strip, SimPixelStrip) else 0
        finally:
            await table.aclose()
    return played


def play(plan: Plan, db: Path | None = None, probe: LoopProbe | None = None) -> Played:
    return asyncio.run(play_async(plan, db, probe))


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--plies", type=int, default=100)
    parser.add_argument("--per-game", type=int, default=None)
    args = parser.parse_args()
    probe = LoopProbe()
    plan = Plan(games=tuple(args.games.split(",")), plies=args.plies, plies_per_game=args.per_game)
    played = play(plan, probe=probe)
    print(json.dumps(played.__dict__, indent=1))
    for pause in probe.slowest(8):
        print(pause)
    longest = {g: round(probe.longest_collection(g) * 1000, 2) for g in (0, 1, 2)}
    print("collections by generation, longest (ms):", longest)


if __name__ == "__main__":
    main()
