"""A schema-driven fuzzer of the web API of a real `agora play`: every operation of its OpenAPI document, with
path, query, header and body values drawn from their schemas and then bent (wrong types, values past every range,
Unicode digits, keys missing or added, real seat tokens now and then), sent over HTTP to 127.0.0.1.

The board passes when no answer is a 5xx and every JSON answer is valid JSON (no NaN or Infinity). Choices go through
a `Chooser` (tests/referee/fuzzing.py): hypothesis in the test, a seeded random for the long run
(`python -m tests.e2e.api_fuzz --requests 100000`, `make fuzz`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx

from controller.games import DEFAULT
from tests.referee.fuzzing import JUNK, Chooser, RandomChooser, bend_json

Operation = tuple[str, str, dict[str, Any]]  # method, path template, the operation's OpenAPI object


def operations(spec: dict[str, Any]) -> list[Operation]:
    out: list[Operation] = []
    for path, methods in sorted(spec["paths"].items()):
        for method, op in sorted(methods.items()):
            out.append((method.upper(), path, op))
    return out


def _resolve(spec: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        schema = spec["components"]["schemas"][name]
    return schema


def value_for(spec: dict[str, Any], schema: dict[str, Any], c: Chooser, hints: dict[str, list[Any]], key: str) -> Any:
    """A value the schema accepts (most of the time: the bounds are tried at their edges and just past them)."""
    schema = _resolve(spec, schema)
    if key in hints and c.number(0, 2):
        return c.pick(hints[key])
    for union in ("anyOf", "oneOf"):
        if union in schema:
            return value_for(spec, c.pick(schema[union]), c, hints, key)
    kind = schema.get("type")
    if kind == "integer":
        low = int(schema.get("minimum", -5))
        high = int(schema.get("maximum", low + 10))
        return c.pick((low, high, low - 1, high + 1, c.number(low, max(low, min(high, low + 20)))))
    if kind == "number":
        return c.pick((0.5, 1.0, 30.0, float(schema.get("maximum", 1e6)) * 2, -1.0))
    if kind == "boolean":
        return bool(c.number(0, 1))
    if kind == "string":
        return c.pick(("", "a1", "e5", "NY", "V33-34", "pass", "K a4 - b4", "x" * int(schema.get("maxLength", 10) + 1)))
    if kind == "array":
        return [value_for(spec, schema.get("items", {}), c, hints, key) for _ in range(c.number(0, 3))]
    if kind == "object" or "properties" in schema:
        out: dict[str, Any] = {}
        for name, sub in schema.get("properties", {}).items():
            if name in schema.get("required", ()) or c.number(0, 1):
                out[name] = value_for(spec, sub, c, hints, name)
        return out
    return c.pick(JUNK)


def request_for(
    client: httpx.Client, spec: dict[str, Any], op: Operation, c: Chooser, hints: dict[str, list[Any]]
) -> httpx.Request:
    method, template, obj = op
    path = template
    query: dict[str, str] = {}
    headers: dict[bytes, bytes] = {}
    for param in obj.get("parameters", ()):
        value = value_for(spec, param.get("schema", {}), c, hints, param["name"])
        if c.number(0, 4) == 0:
            value = bend_json(value, c)
        text = value if isinstance(value, str) else json.dumps(value)
        where = param["in"]
        if where == "path":
            path = path.replace("{" + param["name"] + "}", quote(text, safe=""))
        elif where == "query" and (param.get("required") or c.number(0, 1)):
            query[param["name"]] = text
        elif where == "header" and c.number(0, 1):
            # Any bytes a client may send in a header (not the line breaks that would end it).
            value_bytes = "".join(ch for ch in text if ch >= " " and ch != "\x7f").strip().encode("utf-8")
            if value_bytes:
                headers[param["name"].encode()] = value_bytes
    body: bytes | None = None
    content = obj.get("requestBody", {}).get("content", {}).get("application/json")
    if content is not None:
        data = value_for(spec, content["schema"], c, hints, "")
        if c.number(0, 2) == 0:
            data = bend_json(data, c)
        body = json.dumps(data).encode()
        if c.number(0, 30) == 0:
            body = c.pick((b"", b"{", b"[]", b'{"text": NaN}', b'{"order_time": Infinity}', "é".encode("latin-1")))
        headers[b"content-type"] = b"application/json"
    if c.number(0, 20) == 0:
        path = c.pick(("/static/", "/static/x/../../y.js", "/seat/", "/api/history/0", "/%ff", "/api/state?token="))
    return client.build_request(method, path, params=query, headers=headers, content=body)


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def check(response: httpx.Response, request: httpx.Request) -> None:
    where = f"{request.method} {request.url} {request.content[:200]!r}"
    if response.status_code >= 500:
        raise AssertionError(f"{response.status_code} for {where}: {response.text[:300]}")
    if response.headers.get("content-type", "").startswith("application/json"):
        json.loads(response.text, parse_constant=_no_constants)


def hints_of(client: httpx.Client) -> dict[str, list[Any]]:
    """Real values that reach deeper than made-up ones: the seats' tokens, the games' names, legal move texts."""
    state = client.get("/api/state").json()
    seats = client.get("/api/seats")
    tokens = [s["url"].rsplit("/", 1)[1] for s in seats.json()] if seats.status_code == 200 else []
    return {
        "token": tokens,
        "game": list(DEFAULT.names()),
        "text": state.get("legal", [])[:20] or ["pass"],
        "square": [f"{f}{r}" for f in "abcdefghi" for r in range(1, 10)],
    }


def fuzz(client: httpx.Client, c: Chooser, steps: int, spec: dict[str, Any] | None = None) -> None:
    spec = spec or client.get("/openapi.json").json()
    ops = [*operations(spec), ("GET", "/", {}), ("GET", "/static/{name}", {})]
    hints = hints_of(client)
    for i in range(steps):
        if i % 25 == 24:
            hints = hints_of(client)
        op = c.pick(ops)
        request = request_for(client, spec, op, c, hints)
        check(client.send(request), request)


def main(argv: Sequence[str] | None = None) -> int:
    from tests.e2e.server import start

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    failures = 0
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        server = start("politics1952", Path(tmp), ["--players", "3", "--seed", "7"])
        try:
            with httpx.Client(base_url=server.url, timeout=20) as client:
                done = 0
                while done < args.requests:
                    steps = min(500, args.requests - done)
                    try:
                        fuzz(client, RandomChooser(rng), steps)
                    except AssertionError as exc:
                        failures += 1
                        print(str(exc)[:500], file=sys.stderr)
                    done += steps
                    if done % 10_000 == 0:
                        print(f"{done} requests", flush=True)
            if server.proc.poll() is not None:
                print("the board's process ended", file=sys.stderr)
                failures += 1
        finally:
            server.stop()
    print(f"{args.requests} requests in {time.monotonic() - started:.0f} s: {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
