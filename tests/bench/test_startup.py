"""`agora play` puts the board live before it loads the web stack (tests.bench.startup's probe, a real process)."""

from __future__ import annotations

from tests.bench.startup import WEB_STACK, start_once


def test_the_board_is_live_before_the_web_stack_is_loaded_and_the_page_serves_after() -> None:
    marks = start_once(["djambi", "--board", "sim", "--new"])
    assert marks["web_before_live"] == [], f"loaded before the LEDs showed the position: {marks['web_before_live']}"
    assert not marks["search_before_live"], "no computer seat, yet the computer players' search was loaded"
    assert 0 < marks["live"] < marks["serving"]
    assert set(WEB_STACK) >= {"fastapi", "uvicorn"}
