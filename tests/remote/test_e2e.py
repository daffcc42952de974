"""Two places in two `agora` processes play through a real Mosquitto, each on its own simulated board driven
through its page as players at the board would: a whole Polis game from the first move to a chariot on its goal
rank, and a whole Chesspolitik year (spring, fall and winter's builds) with the orders handed in on each place's
seat page. Every move made at one place arrives at the other as chores, carried out there piece by piece; both
places keep the same game and reach the same result."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from controller.games import Orders, State, load
from controller.games.playout import random_orders
from controller.games.squares import SIZE, name
from tests.e2e.server import Server
from tests.remote.broker import Broker
from tests.remote.processes import carry_out, effect_steps, launch, wait

POLIS = load("polis")
CHESSPOLITIK = load("chesspolitik")


def pair(broker: Broker, tmp_path: Path, game: str) -> tuple[Server, Server]:
    room = broker.url("host", "table")
    host = launch(["play", game, "--players", "2", "--remote", room, "--seats", "board,remote"], tmp_path / "h")
    guest = launch(["join", broker.url("guest", "table")], tmp_path / "g")
    return host, guest


def settled(server: Server, what: str) -> dict[str, Any]:
    """The board once every chore is carried out."""
    return wait(server, lambda s: s["mode"] != "chores", what)


def race(state: State, rnd: random.Random) -> str:
    """A Polis player who drives the chariot home: the legal move that leaves it nearest its goal rank."""
    seat = state.to_move
    assert isinstance(seat, int)
    ranks = POLIS.region(state.seats).ranks

    def distance(after: State) -> int:
        rank = next(sq // SIZE for sq, p in after.pieces().items() if p.owner == seat and p.kind == "C")
        return rank if seat == 0 else ranks - 1 - rank

    best = min(state.legal_moves(), key=lambda m: (distance(state.play(m)), rnd.random()))
    return state.record(best)


def test_two_boards_play_a_whole_polis_game_through_the_broker(tmp_path: Path, broker: Broker):
    host, guest = pair(broker, tmp_path, "polis")
    try:
        rnd = random.Random(3)
        ply = 0
        while True:
            mover, other = (host, guest) if ply % 2 == 0 else (guest, host)
            state = wait(
                mover,
                lambda s, n=ply: s["ply"] == n and (s["mode"] == "turn" or s["outcome"] is not None),
                f"turn {ply}",
            )
            if state["outcome"] is not None:
                break
            view = state["view"]
            text = race(POLIS.from_json(view), rnd)
            carry_out(mover, effect_steps("polis", view, text, "decision"))
            wait(mover, lambda s, n=ply: s["ply"] == n + 1, "the move read")
            arrived = wait(other, lambda s, n=ply: s["ply"] == n + 1, "the move arriving")
            assert arrived["moves"][-1]["source"] == "remote" and arrived["moves"][-1]["move"] == text
            carry_out(other, effect_steps("polis", view, text, "whole"))
            carry_out(mover, effect_steps("polis", view, text, "chores"))
            settled(other, f"ply {ply} carried out where it arrived")
            settled(mover, f"ply {ply}'s hops carried out where it was made")
            ply += 1
        h, g = settled(host, "the host settled"), settled(guest, "the guest settled")
        assert ply >= 10 and h["outcome"] is not None and h["outcome"] == g["outcome"]
        assert [m["move"] for m in h["moves"]] == [m["move"] for m in g["moves"]]
        assert len(h["moves"]) == ply and h["view"] == g["view"]
    finally:
        host.stop()
        guest.stop()


def token(server: Server, seat: int) -> str:
    return str(server.get("/api/seats").json()[seat]["url"]).rsplit("/", 1)[1]


def pieces(page: dict[str, Any]) -> dict[str, tuple[str, int | None]]:
    return {p["square"]: (p["kind"], p["owner"]) for p in page["pieces"]}


def test_two_boards_play_a_whole_chesspolitik_year_through_the_broker(tmp_path: Path, broker: Broker):
    host, guest = pair(broker, tmp_path, "chesspolitik")
    try:
        places = {0: host, 1: guest}  # the host's board plays France, the guest's England
        tokens = {seat: token(server, seat) for seat, server in places.items()}
        rnd = random.Random(5)
        phases: list[str] = []
        played = 0
        # The players' own record of the game (they know every order they wrote): what the LEDs will ask for.
        position = CHESSPOLITIK.new(2)
        state = wait(host, lambda s: s["waiting_for"] == [0, 1], "Spring 1401's orders")
        assert pieces(state) == board_of(position)
        while not state["turn"].startswith("Spring 1402"):
            phases.append(state["turn"].split(":")[0])
            assert state["waiting_for"] == sorted(position.waiting_for())
            for seat in state["waiting_for"]:
                orders = Orders(seat, tuple(o for o in random_orders(position, seat, rnd) if str(o) != "Draw"))
                texts = [str(o) for o in orders.orders]
                written = places[seat].post("/api/orders", {"token": tokens[seat], "orders": texts})
                assert written.status_code == 200, written.text
                if seat != state["waiting_for"][-1]:
                    # Sealed: until every power has handed in, the other place has nothing to show of them.
                    other = places[1 - seat].state()
                    assert other["ply"] == played and other["waiting_for"] == state["waiting_for"]
                    assert not [text for text in texts if " - " in text and text in str(other)]
                last, position = position, position.play(orders)
            played += len(state["waiting_for"])
            steps = [step.to_json() for step in last.effect(orders).chores]
            for server in (host, guest):
                wait(server, lambda s, n=played: s["ply"] == n, f"{phases[-1]}'s orders revealed")
                carry_out(server, steps)
            h, g = (settled(server, f"{phases[-1]}'s moves carried out") for server in (host, guest))
            assert h["view"] == g["view"] and pieces(h) == pieces(g) == board_of(position)
            state = h
        assert phases == ["Spring 1401", "Fall 1401", "Winter 1401"]
        h, g = host.state(), guest.state()
        assert len(h["moves"]) == played and [m["move"] for m in h["moves"]] == [m["move"] for m in g["moves"]]
    finally:
        host.stop()
        guest.stop()


def board_of(position: State) -> dict[str, tuple[str, int | None]]:
    return {name(sq): (p.kind, p.owner) for sq, p in position.pieces().items()}


def polis_ply(mover: Server, other: Server, ply: int, rnd: random.Random) -> str:
    """The player at `mover` makes ply `ply` on the board; it arrives at `other` and is carried out on both."""
    state = wait(mover, lambda s, n=ply: s["ply"] == n and s["mode"] == "turn", f"turn {ply}")
    view = state["view"]
    text = race(POLIS.from_json(view), rnd)
    carry_out(mover, effect_steps("polis", view, text, "decision"))
    wait(other, lambda s, n=ply: s["ply"] == n + 1, f"ply {ply} arriving")
    carry_out(other, effect_steps("polis", view, text, "whole"))
    carry_out(mover, effect_steps("polis", view, text, "chores"))
    settled(other, f"ply {ply} carried out where it arrived")
    settled(mover, f"ply {ply}'s hops carried out")
    return text


def test_each_place_resumes_from_its_own_files_after_a_power_cut(tmp_path: Path, broker: Broker):
    host, guest = pair(broker, tmp_path, "polis")
    rnd = random.Random(4)
    try:
        played = [polis_ply(host, guest, 0, rnd)]
        guest.kill()  # the guest's power is cut: kill -9, nothing said to anybody
        guest = launch(["join", broker.url("guest", "table")], tmp_path / "g")  # the same command again
        assert "resum" in guest.log.read_text().lower()
        played.append(polis_ply(guest, host, 1, rnd))
        host.kill()  # and then the host's
        room = broker.url("host", "table")
        host = launch(["play", "polis", "--players", "2", "--remote", room, "--seats", "board,remote"], tmp_path / "h")
        played.append(polis_ply(host, guest, 2, rnd))
        h, g = host.state(), guest.state()
        assert [m["move"] for m in h["moves"]] == [m["move"] for m in g["moves"]] == played
        assert h["view"] == g["view"] and not h["paused"] and not g["paused"]
    finally:
        host.stop()
        guest.stop()
