"""Reports: a standalone HTML file checked in a real headless browser, Markdown with PNGs."""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from auctionrules.cli import main
from auctionrules.lab import compare, simulate
from auctionrules.lab.report import write_report

pytest.importorskip("matplotlib", reason="the report extra is not installed")

PNG = b"\x89PNG\r\n\x1a\n"
#: matplotlib's first colour (C0), the histogram's line and the first bars.
C0 = (31, 119, 180)


@pytest.fixture(scope="module")
def html_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    summary = simulate(
        "hig-1992-en", 4, 40, agents="random,random:bid_chance=0.2,random,random", seed=4
    ).summary()
    path = tmp_path_factory.mktemp("report") / "report.html"
    assert write_report(path, summary) == [path]
    return path


def test_html_stands_alone(html_report: Path) -> None:
    text = html_report.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "Win rate (95% Wilson interval" in text
    sources = re.findall(r'src="([^"]*)"', text)
    assert len(sources) == 4
    for source in sources:
        assert source.startswith("data:image/png;base64,")
        assert base64.b64decode(source.split(",", 1)[1]).startswith(PNG)
    assert not re.search(r'(href|src)="(https?:|//|file:)', text)


def test_html_renders_in_a_headless_browser(html_report: Path, tmp_path: Path) -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no chromium installed (Debian: apt-get install chromium)")
    shot = tmp_path / "shot.png"
    done = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}", f"--screenshot={shot}",
         "--window-size=1200,2000", html_report.resolve().as_uri()],
        capture_output=True, text=True, timeout=180, check=False,
    )
    assert shot.is_file(), done.stderr[-2000:]
    from matplotlib.image import imread

    pixels = imread(shot)
    assert pixels.shape[:2] == (2000, 1200)
    rgb = (pixels[:, :, :3] * 255).round().astype(int)
    # not blank: text, plot frames and colours
    assert len({tuple(p) for p in rgb[::7, ::7].reshape(-1, 3).tolist()}) > 50
    # the embedded plots were decoded and drawn: pixels of matplotlib's first colour
    near_c0 = (abs(rgb - C0).max(axis=2) <= 30).sum()
    assert near_c0 > 500


def test_markdown_report_with_pngs_beside(tmp_path: Path) -> None:
    result = compare("hig-1992-en", "hig-1992-fr", 4, 20, seed=1).summary()
    written = write_report(tmp_path / "out" / "cmp.md", result)
    assert [p.name for p in written] == [
        "cmp.md", "cmp-money.png", "cmp-seats.png", "cmp-artists.png", "cmp-prices.png"
    ]
    text = written[0].read_text(encoding="utf-8")
    assert text.startswith("# hig-1992-en vs hig-1992-fr: 20 games")
    assert "![Win rate per seat (95% Wilson interval)](cmp-seats.png)" in text
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
