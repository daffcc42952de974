"""Djambi on the simulated board in real Chromium (Debian's package, driven by Playwright) against a real `agora play`:
a kill made by clicking the board (the killer, the victim, then the corpse's square among those lit), the move list,
and the turn passing on, here to the party the killer's player just inherited.

The game is a stored, unfinished game with a middle-game position, which `agora play` resumes: it starts with the
pieces standing where that position has them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from controller.games import load
from controller.games.djambi.diagram import position
from controller.store import GameStore
from tests.e2e.server import PATIENCE, Server, start

# The LEDs' colours as the page shows them in data-led (controller/lights: colour times the meaning's peak level).
DESTINATION = "4490ba"  # sky blue at 0.8: where the piece in hand may go
DARK = "000000"
RED_MARK = "1f0e00"  # vermillion at 0.15: Red's Chief, glowing for the player who moves another party's pieces
TIMEOUT = int(PATIENCE * 1000)

# Red to move. Red's Militant on G7 can kill Blue's Chief on I9 (H8 is empty); Blue keeps a Militant on G9.
POSITION = {
    "A9": "RC",
    "G7": "RM",
    "C5": "RA",
    "I9": "BC",
    "G9": "BM",
    "I1": "YC",
    "H2": "YM",
    "A1": "GC",
    "B3": "GM",
    "D4": "xx",
}
KILL = "MG7xI9>B6 (kills Blue's Chief; Red takes Blue)"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    db = tmp_path / "games.sqlite"
    state = position(POSITION)
    assert load("djambi").from_json(state.to_json()) == state
    store = GameStore(db)
    store.create("djambi", 4, 0, {}, ["board"] * 4, state.to_json())
    store.close()
    s = start("djambi", tmp_path, db=db)
    yield s
    s.stop()


def square(page: Page, name: str) -> Locator:
    return page.locator(f'#board [data-square="{name}"]')


def led_is(page: Page, name: str, colour: str) -> None:
    page.wait_for_function(
        "([sq, colour]) => document.querySelector(`#board [data-square='${sq}']`).dataset.led === colour",
        arg=[name, colour],
        timeout=TIMEOUT,
    )


def test_a_kill_by_clicking_the_board_then_the_inherited_party_moves(browser: Browser, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(server.url + "/")
    expect(page.locator("#turn")).to_contain_text("Red to move", timeout=TIMEOUT)
    panel = page.locator("#game-panel")
    expect(panel.locator(".dj-upcoming li").first).to_have_text("Red", timeout=TIMEOUT)
    expect(square(page, "e5").locator(".dj-maze")).to_have_count(1)
    # The corpse already on the board is drawn as a corpse: no party, a cross instead of a letter.
    expect(square(page, "d4")).to_have_attribute("data-piece", "corpse")
    expect(square(page, "d4").locator("line.dj-corpse")).to_have_count(2)

    square(page, "g7").click()  # the killer in hand
    square(page, "i9").click()  # the victim in hand
    square(page, "i9").click()  # the killer set down on the victim's square
    # Now the squares the corpse may go to are lit: any empty square and, a Chief just killed, the empty Maze;
    # never an occupied square. (The Militant's own square G7 takes a corpse too; it pulses as the origin.)
    for name in ("b6", "e5", "a5", "h8", "i7"):
        led_is(page, name, DESTINATION)
    for name in ("d4", "c5", "g9", "i9"):
        assert square(page, name).get_attribute("data-led") != DESTINATION
    expect(panel.locator(".dj-hint")).to_be_visible()
    # In words: the piece in hand now is the victim, to set down as a corpse.
    expect(page.locator("#turn")).to_have_text(
        re.compile(r"^Put \w+'s \w+ down on a lit square, or every piece back where it stood")
    )

    square(page, "b6").click()  # the corpse set down
    expect(page.locator("#moves li code")).to_have_text([KILL], timeout=TIMEOUT)
    expect(square(page, "b6")).to_have_attribute("data-piece", "corpse")
    expect(square(page, "i9")).to_have_attribute("data-piece", "M0")

    # The turn passes to Blue's pieces, which Red now plays: the page says so, the panel shows the inheritance,
    # and Red's Chief glows in Red's colour while Blue's Militant is lit as the piece to move.
    expect(page.locator("#turn")).to_have_text("Red plays Blue's pieces", timeout=TIMEOUT)
    expect(panel.locator('tr[data-party="1"]')).to_contain_text("played by Red (inherited)")
    expect(panel.locator(".dj-upcoming li").first).to_have_text("Blue by Red")
    led_is(page, "a9", RED_MARK)
    page.wait_for_function(
        "() => !['000000', '1f0e00'].includes(document.querySelector(\"#board [data-square='g9']\").dataset.led)",
        timeout=TIMEOUT,
    )

    # Red moves Blue's Militant; then Yellow's own turn.
    square(page, "g9").click()
    square(page, "f9").click()
    expect(page.locator("#moves li code")).to_have_text([KILL, "MG9-F9"], timeout=TIMEOUT)
    expect(page.locator("#turn")).to_have_text("Yellow to move", timeout=TIMEOUT)
    assert square(page, "e5").get_attribute("data-led") != DESTINATION
    led_is(page, "a9", DARK)
    page.close()


def test_a_press_held_while_the_page_redraws_is_still_a_click(browser: Browser, server: Server) -> None:
    """A hand presses a square, the board changes elsewhere (another player, a computer's chore) and the page redraws
    every piece, then the hand lets go: the press is still taken. Every drawn square is pressed so (pieces, a corpse,
    the Maze, empty squares), each while a piece is set down on a square of its own, one that changes only then."""
    # Wide enough that the words above the board never wrap: they change on the board's own timers too, and a board
    # moved down between aiming and pressing would be pressed on another square.
    page = browser.new_page(viewport={"width": 2400, "height": 1000})
    page.goto(server.url + "/")
    expect(page.locator("#turn")).to_contain_text("Red to move", timeout=TIMEOUT)
    occupied = sorted(sq.lower() for sq in POSITION)
    pressed = [*occupied, "e5", "b6"]
    elsewhere = iter(sq + rank for sq in "bdfh" for rank in "1357" if sq + rank not in pressed)
    for name in pressed:
        other = next(elsewhere)
        box = square(page, name).bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        server.post("/api/sim/toggle", {"square": other}).raise_for_status()
        expect(square(page, other)).to_have_attribute("data-piece", "?")  # the page has redrawn the board
        page.mouse.up()
        there = name in occupied
        server.wait_for(lambda s, n=name, t=there: (n in s["occupancy"]) != t, what=f"{name} clicked")
    # A square activated with no pointer at all (assistive technology sends a bare click) is taken too.
    square(page, "e5").dispatch_event("click")
    server.wait_for(lambda s: "e5" not in s["occupancy"], what="e5 activated")
    page.close()


# Comeback and master moves on. Red (in power) closes the ring around Green's Chief on A1 by dropping a corpse on A3;
# Blue's Diplomat then sets Red's Militant inside the ring, which frees it.
RING = {"E5": "RC", "I9": "BC", "I1": "YC", "A1": "GC", "B1": "xx", "B2": "xx", "B3": "xx", "G5": "GM"}
SHUT = {**RING, "C4": "RM", "C5": "YM", "G3": "BD", "F3": "RM"}


@pytest.fixture
def comeback_server(tmp_path: Path) -> Iterator[Server]:
    db = tmp_path / "games.sqlite"
    options = {"comeback": True, "master_moves": True}
    state = position(SHUT, comeback=True, master_moves=True)
    store = GameStore(db)
    store.create("djambi", 4, 0, options, ["board"] * 4, state.to_json())
    store.close()
    s = start("djambi", tmp_path, db=db)
    yield s
    s.stop()


def test_a_walled_in_chief_kept_and_freed_on_the_page(browser: Browser, comeback_server: Server) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(comeback_server.url + "/")
    panel = page.locator("#game-panel")
    expect(panel.locator(".dj-notes")).to_contain_text("comes back if its wall is opened", timeout=TIMEOUT)
    expect(panel.locator(".dj-notes")).to_contain_text("Master moves")
    for name in ("c4", "c5", "c5", "a3"):  # the killer, its victim, the killer set down, the corpse
        square(page, name).click()
    expect(page.locator("#moves li code")).to_have_text(
        ["MC4xC5>A3 (kills Yellow's Militant; Green's Chief walled in on A1; Green vassal)"], timeout=TIMEOUT
    )
    expect(panel.locator(".dj-chores")).to_contain_text(
        "Turn over Green's Chief on A1: walled in, it is out of the game until its wall is opened"
    )
    square(page, "a1").click()
    square(page, "a1").click()
    expect(panel.locator(".dj-chores")).to_have_count(0, timeout=TIMEOUT)
    expect(square(page, "a1").locator("circle.dj-walled")).to_have_count(1)
    green = panel.locator('tr[data-party="3"]')
    expect(green).to_contain_text("back to Green if its walled-in Chief is freed")
    expect(green).to_contain_text("A1, walled in")

    for name in ("g3", "f3", "f3", "a2"):  # Blue's Diplomat sets Red's Militant inside the ring
        square(page, name).click()
    expect(page.locator("#moves li code").nth(1)).to_have_text(
        "DG3xF3>A2 (Green's Chief freed on A1; Green rejoins)", timeout=TIMEOUT
    )
    expect(panel.locator(".dj-chores")).to_contain_text("Turn Green's Chief on A1 face up: freed")
    square(page, "a1").click()
    square(page, "a1").click()
    expect(green).to_contain_text("plays itself", timeout=TIMEOUT)
    expect(square(page, "a1").locator("circle.dj-walled")).to_have_count(0)
    page.close()


# Every toggle of the simulated board the page sends is held until the test lets it go, and counted while in flight.
HOLD_TOGGLES = """() => {
  const sent = window.fetch.bind(window);
  const held = [];
  window.__toggles = { order: [], inFlight: 0, most: 0 };
  window.__release = () => { while (held.length) held.shift()(); };
  window.fetch = async (url, init) => {
    if (!String(url).includes("/api/sim/toggle")) return sent(url, init);
    const t = window.__toggles;
    t.order.push(JSON.parse(init.body).square);
    t.inFlight += 1;
    t.most = Math.max(t.most, t.inFlight);
    try {
      await new Promise((go) => held.push(go));
      return await sent(url, init);
    } finally {
      t.inFlight -= 1;
    }
  };
}"""


def test_quick_clicks_reach_the_board_one_at_a_time_in_order(browser: Browser, comeback_server: Server) -> None:
    """Four clicks made faster than the board answers (each toggle held back in the page) still make the one move
    they spell: the page sends the next only after the one before was answered, so none overtakes another."""
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(comeback_server.url + "/")
    expect(page.locator("#game-panel .dj-notes")).to_contain_text("Master moves", timeout=TIMEOUT)
    page.evaluate(HOLD_TOGGLES)
    clicks = ["c4", "c5", "c5", "a3"]  # the killer, its victim, the killer set down, the corpse
    for name in clicks:
        square(page, name).click()
    page.wait_for_function(
        "n => { window.__release(); return window.__toggles.order.length === n && window.__toggles.inFlight === 0 }",
        arg=len(clicks),
        timeout=TIMEOUT,
    )
    toggles = page.evaluate("window.__toggles")
    assert toggles["order"] == clicks
    assert toggles["most"] == 1
    expect(page.locator("#moves li code")).to_have_text(
        ["MC4xC5>A3 (kills Yellow's Militant; Green's Chief walled in on A1; Green vassal)"], timeout=TIMEOUT
    )
    page.close()
