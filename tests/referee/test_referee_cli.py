"""`agora referee` as a process: a script plays a whole Politrics match to 100 points through the protocol,
bad lines never kill it, and an unknown game is refused at start."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest


class Referee:
    def __init__(self, game: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "controller", "referee", game],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines = 0

    def ask(self, request: object) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write((request if isinstance(request, str) else json.dumps(request)) + "\n")
        self.proc.stdin.flush()
        self.lines += 1
        answer = json.loads(self.proc.stdout.readline())
        assert isinstance(answer, dict)
        return answer

    def close(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return self.proc.wait(30)


def test_a_script_plays_a_whole_politrics_match_to_100_points() -> None:
    ref = Referee("politrics")
    rnd = random.Random(2024)
    answer = ref.ask({"cmd": "new", "seats": 2, "seed": 11})
    assert answer["ok"] and answer["to_move"] == 0
    while answer["outcome"] is None:
        assert answer["ok"], answer
        moves = answer["moves"]
        # Declare a row whenever the protocol offers one to the seat that just moved: matches end sooner.
        mover = 1 - answer["to_move"]
        offered = ref.ask({"cmd": "legal", "seat": mover})["moves"]
        declarations = [m for m in offered if m.startswith("declare")]
        if declarations:
            answer = ref.ask({"cmd": "play", "move": declarations[0], "seat": mover})
            continue
        answer = ref.ask({"cmd": "play", "move": rnd.choice(moves)})
        assert ref.lines < 60_000, "the match did not end"
    outcome = answer["outcome"]
    assert max(outcome["scores"]) >= 100 and len(outcome["winners"]) == 1
    assert len(answer["state"]["boards"]) >= 2  # a match of several boards, not one lucky board
    assert outcome["scores"][outcome["winners"][0]] == max(outcome["scores"])
    # The final state is still there to read, and undo steps back into the match.
    assert ref.ask({"cmd": "state"})["outcome"] == outcome
    assert ref.ask({"cmd": "undo"})["outcome"] is None
    assert ref.close() == 0


def test_bad_lines_never_kill_the_process() -> None:
    ref = Referee("polis")
    for line in ["", "{", "[]", '{"cmd":"play","move":"z9-z8"}', '{"cmd":"new","seats":5}', "\x00\x01"]:
        answer = ref.ask(line)
        assert answer["ok"] is False and answer["error"]["kind"] in {"protocol", "invalid", "illegal"}
    assert ref.ask({"cmd": "legal"})["ok"] is True
    assert ref.close() == 0


@pytest.mark.parametrize("game", ["chess", ""])
def test_an_unknown_game_is_refused_at_start(game: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "controller", "referee", game], input="", capture_output=True, text=True, timeout=30
    )
    assert proc.returncode == 2 and "there is no game" in proc.stderr
