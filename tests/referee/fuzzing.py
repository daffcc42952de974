"""A fuzzer of the referee protocol for every game: requests near real ones (legal move texts, states of reachable
positions) bent in the ways real input goes wrong (Unicode digits, wrong types and shapes, values past every range,
keys missing or added, commands out of place), and raw lines that are not requests at all; `think` asks the computer
player from every position reached, with budgets right and wrong.

Every choice goes through a `Chooser`: hypothesis' draws in the tests (failures shrink and reproduce) or a seeded
`random.Random` for the long run (`python -m tests.referee.fuzzing --requests 500000`, `make fuzz`).

The referee passes when every answer is a JSON object that `json.dumps(allow_nan=False)` writes, and no answer is
the `internal` kind (a bug), every error says what is wrong, nothing is raised, and a `think` that answers names a
move its seat may make now and changes nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from controller.errors import ErrorKind
from controller.games import CHANCE, DEFAULT, SIMULTANEOUS, State
from controller.referee import Referee

T = TypeVar("T")

# Digits of other scripts: what a phone's keyboard may type for 0-9 (Arabic-Indic, Devanagari, fullwidth, bold).
DIGIT_BASES = (0x660, 0x966, 0xFF10, 0x1D7CE)
JUNK: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    7,
    2**31,
    2**63,
    -(2**63) - 1,
    10**40,
    0.5,
    -2.5,
    1e308,
    "",
    " ",
    "٣",
    "a1",
    "NY",
    "x" * 300,
    "\x00",
    "🂡",
    [],
    [1, 2],
    ["a"],
    {},
    {"a": 1},
    [[]],
)
COMMANDS = ("new", "legal", "play", "submit", "roll", "chance", "state", "load", "undo", "view", "think")
LEVELS = ("easy", "EASY ", "normal", "hard", "medium", "")


class Chooser(Protocol):
    def pick(self, items: Sequence[T]) -> T: ...

    def number(self, low: int, high: int) -> int: ...


class RandomChooser:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, items: Sequence[T]) -> T:
        return items[self.rng.randrange(len(items))]

    def number(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


def foreign_digits(text: str, c: Chooser) -> str:
    base = c.pick(DIGIT_BASES)
    return "".join(chr(base + int(ch)) if ch.isascii() and ch.isdigit() else ch for ch in text)


def bend_text(text: str, c: Chooser) -> str:
    """A move text gone wrong the ways people and programs get it wrong."""
    how = c.number(0, 7)
    if how == 0:
        return foreign_digits(text, c)
    if how == 1:
        return text.upper() if c.number(0, 1) else text.lower()
    if how == 2 and text:
        cut = c.number(0, len(text))
        return text[:cut] + str(c.pick(JUNK))[:8] + text[cut:]
    if how == 3 and text:
        return text[: c.number(0, len(text) - 1)]
    if how == 4:
        return f"{text} {text}"
    if how == 5:
        return "".join(ch + "\u0301" if ch.isalpha() else ch for ch in text)  # combining accents
    if how == 6:
        return f"  {text}\t\n"
    return str(c.pick(JUNK))


def bend_json(value: Any, c: Chooser, depth: int = 0) -> Any:
    """`value` with one place somewhere inside it changed: a wrong type, a value past its range, a key gone or new."""
    if isinstance(value, dict) and value and (depth < 6 and c.number(0, 3)):
        key = c.pick(sorted(value, key=str))
        out = dict(value)
        how = c.number(0, 9)
        if how == 0:
            del out[key]
        elif how == 1:
            out[str(c.pick(JUNK))[:10]] = c.pick(JUNK)
        else:
            out[key] = bend_json(value[key], c, depth + 1)
        return out
    if isinstance(value, list) and value and (depth < 6 and c.number(0, 3)):
        i = c.number(0, len(value) - 1)
        out_list = list(value)
        how = c.number(0, 9)
        if how == 0:
            del out_list[i]
        elif how == 1:
            out_list.append(out_list[i])
        else:
            out_list[i] = bend_json(value[i], c, depth + 1)
        return out_list
    if isinstance(value, bool):
        return c.pick((not value, 1, "true", None))
    if isinstance(value, int):
        return c.pick((value + 1, value - 1, -value - 1, value * 1000 + 7, 2**64, float(value), str(value), None))
    if isinstance(value, str):
        return bend_text(value, c)
    return c.pick(JUNK)


def wrong_values(value: Any) -> list[Any]:
    """Values of the wrong type or past the range of `value`, for `every_bend`."""
    out: list[Any] = [None, True, [], {}, "x", "٣", 2**64, -1]
    if isinstance(value, int) and not isinstance(value, bool):
        out += [float(value), str(value), value + 1, -value - 1, 10**30]
    elif isinstance(value, str):
        out += [value.upper(), value + value, foreign_digits(value, RandomChooser(random.Random(len(value)))), 0]
    elif isinstance(value, list):
        out += [value[:-1], [*value, *value[:1]], [value], {str(i): v for i, v in enumerate(value)}]
    elif isinstance(value, dict):
        out += [list(value.values()), {**value, "x": 1}]
    return [v for v in out if v != value or type(v) is not type(value)]


def every_bend(value: Any, depth: int = 3, fan: int = 4) -> list[Any]:
    """`value` with one place changed, for every place down to `depth` (the first `fan` items of each list or
    object, and every key of an object at the top) and every wrong value there; a key taken away counts too."""
    out: list[Any] = list(wrong_values(value))
    if depth == 0:
        return out
    if isinstance(value, dict):
        keys = sorted(value, key=str)
        for key in keys if depth == 3 else keys[:fan]:
            out.append({k: v for k, v in value.items() if k != key})
            out += [{**value, key: bent} for bent in every_bend(value[key], depth - 1, fan)]
    elif isinstance(value, list):
        for i in range(min(fan, len(value))):
            out += [[*value[:i], bent, *value[i + 1 :]] for bent in every_bend(value[i], depth - 1, fan)]
    return out


def texts_of(state: State, seat: int | None) -> list[str]:
    try:
        if state.to_move is CHANCE:
            return [str(m) for m, _ in state.chance_outcomes()]
        if state.to_move is SIMULTANEOUS:
            return [
                str(m) for m in state.legal_moves(seat if seat is not None else min(state.waiting_for(), default=0))
            ]
        return [str(m) for m in state.legal_moves(seat)]
    except Exception:
        return []


def deciding(state: State, otherwise: Any) -> Any:
    """The seat to move, or the first still to hand in its orders; `otherwise` when nobody decides."""
    if isinstance(state.to_move, int):
        return state.to_move
    if state.to_move is SIMULTANEOUS:
        return min(state.waiting_for(), default=otherwise)
    return otherwise


def request(referee: Referee, c: Chooser, states: Sequence[dict[str, Any]]) -> str:
    """One request line for `referee` as it stands: mostly well formed, one thing in it bent or not."""
    s = referee.state
    cmd = c.pick(COMMANDS) if c.number(0, 9) else str(c.pick(JUNK))
    req: dict[str, Any] = {"cmd": cmd}
    seat: Any = c.number(0, max(0, s.seats - 1)) if c.number(0, 3) else c.pick(JUNK)
    if cmd in ("play", "submit", "legal", "view") and c.number(0, 1):
        req["seat"] = seat
    seat_for_moves = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < s.seats else None
    legal = texts_of(s, seat_for_moves)
    if cmd == "play":
        text = c.pick(legal) if legal and c.number(0, 3) else c.pick(("pass", "orders 0", "orders", "a1-a2", "2"))
        req["move"] = bend_text(text, c) if c.number(0, 2) == 0 else text
    elif cmd == "submit":
        picked = [c.pick(legal) for _ in range(c.number(0, 3))] if legal else []
        req["orders"] = [bend_text(t, c) if c.number(0, 3) == 0 else t for t in picked]
    elif cmd == "chance":
        req["outcome"] = c.pick(legal) if legal and c.number(0, 2) else c.pick(JUNK)
    elif cmd == "new":
        if c.number(0, 1):
            req["seats"] = c.number(1, 7) if c.number(0, 2) else c.pick(JUNK)
        if c.number(0, 1):
            req["seed"] = c.number(0, 2**40) if c.number(0, 2) else c.pick(JUNK)
        if c.number(0, 2) == 0:
            name = c.pick([o.name for o in referee.game.info.options] or ["x"])
            req["options"] = {name: c.pick(JUNK)} if c.number(0, 1) else c.pick(JUNK)
    elif cmd == "load":
        base = c.pick(states) if states else s.to_json()
        req["state"] = bend_json(base, c) if c.number(0, 4) else base
    elif cmd == "think":
        think(req, c, s, seat)
    if c.number(0, 15) == 0:
        req = bend_json(req, c)
    if c.number(0, 40) == 0:
        return c.pick(("", "{", "[]", "null", '{"cmd": NaN}', '{"cmd": "legal", "seat": Infinity}', "x" * 50))
    return json.dumps(req)


def think(req: dict[str, Any], c: Chooser, state: State, seat: Any) -> None:
    """A think request: mostly for a seat with a decision to make (so the search runs), its budget a few playouts
    (a level thinks its CPU time: rarely, and only the shortest one), or a level, a seed and playouts that are
    wrong."""
    if c.number(0, 9):
        req["seat"] = deciding(state, seat) if c.number(0, 1) else seat
    budget = c.number(0, 9)
    if budget < 6:
        req["playouts"] = c.number(1, 8)
    elif budget == 6:
        req["playouts"] = c.pick(JUNK)
    elif budget == 7:
        req["level"] = c.pick((*LEVELS, *JUNK))
    elif budget == 8:
        req["level"], req["playouts"] = "easy", c.number(1, 3)  # both: refused
    if c.number(0, 1):
        req["seed"] = c.number(0, 2**70) if c.number(0, 3) else c.pick(JUNK)


def check(answer: Any, line: str) -> None:
    if not isinstance(answer, dict) or "ok" not in answer:
        raise AssertionError(f"not an answer: {answer!r} to {line}")
    json.dumps(answer, allow_nan=False)
    if not answer["ok"]:
        if answer["error"]["kind"] == ErrorKind.INTERNAL:
            raise AssertionError(f"a bug answered {answer['error']['message']!r} to {line}")
        if not str(answer["error"]["message"]).strip():
            raise AssertionError(f"an error without a message to {line}")


def check_thought(referee: Referee, before: State, answer: dict[str, Any], line: str) -> None:
    """A think that answered names a move (or an order set) its seat may make now, and leaves the game as it was."""
    if referee.state is not before:
        raise AssertionError(f"think changed the game: {line}")
    if not answer["ok"]:
        return
    seat = json.loads(line)["seat"]
    legal = set(texts_of(before, seat))
    thought = answer["orders"] if "orders" in answer else [answer.get("move")]
    if not all(t in legal for t in thought):
        raise AssertionError(f"think answered {thought!r}, not moves of seat {seat}: {line}")


def run_one(name: str, c: Chooser, states: Sequence[dict[str, Any]], steps: int) -> None:
    """A referee for game `name` and `steps` requests; AssertionError (or the exception raised) on a failure."""
    run_one_on(Referee(DEFAULT.load(name)), c, states, steps)


def run_one_on(referee: Referee, c: Chooser, states: Sequence[dict[str, Any]], steps: int) -> None:
    for _ in range(steps):
        line = request(referee, c, states)
        before = referee.state
        try:
            answer = referee.handle(line)
        except Exception as exc:
            raise AssertionError(f"{type(exc).__name__}: {exc} on {line[:300]}") from exc
        check(answer, line)
        if '"cmd": "think"' in line and isinstance(answer, dict):
            check_thought(referee, before, answer, line)


def reachable_states(name: str, rng: random.Random, count: int, length: int = 40) -> list[dict[str, Any]]:
    """States of random playouts of `name`, as JSON (for the long run; the tests draw them with hypothesis)."""
    from controller.games.playout import random_orders

    game = DEFAULT.load(name)
    out: list[dict[str, Any]] = []
    for _ in range(count):
        state = game.new(None, seed=rng.randrange(2**32))
        for _ in range(rng.randrange(length)):
            if state.to_move is None:
                break
            if state.to_move is CHANCE:
                state = state.play(state.sample_chance())
            elif state.to_move is SIMULTANEOUS:
                seat = min(state.waiting_for())
                state = state.submit(seat, list(random_orders(state, seat, rng)))
            else:
                state = state.play(rng.choice(state.legal_moves()))
        out.append(state.to_json())
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--requests", type=int, default=500_000, help="requests in all, spread over the games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    names = DEFAULT.names()
    per_game = args.requests // len(names)
    failures = 0
    started = time.monotonic()
    for name in names:
        states = reachable_states(name, rng, 30)
        done = 0
        while done < per_game:
            steps = min(200, per_game - done)
            try:
                run_one(name, RandomChooser(rng), states, steps)
            except Exception as exc:
                import traceback

                failures += 1
                where = traceback.extract_tb(exc.__traceback__)[-1]
                print(
                    f"{name}: {type(exc).__name__} at {where.filename}:{where.lineno}: {str(exc)[:300]}",
                    file=sys.stderr,
                )
            done += steps
        print(f"{name}: {per_game} requests", flush=True)
    elapsed = time.monotonic() - started
    print(f"{per_game * len(names)} requests over {len(names)} games in {elapsed:.0f} s: {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
