"""Chesspolitik in real Chromium on a real `agora play`: two powers write their orders on their own pages, each in
its own browser context like two phones (Russia by clicking the board drawing, Ottoman by typing), the other two
through the API; the main page shows who has handed in but not what, reveals the orders with their results once the
last set is in, and its board shows the adjudicated moves as chores in the LEDs' colours until they are carried out.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.server import Server, start

ORANGE = "e69f00"  # a unit to carry, at the peak of its alternating light


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = start("chesspolitik", tmp_path, ["--players", "4", "--seed", "1"])
    yield s
    s.stop()


def square(page: Page, name: str):
    return page.locator(f'#board [data-square="{name}"]')


def open_page(browser: Browser, url: str) -> Page:
    page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
    page.goto(url)
    expect(page.locator('[data-panel="chesspolitik"]')).to_be_visible()
    return page


def shown(page: Page) -> str:
    """All the page's text, hidden parts (the game details) included, but not the list of orders this seat could
    give (suggestions for typing, which name other powers' possible moves in supports)."""
    return str(
        page.evaluate(
            "() => { const b = document.body.cloneNode(true); b.querySelector('#legal-moves').remove(); "
            "return b.textContent; }"
        )
    )


def wait_for_chore_light(page: Page, a: str, b: str) -> None:
    """The unit to carry from `a` to `b` blinks orange on one square, then the other."""
    page.wait_for_function(
        "([a, b, colour]) => [a, b].some((s) => document.querySelector(`#board [data-square='${s}']`)"
        ".dataset.led === colour)",
        arg=[a, b, ORANGE],
    )


def test_two_powers_write_orders_on_their_pages_and_the_main_page_reveals_them_after_adjudication(
    browser: Browser, server: Server
) -> None:
    tokens = [str(s["url"]).rsplit("/", 1)[1] for s in server.get("/api/seats").json()]
    main = open_page(browser, server.url + "/")
    russia = open_page(browser, f"{server.url}/seat/{tokens[0]}")
    ottoman = open_page(browser, f"{server.url}/seat/{tokens[1]}")
    expect(main.locator('tr[data-power="0"]')).to_have_attribute("data-status", "waiting")

    # Russia clicks: the Knight on b8, then c6 (a move); the King on e8, then d7; the King on d8, then d7 again
    # (the square a drafted move goes into: a support of that move). The clicks lift no simulated piece.
    for name in ("b8", "c6", "e8", "d7", "d8", "d7"):
        square(russia, name).click()
    drafted = ["N b8 - c6", "K e8 - d7", "K d8 S K e8 - d7"]
    expect(russia.locator(".cpk-draft li[data-order]")).to_have_count(3)
    assert [li.get_attribute("data-order") for li in russia.locator(".cpk-draft li[data-order]").all()] == drafted
    russia.get_by_role("button", name="Hand in these 3 orders").click()
    expect(russia.locator(".cpk-submitted")).to_contain_text("Handed in: " + "; ".join(drafted))
    assert {"b8", "d8", "e8"} <= set(server.state()["occupancy"])

    # Ottoman types its order.
    ottoman.get_by_label("Type an order").fill("K a4 - b3")
    ottoman.get_by_role("button", name="Add").click()
    expect(ottoman.locator(".cpk-draft li[data-order]")).to_have_attribute("data-order", "K a4 - b3")
    ottoman.get_by_role("button", name="Hand in this order").click()
    expect(ottoman.locator(".cpk-submitted")).to_contain_text("Handed in: K a4 - b3")

    for seat, status in ((0, "submitted"), (1, "submitted"), (2, "waiting"), (3, "waiting")):
        expect(main.locator(f'tr[data-power="{seat}"]')).to_have_attribute("data-status", status)
    for page, secret in ((main, "b8 - c6"), (main, "a4 - b3"), (ottoman, "b8 - c6"), (russia, "a4 - b3")):
        assert secret not in shown(page), f"{secret} shown before adjudication"
    assert "b8 - c6" in shown(russia) and "a4 - b3" in shown(ottoman)  # where they may be seen, they are found

    # The last two powers hand in through the API: adjudicated, and every page shows the orders with results.
    assert server.post("/api/orders", {"token": tokens[2], "orders": []}).status_code == 200
    assert server.post("/api/orders", {"token": tokens[3], "orders": ["N h7 - f6"]}).status_code == 200
    for page in (main, russia, ottoman):
        for order, result in (("N b8 - c6", "moved"), ("K d8 S K e8 - d7", "supported"), ("K a4 - b3", "moved")):
            expect(page.locator(f'.cpk-last li[data-order="{order}"]')).to_have_attribute("data-result", result)
        expect(page.locator('.cpk-last li[data-order="K d1 H"]')).to_contain_text("no order given")
    expect(main.locator(".cpk-chores")).to_contain_text("move N b8 to c6")
    # The LEDs (drawn on the page's squares) show the moves as units to carry.
    for a, b in (("b8", "c6"), ("e8", "d7"), ("a4", "b3"), ("h7", "f6")):
        wait_for_chore_light(main, a, b)

    # Carried out on the simulated board from the main page: the next phase opens.
    for name in ("b8", "c6", "e8", "d7", "a4", "b3", "h7", "f6"):
        held = name in server.state()["occupancy"]
        square(main, name).click()
        # A hand moves one piece after another: the next when the board has seen this one.
        server.wait_for(lambda st, n=name, h=held: (n in st["occupancy"]) != h, what=f"the board seeing {name}")
    expect(main.locator("#turn")).to_contain_text("Fall 1601")
    expect(main.locator(".cpk-chores")).to_have_count(0)
    expect(main.locator('tr[data-power="0"]')).to_have_attribute("data-status", "waiting")
    assert server.state()["mode"] == "idle"
    for page in (main, russia, ottoman):
        page.context.close()
