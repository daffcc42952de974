"""The referee protocol: JSON requests in, JSON answers out, for any registered game (see README, "Referee").

`Referee.handle` takes one request line and returns one answer; it never raises on input. The command in
`controller.commands.referee` only moves lines between stdin and stdout.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from controller.ai import think
from controller.ai.budget import Level
from controller.errors import AgoraError, ErrorKind, IllegalMoveError, ProtocolError, answer_for
from controller.games import CHANCE, SIMULTANEOUS, Game, Move, Orders, State, to_move_json
from controller.visibility import legal_for, view_for

Answer = dict[str, Any]
MAX_LINE = 1_000_000  # a request longer than this is refused rather than parsed
MAX_PLAYOUTS = 100_000  # a `think` budget beyond this would keep the referee from answering for minutes


def error(kind: ErrorKind, message: str) -> Answer:
    return {"ok": False, "error": {"kind": kind.value, "message": message}}


def error_kind(exc: AgoraError) -> ErrorKind:
    """The protocol's error kind for an error (the web API answers with the same kinds): see controller.errors."""
    return answer_for(exc).kind


def _field(req: Mapping[str, Any], name: str, kind: type | tuple[type, ...], required: bool = True) -> Any:
    if name not in req:
        if required:
            raise ProtocolError(f"'{req.get('cmd')}' needs the field {name!r}")
        return None
    value = req[name]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise ProtocolError(f"field {name!r} has the wrong type: {value!r}")
    if not isinstance(value, kind):
        raise ProtocolError(f"field {name!r} has the wrong type: {value!r}")
    return value


def _seat(req: Mapping[str, Any], state: State, required: bool) -> int | None:
    seat = _field(req, "seat", int, required)
    if seat is not None and not 0 <= seat < state.seats:
        raise ProtocolError(f"there is no seat {seat}: seats are 0 to {state.seats - 1}")
    return seat  # type: ignore[no-any-return]


def _required_seat(req: Mapping[str, Any], state: State) -> int:
    seat = _seat(req, state, required=True)
    if seat is None:  # _field raised already; this only tells the type checker
        raise ProtocolError(f"'{req.get('cmd')}' needs the field 'seat'")
    return seat


class Referee:
    """One game session driven by protocol requests; keeps the states played so far for `undo`.

    It starts with a new game at the default seat count and seed 0, so `legal` works before any `new`.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.state: State = game.new(seed=0)
        self.history: list[State] = []

    # ---- answers ------------------------------------------------------------------------------------------
    def describe(
        self, seat: int | None = None, state_json: dict[str, Any] | None = None, as_viewer: bool = False
    ) -> Answer:
        """The answer to a request. `as_viewer`: for `seat` (None: a spectator) as controller.visibility lets it
        see, for `legal` and `view`; the other commands answer whoever drives the referee, who holds the state."""
        s = self.state
        if as_viewer:
            moves = [str(m) for m in legal_for(self.game, s, seat)]
            if state_json is None and self.game.info.hidden_information:
                state_json = view_for(s, seat)
        elif s.to_move is SIMULTANEOUS:
            moves = [str(m) for m in s.legal_moves(seat)] if seat is not None else []
        elif s.to_move is CHANCE:
            moves = [str(m) for m, _ in s.chance_outcomes()]
        else:
            moves = [str(m) for m in s.legal_moves(seat)]
        result = s.outcome()
        return {
            "ok": True,
            "to_move": to_move_json(s.to_move),
            "waiting_for": sorted(s.waiting_for()),
            "turn": s.turn_text(),
            "moves": moves,
            "outcome": None if result is None else result.to_json(),
            "state": s.to_json() if state_json is None else state_json,
        }

    def _advance(self, state: State) -> None:
        self.history.append(self.state)
        self.state = state

    # ---- commands -----------------------------------------------------------------------------------------
    def cmd_new(self, req: Mapping[str, Any]) -> Answer:
        seats = _field(req, "seats", int, required=False)
        seed = _field(req, "seed", int, required=False)
        options = _field(req, "options", dict, required=False) or {}
        self.state = self.game.new(seats, seed=seed, **options)
        self.history.clear()
        return self.describe()

    def cmd_legal(self, req: Mapping[str, Any]) -> Answer:
        return self.describe(_seat(req, self.state, required=False), as_viewer=True)

    def cmd_play(self, req: Mapping[str, Any]) -> Answer:
        text = _field(req, "move", str)
        seat = _seat(req, self.state, required=False)
        move = self.game.parse(text, self.state, seat)
        self._advance(self.state.play(move))
        return self.describe()

    def cmd_submit(self, req: Mapping[str, Any]) -> Answer:
        seat = _required_seat(req, self.state)
        texts = _field(req, "orders", list)
        if not all(isinstance(t, str) for t in texts):
            raise ProtocolError("'orders' is a list of order texts")
        if self.state.to_move is not SIMULTANEOUS:
            raise IllegalMoveError("orders are only handed in during a phase of simultaneous orders")
        orders: list[Move] = [self.game.parse(t, self.state, seat) for t in texts]
        self._advance(self.state.submit(seat, orders))
        return self.describe(seat)

    def cmd_roll(self, req: Mapping[str, Any]) -> Answer:
        if self.state.to_move is not CHANCE:
            raise IllegalMoveError("there is nothing to roll now")
        self._advance(self.state.play(self.state.sample_chance()))
        return self.describe()

    def cmd_chance(self, req: Mapping[str, Any]) -> Answer:
        outcome = _field(req, "outcome", (str, int))
        if self.state.to_move is not CHANCE:
            raise IllegalMoveError("there is nothing to roll now")
        move = self.game.parse(str(outcome), self.state)
        if move not in {m for m, _ in self.state.chance_outcomes()}:
            raise IllegalMoveError(f"{outcome!r} is not a possible outcome now")
        self._advance(self.state.play(move))
        return self.describe()

    def cmd_state(self, req: Mapping[str, Any]) -> Answer:
        return self.describe()

    def cmd_load(self, req: Mapping[str, Any]) -> Answer:
        data = _field(req, "state", dict)
        self.state = self.game.from_json(data)
        self.history.clear()
        return self.describe()

    def cmd_undo(self, req: Mapping[str, Any]) -> Answer:
        if not self.history:
            raise ProtocolError("nothing to undo")
        self.state = self.history.pop()
        return self.describe()

    def cmd_view(self, req: Mapping[str, Any]) -> Answer:
        seat = _seat(req, self.state, required=False)
        return self.describe(seat, state_json=view_for(self.state, seat), as_viewer=True)

    def cmd_think(self, req: Mapping[str, Any]) -> Answer:
        """The move (or order set) the computer player would make for `seat`, from that seat's view only; the
        state does not change. Deterministic for a seed and a playout budget."""
        seat = _required_seat(req, self.state)
        level_text = _field(req, "level", str, required=False)
        playouts = _field(req, "playouts", int, required=False)
        seed = _field(req, "seed", int, required=False) or 0
        if playouts is not None and level_text is not None:
            raise ProtocolError("give 'level' or 'playouts', not both")
        if playouts is not None and not 1 <= playouts <= MAX_PLAYOUTS:
            raise ProtocolError(f"'playouts' is 1 to {MAX_PLAYOUTS}, not {playouts}")
        try:
            level = None if level_text is None else Level.parse(level_text)
        except ValueError as exc:
            raise ProtocolError(str(exc)) from None
        s = self.state
        if s.to_move != seat and not (s.to_move is SIMULTANEOUS and seat in s.waiting_for()):
            raise IllegalMoveError(f"seat {seat} has nothing to decide now")
        result = think(self.game, view_for(s, seat), seat, level=level, playouts=playouts, seed=seed)
        answer = self.describe(seat, as_viewer=True)
        if isinstance(result.move, Orders):
            answer["orders"] = [str(o) for o in result.move.orders]
        else:
            answer["move"] = str(result.move)
        answer["value"] = round(result.value, 4)
        answer["playouts"] = result.iterations
        return answer

    COMMANDS: ClassVar[dict[str, Callable[[Referee, Mapping[str, Any]], Answer]]] = {
        "new": cmd_new,
        "legal": cmd_legal,
        "play": cmd_play,
        "submit": cmd_submit,
        "roll": cmd_roll,
        "chance": cmd_chance,
        "state": cmd_state,
        "load": cmd_load,
        "undo": cmd_undo,
        "view": cmd_view,
        "think": cmd_think,
    }

    def handle(self, line: str) -> Answer:
        """One request line to one answer; never raises on bad input."""
        try:
            if len(line) > MAX_LINE:
                raise ProtocolError(f"a request is at most {MAX_LINE} characters")
            try:
                req = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ProtocolError(f"not JSON: {exc.msg} at column {exc.colno}") from exc
            if not isinstance(req, dict):
                raise ProtocolError('a request is a JSON object like {"cmd": "legal"}')
            cmd = req.get("cmd")
            handler = self.COMMANDS.get(cmd) if isinstance(cmd, str) else None
            if handler is None:
                known = ", ".join(self.COMMANDS)
                raise ProtocolError(f"unknown command {cmd!r}; the commands are: {known}")
            return handler(self, req)
        except AgoraError as exc:
            return error(error_kind(exc), str(exc))
        except RecursionError:
            return error(ErrorKind.PROTOCOL, "the request is nested too deeply")
