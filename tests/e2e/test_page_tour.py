"""The page as a first-time player and a cafe host meet it, in real Chromium on one real `agora play` that starts each
of the five games in turn: every page says what to do now in words, shows only the controls that belong (the move
box with an example in that game's notation, no simulator note or Undo on a seat's page), fits a laptop and a phone
without sideways scrolling, and has no serious accessibility violation (axe-core). Politrics is then played through
its key moments (a piece lifted, the board asking, a stray piece, a beaten figure to take off, a concession asked
for and confirmed). Each moment is saved as a screenshot at 1280x800 and 390x844 under $AGORA_SHOTS (default: the
test's temporary folder) for a person to look at."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.e2e.server import Server, start

SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
GAMES = ["politrics", "polis", "politics1952", "chesspolitik", "djambi"]
SERIOUS = {"serious", "critical"}
AXE = Axe()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = os.environ.get("AGORA_SHOTS")
    path = Path(where) if where else tmp_path_factory.mktemp("shots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = start("politrics", tmp_path_factory.mktemp("tour"), ["--seed", "5", "--new"])
    yield s
    s.stop()


def new_game(server: Server, game: str) -> dict[str, Any]:
    r = server.post("/api/new", {"game": game, "seed": 5})
    assert r.status_code == 200, r.text
    return server.wait_for(lambda s: s["game"]["name"] == game, what=f"a new game of {game}")


def set_up(server: Server) -> dict[str, Any]:
    """Put the pieces where the new game wants them, as a host would by hand (the simulated board's hands)."""
    s = server.state()
    # Pieces off first, then the missing ones on: no board on the way is one move away from the start.
    extra = sorted(set(s["occupancy"]) - set(s["expected"]))
    missing = sorted(set(s["expected"]) - set(s["occupancy"]))
    for sq in extra + missing:
        assert server.post("/api/sim/toggle", {"square": sq}).status_code == 200
    return server.wait_for(
        lambda s: s["mode"] in ("turn", "idle") and s["occupancy"] == s["expected"], what="the set-up"
    )


def open_page(browser: Browser, url: str, size: str) -> Page:
    w, h = SIZES[size]
    page = browser.new_page(viewport={"width": w, "height": h}, is_mobile=size == "phone", has_touch=size == "phone")
    page.goto(url)
    expect(page.locator("#board .square").first).to_be_attached()
    expect(page.locator("#turn")).not_to_have_text("Connecting to the board…")
    return page


def check_looks_right(page: Page, shots: Path, name: str, axe: bool = True) -> None:
    """What a person checks at a glance: words saying what to do, nothing wider than the screen, no serious
    accessibility problem (axe-core, once per kind of page: it is the slow part); then the picture for a person to
    look at."""
    expect(page.locator("#turn")).to_have_text(re.compile(r"\w+ \w+"))  # a sentence, never empty or a symbol
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{name}: the page is {overflow}px wider than the screen"
    violations = [v for v in AXE.run(page).response["violations"] if v["impact"] in SERIOUS] if axe else []
    assert not violations, f"{name}: " + "; ".join(
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}" for v in violations
    )
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)


def square(page: Page, name: str) -> Any:
    return page.locator(f'#board [data-square="{name}"]')


@pytest.mark.parametrize("game", GAMES)
def test_every_games_main_and_seat_pages_say_what_to_do_and_show_only_what_belongs(
    browser: Browser, server: Server, shots: Path, game: str
) -> None:
    state = new_game(server, game)
    if state["expected"] != state["occupancy"]:
        # The pieces of the game before are still standing: the page says how to set up this one.
        main = open_page(browser, server.url + "/", "phone")
        setup = re.compile(r"^(Set up: \d+ pieces|The board does not match|Before the next turn: Take)")
        expect(main.locator("#turn")).to_contain_text(setup)
        check_looks_right(main, shots, f"{game}-setup-phone", axe=False)
        main.close()
        state = set_up(server)
    for size in SIZES:
        main = open_page(browser, server.url + "/", size)
        expect(main.locator("#sim-note")).to_be_visible()
        undo = main.locator("#undo")
        expect(undo).to_be_visible() if state["moves"] else expect(undo).to_be_hidden()  # only with a move to undo
        form = main.locator("#move-form")
        if state["legal"] and not (state["game"]["hidden_information"] and state["to_move"] != "chance"):
            expect(form).to_be_visible()
            # The example is a move of this game, in its notation.
            expect(main.locator("#move-text")).to_have_attribute("placeholder", f"e.g. {state['legal'][0]}")
        else:
            expect(form).to_be_hidden()
        for k, name in enumerate(state["game"]["seat_names"]):
            expect(main.locator("#legend .seats li").nth(k)).to_contain_text(name)
        check_looks_right(main, shots, f"{game}-start-{size}", axe=size == "laptop")
        main.close()

    seats = server.get("/api/seats").json()
    seat = open_page(browser, seats[0]["url"], "phone")
    expect(seat.locator("#title")).to_contain_text(seats[0]["name"])
    for hidden in ("#sim-note", "#move-form", "#undo", "#admin"):
        expect(seat.locator(hidden)).to_be_hidden()
    check_looks_right(seat, shots, f"{game}-seat-phone")
    seat.close()


def test_politrics_key_moments_in_words_with_confirmation_before_the_game_ends(
    browser: Browser, server: Server, shots: Path
) -> None:
    new_game(server, "politrics")
    set_up(server)
    pages = {size: open_page(browser, server.url + "/", size) for size in SIZES}
    page = pages["laptop"]

    def moment(name: str) -> None:
        for size, p in pages.items():
            check_looks_right(p, shots, f"politrics-{name}-{size}", axe=size == "laptop")

    turn = page.locator("#turn")
    square(page, "e5").click()
    expect(turn).to_have_text("Which move did you mean? Choose it below (its squares blink orange on the board).")
    moment("prompt")
    page.get_by_role("button", name="Dark places a Voter on 55").click()
    expect(page.locator("#moves li .words")).to_have_text(["Dark places a Voter on 55"])
    square(page, "e6").click()
    page.get_by_role("button", name="Light places a Minister on 56").click()
    expect(turn).to_contain_text("Dark to")

    # From the keyboard: the board is one stop of the Tab key, the arrows walk it, Enter lifts the piece.
    square(page, "a1").focus()
    for key in ["ArrowRight"] * 4 + ["ArrowUp"] * 4:
        page.keyboard.press(key)
    expect(square(page, "e5")).to_be_focused()
    expect(square(page, "e5")).to_have_attribute("aria-label", "55, Dark's Voter")
    page.keyboard.press("Enter")  # lifted
    expect(turn).to_have_text("Put Dark's Voter down on a lit square, or back on 55 to change your mind.")
    moment("lifted")
    page.keyboard.press("Enter")  # put back: nothing happened
    expect(turn).to_contain_text("Dark to")

    square(page, "a9").click()  # two pieces set down at once: no move does that
    square(page, "a8").click()
    expect(turn).to_have_text("The board does not match the game: Take the piece off 18 · Take the piece off 19.")
    moment("mismatch")
    square(page, "a9").click()
    square(page, "a8").click()
    expect(turn).to_contain_text("Dark to")

    square(page, "e5").click()
    square(page, "e7").click()
    expect(turn).to_have_text("Before the next turn: Take Light's Minister off 56.")
    moment("chores")
    square(page, "e6").click()
    expect(turn).to_contain_text("Light to")

    # A new game over this one, or abandoning it, is asked about first; "No" keeps the game as it is.
    page.locator("#admin summary").click()
    for button, question in (("Start a new game", "Start a new game?"), ("Abandon this game", "Abandon this game?")):
        page.get_by_role("button", name=button).click()
        expect(page.locator("#confirm")).to_contain_text(question)
        expect(page.locator("#confirm-text")).to_contain_text("(3 moves)")
        page.get_by_role("button", name="No, go back").click()
        expect(page.locator("#confirm")).to_be_hidden()
    expect(page.locator("#moves li code")).to_have_text(["V55", "M56", "V55-57"])
    expect(turn).to_contain_text("Light to")

    for p in pages.values():
        p.close()


def test_djambi_resigning_is_confirmed_the_chief_turned_over_in_words_the_end_shown_and_replayed(
    browser: Browser, server: Server, shots: Path
) -> None:
    new_game(server, "djambi")
    set_up(server)
    page = open_page(browser, server.url + "/", "laptop")
    turn = page.locator("#turn")
    dialog = page.locator("#confirm")
    # Giving up is never one click: the page says what is lost and "No" changes nothing.
    page.locator("#actions button", has_text="Red resigns").click()
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("its pieces become vassals")
    check_looks_right(page, shots, "djambi-confirm-laptop")
    page.get_by_role("button", name="No, go back").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#moves li")).to_have_count(0)
    for party, chief in (("Red", "A9"), ("Blue", "I9"), ("Yellow", "I1")):
        page.locator("#actions button", has_text=f"{party} resigns").click()
        page.get_by_role("button", name="Yes, do it").click()
        expect(turn).to_have_text(f"Before the next turn: Turn {party}'s Chief over on {chief}.")
        if party == "Red":
            check_looks_right(page, shots, "djambi-chores-laptop")
        square(page, chief.lower()).click()
        square(page, chief.lower()).click()
        expect(turn).not_to_contain_text("Before the next turn")
    expect(turn).to_have_text("Game over: Green won (Green wins: the last Chief standing).")
    expect(page.locator("#outcome")).to_be_visible()
    expect(page.locator("#move-form")).to_be_hidden()
    expect(page.locator("#actions button")).to_have_count(0)
    # The end as a picture, with its numbers as a table: nobody took a piece in this game.
    summary = page.locator("#outcome figure.summary")
    expect(summary.locator("figcaption")).to_have_text("Pieces each party took")
    expect(summary.locator("table tr").nth(1)).to_have_text(re.compile(r"Pieces taken\s*0\s*0\s*0\s*0"))
    check_looks_right(page, shots, "djambi-over-laptop")

    # The game can be watched again move by move, from the link at its end.
    page.get_by_role("link", name="Watch this game again, move by move").click()
    expect(page.locator("#turn")).to_have_text("The start (3 moves in all)")
    expect(page.locator("#board [data-piece='C0']")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#turn")).to_have_text(
        "Move 1 of 3: Red resigns: its Chief is turned over, its pieces become vassals"
    )
    expect(page.locator("#board [data-changed]")).to_have_count(1)  # the Chief's square, as the board confirmed it
    expect(page.locator("#board [data-piece='C0']")).to_have_count(0)
    page.get_by_role("button", name="End »").click()
    expect(page.locator("#turn")).to_contain_text("Move 3 of 3: Yellow resigns")
    expect(page.locator("#outcome")).to_have_text("Green won: Green wins: the last Chief standing")
    page.screenshot(path=str(shots / "djambi-replay-laptop.png"), full_page=True)
    violations = [v for v in AXE.run(page).response["violations"] if v["impact"] in SERIOUS]
    assert not violations, violations
    page.close()
