"""The pages in a real browser: Debian's chromium driven by Playwright for Python.

Each test addresses the page by role and accessible name, as a screen reader
would. The bots pause 0 seconds, so a whole game takes seconds.
"""

from __future__ import annotations

import shutil
import signal
import time
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
    page.wait_for_selector("body.my-turn, #result:not([hidden])")
    return page.locator("#result").is_hidden()


def _carried_out(page: Page) -> None:
    """Wait until the server has carried out the page's last action."""
    page.wait_for_function("!document.body.dataset.pending")


#: The hand as a reader hears it: each card's name (a playable one's button says "Play").
_HAND = """() => [...document.querySelectorAll("#hand-cards li")].map((li) => {
  const b = li.querySelector("button");
  return (b ? b.getAttribute("aria-label") : li.getAttribute("aria-label")).replace(/^Play /, "");
})"""


def _hand(page: Page) -> list[str]:
    return list(page.evaluate(_HAND))


#: What a plain player clicks: a card if one may be played, else the first of these.
_CHOOSE = """() => {
  const shown = (id) => !document.getElementById(id).hidden;
  const version = document.body.dataset.version;
  if (shown("result")) return {over: true, version};
  const card = document.querySelector("#hand button");
  if (card) {
    return {over: false, version, region: "Your hand", name: card.getAttribute("aria-label")};
  }
  const names = [...document.querySelectorAll("#moves button")]
    .filter((b) => !b.hidden && b.offsetParent !== null)
    .map((b) => b.getAttribute("aria-label") || b.textContent);
  const plain = ["Pass", "No second card", "Buy", "Flip", "Price", "Bid"];
  const name = plain.find((n) => names.includes(n)) || names[0];
  return {over: false, version, region: "Your move", name};
}"""
_READY = """() => document.body.dataset.version !== undefined && !document.body.dataset.pending &&
  (document.body.classList.contains("my-turn") || !document.getElementById("result").hidden)"""
#: The amount field and the lowest amount the engine offers now (``legal`` as sent).
_AMOUNT = """() => {
  const legal = table.state.legal;
  const span = legal.bid || legal.price || legal.limit;
  const box = document.getElementById("amount-box");
  return {shown: !box.hidden, value: document.getElementById("amount").value,
          min: span ? String(span[0]) : null, max: span ? String(span[1]) : null};
}"""
#: The page fits the window's width (no sideways scrolling) and every visible control is
#: at least 44 x 44 px (a checkbox counts by its label, the target a finger touches).
_PHONE_PROBLEMS = """() => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width) {
    problems.push(`scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
  }
  for (const box of document.querySelectorAll(".board-scroll")) {
    if (box.scrollWidth > box.clientWidth) problems.push(`the board scrolls: ${box.scrollWidth}`);
  }
  const targets = document.querySelectorAll(
    "button, select, input, textarea, nav a, #links a, .result-actions a");
  for (const node of targets) {
    const target = node.type === "checkbox" ? node.closest("label") : node;
    const box = target.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown
    if (box.width < 44 || box.height < 44) {
      problems.push(`${node.id || node.textContent || node.tagName}: ${box.width}x${box.height}`);
    }
    if (box.right > width + 0.5) problems.push(`${node.id || node.tagName} sticks out`);
  }
  return problems;
}"""
PHONE = {"width": 390, "height": 844}


def test_a_person_plays_a_whole_game_at_phone_size(server: str, browser: Any) -> None:
    """A whole game by clicking, on a phone's screen: no sideways scrolling, touch
    targets of 44 px, the title and a banner saying whose turn it is, and at each new
    decision the amount field at the engine's lowest amount (even after the player
    typed another into it and passed)."""
    context = browser.new_context(viewport=PHONE, bypass_csp=True, has_touch=True)
    page = context.new_page()
    body = _create(server, FOUR, seed=7)
    _open(page, server + body["seats"][0]["url"])
    clicks = decisions = 0
    while True:
        page.wait_for_function(_READY)  # (after a click: once the server carried it out)
        choice = page.evaluate(_CHOOSE)
        if choice["over"]:
            break
        assert choice["name"], "moves offered, but no control to click"
        assert page.title().startswith("Your turn")
        assert page.locator("#turn").is_visible()
        if clicks % 5 == 0:
            assert page.evaluate(_PHONE_PROBLEMS) == []
        amount = page.evaluate(_AMOUNT)
        if amount["shown"]:
            decisions += 1
            assert amount["value"] == amount["min"], amount
            page.get_by_label("Amount").fill(amount["max"])  # typed, then not sent
        region = page.get_by_role("region", name=choice["region"])
        region.get_by_role("button", name=choice["name"], exact=True).first.click()
        clicks += 1
    assert not page.title().startswith("Your turn")
    result = page.get_by_role("region", name="Result")
    assert "winner" in result.inner_text() or "tie" in result.inner_text()
    assert result.get_by_role("link", name="Download the record").is_visible()
    assert result.get_by_role("listitem").filter(has_text="Player 1").count() >= 1
    assert page.evaluate(_PHONE_PROBLEMS) == []
    assert clicks > 10 and decisions > 3, (clicks, decisions)
    # Play again: the same chairs at a new table, a new deal; this seat's link opens
    page.get_by_role("button", name="Play again").click()
    page.wait_for_url(lambda url: body["id"] not in url)
    page.wait_for_function("document.body.dataset.version === '0'")
    again = httpx.get(page.url.replace("/table/", "/api/tables/").split("?")[0],
                      trust_env=False).json()
    assert [p["person"] for p in again["players"]] == [s == "person" for s in FOUR]
    context.close()


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
        assert _hand(page) == [card["label"] for card in expected]
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
    page.get_by_label("Player 2", exact=True).select_option("person")
    page.get_by_role("button", name="Create table").click()
    links = page.get_by_role("region", name="Links")
    links.get_by_role("link").first.wait_for()
    assert links.get_by_role("link").count() == 4  # two people, the spectators, the host
    host = links.get_by_role("link", name="/record?host=")
    record = httpx.get(host.get_attribute("href") and server + host.get_attribute("href"),
                       trust_env=False)
    assert record.status_code == 200 and record.json()["outcome"] is None  # while it runs


def test_keyboard_alone_plays_a_lot(server: str, page: Page) -> None:
    body = _create(server, FOUR, seed=9)
    _open(page, server + body["seats"][0]["url"])
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused.startswith("Play ")  # the first card is ready to play
    page.keyboard.press("Enter")
    _carried_out(page)
    log = page.get_by_role("region", name="Log")
    for _ in range(60):  # answer every question of the lot with the keyboard alone
        page.wait_for_selector("body.my-turn, #log li:has-text('->')")
        if "->" in log.inner_text():
            break
        page.keyboard.press("Enter")  # the lowest bid (or price, or the focused button)
        _carried_out(page)
    assert "->" in log.inner_text()


#: Every control of the table is off (and says so to assistive technology).
_ALL_OFF = """() => {
  const controls = [...document.querySelectorAll("#moves button, #hand button, #amount")];
  return controls.length > 0 && controls.every((c) => c.getAttribute("aria-disabled") === "true")
    && !document.getElementById("offline").hidden;
}"""
_ALL_ON = """() => document.body.dataset.online === "1" &&
  [...document.querySelectorAll("#moves button, #hand button, #amount")]
    .every((c) => c.getAttribute("aria-disabled") === "false")"""


@pytest.mark.slow
def test_a_server_killed_mid_game_comes_back_at_the_same_position(
    tmp_path: Path, page: Page
) -> None:
    """No silent click: within half a second of the server being killed every control
    is off and the page says so, and a click then says it was not sent; within two
    seconds of the server being back the page is too, at the same position, and a click
    is acknowledged."""
    data, port = tmp_path / "tables", free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_process(data, port)
    try:
        wait_until_up(base)
        body = _create(base, FOUR, seed=11)
        _open(page, base + body["seats"][0]["url"])
        hand = page.get_by_role("region", name="Your hand")
        hand.get_by_role("button", name="(open)").first.click()  # the bots bid, then ask
        moves = page.get_by_role("region", name="Your move")
        moves.get_by_role("button", name="Pass").wait_for()
        _carried_out(page)
        version = page.evaluate("document.body.dataset.version")
        cards = _hand(page)
        server.send_signal(signal.SIGKILL)
        page.wait_for_function(_ALL_OFF, timeout=500)
        assert page.get_by_role("alert").filter(has_text="Connection lost").is_visible()
        server.wait(timeout=10)
        moves.get_by_role("button", name="Pass").click(force=True)  # refused, visibly
        problem = page.locator("#problem")
        assert problem.inner_text().startswith("Not sent: the connection is down")
        assert page.evaluate("document.body.dataset.version") == version
        server = start_process(data, port)
        wait_until_up(base, seconds=30)
        back = time.monotonic()
        page.wait_for_function(_ALL_ON, timeout=2_000)
        assert time.monotonic() - back < 2.0
        assert page.evaluate("document.body.dataset.version") == version
        assert _hand(page) == cards
        assert page.locator("#offline").is_hidden()
        moves.get_by_role("button", name="Pass").click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}' && "
                               "!document.body.dataset.pending", timeout=5_000)
        assert problem.inner_text() == ""
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)


def test_an_amount_out_of_range_is_refused_in_the_players_words(
    server: str, page: Page
) -> None:
    body = _create(server, FOUR, seed=11)
    _open(page, server + body["seats"][0]["url"])
    page.get_by_role("region", name="Your hand").get_by_role("button", name="(open)").first.click()
    moves = page.get_by_role("region", name="Your move")
    moves.get_by_role("button", name="Bid").wait_for()
    _carried_out(page)
    page.get_by_label("Amount").fill("1")
    moves.get_by_role("button", name="Bid").click()
    problem = page.get_by_role("alert").filter(has_text="A bid must be from")
    problem.wait_for()
    assert "seat" not in problem.inner_text() and "steps of 1,000 dollars" in problem.inner_text()
    assert page.get_by_label("Amount").is_editable()  # the page is not stuck


def test_the_lobby_works_on_a_phone(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, bypass_csp=True, has_touch=True)
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready]")
    assert page.evaluate(_PHONE_PROBLEMS) == []
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert httpx.get(server + (icon or ""), trust_env=False).status_code == 200
    page.get_by_role("button", name="Create table").click()
    page.get_by_role("region", name="Links").get_by_role("link").first.wait_for()
    assert page.evaluate(_PHONE_PROBLEMS) == []
    context.close()


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


def test_an_action_is_acknowledged_or_shown_as_not_sent(server: str, page: Page) -> None:
    """A connection that drops with an action on its way: after reconnecting, the page
    says "Not sent" if the seat's action count did not grow, and nothing if it did."""
    body = _create(server, FOUR, seed=11)
    _open(page, server + body["seats"][0]["url"])
    page.get_by_role("region", name="Your hand").get_by_role("button", name="(open)").first.click()
    moves = page.get_by_role("region", name="Your move")
    moves.get_by_role("button", name="Pass").wait_for()
    _carried_out(page)
    version = page.evaluate("document.body.dataset.version")
    # lost on the way: the frame never leaves, then the connection drops
    page.evaluate("table.socket.send = () => {}")
    moves.get_by_role("button", name="Pass").click()
    page.evaluate("table.socket.close()")
    page.get_by_role("alert").filter(has_text="Not sent").wait_for()
    page.wait_for_function(_ALL_ON)
    assert page.evaluate("document.body.dataset.version") == version
    # carried out, the answer lost: the frame leaves, the connection drops before the answer
    page.evaluate("""() => {
      const socket = table.socket;
      const send = socket.send.bind(socket);
      socket.send = (data) => { send(data); socket.close(); };
    }""")
    moves.get_by_role("button", name="Pass").click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}' && "
                           "!document.body.dataset.pending && document.body.dataset.online === '1'")
    assert page.locator("#problem").inner_text() == ""


def test_the_last_round_in_french_fits_a_phone(server: str, browser: Any) -> None:
    """The widest board: French words, three rounds of values and "worth now"."""
    from tests.web.conftest import first_move

    body = httpx.post(f"{server}/api/tables", trust_env=False, json={
        "variant": "hig-1992-en", "players": 4, "seats": FOUR, "seed": 2,
        "language": "fr"}).json()
    table, seat = body["id"], body["seats"][0]["url"].split("seat=")[1]
    for _ in range(5000):  # plain moves through the API until round 4 is under way
        state = httpx.get(f"{server}/api/tables/{table}/state", params={"seat": seat},
                          trust_env=False).json()
        if state["round"] == 4 and sum(state["view"]["counts"]) >= 2:
            break
        move = first_move(state)
        if move is not None:
            httpx.post(f"{server}/api/tables/{table}/actions", trust_env=False,
                       json={"seat": seat, "action": move})
    assert state["round"] == 4 and state["phase"] != "over"
    context = browser.new_context(viewport=PHONE, bypass_csp=True, has_touch=True)
    page = context.new_page()
    _open(page, server + body["seats"][0]["url"])
    assert "Vaut maintenant" in page.get_by_role("region", name="Tableau").inner_text()
    assert page.evaluate(_PHONE_PROBLEMS) == []
    context.close()


def test_the_lobby_lists_open_tables_to_take_and_watch(server: str, page: Page) -> None:
    """The lobby's list, as a server that lists tables answers it (``GET /api/tables``
    and ``POST /api/tables/<id>/join``, stood in for here): a free chair is taken with a
    click and its link opens; a game in progress can be watched."""
    body = _create(server, TWO_PEOPLE, seed=5)
    players = [{"seat": s, "name": f"Player {s + 1}", "person": s < 2} for s in range(4)]
    entry = {"id": body["id"], "title": "Modern Art", "variant": "hig-1992-en",
             "language": "en", "players": players, "version": 0,
             "free": [{"seat": 1, "name": "Player 2"}], "spectate": body["spectate"]}
    listing = {"waiting": [entry], "playing": [{**entry, "free": []}]}

    def tables(route: Any) -> None:
        if route.request.method == "GET":
            route.fulfill(json=listing)
        else:
            route.continue_()

    page.route("**/api/tables", tables)
    page.route(f"**/api/tables/{body['id']}/join", lambda route: route.fulfill(json={
        "seat": 1, "name": "Player 2", "url": body["seats"][1]["url"]}))
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready]")
    region = page.get_by_role("region", name="Open tables")
    assert region.get_by_role("link", name="Watch").count() == 2
    assert page.get_by_label("Private table").is_visible()  # (kept out of such a list)
    region.get_by_role("button", name="Take Player 2").click()
    page.wait_for_function("document.body.dataset.version !== undefined")
    assert "Player 2 (you)" in page.get_by_role("region", name="Players").inner_text()
