"""Make the screenshots of ``docs/web.rst``: the lobby and a table, in headless chromium.

``PYTHONPATH=src python docs/examples/web_screenshots.py`` (the web extra, Playwright
for Python and Debian's ``chromium``) writes ``docs/images/web-lobby.png`` and
``docs/images/web-table.png`` (made small by Pillow): a seeded table, one person
against three heuristic bots, a few lots in, the person asked to bid.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import httpx
from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.web.servers import thread_server  # noqa: E402

IMAGES = ROOT / "docs" / "images"


def main() -> None:
    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("no chromium on PATH (Debian: apt-get install chromium)")
    with tempfile.TemporaryDirectory() as data, thread_server(Path(data), 0.0) as base, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium)
        page = browser.new_page(viewport={"width": 900, "height": 800}, bypass_csp=True)
        page.goto(base + "/")
        page.wait_for_selector("body[data-ready]")
        page.get_by_label("Chair 1", exact=True).select_option("ismcts")
        page.screenshot(path=IMAGES / "web-lobby.png")
        body = httpx.post(f"{base}/api/tables", trust_env=False, json={
            "variant": "hig-1992-en", "players": 4, "seed": 11,
            "seats": ["person", "heuristic", "heuristic", "heuristic"]}).json()
        page.goto(base + body["seats"][0]["url"])
        page.wait_for_selector("#hand-cards li")
        hand = page.get_by_role("region", name="Your hand")
        moves = page.get_by_role("region", name="Your move")
        for _ in range(200):  # a few lots in: lead a card, pass in the auctions
            page.wait_for_function("!document.body.dataset.pending && "
                                   "!document.getElementById('moves').hidden")
            sold = page.locator("#log-lines li", has_text="->").count()
            if sold >= 4 and moves.get_by_role("button", name="Bid").is_visible():
                break
            if hand.get_by_role("button").count():
                hand.get_by_role("button").first.click()
            else:
                moves.get_by_role("button", name="Pass").click()
        page.screenshot(path=IMAGES / "web-table.png")
        browser.close()
    for name in ("web-lobby.png", "web-table.png"):  # a 64-colour palette: small files
        with Image.open(IMAGES / name) as image:
            image.convert("RGB").quantize(64).save(IMAGES / name, optimize=True)


if __name__ == "__main__":
    main()
