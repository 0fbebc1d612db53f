"""The ``auctionrules-compare`` directive in a throwaway Sphinx project, as the docs use it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from auctionrules.loader import validate_file

pytest.importorskip("matplotlib", reason="the report extra is not installed")

ROOT = Path(__file__).resolve().parents[2]
SPLIT = ROOT / "docs" / "examples" / "split-double.yaml"


def build(tmp_path: Path, page: str) -> tuple[str, str, Path]:
    """Build a one-page project with ``sphinx-build`` in its own process (several
    Sphinx applications in one process warn about docutils nodes registered twice)."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        'extensions = ["auctionrules.lab.sphinx"]\nexclude_patterns = ["generated"]\n',
        encoding="utf-8",
    )
    (src / "split.yaml").write_text(SPLIT.read_text(encoding="utf-8"), encoding="utf-8")
    (src / "index.rst").write_text(page, encoding="utf-8")
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src), str(out)],
        capture_output=True, text=True, check=False, timeout=600,
    )
    html = (out / "index.html").read_text(encoding="utf-8")
    return html, done.stderr, out


def test_the_tutorials_house_rule_is_valid() -> None:
    assert validate_file(SPLIT) == []


def test_compare_directive_tabulates_and_plots(tmp_path: Path) -> None:
    html, warnings, out = build(tmp_path, (
        "Balance\n=======\n\n"
        ".. auctionrules-compare:: hig-1992-en split.yaml\n   :players: 3\n   :games: 12\n"
        "   :seed: 2\n"
    ))
    assert warnings == ""
    assert "Rules that differ between" in html and "hig-1992-en-split-double" in html
    assert "split equally" in html
    assert "win rate: Player 3" in html and "seat 2" not in html
    assert "money: winner’s margin" in html.replace("'", "’")
    # the verdict comes first, the tests are named as the code runs them
    assert html.index("differs from hig-1992-en in") < html.index("Rules that differ between")
    assert "cluster bootstrap" in html and "Welch" not in html
    images = sorted(p.name for p in (out / "_images").iterdir())
    # the forest plot and five charts (one agent in every seat: seat balance is shown)
    assert len(images) == 6 and all(name.endswith(".png") for name in images)
    assert all(f'src="_images/{name}"' in html for name in images)


def test_compare_directive_reports_a_bad_ruleset(tmp_path: Path) -> None:
    _, warnings, _ = build(tmp_path, (
        "Balance\n=======\n\n.. auctionrules-compare:: hig-1992-en no-such-edition\n"
    ))
    assert "auctionrules-compare:" in warnings and "no-such-edition" in warnings
