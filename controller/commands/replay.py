"""`agora replay GAME --events FILE`: recorded sensor events through the real controller on the simulator, on a
virtual clock; prints the controller's events as JSON lines (see the README, "Sensor replay").

Input lines: {"t": 0.0, "lift": "c3"}, {"t": 0.14, "place": "d4"}, {"t": .., "answer": {"choice": 0}} (or
{"move": "V33"}), {"t": .., "button": "ok"} ({"button": "ok", "held": true}: kept down, a hint), {"t": ..,
"move": "V33"} (a move entered on the page), {"t": .., "undo": true}, {"t": .., "orders": ["K a4 - b4"], "seat": 1},
{"t": .., "board": HEX} (the whole occupancy). `agora play --record` writes the same lines, the first one
{"t": .., "start": STATE} with the state the board started from, which the replay starts from unless --start says
otherwise. A bad line is reported as an `error` event; the replay goes on.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from controller.boards import BoardOpener, sim_options
from controller.clock import VirtualClock
from controller.commands.options import UsageError, add_game_arguments, parse_options, parse_seats
from controller.errors import SessionError
from controller.games import Game, GameError, State, load, names
from controller.games.squares import parse as parse_square
from controller.ports import SimOptions, SimulatedBoard
from controller.recognizer import RecognizerSettings
from controller.session.core import Session, SessionSettings
from controller.session.runner import Controller
from controller.session.sources import Dice

MAX_QUIET = 600.0  # after the last event, virtual seconds to let pending timers run before giving up


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"the game: {', '.join(names())}")
    parser.add_argument("--events", type=Path, required=True, metavar="FILE", help="the events, one JSON per line")
    parser.add_argument(
        "--start",
        type=Path,
        default=None,
        metavar="STATE.json",
        help="start from this state (what the referee's 'state' prints) instead of a new game",
    )
    parser.add_argument("--dice", choices=["auto", "manual"], default="auto", help="auto (default) or manual dice")
    parser.add_argument("--no-takebacks", action="store_true", help="no takebacks by putting a position back")
    parser.add_argument(
        "--bounce",
        type=int,
        default=0,
        metavar="FLIPS",
        help="let every switch chatter FLIPS times when a magnet arrives or leaves (default 0)",
    )
    add_game_arguments(parser)


def _load_start(game: Game, path: Path) -> State:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path} is not JSON: {exc.msg} (line {exc.lineno})") from exc
    if isinstance(data, dict) and "state" in data and "ok" in data:
        data = data["state"]  # the whole answer of the referee's `state` command
    return game.from_json(data)


def run(args: argparse.Namespace, open_board: BoardOpener) -> int:
    try:
        game = load(args.game)
        state = _load_start(game, args.start) if args.start else None
        if state is None:
            state = game.new(
                args.players, seed=args.seed if args.seed is not None else 0, **parse_options(game, args.option)
            )
        kinds = parse_seats(args.seats, state.seats)
        lines = args.events.read_text(encoding="utf-8").splitlines()
    except (GameError, UsageError) as exc:
        print(f"agora replay: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"agora replay: cannot read {args.events}: {exc.strerror}", file=sys.stderr)
        return 2
    settings = SessionSettings(recognizer=RecognizerSettings(takebacks=not args.no_takebacks), dice=Dice(args.dice))
    session = Session(game, state, seat_kinds=kinds, settings=settings, seed=args.seed or 0)
    if args.bounce < 0:
        print("agora replay: --bounce is 0 or more", file=sys.stderr)
        return 2
    sim = sim_options(bounce_flips=args.bounce, seed=args.seed or 0)
    errors = asyncio.run(replay(open_board, session, lines, sys.stdout, sim))
    return 1 if errors else 0


Action = Callable[[Session, float], Any]


def _action(item: dict[str, Any]) -> tuple[str, Any]:
    for key in ("lift", "place", "board", "answer", "button", "move", "undo", "orders", "roll", "start"):
        if key in item:
            return key, item[key]
    raise ValueError("a line needs one of lift, place, board, answer, button, move, undo, orders, roll")


def _read(raw: str, last: float) -> tuple[float, str, Any, dict[str, Any]]:
    """A line's time, its action and what the action names, and the line itself (`last`: the time of the line
    before); ValueError or TypeError for a line that is not a replay line."""
    item = json.loads(raw)
    if not isinstance(item, dict):
        raise ValueError("a line is a JSON object")
    t = float(item.get("t", last))
    if t < last:
        raise ValueError(f"time goes backwards ({t} after {last})")
    key, value = _action(item)
    return t, key, value, item


async def replay(
    open_board: BoardOpener, session: Session, lines: list[str], out: TextIO, sim: SimOptions | None = None
) -> int:
    """Run the lines through the controller on a virtual clock, on the simulated board `open_board` opens; returns
    the number of bad lines."""
    clock = VirtualClock()
    options = sim or SimOptions(keep_frames=0)
    board = await open_board("sim", clock, initial=session.state.occupancy(), sim=options)
    hands = board.sim
    assert hands is not None
    controller = Controller(session, board.matrix, clock, strip=None, frame_rate=None)
    listener = controller.subscribe()
    runner = asyncio.create_task(controller.run())
    errors = 0

    async def settle() -> None:
        for _ in range(50):
            await asyncio.sleep(0)
        while not listener.empty():
            message = listener.get_nowait()
            if message.get("type") == "event":
                message = {k: v for k, v in message.items() if k != "type"}
                message["t"] = round(float(message["t"]), 4)
                out.write(json.dumps(message) + "\n")

    def error(line: int, message: str) -> None:
        nonlocal errors
        errors += 1
        out.write(json.dumps({"t": round(clock.now(), 4), "event": "error", "line": line, "message": message}) + "\n")

    await settle()
    last = 0.0
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            t, key, value, item = _read(raw, last)
        except (ValueError, TypeError) as exc:
            error(number, str(exc))
            continue
        await clock.advance(t)
        await settle()
        last = t
        try:
            await _apply(controller, hands, key, value, item)
        except (GameError, SessionError, ValueError, TypeError) as exc:
            error(number, str(exc))
        await settle()
    # Let time run until nothing is pending (a settle wait, a mismatch grace, a computer thinking).
    while (deadline := clock.next_deadline()) is not None and deadline <= last + MAX_QUIET:
        await clock.advance(deadline)
        await settle()
    runner.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await runner
    await board.aclose()
    await settle()
    out.flush()
    return errors


async def _apply(controller: Controller, sim: SimulatedBoard, key: str, value: Any, item: dict[str, Any]) -> None:
    if key == "start":
        return  # the starting state, read before the replay began
    if key == "lift":
        sim.lift(parse_square(str(value)))
    elif key == "place":
        sim.place(parse_square(str(value)))
    elif key == "board":
        sim.arrange(int(str(value), 16))
    else:
        await controller.request(_request(key, value, item))


def _request(key: str, value: Any, item: dict[str, Any]) -> Action:
    """What a line entered on the page asks of the session; ValueError for a line that cannot ask it."""
    if key == "answer":
        choice = value.get("choice", value.get("move")) if isinstance(value, dict) else value
        if choice is None:
            raise ValueError('an answer is {"choice": N} or {"move": TEXT}')
        return lambda s, t: s.answer(choice, t)
    if key == "move":
        return lambda s, t: s.play_text(str(value), t, item.get("seat"))
    if key == "undo":
        return lambda s, t: s.undo(t)
    if key == "roll":
        return lambda s, t: s.roll(t)
    if key == "orders":
        seat = item.get("seat")
        if not isinstance(seat, int) or not isinstance(value, list):
            raise ValueError("orders need a seat number and a list of order texts")
        return lambda s, t: s.submit_orders(seat, [str(v) for v in value], t)
    # What is left of `_action`'s keys is a button.
    if value not in ("ok", "back", "menu"):
        raise ValueError(f"a button is ok, back or menu, not {value!r}")
    held = item.get("held", False)
    if not isinstance(held, bool):
        raise ValueError("a button's held is true or false")
    return lambda s, t: s.button(str(value), t, held)
