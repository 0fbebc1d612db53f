"""Make the screenshots of ``docs/web.rst``: the lobby and a table, in headless chromium.

``PYTHONPATH=src python docs/examples/web_screenshots.py`` (the web extra, Playwright
for Python and Debian's ``chromium``) writes into ``docs/images/``
``web-lobby.png``, ``web-table.png`` (a desktop window)
and ``web-table-phone.png`` (390 x 844, a phone), made small by Pillow: a seeded
table, one person against three heuristic bots, in the second round, the person
asked to bid. ``--out DIR`` writes them elsewhere (to look at them before replacing).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.web.servers import thread_server  # noqa: E402

IMAGES = ROOT / "docs" / "images"
DESKTOP = {"width": 1200, "height": 860}
PHONE = {"width": 390, "height": 844}


def _play_to_a_bid(page: Any) -> None:
    """Lead a card when asked, pass or decline otherwise, until the second round has
    begun and the person is asked to bid."""
    hand = page.get_by_role("region", name="Your hand")
    moves = page.get_by_role("region", name="Your move")
    for _ in range(300):
        page.wait_for_function("!document.body.dataset.pending && "
                               "document.body.classList.contains('my-turn')")
        later = page.evaluate("table.state.round") >= 2  # values on the board
        if later and moves.get_by_role("button", name="Bid").is_visible():
            page.mouse.move(0, 0)  # (no button drawn as hovered)
            return
        if hand.get_by_role("button").count():
            hand.get_by_role("button").first.click()
            continue
        for name in ("Pass", "No second card", "Price"):
            control = moves.get_by_role("button", name=name, exact=True)
            if control.is_visible():
                control.click()
                break
        else:
            moves.get_by_role("button").first.click()
    raise RuntimeError("the person was never asked to bid")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=IMAGES)
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("no chromium on PATH (Debian: apt-get install chromium)")
    names = []
    with tempfile.TemporaryDirectory() as data, thread_server(Path(data), 0.0) as base, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium)
        for suffix, viewport in (("", DESKTOP), ("-phone", PHONE)):
            page = browser.new_page(viewport=viewport, bypass_csp=True,
                                    device_scale_factor=1 if suffix == "" else 2)
            page.goto(base + "/")
            page.wait_for_selector("body[data-ready]")
            page.get_by_label("Player 2", exact=True).select_option("ismcts")
            if not suffix:
                page.screenshot(path=out / "web-lobby.png", full_page=True)
                names.append("web-lobby.png")
            body = httpx.post(f"{base}/api/tables", trust_env=False, json={
                "variant": "hig-1992-en", "players": 4, "seed": 11,
                "seats": ["person", "heuristic", "heuristic", "heuristic"]}).json()
            page.goto(base + body["seats"][0]["url"])
            page.wait_for_selector("#hand-cards li")
            _play_to_a_bid(page)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=out / f"web-table{suffix}.png", full_page=suffix == "")
            names.append(f"web-table{suffix}.png")
            page.close()
        browser.close()
    for name in names:  # a 128-colour palette: small files, the artists' colours kept
        with Image.open(out / name) as image:
            image.convert("RGB").quantize(128).save(out / name, optimize=True)


if __name__ == "__main__":
    main()
