"""`agora play` puts the board live before it loads the web stack, and the page's first byte comes from the front
door before FastAPI is loaded (tests.bench.startup's probe, a real process)."""

from __future__ import annotations

from tests.bench.startup import WEB_STACK, start_once


def test_the_board_is_live_before_the_web_stack_is_loaded_and_the_page_serves_before_fastapi() -> None:
    marks = start_once(["djambi", "--board", "sim", "--new"])
    assert marks["web_before_live"] == [], f"loaded before the LEDs showed the position: {marks['web_before_live']}"
    assert not marks["search_before_live"], "no computer seat, yet the computer players' search was loaded"
    assert 0 < marks["live"] < marks["serving"] < marks["first_byte"] < marks["api"]
    assert marks["first_byte_by_front_door"]
    assert marks["web_at_first_byte"] == ["uvicorn"], "the page's first byte waited for more than uvicorn"
    assert set(WEB_STACK) >= {"fastapi", "uvicorn", "starlette", "pydantic"}
