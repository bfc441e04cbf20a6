"""End to end in a real headless Chromium: people play whole games against bots by clicking.

A real uvicorn server on 127.0.0.1 (a free port) serves the package's pages; Playwright drives
Debian's ``chromium``. Set ``CARDGAMES_SCREENSHOTS=1`` to refresh the screenshots in
docs/_static/.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from extras import require, require_program

require("starlette", extra="web")
uvicorn = require("uvicorn", extra="web")
sync_api = require("playwright.sync_api", extra="test-browser")
CHROMIUM = require_program("chromium", why="the browser tests drive Debian's chromium")

from cardgames.web import create_app  # noqa: E402
from cardgames.web.serve import websocket_implementation  # noqa: E402
from cardgames.web.settings import Settings  # noqa: E402

pytestmark = pytest.mark.slow

SCREENSHOTS = Path(__file__).parents[2] / "docs" / "_static"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT = 15_000


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real uvicorn server in a thread; yields its base URL."""
    db = tmp_path_factory.mktemp("web") / "tables.db"
    settings = Settings(bot_delay=0.05, actions_per_second=50.0, burst=50, hint_samples=40)
    port = _free_port()
    config = uvicorn.Config(
        create_app(db, settings=settings),
        host="127.0.0.1",
        port=port,
        ws=websocket_implementation(),
        log_level="warning",
    )
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not instance.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Headless Chromium with a fresh profile."""
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield context.browser or context
        context.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser context (its own cookies and storage) for one test."""
    made = browser.new_context(viewport={"width": 1100, "height": 900})
    yield made
    made.close()


def create_table(server: str, game: str, seats: list[str], **options: Any) -> dict[str, Any]:
    body = json.dumps({"game": game, "options": options, "seats": seats}).encode()
    request = urllib.request.Request(  # noqa: S310 - an http URL of our own test server
        f"{server}/api/tables", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 - our own server
        created: dict[str, Any] = json.load(response)
    return created


def open_seat(context: Any, server: str, created: dict[str, Any], seat: int) -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + created["seats"][seat]["link"])
    page.wait_for_selector("#board svg", timeout=TIMEOUT)
    page.errors = errors
    return page


def wait_for_turn_or_end(page: Any) -> bool:
    """Wait until it is the person's turn (True) or the game is over (False)."""
    page.wait_for_selector("#status.your-turn, #status.over", timeout=TIMEOUT)
    return not page.locator("#status.over").count()


def take_turn(page: Any, *, keyboard: bool = False) -> None:
    """Play the first glowing card or pile, or the first move button; wait for the answer."""
    seq = page.get_attribute("#board", "data-seq")
    if keyboard:
        page.locator("body").press("ArrowRight")
        page.keyboard.press("Enter")
    else:
        page.locator("#board .playable, #actions button").first.click()
    page.wait_for_function(
        "seq => document.querySelector('#board').dataset.seq !== seq", arg=seq, timeout=TIMEOUT
    )


def hand(page: Any) -> set[str]:
    cards: list[str] = page.eval_on_selector_all(
        '#board [data-target="hand"]', "els => els.map(e => e.dataset.card)"
    )
    return set(cards)


def play_until_over(page: Any, *, limit: int = 200) -> int:
    turns = 0
    while wait_for_turn_or_end(page):
        take_turn(page, keyboard=turns == 1)
        turns += 1
        assert turns < limit
    return turns


def screenshot(page: Any, name: str) -> None:
    if os.environ.get("CARDGAMES_SCREENSHOTS") == "1":
        page.wait_for_timeout(800)  # let the log's animation settle
        page.screenshot(path=str(SCREENSHOTS / name))


def test_a_person_plays_a_whole_sixes_round_by_clicking(server: str, context: Any) -> None:
    """A person plays a whole Sixes round against three bots with clicks and keys (S5-S9)."""
    created = create_table(
        server, "sixes", ["person", "heuristic", "heuristic", "random"], max_rounds=1
    )
    page = open_seat(context, server, created, 0)
    for _ in range(3):
        assert wait_for_turn_or_end(page)
        take_turn(page)
    assert wait_for_turn_or_end(page)
    screenshot(page, "sixes_table.png")
    turns = play_until_over(page) + 3
    assert turns >= 1
    assert page.locator("#result").is_visible()
    assert "Game over" in page.inner_text("#result-title")
    assert page.locator("#log li").count() > turns
    assert page.get_attribute("#log", "aria-live") == "polite"
    record = page.get_attribute("#download", "href")
    assert record is not None
    assert record.startswith("/api/records/")
    assert not page.errors


def test_a_person_plays_a_whole_paiute_deal_and_watches_the_replay(
    server: str, context: Any
) -> None:
    """A person draws and discards through a whole Paiute deal, then replays it (P9, P12)."""
    created = create_table(
        server, "paiute", ["person", "heuristic", "heuristic", "heuristic"], max_turns=24
    )
    page = open_seat(context, server, created, 0)
    assert wait_for_turn_or_end(page)
    take_turn(page)  # draw from the stock
    page.wait_for_selector('#board [data-target="hand"].playable', timeout=TIMEOUT)
    screenshot(page, "paiute_table.png")
    play_until_over(page)
    assert page.locator("#result").is_visible()
    page.click("#replay")
    page.wait_for_selector("#viewer:not([hidden]) #board svg", timeout=TIMEOUT)
    last = int(page.get_attribute("#step", "max") or "0")
    assert last > 0
    page.fill("#step", str(last))
    page.dispatch_event("#step", "input")
    assert page.inner_text("#step-label") == f"step {last} of {last}"
    assert not page.errors


def test_a_reload_mid_game_restores_the_seat(server: str, context: Any) -> None:
    """Reloading the page mid-game rejoins the same seat with the same hand (S6)."""
    created = create_table(server, "sixes", ["person", "random", "random", "random"], max_rounds=1)
    page = open_seat(context, server, created, 0)
    assert wait_for_turn_or_end(page)
    take_turn(page)
    assert wait_for_turn_or_end(page)
    before = hand(page)
    page.reload()
    page.wait_for_selector("#board svg", timeout=TIMEOUT)
    assert wait_for_turn_or_end(page)
    assert hand(page) == before
    assert "your seat" in page.inner_text("#connection")


def test_two_people_at_one_table_see_only_their_own_hands(server: str, browser: Any) -> None:
    """Two browser contexts at one table: neither page ever holds the other's hand (S6)."""
    created = create_table(server, "sixes", ["person", "person", "random", "random"], max_rounds=1)
    first = browser.new_context(viewport={"width": 390, "height": 844})
    second = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pages = [open_seat(first, server, created, 0), open_seat(second, server, created, 1)]
        hands = [hand(page) for page in pages]
        assert len(hands[0]) == len(hands[1]) == 10
        assert not hands[0] & hands[1]
        for page, other in ((pages[0], hands[1]), (pages[1], hands[0])):
            shown: list[str] = page.eval_on_selector_all(
                "[data-card]", "els => els.map(e => e.dataset.card)"
            )
            assert not set(shown) & other
        # Phone-sized: the narrow drawing fits the width, no sideways scrolling.
        width = pages[0].evaluate("document.documentElement.scrollWidth")
        assert width <= 390
        assert pages[0].get_attribute("#board svg", "width") == "400"
        screenshot(pages[0], "sixes_phone.png")
    finally:
        first.close()
        second.close()


def first_choice(page: Any) -> int:
    """Play on until the person has more than one legal move; how many (0: the game ended)."""
    while wait_for_turn_or_end(page):
        moves: int = page.locator("#board .playable, #actions button").count()
        if moves > 1:
            return moves
        take_turn(page)
    return 0


def test_the_hint_button_shows_each_moves_chances_best_first(server: str, context: Any) -> None:
    """Clicking Hint lists every legal move with its win chance and interval, best first (S6)."""
    created = create_table(
        server, "sixes", ["person", "heuristic", "random", "random"], max_rounds=1
    )
    page = open_seat(context, server, created, 0)
    moves = first_choice(page)
    while not moves:  # pragma: no cover - a deal that never offered a choice: deal again
        page.click("#again")
        page.wait_for_selector("#status:not(.over)", timeout=TIMEOUT)
        moves = first_choice(page)
    assert page.locator("#hint-button").is_visible()
    page.click("#hint-button")
    page.wait_for_selector("#advice:not([hidden]) li", timeout=TIMEOUT)
    items = page.locator("#advice-list li")
    assert items.count() == moves
    texts = [items.nth(i).inner_text() for i in range(moves)]
    assert all(" win " in text and "%" in text for text in texts)
    wins = [int(text.split(" win ")[1].split("%")[0]) for text in texts]
    assert wins == sorted(wins, reverse=True)
    assert page.get_attribute("#advice", "aria-live") == "polite"
    page.locator("#advice").scroll_into_view_if_needed()
    screenshot(page, "sixes_hint.png")
    take_turn(page)
    assert page.locator("#advice").is_hidden()  # the advice was for the previous position
    assert not page.errors
