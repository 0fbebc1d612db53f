"""``auctionrules docs --format html``: one self-contained page that prints as a book.

The page is checked as a file (no script, no link out, a print style sheet) and, where
a Chromium is installed, printed to PDF by it (Playwright's ``page.pdf``): the book
has pages, A4, the rules before the designers' section, which starts a page.
"""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from auctionrules import resources
from auctionrules.cli import main
from auctionrules.loader import load_ruleset
from auctionrules.rulebook import render
from auctionrules.rulebook.html import PAGE_OF_THEIR_OWN


class _Tags(HTMLParser):
    """The tags of a page and the attributes that could fetch something."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.fetch: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.fetch += [f"{tag} {k}={v}" for k, v in attrs if k in ("src", "href")]
        if tag not in ("meta", "br", "img", "link"):
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, (self.open[-3:], tag)
        self.open.pop()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("variant", resources.bundled_variant_ids())
def test_the_html_book_stands_alone(variant: str, lang: str) -> None:
    page = render(load_ruleset(variant), format="html", lang=lang)
    tags = _Tags()
    tags.feed(page)
    assert tags.open == [], "every element is closed"
    assert {"script", "link", "img", "nav", "iframe"}.isdisjoint(tags.tags)
    assert tags.fetch == []
    assert f'<html lang="{lang}">' in page and '<meta charset="utf-8">' in page
    assert "@media print" in page and "@page" in page and "break-before: page" in page
    assert '<section class="new-page" id="designer">' in page
    assert page.count("<table>") >= 3


def test_docs_writes_the_html_book(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "book.html"
    assert main(["docs", "hig-1992-fr", "--format", "html", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "Vente à la banque" in text
    assert main(["docs", "hig-1992-en", "--format", "html", "--players-only"]) == 0
    assert 'id="designer"' not in capsys.readouterr().out


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium to print with")
def test_chromium_prints_the_book_with_the_designers_section_on_a_page_of_its_own(
    tmp_path: Path,
) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    page_file = tmp_path / "book.html"
    page_file.write_text(render(load_ruleset("hig-1992-en"), format="html"), encoding="utf-8")
    pdf = tmp_path / "book.pdf"
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.goto(page_file.as_uri())
            page.pdf(path=str(pdf), prefer_css_page_size=True)
            # the print style is the one in force when printing
            page.emulate_media(media="print")
            starts = page.evaluate(
                "ids => ids.map(id => { const s = document.getElementById(id);"
                " return s ? getComputedStyle(s).breakBefore : null; })",
                list(PAGE_OF_THEIR_OWN),
            )
        finally:
            browser.close()
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", data))
    assert 3 <= pages <= 12, pages
    assert starts[PAGE_OF_THEIR_OWN.index("designer")] == "page"
    sizes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)", data)
    assert sizes and all(abs(float(w) - 595) < 2 and abs(float(h) - 842) < 2 for w, h in sizes)
