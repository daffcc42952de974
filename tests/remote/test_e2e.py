"""Two places in two `agora` processes play through a real Mosquitto: moves made on one simulated board arrive
at the other as chores, and both keep the same game."""

from __future__ import annotations

import random
from pathlib import Path

from tests.remote.broker import Broker
from tests.remote.processes import carry_out, effect_steps, launch, wait


def test_two_boards_play_polis_through_the_broker(tmp_path: Path, broker: Broker):
    host = launch(["play", "polis", "--remote", broker.url("host", "table"), "--seats", "board,remote"], tmp_path / "h")
    guest = launch(["join", broker.url("guest", "table")], tmp_path / "g")
    try:
        rnd = random.Random(3)
        for ply in range(4):
            mover, other = (host, guest) if ply % 2 == 0 else (guest, host)
            state = wait(mover, lambda s, n=ply: s["ply"] == n and s["mode"] == "turn", f"turn {ply}")
            text = rnd.choice(state["legal"])
            view = state["view"]
            carry_out(mover, effect_steps("polis", view, text, "decision"))
            wait(mover, lambda s, n=ply: s["ply"] == n + 1, "the move read")
            arrived = wait(other, lambda s, n=ply: s["ply"] == n + 1, "the move arriving")
            assert arrived["moves"][-1]["source"] == "remote"
            carry_out(other, effect_steps("polis", view, text, "whole"))
            carry_out(mover, effect_steps("polis", view, text, "chores"))
        h = wait(host, lambda s: s["mode"] != "chores" and s["ply"] == 4, "the host settled")
        g = wait(guest, lambda s: s["mode"] != "chores" and s["ply"] == 4, "the guest settled")
        assert [m["move"] for m in h["moves"]] == [m["move"] for m in g["moves"]]
        assert h["view"] == g["view"]
    finally:
        host.stop()
        guest.stop()
