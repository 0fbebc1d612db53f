"""Reports: the verdict first, real tables, checked in Chromium; Markdown with PNGs."""

from __future__ import annotations

import base64
import re
import shutil
from pathlib import Path

import pytest

from auctionrules.cli import main
from auctionrules.lab import compare, simulate
from auctionrules.lab.report import write_report
from auctionrules.lab.verdict import verdict

pytest.importorskip("matplotlib", reason="the report extra is not installed")

PNG = b"\x89PNG\r\n\x1a\n"
CHROMIUM = "/usr/bin/chromium"

SPLIT = """\
id: hig-split
title: Hans im Glück 1992 with split double proceeds
extends: hig-1992-en
auctions:
  double:
    payee: split-equally
"""


@pytest.fixture(scope="module")
def summary_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    summary = simulate(
        "hig-1992-en", 4, 30, agents="random,random:bid_chance=0.2,random,random", seed=4
    ).summary()
    path = tmp_path_factory.mktemp("report") / "report.html"
    assert write_report(path, summary) == [path]
    return path


@pytest.fixture(scope="module")
def comparison_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("compare")
    split = folder / "split.yaml"
    split.write_text(SPLIT, encoding="utf-8")
    result = compare("hig-1992-en", split, 4, 30, seed=1).summary()
    path = folder / "compare.html"
    assert write_report(path, result) == [path]
    return path


def _images(text: str) -> list[str]:
    sources = re.findall(r'src="([^"]*)"', text)
    for source in sources:
        assert source.startswith("data:image/png;base64,")
        assert base64.b64decode(source.split(",", 1)[1]).startswith(PNG)
    assert not re.search(r'(href|src)="(https?:|//|file:)', text)
    return sources


def test_comparison_report_answers_first(comparison_report: Path) -> None:
    text = comparison_report.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    # the verdict, in words, before the first table; no text dumps
    verdict_at = text.index('id="verdict"')
    assert verdict_at < text.index("<table")
    assert ("hig-split differs from hig-1992-en in 2 rules: Optional rules offered and Who "
            "is paid for a double.") in text
    assert "<pre" not in text and " | " not in text.replace("<td>", "")
    # the rules' diff as prose and a table of every rule that differs
    assert "split equally between the two sellers" in text
    assert "<caption>Every rule that differs</caption>" in text
    # artists by name, players from 1, the tests named as the code runs them
    assert "Karl Gitter" in text and "karl-gitter" not in text
    assert "Player 1&#x27;s win rate" in text and "seat 0" not in text
    assert "cluster bootstrap" in text and "McNemar" in text and "Welch" not in text
    # the forest plot and five charts (one agent everywhere: seat balance is shown)
    assert len(_images(text)) == 6


def test_summary_report_has_tables_not_text(summary_report: Path) -> None:
    text = summary_report.read_text(encoding="utf-8")
    assert text.index('id="verdict"') < text.index("<table")
    assert "<pre" not in text and "Lite Metal" in text and "lite-metal" not in text
    # different agents rotate through the seats: no seat-balance chart, and it says why
    assert "balance between seats is not measured" in text
    # how rounds and games end: a table of the rounds, one of the games' ends, a plot
    assert text.index('id="endings"') < text.index('alt="How each round ends')
    assert ">Cards dealt a hand</th>" in text and "Every round played" in text
    assert len(_images(text)) == 4


def test_verdict_names_the_effect_and_its_interval() -> None:
    # Taiwan counts money in units a thousand times smaller than the 1992 edition
    result = compare("hig-1992-en", "taiwan", 3, 20, seed=1).summary()
    found = verdict(result)
    assert found.moved == "Under taiwan rather than hig-1992-en:"
    assert any(e.startswith("The final money is 1,000 times lower") for e in found.effects)
    mixed = compare("hig-1992-en", "hig-1992-en", 3, 6, "heuristic,random,random",
                    seed=1).summary()
    found = verdict(mixed)
    assert found.rules.endswith("have the same rules: any difference below is chance alone.")
    assert found.moved.startswith("No figure moves beyond chance")
    assert "not measured" in found.seats
    assert found.agents[0].startswith("heuristic still wins")


@pytest.mark.parametrize("report", ["comparison_report", "summary_report"])
def test_report_in_chromium_at_1280_px(report: str, request: pytest.FixtureRequest) -> None:
    """Rendered by a real browser: nothing wider than the page, every image decoded,
    the verdict above the first table."""
    playwright = pytest.importorskip("playwright.sync_api", reason="playwright not installed")
    if not Path(CHROMIUM).is_file() and shutil.which("chromium") is None:
        pytest.skip("no chromium installed (Debian: apt-get install chromium)")
    path: Path = request.getfixturevalue(report)
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM if Path(CHROMIUM).is_file() else shutil.which("chromium"),
            args=["--no-sandbox"],
        )
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(path.resolve().as_uri())
            widths = page.evaluate(
                "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
            )
            assert widths[0] <= widths[1] == 1280
            wide = page.evaluate(
                "[...document.querySelectorAll('body *')]"
                ".filter(e => e.getBoundingClientRect().right > 1280).map(e => e.tagName)"
            )
            assert wide == []
            images = page.evaluate(
                "[...document.images].map(i => [i.complete, i.naturalWidth, i.alt])"
            )
            assert images and all(done and width > 0 for done, width, _ in images), images
            tops = page.evaluate(
                "[document.getElementById('verdict').getBoundingClientRect().top,"
                " document.querySelector('table').getBoundingClientRect().top]"
            )
            assert tops[0] < tops[1]
        finally:
            browser.close()


def test_markdown_report_with_pngs_beside(tmp_path: Path) -> None:
    result = compare("hig-1992-en", "hig-1992-fr", 4, 20, seed=1).summary()
    written = write_report(tmp_path / "out" / "cmp.md", result)
    assert [p.name for p in written] == [
        "cmp.md", "cmp-forest.png", "cmp-money.png", "cmp-seats.png", "cmp-rounds.png",
        "cmp-artists.png", "cmp-prices.png",
    ]
    text = written[0].read_text(encoding="utf-8")
    assert text.startswith("# hig-1992-en vs hig-1992-fr: 20 games")
    assert text.index("## Verdict") < text.index("| Rule | A: hig-1992-en | B: hig-1992-fr |")
    assert "![Seat balance: win rate per player (95% Wilson interval)](cmp-seats.png)" in text
    assert all(p.read_bytes().startswith(PNG) for p in written[1:])


def test_cli_report_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.html"
    assert main(["compare", "hig-1992-en", "taiwan", "-p", "3", "-g", "8", "-q",
                 "--report", str(out)]) == 0
    assert f"report: {out}" in capsys.readouterr().err
    assert "<title>hig-1992-en vs taiwan: 8 games</title>" in out.read_text(encoding="utf-8")
    assert main(["simulate", "hig-1992-en", "-g", "3", "-q", "--report",
                 str(tmp_path / "r.pdf")]) == 2
    assert "a report is .html or .md" in capsys.readouterr().err
    assert not (tmp_path / "r.pdf").exists()


def test_effects_in_words() -> None:
    from auctionrules.lab.comparison import Row
    from auctionrules.lab.stats import Ratio, Significance
    from auctionrules.lab.verdict import effect

    price = Row("auctions", "price of open", "mean", 60_000, 49_800,
                Significance(-10_200, -5.0, 1e-6, -12_600, -7_800), "cluster-bootstrap",
                holm=True, ratio=Ratio(-0.17, -0.21, -0.12))
    assert effect(price, {}) == (
        "The price of open auctions is 17 % lower (95 % CI 12\u201321 %): 49,800 instead of "
        "60,000."
    )
    margin = Row("money", "margin of random over the best rival", "mean", -600_000, -300_000,
                 Significance(300_000, 9.0, 1e-9, 250_000, 350_000), "paired-t",
                 ratio=Ratio(-0.5, -0.55, -0.45))
    assert effect(margin, {}).startswith(
        "Random's margin over the best rival is 2.0 times smaller")
    value = Row("artists", "final value of karl-gitter", "mean", 50_000, 55_000,
                Significance(5_000, 3.0, 0.003, 2_000, 8_000), "paired-t",
                ratio=Ratio(0.1, 0.04, 0.16))
    assert effect(value, {"karl-gitter": "Karl Gitter"}).startswith(
        "Karl Gitter's final value is 10 % higher (95 % CI 4\u201316 %)")
    seat = Row("win rate", "seat 1", "rate", 0.25, 0.30,
               Significance(0.05, 2.5, 0.01, 0.01, 0.09), "mcnemar")
    assert effect(seat, {}) == (
        "Player 2's win rate is 30.0% instead of 25.0% (+5.0 points, 95 % CI +1.0 points to "
        "+9.0 points)."
    )


@pytest.mark.parametrize("swapped", [False, True])
def test_each_ruleset_keeps_its_own_rule_table(swapped: bool) -> None:
    """A fifth round added by B is in B's table, and swapping A and B leaves no empty
    cell: tables with different columns are shown whole, each under its ruleset."""
    from auctionrules.lab.blocks import Table
    from auctionrules.lab.compare_report import comparison_blocks

    five = Path(__file__).parents[2] / "docs" / "examples" / "five-rounds.yaml"
    sides = (five, "hig-1992-en") if swapped else ("hig-1992-en", five)
    result = compare(*sides, 4, 4, seed=1).summary()
    tables = [b for b in comparison_blocks(result) if isinstance(b, Table)
              and b.header[:2] in {("Players", "Round 1"), ("Rulebook", "Players")}]
    by_side: dict[str, Table] = {}
    for table in tables:  # (the deal's table, then the dummy hands')
        by_side.setdefault(table.caption, table)
    assert set(by_side) == {"hig-1992-en", "hig-1992-en-five-rounds"}
    assert by_side["hig-1992-en-five-rounds"].header[-1] == "Round 5"
    assert ("4 players", "8", "3", "3", "2", "1") in by_side["hig-1992-en-five-rounds"].rows
    assert by_side["hig-1992-en"].header[-1] == "Round 4"
    assert ("4 players", "9", "4", "4", "0") in by_side["hig-1992-en"].rows
    assert all(cell for table in tables for row in table.rows for cell in row)
