"""What every route depends on: `Site`, the controller and how this board serves the page, from one dependency.

Every request that changes the game goes through `Site.run`, so it runs inside the controller's one loop, in order
with the board's sensor events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import Annotated, Any, TypeVar

from fastapi import Depends
from starlette.requests import HTTPConnection

from controller.errors import ErrorKind
from controller.ports import Hands
from controller.session.core import Session
from controller.session.runner import Controller
from controller.session.snapshot import snapshot
from controller.store import GameStore
from controller.values import dataclass
from controller.web.errors import ApiError
from controller.web.guard import PinGuard, same_secret
from controller.web.now import now
from controller.web.plies import PlyMemo
from controller.web.ply_words import ends_game, ghosts, move_list
from controller.web.summary import summary
from controller.web.words import legend

NewSession = Callable[..., Session]
T = TypeVar("T")


@dataclass
class WebConfig:
    pin: str | None = None  # admin PIN; None: serving on loopback only, no PIN asked
    hands: Hands | None = None  # the simulator's hands: clicking a square lifts or places a piece
    new_session: NewSession | None = None
    store: GameStore | None = None
    public_url: str = "http://127.0.0.1:8000"
    allowed_hosts: frozenset[str] | None = None  # the names this board answers to besides addresses; None: any
    pin_clock: Callable[[], float] | None = None  # the PIN guard's clock (tests put it on virtual time)


@dataclass(frozen=True, slots=True)
class Site:
    """The board being served: its controller and the web's configuration."""

    controller: Controller
    config: WebConfig
    guard: PinGuard
    memo: PlyMemo = field(default_factory=PlyMemo)  # what each ply says, worked out once (controller.web.plies)

    def seat(self, token: str) -> int:
        """The seat whose token this is; 404 for a token of no seat."""
        for i, t in enumerate(self.controller.session.tokens):
            if same_secret(token, t):
                return i
        raise ApiError(404, ErrorKind.PROTOCOL, "no seat has that token: scan the seat's QR code again")

    def seat_of(self, token: str | None) -> int | None:
        """The seat of an optional token: None for none (the table's own page)."""
        return None if token is None else self.seat(token)

    def check_pin(self, pin: str | None, client: str) -> None:
        """403 for a wrong PIN, 429 while `client` (its address) has guessed wrong too often."""
        self.guard.check(pin, client)

    async def run(self, fn: Callable[[Session, float], T]) -> T:
        """`fn(session, now)` in the controller's loop; an AgoraError it raises is answered from the error table."""
        return await self.controller.request(fn)

    def snapshot(self, session: Session, seat: int | None) -> dict[str, Any]:
        """The page's view of `session` for `seat`, with what only the controller knows."""
        c = self.controller
        snap = snapshot(session, seat)
        snap["version"] = c.version
        snap["sim"] = c.sim
        snap["admin_pin"] = c.pin_required
        due = session.orders_due
        snap["orders_left"] = None if due is None else round(max(0.0, due - c.clock.now()), 1)
        snap["now"] = now(session, seat)
        snap["legend"] = legend(session.game, snap["game"]["seat_names"])
        snap["moves"] = move_list(session, self.memo)
        snap["ghosts"] = ghosts(session)
        snap["actions"] = [{**a, "ends_game": ends_game(session, a["move"], self.memo)} for a in snap["actions"]]
        snap["notation"] = session.game.info.notation
        snap["summary"] = summary(session, self.memo)
        return snap

    async def answered(self, fn: Callable[[Session, float], object], seat: int | None) -> dict[str, Any]:
        """`fn(session, now)` in the controller's loop (as `run`), answered with the page's view for `seat` once
        the turn it began has started, in a callback of its own (a move's commit and the next turn's start are
        pause enough for the loop without the page's snapshot in the same breath)."""
        return await self.controller.request(fn, then=lambda s, t: self.snapshot(s, seat))

    async def state(self, seat: int | None) -> dict[str, Any]:
        """A snapshot taken inside the loop, so it never sees a session half way through an event."""
        return await self.run(lambda s, t: self.snapshot(s, seat))


# The dependencies are coroutines though they wait for nothing: FastAPI runs a plain function dependency on a worker
# thread (anyio's), a thread hop for every request and anyio's thread machinery loaded in the loop on the first one.
async def site(connection: HTTPConnection) -> Site:
    found = connection.app.state.site
    if not isinstance(found, Site):
        raise TypeError("the app was not made by controller.web.create_app")
    return found


async def client(connection: HTTPConnection) -> str:
    """Who is asking, for the limit on PIN guesses: the client's address."""
    return connection.client.host if connection.client is not None else "unknown"


SiteDep = Annotated[Site, Depends(site)]
ClientDep = Annotated[str, Depends(client)]
