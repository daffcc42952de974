"""Politics (1952) in real Chromium on a real `agora play`: the main page draws the map, the tally and the dice;
each seat page shows its candidate's speech cards and nobody else's; a card played on a seat page and counties
claimed (a tap on the seat page, a piece set down and lifted on the simulated board) reach every page's move list."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.server import Server, start

# Seed 1 with three candidates: Yellow (seat 2) begins and the dice give group 3 (sky blue), 5 and 1.
MOVER, OTHER = 2, 0
ALLOWED = ["FL", "IA", "KY", "LA", "MD", "WA"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = start("politics1952", tmp_path_factory.mktemp("p52"), ["--players", "3", "--seed", "1"])
    yield s
    s.kill()  # see test_politics1952_secrecy.py: a graceful stop waits for closed WebSockets' handlers


def square(page: Page, name: str):
    return page.locator(f'#board [data-square="{name}"]')


def moves(page: Page):
    return page.locator("#moves li code")


def test_pages_show_the_map_the_tally_the_dice_and_only_their_own_cards(browser: Browser, server: Server) -> None:
    seats = server.get("/api/seats").json()
    tokens = [s["url"].rsplit("/", 1)[1] for s in seats]
    hands = [server.get(f"/api/state?token={t}").json()["view"]["hand"] for t in tokens]

    main = browser.new_page(viewport={"width": 1100, "height": 900})
    main.goto(server.url + "/")
    expect(main.locator("#turn")).to_contain_text("Yellow: place 6 counties in group 3")
    # The map: each state's square carries its abbreviation, votes and group colour; the throw's states are marked.
    expect(square(main, "g7")).to_have_attribute("data-state", "NY")
    expect(main.locator("#p52-overlay text", has_text="NY")).to_have_count(1)
    expect(main.locator("#board [data-allowed]")).to_have_count(len(ALLOWED))
    assert sorted(main.eval_on_selector_all("#board [data-allowed]", "els => els.map(e => e.dataset.state)")) == ALLOWED
    # The dice, the counties left and the tally of the three candidates with the majority to reach.
    expect(main.locator(".p52-dice")).to_have_attribute("data-dice", "3 5-1")
    expect(main.locator(".p52-left")).to_contain_text("6 counties left to place in group 3")
    expect(main.locator(".p52-tally caption")).to_contain_text("266 of 531")
    expect(main.locator(".p52-tally tr[data-seat]")).to_have_count(3)
    expect(main.locator(f'.p52-tally tr[data-seat="{MOVER}"]')).to_contain_text("to play")
    # No hand on the main page.
    expect(main.locator(".p52-card")).to_have_count(0)

    own = browser.new_page(viewport={"width": 1100, "height": 900})
    own.goto(f"{server.url}/seat/{tokens[MOVER]}")
    expect(own.locator(".p52-card")).to_have_count(3)
    assert own.eval_on_selector_all(".p52-card", "els => els.map(e => +e.dataset.card)") == hands[MOVER]
    other = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    other.goto(f"{server.url}/seat/{tokens[OTHER]}")
    expect(other.locator(".p52-card")).to_have_count(3)
    assert other.eval_on_selector_all(".p52-card", "els => els.map(e => +e.dataset.card)") == hands[OTHER]
    # Out of turn the cards are shown but cannot be played.
    expect(other.locator(".p52-card button").first).to_be_disabled()

    # Yellow plays a card on its seat page: every page's move list shows it, and its hand shrinks.
    card = hands[MOVER][0]
    own.locator(f'.p52-card[data-card="{card}"] button').click()
    for page in (main, own, other):
        expect(moves(page).last).to_have_text(f"card {card}")
    expect(own.locator(".p52-card")).to_have_count(2)
    expect(own.locator(".p52-card button").first).to_be_disabled()  # one speech card a turn

    # A county claimed by tapping Iowa on the seat page, then one by setting a piece down on Florida on the
    # simulated board (the main page) and lifting it again.
    square(own, "d6").click()
    expect(moves(main).last).to_have_text("IA")
    expect(square(main, "d6")).to_have_attribute("data-leader", "Yellow")
    square(main, "g1").click()
    server.wait_for(lambda s: s["occupancy"] == ["g1"], what="the piece on Florida")
    square(main, "g1").click()
    expect(moves(main).last).to_have_text("FL")
    votes = server.state()["view"]["tally"][MOVER]
    assert votes >= 20  # Iowa and Florida at least, with what the card won
    expect(main.locator(f'.p52-tally tr[data-seat="{MOVER}"]')).to_have_attribute("data-votes", str(votes))
    # A state the throw does not allow, tapped on the seat page: refused with the reason.
    square(own, "g7").click()
    expect(own.locator("#message")).to_contain_text("New York is in group 6")
    for page in (main, own, other):
        page.close()
