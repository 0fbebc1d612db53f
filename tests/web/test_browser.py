"""The pages in a real browser: Debian's chromium driven by Playwright for Python.

Each test addresses the page by role and accessible name, as a screen reader
would. The bots pause 0 seconds, so a whole game takes seconds.
"""

from __future__ import annotations

import shutil
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium on PATH (Debian: apt-get install chromium)"
)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from tests.web.conftest import FOUR, TWO_PEOPLE  # noqa: E402
from tests.web.servers import free_port, start_process, thread_server, wait_until_up  # noqa: E402

Page = Any


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with thread_server(tmp_path_factory.mktemp("tables"), pause=0.0) as base:
        yield base


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    context = browser.new_context(bypass_csp=True)  # (wait_for_function evaluates text)
    yield context.new_page()
    context.close()


def _create(base: str, seats: list[str], seed: int = 1) -> dict[str, Any]:
    response = httpx.post(f"{base}/api/tables", trust_env=False, json={
        "variant": "hig-1992-en", "players": len(seats), "seats": seats, "seed": seed})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def _open(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("document.body.dataset.version !== undefined")


def _my_turn_or_over(page: Page) -> bool:
    """Wait until the page offers moves (``True``) or shows the result (``False``)."""
    page.wait_for_selector("#moves:not([hidden]), #result:not([hidden])")
    return page.locator("#result").is_hidden()


def _carried_out(page: Page) -> None:
    """Wait until the server has carried out the page's last action."""
    page.wait_for_function("!document.body.dataset.pending")


def _hand(page: Page) -> list[str]:
    return list(page.get_by_role("region", name="Your hand").get_by_role("listitem")
                .all_inner_texts())


#: What a plain player clicks: a card if one may be played, else the first of these.
_CHOOSE = """() => {
  const shown = (id) => !document.getElementById(id).hidden;
  const version = document.body.dataset.version;
  if (shown("result")) return {over: true, version};
  const card = document.querySelector("#hand button");
  if (card) return {over: false, version, region: "Your hand", name: card.textContent};
  const names = [...document.querySelectorAll("#moves button")]
    .filter((b) => !b.hidden && b.offsetParent !== null).map((b) => b.textContent);
  const name = ["Pass", "Buy", "Flip", "Price", "Bid"].find((n) => names.includes(n));
  return {over: false, version, region: "Your move", name};
}"""
_READY = """() => document.body.dataset.version !== undefined && !document.body.dataset.pending &&
  (!document.getElementById("moves").hidden || !document.getElementById("result").hidden)"""


def test_a_person_plays_a_whole_game_against_three_bots_by_clicking(
    server: str, page: Page
) -> None:
    body = _create(server, FOUR, seed=7)
    _open(page, server + body["seats"][0]["url"])
    clicks = 0
    while True:
        page.wait_for_function(_READY)  # (after a click: once the server carried it out)
        choice = page.evaluate(_CHOOSE)
        if choice["over"]:
            break
        assert choice["name"], "moves offered, but no control to click"
        region = page.get_by_role("region", name=choice["region"])
        region.get_by_role("button", name=choice["name"], exact=True).first.click()
        clicks += 1
    result = page.get_by_role("region", name="Result")
    assert "winner" in result.inner_text() or "tie" in result.inner_text()
    assert result.get_by_role("link", name="Download the record").is_visible()
    assert clicks > 10, clicks


def test_two_people_at_one_table_each_see_only_their_own_hand(
    server: str, browser: Any
) -> None:
    body = _create(server, TWO_PEOPLE, seed=3)
    hands = []
    for seat in body["seats"]:
        context = browser.new_context(bypass_csp=True)  # (wait_for_function evaluates text)
        page = context.new_page()
        _open(page, server + seat["url"])
        token = seat["url"].split("seat=")[1]
        expected = httpx.get(f"{server}/api/tables/{body['id']}/state", trust_env=False,
                             params={"seat": token}).json()["hand"]
        shown = [text.removeprefix("Play ") for text in _hand(page)]  # playable: buttons
        assert shown == [card["label"] for card in expected]
        players = page.get_by_role("region", name="Players").inner_text()
        assert players.count("behind a screen") == 3  # only one's own money shows
        hands.append(_hand(page))
        context.close()
    assert hands[0] != hands[1]


def test_a_reload_mid_lot_keeps_the_seat_and_the_position(server: str, page: Page) -> None:
    body = _create(server, FOUR, seed=11)
    _open(page, server + body["seats"][0]["url"])
    hand = page.get_by_role("region", name="Your hand")
    hand.get_by_role("button", name="(open)").first.click()  # an open auction: bots bid
    page.get_by_role("region", name="Your move").get_by_role("button", name="Pass").wait_for()
    version = page.evaluate("document.body.dataset.version")
    lot = page.get_by_role("region", name="Lot").inner_text()
    cards = _hand(page)
    page.reload()
    page.wait_for_function(f"document.body.dataset.version === '{version}'")
    assert page.get_by_role("region", name="Lot").inner_text() == lot
    assert _hand(page) == cards
    assert "Player 1 (you)" in page.get_by_role("region", name="Players").inner_text()
    assert page.get_by_role("region", name="Your move").is_visible()


def test_a_spectator_sees_no_hand_and_no_money(server: str, page: Page) -> None:
    body = _create(server, TWO_PEOPLE, seed=5)
    _open(page, server + body["spectate"])
    assert page.get_by_role("region", name="Your hand").count() == 0
    assert page.get_by_role("region", name="Your move").count() == 0
    assert page.get_by_role("region", name="Players").inner_text().count("behind a screen") == 4
    assert "You are watching" in page.get_by_role("status").inner_text()


def test_a_pasted_variant_with_an_error_shows_the_located_problem(
    server: str, page: Page
) -> None:
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready]")
    page.get_by_label("Or paste a variant file (YAML)").fill(
        "id: house\ntitle: {en: House}\nextends: hig-1992-en\nmoney:\n  starting_cash: lots\n")
    problems = page.get_by_role("region", name="Problems")
    problems.get_by_text("variant.yaml:5:").wait_for()
    assert "starting_cash" in problems.inner_text()
    page.get_by_role("button", name="Create table").click()
    problems.get_by_text("variant.yaml:5:").wait_for()
    assert page.get_by_role("region", name="Links").count() == 0


def test_the_lobby_creates_a_table_with_links(server: str, page: Page) -> None:
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready]")
    page.get_by_label("Chair 1", exact=True).select_option("person")
    page.get_by_role("button", name="Create table").click()
    links = page.get_by_role("region", name="Links")
    links.get_by_role("link").first.wait_for()
    assert links.get_by_role("link").count() == 3  # two people and the spectators


def test_keyboard_alone_plays_a_lot(server: str, page: Page) -> None:
    body = _create(server, FOUR, seed=9)
    _open(page, server + body["seats"][0]["url"])
    focused = page.evaluate("document.activeElement.textContent")
    assert focused.startswith("Play ")  # the first card is ready to play
    page.keyboard.press("Enter")
    _carried_out(page)
    log = page.get_by_role("region", name="Log")
    for _ in range(60):  # answer every question of the lot with the keyboard alone
        page.wait_for_selector("#moves:not([hidden]), #log li:has-text('->')")
        if "->" in log.inner_text():
            break
        page.keyboard.press("Enter")  # the lowest bid (or price, or the focused button)
        _carried_out(page)
    assert "->" in log.inner_text()


@pytest.mark.slow
def test_a_server_killed_mid_game_comes_back_at_the_same_position(
    tmp_path: Path, page: Page
) -> None:
    data, port = tmp_path / "tables", free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_process(data, port)
    try:
        wait_until_up(base)
        body = _create(base, FOUR, seed=11)
        _open(page, base + body["seats"][0]["url"])
        hand = page.get_by_role("region", name="Your hand")
        hand.get_by_role("button", name="(open)").first.click()  # the bots bid, then ask
        page.get_by_role("region", name="Your move").get_by_role("button", name="Pass").wait_for()
        version = page.evaluate("document.body.dataset.version")
        cards = _hand(page)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        page.get_by_text("Connection lost").wait_for()
        server = start_process(data, port)
        wait_until_up(base)
        page.wait_for_function(
            f"document.body.dataset.version === '{version}' && "
            "!document.getElementById('status').textContent.includes('Connection lost')",
            timeout=20_000,
        )
        assert _hand(page) == cards
        assert page.get_by_role("region", name="Your move").is_visible()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)


def test_up_to_sends_a_limit_where_the_engine_offers_one(server: str, page: Page) -> None:
    body = _create(server, FOUR, seed=11)
    _open(page, server + body["seats"][0]["url"])
    page.get_by_role("region", name="Your hand").get_by_role("button", name="(open)").first.click()
    moves = page.get_by_role("region", name="Your move")
    moves.get_by_role("button", name="Pass").wait_for()
    if not moves.get_by_role("button", name="Up to").is_visible():
        pytest.skip("the engine offers no limit bids (legal.limit) yet")
    assert moves.get_by_role("button", name="Out of this lot").is_visible()
    page.get_by_label("Amount").fill(page.get_by_label("Amount").get_attribute("min") or "")
    moves.get_by_role("button", name="Up to").click()
    _carried_out(page)
    assert page.locator("#problem").inner_text() == ""
