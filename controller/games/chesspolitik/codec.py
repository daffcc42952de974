"""A Chesspolitik state read back from JSON (`ChesspolitikState.to_json` writes it); reading checks everything
and answers StateFormatError."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from controller.games.chesspolitik.board import BOARDS, KINDS, Board
from controller.games.chesspolitik.orders import parse_order
from controller.games.chesspolitik.phases import SEASONS, Season
from controller.games.chesspolitik.report import RESULTS, OrderResult, PhaseReport, Result
from controller.games.chesspolitik.state import ChesspolitikState
from controller.games.errors import GameError, StateFormatError
from controller.games.moves import Move, Orders
from controller.games.outcome import Outcome, Termination
from controller.games.squares import parse

NAME = "chesspolitik"


def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StateFormatError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _square(board: Board, value: object, what: str) -> int:
    if not isinstance(value, str):
        raise StateFormatError(f"{what} must be a square name, not {value!r}")
    try:
        square = parse(value)
    except GameError as exc:
        raise StateFormatError(f"{what}: {exc}") from exc
    if not board.on_board(square):
        raise StateFormatError(f"{what}: {value} is not on the {board.size}x{board.size} board")
    return square


def _order(board: Board, text: object, what: str) -> Move:
    if not isinstance(text, str):
        raise StateFormatError(f"{what} must be an order's text, not {text!r}")
    try:
        return parse_order(text, board)
    except GameError as exc:
        raise StateFormatError(f"{what}: {exc}") from exc


def _report(board: Board, data: object) -> PhaseReport | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise StateFormatError("'last' must be an object or null")
    seats = board.seats
    results = []
    for item in data["orders"]:
        result = item["result"]
        if not isinstance(result, str) or result not in RESULTS:
            raise StateFormatError(f"unknown order result {result!r}")
        by = item["dislodged_by"]
        results.append(
            OrderResult(
                _int(item["power"], "a power", 0, seats - 1),
                _order(board, item["order"], "a reported order"),
                Result(result),
                None if by is None else _square(board, by, "dislodged_by"),
                bool(item["civil_disorder"]),
            )
        )
    centres = []
    for item in data["centres"]:
        old = item["from"]
        centres.append(
            (
                _square(board, item["square"], "a centre"),
                None if old is None else _int(old, "a former owner", 0, seats - 1),
                _int(item["to"], "a new owner", 0, seats - 1),
            )
        )
    votes = tuple(_int(s, "a draw vote", 0, seats - 1) for s in data["draw_votes"])
    if not isinstance(data["phase"], str):
        raise StateFormatError("the reported phase must be a text")
    return PhaseReport(data["phase"], tuple(results), votes, tuple(centres))


def _outcome(data: object, seats: int) -> Outcome | None:
    if data is None:
        return None
    if not isinstance(data, Mapping) or not isinstance(data["reason"], str):
        raise StateFormatError("'outcome' must be null or an object with winners, reason and scores")
    scores = data["scores"]
    winners = tuple(_int(w, "a winner", 0, seats - 1) for w in data["winners"])
    return Outcome(
        winners,
        data["reason"],
        None if scores is None else tuple(_int(s, "a score", 0, 99) for s in scores),
        termination=_termination(data, winners),
    )


def _termination(data: Mapping[str, Any], winners: tuple[int, ...]) -> Termination:
    given = data.get("termination")
    if given is None:
        # Written before outcomes said why as a value: a win is a solo; of the draws only agreement says so.
        if winners:
            return Termination.SOLO
        return Termination.AGREEMENT if data["reason"].startswith("Drawn by agreement") else Termination.TURN_LIMIT
    try:
        return Termination(given)
    except ValueError:
        raise StateFormatError(f"'termination' is one of {', '.join(t.value for t in Termination)}") from None


def state_from_json(data: Mapping[str, Any]) -> ChesspolitikState:
    try:
        return _read(data)
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise StateFormatError(f"not a Chesspolitik state: {exc!r}") from exc


def _read(data: Mapping[str, Any]) -> ChesspolitikState:
    seats = data["seats"]
    if type(seats) is not int or seats not in BOARDS:  # not 4.0 nor True: a state has plain integers
        raise StateFormatError(f"Chesspolitik is played by 2 or 4, not {seats!r}")
    board = BOARDS[seats]
    if not isinstance(data["season"], str) or data["season"] not in SEASONS:
        raise StateFormatError(f"the season is one of {', '.join(SEASONS)}, not {data['season']!r}")
    season = Season(data["season"])
    units = []
    for item in data["units"]:
        kind = item["kind"]
        if kind not in KINDS:
            raise StateFormatError(f"a unit is a K or an N, not {kind!r}")
        units.append(
            (_square(board, item["square"], "a unit's square"), kind, _int(item["power"], "a power", 0, seats - 1))
        )
    if len({sq for sq, _, _ in units}) != len(units):
        raise StateFormatError("two units stand on one square")
    owners = []
    for key, seat in data["centres"].items():
        centre = _square(board, key, "a centre")
        if centre not in board.centres:
            raise StateFormatError(f"{key} is not a supply centre")
        owners.append((centre, _int(seat, "a centre's owner", 0, seats - 1)))
    options = data["options"]
    draw_votes = options["draw_votes"]
    if not isinstance(draw_votes, bool):
        raise StateFormatError("the option draw_votes is true or false")
    state = ChesspolitikState(
        seats,
        _int(data["year"], "the year", board.start_year, 9999),
        season,
        tuple(sorted(units)),
        tuple(sorted(owners)),
        (),
        _report(board, data["last"]),
        _outcome(data["outcome"], seats),
        _int(options["last_year"], "the last year", 0, 9999),
        draw_votes,
    )
    pending: dict[int, tuple[Move, ...]] = {}
    for key, texts in data["pending"].items():
        seat = _int(int(key), "a seat with orders", 0, seats - 1)
        orders = tuple(_order(board, t, f"an order of seat {seat}") for t in texts)
        try:
            state._checked(Orders(seat, orders))
        except GameError as exc:
            raise StateFormatError(f"the pending orders of seat {seat} are not acceptable: {exc}") from exc
        pending[seat] = orders
    if pending and not state.participants() - pending.keys():
        raise StateFormatError("a stored state cannot hold the orders of every power: the phase would be resolved")
    return replace(state, pending=tuple(sorted(pending.items())))
