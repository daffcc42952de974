"""The FastAPI app: the main page, per-seat pages, a JSON API and a WebSocket of changes and LED frames.

Every request that changes the game goes through `Controller.request`, so it runs inside the controller's one
loop, in order with the board's sensor events. Errors are JSON `{"error": {"kind", "message"}}` with a 4xx.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any, TypeVar

from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from controller.errors import AgoraError, GameError, answer_for
from controller.games import CHANCE, load, names
from controller.games.squares import parse as parse_square
from controller.ports import Hands
from controller.session.core import Session
from controller.session.runner import Controller, frame_hex
from controller.session.seats import SeatKind
from controller.session.snapshot import snapshot
from controller.store import GameStore
from controller.web.models import AnswerRequest, MoveRequest, NewGameRequest, OrdersRequest, SquareRequest

NewSession = Callable[..., Session]
T = TypeVar("T")


class ApiError(Exception):
    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message


@dataclass
class WebConfig:
    pin: str | None = None  # admin PIN; None: serving on loopback only, no PIN asked
    hands: Hands | None = None  # the simulator's hands: clicking a square lifts or places a piece
    new_session: NewSession | None = None
    store: GameStore | None = None
    public_url: str = "http://127.0.0.1:8000"


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _static(name: str) -> str:
    return resources.files("controller.web").joinpath("static", name).read_text(encoding="utf-8")


def create_app(controller: Controller, config: WebConfig) -> FastAPI:
    app = FastAPI(
        title="Agora smart board",
        version="0.1.0",
        description=(
            "The Agora board's web API: the game being played, moves and orders from phones, answers to the "
            "board's questions, undo, new games, and (in simulator mode) the simulated board itself. "
            'Errors are `{"error": {"kind", "message"}}` with a 4xx status. Admin actions need the PIN '
            "printed on the console (header `X-Agora-Pin`) when the board serves the network (`--host`)."
        ),
    )

    def fail(status: int, kind: str, message: str) -> ApiError:
        return ApiError(status, kind, message)

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": {"kind": exc.kind, "message": exc.message}}, status_code=exc.status)

    @app.exception_handler(AgoraError)
    async def _agora_error(request: Request, exc: AgoraError) -> JSONResponse:
        answer = answer_for(exc)
        return JSONResponse({"error": {"kind": answer.kind.value, "message": str(exc)}}, status_code=answer.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors()[:3]:
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return JSONResponse({"error": {"kind": "invalid", "message": "; ".join(parts)}}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": {"kind": "protocol", "message": str(exc.detail)}}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        # A bug, not bad input: say so plainly; the traceback goes to the console through uvicorn's log.
        import logging

        logging.getLogger("agora.web").exception("unexpected error on %s", request.url.path)
        return JSONResponse(
            {"error": {"kind": "internal", "message": f"the board hit an unexpected error: {exc}"}}, status_code=500
        )

    def seat_of(token: str | None) -> int | None:
        if token is None:
            return None
        for i, t in enumerate(controller.session.tokens):
            if hmac.compare_digest(t, token):
                return i
        raise fail(404, "protocol", "no seat has that token: scan the seat's QR code again")

    def check_pin(pin: str | None) -> None:
        if config.pin is None:
            return
        if pin is None or not hmac.compare_digest(pin, config.pin):
            raise fail(403, "protocol", "this needs the admin PIN shown on the board's console")

    async def run(fn: Callable[[Session, float], T]) -> T:
        return await controller.request(fn)  # an AgoraError it raises is answered by `_agora_error`

    # ---- pages -----------------------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index() -> HTMLResponse:
        return HTMLResponse(_static("index.html"))

    @app.get("/seat/{token}", response_class=HTMLResponse, include_in_schema=False)
    async def seat_page(token: str) -> HTMLResponse:
        seat_of(token)
        return HTMLResponse(_static("index.html").replace("<body>", f'<body data-token="{token}">', 1))

    def static_file(name: str) -> Response:
        kinds = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}
        suffix = name[name.rfind(".") :] if "." in name else ""
        if suffix not in kinds or ".." in name or name.count("/") > 1:
            raise fail(404, "protocol", "no such file")
        try:
            return Response(_static(name), media_type=kinds[suffix])
        except (FileNotFoundError, IsADirectoryError) as exc:
            raise fail(404, "protocol", "no such file") from exc

    @app.get("/static/{name}", include_in_schema=False)
    async def static(name: str) -> Response:
        return static_file(name)

    @app.get("/static/games/{name}", include_in_schema=False)
    async def game_panel(name: str) -> Response:
        """A game's own panel for the page (drawn next to the board), if it has one."""
        return static_file(f"games/{name}")

    # ---- reading ---------------------------------------------------------------------------------------------
    @app.get("/api/games", summary="The games this board plays, with seats and options", tags=["games"])
    async def games() -> list[dict[str, Any]]:
        return [load(n).info.to_json() for n in names()]

    @app.get("/api/state", summary="The game as a seat (or a spectator) may see it", tags=["play"])
    async def state(token: str | None = None) -> dict[str, Any]:
        seat = seat_of(token)
        return await run(lambda s, t: _snapshot(controller, s, seat))

    @app.get(
        "/api/static", summary="The current game's unchanging data for the page (a map, card texts)", tags=["games"]
    )
    async def static_data() -> dict[str, Any]:
        s = controller.session
        return {"game": s.game.name, "seats": s.state.seats, "data": s.game.static_json(s.state.seats)}

    @app.get("/api/history", summary="Games stored on this board, newest first", tags=["history"])
    async def history(limit: int = 50) -> list[dict[str, Any]]:
        if config.store is None:
            return []
        if not 1 <= limit <= 500:
            raise fail(422, "invalid", "limit is 1 to 500")
        return [
            {
                "id": r.id,
                "game": r.game,
                "seats": r.seats,
                "status": r.status,
                "plies": r.plies,
                "outcome": r.outcome,
                "created": r.created,
            }
            for r in config.store.games(limit)
        ]

    @app.get("/api/history/{game_id}", summary="One stored game as JSON, with its move texts", tags=["history"])
    async def export(game_id: int) -> dict[str, Any]:
        if config.store is None:
            raise fail(404, "protocol", "this board keeps no games")
        return _public_export(config.store.export(game_id))

    # ---- playing ---------------------------------------------------------------------------------------------
    @app.post("/api/move", summary="Play a move typed or clicked on the page", tags=["play"])
    async def move(body: MoveRequest) -> dict[str, Any]:
        seat = seat_of(body.token)
        source = "page" if seat is None else "phone"
        s = controller.session
        if seat is None and s.game.info.hidden_information and s.state.to_move is not CHANCE:
            # Without a seat's token nobody may act for a seat in a game with secrets: trying moves would reveal
            # what a seat holds. Entering the dice thrown is the one thing the table itself does.
            raise fail(403, "protocol", "in this game moves are made on the board or on your seat's page")

        def act(s: Session, t: float) -> dict[str, Any]:
            s.play_text(body.text, t, seat, source)
            controller.record_action({"move": body.text, "seat": seat})
            return _snapshot(controller, s, seat)

        return await run(act)

    @app.post("/api/orders", summary="Hand in a seat's secret orders", tags=["play"])
    async def orders(body: OrdersRequest) -> dict[str, Any]:
        seat = seat_of(body.token)
        assert seat is not None

        def act(s: Session, t: float) -> dict[str, Any]:
            s.submit_orders(seat, body.orders, t)
            controller.record_action({"orders": body.orders, "seat": seat})
            return _snapshot(controller, s, seat)

        return await run(act)

    @app.post("/api/answer", summary="Answer the board's question (which piece was placed, ...)", tags=["play"])
    async def answer(body: AnswerRequest) -> dict[str, Any]:

        def act(s: Session, t: float) -> dict[str, Any]:
            s.answer(body.choice, t)
            controller.record_action({"answer": {"choice": body.choice}})
            return _snapshot(controller, s, None)

        return await run(act)

    @app.post("/api/undo", summary="Take back the last move; the LEDs guide the pieces back", tags=["play"])
    async def undo(x_agora_pin: str | None = Header(None)) -> dict[str, Any]:
        if controller.session.game.info.hidden_information:
            check_pin(x_agora_pin)  # otherwise any phone could take back another seat's secret orders

        def act(s: Session, t: float) -> dict[str, Any]:
            s.undo(t)
            controller.record_action({"undo": True})
            return _snapshot(controller, s, None)

        return await run(act)

    @app.post("/api/roll", summary="Roll the dice (when they are not rolled automatically)", tags=["play"])
    async def roll() -> dict[str, Any]:

        def act(s: Session, t: float) -> dict[str, Any]:
            s.roll(t)
            controller.record_action({"roll": True})
            return _snapshot(controller, s, None)

        return await run(act)

    # ---- admin -----------------------------------------------------------------------------------------------
    @app.post("/api/new", summary="Start a new game (admin)", tags=["admin"])
    async def new_game(body: NewGameRequest, x_agora_pin: str | None = Header(None)) -> dict[str, Any]:
        check_pin(x_agora_pin)
        if config.new_session is None:
            raise fail(409, "protocol", "this board cannot start games from the page")
        factory = config.new_session
        load(body.game)  # an unknown game is answered from the error table
        try:
            kinds = None if body.seat_kinds is None else [SeatKind.parse(k) for k in body.seat_kinds]
        except ValueError as exc:
            raise fail(422, "invalid", str(exc)) from exc

        def start(s: Session, t: float) -> dict[str, Any]:
            settings = s.settings if body.order_time is None else replace(s.settings, order_time=body.order_time)
            fresh = factory(
                body.game, seats=body.seats, seed=body.seed, options=body.options, seat_kinds=kinds, settings=settings
            )
            controller.replace(fresh, t)
            return _snapshot(controller, fresh, None)

        return await run(start)

    @app.post(
        "/api/close-orders", summary="End the phase of secret orders now, as the timer would (admin)", tags=["admin"]
    )
    async def close_orders(x_agora_pin: str | None = Header(None)) -> dict[str, Any]:
        check_pin(x_agora_pin)

        def act(s: Session, t: float) -> dict[str, Any]:
            s.close_orders(t)
            return _snapshot(controller, s, None)

        return await run(act)

    @app.post("/api/abandon", summary="Abandon the game being played (admin)", tags=["admin"])
    async def abandon(x_agora_pin: str | None = Header(None)) -> dict[str, Any]:
        check_pin(x_agora_pin)

        def stop(s: Session, t: float) -> dict[str, Any]:
            if s.store is not None and s.game_id is not None:
                s.store.abandon(s.game_id)
            return {"abandoned": s.game_id}

        return await run(stop)

    @app.get("/api/seats", summary="Seat links for the QR codes (admin)", tags=["admin"])
    async def seats(x_agora_pin: str | None = Header(None)) -> list[dict[str, Any]]:
        check_pin(x_agora_pin)
        s = controller.session
        names_ = s.game.info.seat_names.get(s.state.seats, ())
        return [
            {
                "seat": i,
                "name": names_[i] if i < len(names_) else f"Seat {i}",
                "kind": s.seat_kinds[i].value,
                "url": f"{config.public_url}/seat/{tok}",
            }
            for i, tok in enumerate(s.tokens)
        ]

    @app.get("/api/seats/{seat}/qr.svg", summary="A seat's QR code (admin)", tags=["admin"])
    async def seat_qr(seat: int, x_agora_pin: str | None = Header(None), pin: str | None = None) -> Response:
        check_pin(x_agora_pin or pin)
        tokens = controller.session.tokens
        if not 0 <= seat < len(tokens):
            raise fail(404, "protocol", f"there is no seat {seat}")
        import io

        import segno

        buf = io.BytesIO()
        segno.make(f"{config.public_url}/seat/{tokens[seat]}", error="m").save(buf, kind="svg", scale=4)
        return Response(buf.getvalue(), media_type="image/svg+xml")

    # ---- the simulated board -------------------------------------------------------------------------------
    @app.post("/api/sim/toggle", summary="Simulator: lift the piece on a square, or put one there", tags=["sim"])
    async def toggle(body: SquareRequest) -> dict[str, Any]:
        hands = config.hands
        if hands is None:
            raise fail(409, "protocol", "the board is real: move the pieces by hand")
        try:
            square = parse_square(body.square)
        except GameError as exc:
            raise fail(422, "invalid", str(exc)) from exc
        if controller.matrix.scan() >> square & 1:
            hands.lift(square)
            return {"square": body.square, "lifted": True}
        hands.place(square)
        return {"square": body.square, "lifted": False}

    # ---- live updates --------------------------------------------------------------------------------------
    @app.websocket("/ws")
    async def ws(socket: WebSocket, token: str | None = None) -> None:
        try:
            seat = seat_of(token)
        except ApiError:
            await socket.close(code=4404)
            return
        await socket.accept()
        queue = controller.subscribe()

        async def until_closed() -> None:
            # The page sends nothing; a receive only returns (or raises) when the client goes away.
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    return

        closed = asyncio.create_task(until_closed())
        try:
            await socket.send_json(
                {"type": "state", "state": await controller.request(lambda s, t: _snapshot(controller, s, seat))}
            )
            await socket.send_json({"type": "led", "frame": frame_hex(controller.frame)})
            while True:
                getter = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait({getter, closed}, return_when=asyncio.FIRST_COMPLETED)
                if closed in done:
                    getter.cancel()
                    return
                message = getter.result()
                if message["type"] == "changed":
                    while not queue.empty() and queue._queue[0]["type"] == "changed":  # type: ignore[attr-defined]
                        queue.get_nowait()
                    snap = await controller.request(lambda s, t: _snapshot(controller, s, seat))
                    await socket.send_json({"type": "state", "state": snap})
                else:
                    await socket.send_json(message)
        except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
            pass
        finally:
            closed.cancel()
            controller.unsubscribe(queue)
            with contextlib.suppress(Exception):
                await socket.close()

    return app


def _public_export(data: dict[str, Any]) -> dict[str, Any]:
    """While a game with secrets is running, its export shows what a spectator may see: the states as
    `view(None)` and order sets without their orders. A finished game is exported whole."""
    try:
        game = load(data["game"])
    except GameError:
        return data
    if data["status"] != "playing" or not game.info.hidden_information:
        return data
    out = dict(data)
    out["seed"] = None  # the seed deals the hands again
    for key in ("initial", "final"):
        try:
            out[key] = game.from_json(data[key]).view(None)
        except GameError:
            out[key] = None
    out.pop("states", None)
    out["moves"] = [
        {**m, "text": f"orders {m['seat']}"} if str(m["text"]).lower().startswith("orders") else m
        for m in data["moves"]
    ]
    return out


def _snapshot(controller: Controller, session: Session, seat: int | None) -> dict[str, Any]:
    snap = snapshot(session, seat)
    snap["version"] = controller.version
    snap["sim"] = controller.sim
    snap["admin_pin"] = controller.pin_required
    due = session.orders_due
    snap["orders_left"] = None if due is None else round(max(0.0, due - controller.clock.now()), 1)
    return snap
