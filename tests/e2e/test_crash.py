"""Kill -9 of `agora play` at random moments during a Politrics game, many times: after each restart the game
resumes with every acknowledged move, and goes on."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

from tests.e2e.kill import Tally, account, run
from tests.e2e.server import Server, start

FILES = "abcdefghi"


def empty_square(state: dict, rnd: random.Random) -> str:
    taken = set(state["occupancy"])
    free = [f"{f}{r}" for f in FILES[1:8] for r in range(2, 9) if f"{f}{r}" not in taken]
    return rnd.choice(free)


def place_one(server: Server, rnd: random.Random) -> str | None:
    """Set a figure down on the simulated board and answer which one it is; the move text once acknowledged."""
    state = server.state()
    square = empty_square(state, rnd)
    server.post("/api/sim/toggle", {"square": square}).raise_for_status()
    state = server.wait_for(lambda s: s["prompt"] or s["ply"] > state["ply"], what="the placement to be seen")
    if not state["prompt"]:
        return str(state["moves"][-1]["move"])
    options = [o for o in state["prompt"] if not o["move"].startswith("P")] or state["prompt"]
    r = server.post("/api/answer", {"choice": rnd.choice(options)["choice"]})
    r.raise_for_status()
    return str(r.json()["moves"][-1]["move"])


def test_kill_9_at_random_moments_loses_no_committed_move(tmp_path: Path) -> None:
    rnd = random.Random(99)
    db = tmp_path / "games.sqlite"
    acknowledged: list[str] = []
    server = start("politrics", tmp_path, ["--seed", "3"], db=db)
    try:
        for _round in range(8):
            # Kill from another thread at a random moment while moves are being made.
            delay = rnd.uniform(0.05, 1.5)
            killer = threading.Timer(delay, server.kill)
            killer.start()
            try:
                while server.proc.poll() is None:
                    text = place_one(server, rnd)
                    if text is not None:
                        acknowledged.append(text)
            except Exception:  # the server died under the request: expected
                pass
            killer.join()
            server.kill()
            server = start("politrics", tmp_path, db=db)
            state = server.state()
            stored = [m["move"] for m in state["moves"]]
            assert stored[: len(acknowledged)] == acknowledged, (stored, acknowledged)
            assert len(stored) <= len(acknowledged) + 1  # at most the one move killed before it was answered
            acknowledged = stored
            assert state["game_id"] == 1, "the unfinished game was not resumed"
            # The simulated board restarts with the pieces where the game has them: no guidance needed.
            assert state["mode"] == "turn" and set(state["occupancy"]) == set(state["expected"])
        # And the game goes on after the last restart.
        text = place_one(server, rnd)
        assert server.state()["moves"][-1]["move"] == text
        assert len(server.state()["moves"]) == len(acknowledged) + 1
    finally:
        server.kill()
    time.sleep(0)


def test_kill_9_in_games_from_the_command_line_and_from_the_page_with_secret_orders() -> None:
    """A sample of `make kill-test` (tests/e2e/kill.py): a Politrics game from the command line and a Chesspolitik
    game started from the page with orders from phones, killed at random moments and restarted with a command line
    naming another game: each is resumed with every acknowledged move."""
    tally = run(kills=4, seed=7, per_game=2)
    assert tally.kills == 4
    assert not tally.lost and not tally.not_resumed, tally
    assert tally.acknowledged, "no move was acknowledged before a kill: the run checked nothing"


def test_a_game_that_ended_before_the_kill_counts_as_finished_not_as_unresumed(tmp_path: Path) -> None:
    """The kill test's accounting: a finished game is rightly not resumed (the restart begins the command line's
    game), so it is counted as finished and its acknowledged moves are checked in the games file; an unfinished game
    a restart did not resume is a failure."""
    db = tmp_path / "games.sqlite"
    server = start("djambi", tmp_path, ["--seed", "5"], db=db)
    try:
        first = server.state()
        for chief in ("a9", "i9", "i1"):  # Red, Blue and Yellow resign: each Chief is turned over on the board
            assert server.post("/api/move", {"text": "resign"}).status_code == 200
            server.wait_for(lambda s: s["mode"] == "chores", what="the Chief to be turned over")
            for _ in range(2):
                server.post("/api/sim/toggle", {"square": chief}).raise_for_status()
            server.wait_for(lambda s: s["mode"] != "chores", what="the Chief turned over")
        over = server.wait_for(lambda s: s["outcome"] is not None and not s["saving"], what="the game to end")
        acknowledged = [str(m["move"]) for m in over["moves"]]
        server.kill()
        server = start("polis", tmp_path, ["--seed", "5"], db=db)
        tally = Tally()
        assert account(server, "djambi", first["game_id"], acknowledged, tally) is None
        assert (tally.finished, tally.not_resumed, tally.lost) == (1, [], [])
        # The same check of an unfinished game a restart did not resume is a failure, never "finished".
        tally = Tally()
        assert account(server, "djambi", server.state()["game_id"] + 1, [], tally) is None
        assert tally.finished == 0 and tally.not_resumed
    finally:
        server.kill()
