"""Polis on the simulated board in real Chromium (Debian's package, driven by Playwright) against a real `agora play`:
one whole turn (a step, its hops and captures carried out as chores the LEDs guide) and an illegal step put back.

The game is a stored, unfinished game with a middle-game position, which `agora play` resumes: it starts with the
pieces standing where that position has them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from controller.games import load
from controller.store import GameStore
from tests.e2e.server import PATIENCE, Server, start

# The LEDs' colours at full brightness (controller/lights/palette.py), as the page shows them in data-led.
ORANGE = "e69f00"  # a piece to carry: source and destination take turns
VERMILLION = "d55e00"  # a piece to take off: fast blink
YELLOW = "f0e442"  # why a step is not allowed: fast blink
TO_MOVE = "00271c"  # dim bluish green: a piece the player to move can move

# Blue to move. c4-d4 makes three neighbours hop (the red dog on d5 into capture on d3) and catches the red dog on f2
# between e3 and g1; f5-g6 would put the dog between the red dogs on f7 and h5.
POSITION = {
    "a8": "BC",
    "h1": "RC",
    "c4": "BD",
    "c5": "BD",
    "e5": "BD",
    "d5": "RD",
    "f2": "RD",
    "g1": "BD",
    "f5": "BD",
    "f7": "RD",
    "h5": "RD",
}
TURN = "c4-d4 (hops c5>e3, d5>d3, e5>c3; captures d3, f2)"
TIMEOUT = int(PATIENCE * 1000)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    db = tmp_path / "games.sqlite"
    state = load("polis").from_json({"game": "polis", "pieces": POSITION, "turn": 0, "winner": None})
    store = GameStore(db)
    store.create("polis", 2, 0, {}, ["board", "board"], state.to_json())
    store.close()
    s = start("polis", tmp_path, db=db)
    yield s
    s.stop()


def square(page: Page, name: str) -> Locator:
    return page.locator(f'#board [data-square="{name}"]')


def wait_for_led(page: Page, name: str, colour: str) -> None:
    """Until the square's LED shows `colour` (a blinking light is caught when it is on)."""
    page.wait_for_function(
        "([sq, colour]) => document.querySelector(`#board [data-square='${sq}']`).dataset.led === colour",
        arg=[name, colour],
        timeout=TIMEOUT,
    )


@pytest.fixture
def page(browser: Browser, server: Server) -> Iterator[Page]:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(server.url + "/")
    expect(page.locator("#turn")).to_contain_text("Blue to move", timeout=TIMEOUT)
    expect(square(page, "c4")).to_have_attribute("data-piece", "D0")
    yield page
    page.close()


def test_one_full_turn_with_hops_and_captures(page: Page, server: Server) -> None:
    square(page, "c4").click()
    square(page, "d4").click()
    expect(page.locator("#moves li code")).to_have_text([TURN], timeout=TIMEOUT)
    # The chores: the hopping dogs' squares take turns in orange, the dogs to take off blink vermillion.
    for name in ("c5", "e3", "e5", "c3"):
        wait_for_led(page, name, ORANGE)
    for name in ("d5", "f2"):
        wait_for_led(page, name, VERMILLION)
    panel = page.locator("#game-panel")
    expect(panel).to_contain_text("take the dog off d5", timeout=TIMEOUT)
    expect(panel).to_contain_text("carry the blue dog from c5 to e3")

    # Carried out in an order of the player's own: a capture first, the dog from c5 set down on c3.
    for name in ("f2", "c5", "c3", "d5", "e5"):
        square(page, name).click()
    # One dog is still to be set down on e3: the board still waits for it, and Red's turn has not begun.
    done = {"f2", "c5", "d5", "e5"}
    waiting = server.wait_for(lambda s: "c3" in s["occupancy"] and not done & set(s["occupancy"]), what="the clicks")
    assert waiting["mode"] == "chores" and "e3" not in waiting["occupancy"]
    expect(panel.locator("li[data-done=no]")).to_have_text(["• carry the blue dog from c5 to e3"], timeout=TIMEOUT)
    wait_for_led(page, "e3", ORANGE)
    assert square(page, "h5").get_attribute("data-led") != TO_MOVE
    square(page, "e3").click()
    # The board is right: the list of chores goes, and Red's turn begins.
    expect(panel.locator(".polis-chores")).to_have_count(0, timeout=TIMEOUT)
    expect(page.locator("#turn")).to_contain_text("Red to move")
    assert server.state()["mode"] == "turn"
    for name, piece in (("d4", "D0"), ("c3", "D0"), ("e3", "D0")):
        expect(square(page, name)).to_have_attribute("data-piece", piece)
    for name in ("c4", "c5", "d5", "e5", "f2"):
        expect(page.locator(f'#board [data-square="{name}"][data-piece]')).to_have_count(0)


def test_an_illegal_step_says_why_and_is_put_back(page: Page, server: Server) -> None:
    square(page, "f5").click()
    square(page, "g6").click()
    expect(page.locator("#message")).to_have_text("the dog on g6 would be captured between f7 and h5", timeout=TIMEOUT)
    # The two red dogs that would capture it blink yellow.
    wait_for_led(page, "f7", YELLOW)
    wait_for_led(page, "h5", YELLOW)
    square(page, "g6").click()
    square(page, "f5").click()
    # Put back: the board waits for Blue again; nothing was played.
    server.wait_for(lambda s: s["mode"] == "turn" and s["occupancy"] == s["expected"], what="the dog put back")
    expect(square(page, "f5")).to_have_attribute("data-piece", "D0")
    expect(page.locator("#moves li code")).to_have_count(0)
    expect(page.locator("#turn")).to_contain_text("Blue to move")
    # The reason goes away with its cause: the dog is back, nothing is wrong any more.
    expect(page.locator("#message")).to_be_hidden()
