"""The page in real Chromium (Debian's package, driven by Playwright) on a real `agora play`: the first moves of a
Politrics game played by clicking the simulated board, with the board's colours and the move list updating."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.server import Server, start

ORANGE = "e69f00"  # the prompt's fast blink at its peak
GREEN = "009e73"  # a move confirmed


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = start("politrics", tmp_path, ["--seed", "5"])
    yield s
    s.stop()


def square(page: Page, name: str):
    return page.locator(f'#board [data-square="{name}"]')


def place_and_choose(page: Page, name: str, description: str) -> None:
    square(page, name).click()
    prompt = page.locator("#prompt")
    expect(prompt).to_be_visible()
    # While the board asks, the candidate square blinks orange on the LEDs and on the page.
    page.wait_for_function(
        "([sq, colour]) => document.querySelector(`#board [data-square='${sq}']`).dataset.led === colour",
        arg=[name, ORANGE],
    )
    page.get_by_role("button", name=description).click()
    expect(prompt).to_be_hidden()


def test_first_moves_of_politrics_by_clicking_the_board(browser: Browser, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(server.url + "/")
    expect(page.locator("#turn")).to_contain_text("Dark")
    expect(page.locator('#board [data-square="a1"]')).to_have_count(1)
    expect(page.locator("#sim-note")).to_be_visible()
    expect(square(page, "e5").locator("text")).to_have_text(["55"])  # the game's own square names

    place_and_choose(page, "e5", "Dark places a Voter on 55")
    expect(page.locator("#moves li code")).to_have_text(["V55"])
    expect(square(page, "e5")).to_have_attribute("data-piece", "V0")
    # The confirmed move flashes green on its square.
    page.wait_for_function(
        "() => ['009e73', '000000'].includes(document.querySelector(\"#board [data-square='e5']\").dataset.led)"
    )
    expect(page.locator("#turn")).to_contain_text("Light")

    place_and_choose(page, "e6", "Light places a Minister on 56")
    expect(page.locator("#moves li code")).to_have_text(["V55", "M56"])
    expect(square(page, "e6")).to_have_attribute("data-piece", "M1")

    # A beat by Dark: the Voter on 55 jumps the Minister on 56 to 57; the board then asks for the Minister.
    square(page, "e5").click()
    # Lifted: the Voter's origin pulses yellow-ish, its destinations and the capture light up.
    page.wait_for_function("() => document.querySelector(\"#board [data-square='e6']\").dataset.led !== '000000'")
    square(page, "e7").click()
    expect(page.locator("#moves li code")).to_have_text(["V55", "M56", "V55-57"])
    # The beaten Minister is a chore: its square blinks vermillion until it is taken off.
    page.wait_for_function("() => document.querySelector(\"#board [data-square='e6']\").dataset.led === 'd55e00'")
    # In words too, naming the piece, which is drawn dashed as one to go.
    expect(page.locator("#turn")).to_have_text("Before the next turn: Take Light's Minister off 56.")
    expect(square(page, "e6")).to_have_attribute("data-going", "M")
    expect(page.locator("#moves li .words").last).to_have_text(
        "Dark's Voter jumps from 55 to 57 and beats Light's Minister on 56"
    )
    square(page, "e6").click()
    expect(page.locator("#turn")).to_contain_text("Light")
    expect(square(page, "e6")).not_to_have_attribute("data-piece", "M1")

    # Undo on the page: the LEDs guide the pieces back; the move list shrinks at once.
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#moves li code")).to_have_text(["V55", "M56"])
    expect(page.locator("#moves li.taken-back")).to_have_text(["Taken back: V55-57"])
    assert GREEN  # the palette the page shows is the LEDs' own
    page.close()


def test_the_page_works_on_a_phone_sized_screen(browser: Browser, server: Server) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(server.url + "/")
    expect(page.locator("#turn")).to_contain_text("Dark")
    board = page.locator("#board").bounding_box()
    assert board is not None and board["width"] <= 390 and board["width"] > 300
    place_and_choose(page, "d4", "Dark places a Delegate on 44")
    expect(page.locator("#moves li code")).to_have_text(["D44"])
    page.close()
