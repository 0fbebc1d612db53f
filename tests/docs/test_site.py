"""The documentation site: one page per variant, README commands, tutorial example, extension.

The extension is checked in a throwaway Sphinx project, as another project would
use it; the full site is built by CI (``sphinx-build -W``).
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from sphinx.application import Sphinx

from auctionrules import resources
from auctionrules.cli.reference import cli_rst, subcommands
from auctionrules.loader import load_ruleset, validate_file
from auctionrules.rulebook.reference import entries, schema_rst

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def readme_block(marker: str) -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"<!-- {marker} -->\n```\w*\n(.*?)```", readme, re.S)
    assert match, marker
    return match.group(1).strip()


@pytest.mark.parametrize("marker", ["main-command", "test-command"])
def test_getting_started_includes_the_readme_commands(marker: str) -> None:
    page = (DOCS / "getting-started.rst").read_text(encoding="utf-8")
    assert f"   :start-after: <!-- {marker} -->\n   :lines: 2\n" in page
    # what the literalinclude picks: the second line after the marker, below the fence
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    picked = lines[lines.index(f"<!-- {marker} -->") + 2]
    assert picked == readme_block(marker)


def test_every_bundled_variant_has_a_rulebook_page() -> None:
    index = (DOCS / "variants" / "index.rst").read_text(encoding="utf-8")
    for variant in resources.bundled_variant_ids():
        page = (DOCS / "variants" / f"{variant}.rst").read_text(encoding="utf-8")
        assert f".. auctionrules-rulebook:: {variant}\n" in page
        assert f"   {variant}\n" in index
    french = (DOCS / "variants" / "hig-1992-fr.rst").read_text(encoding="utf-8")
    assert "   :lang: fr\n" in french and "   :lang: en\n" in french


def test_tutorial_example_is_valid_and_shown() -> None:
    example = DOCS / "examples" / "club.yaml"
    assert validate_file(example) == []
    club = load_ruleset(example)
    assert club.auctions.open.ending == "pass-is-final"
    assert club.player_count(3).dummy_hands.hands == 1
    assert ".. literalinclude:: examples/club.yaml" in (DOCS / "tutorial.rst").read_text(
        encoding="utf-8"
    )


def test_reliability_stub_is_in_the_toctree() -> None:
    assert "   reliability\n" in (DOCS / "index.rst").read_text(encoding="utf-8")
    assert (DOCS / "reliability.rst").is_file()


def test_schema_reference_lists_every_option() -> None:
    paths = {e.path for e in entries()}
    for path in ("auctions.double.payee", "auctions.double.split.odd_unit_to",
                 "player_counts.N.dummy_hands.flip.card", "theme.artists[].split.open",
                 "scoring.ranking", "money.starting_cash", "theme.currency.format"):
        assert path in paths
    text = schema_rst()
    assert "``auctions.double.payee``" in text
    assert "default ``adder``" in text
    assert "values ``adder``, ``auctioneer``, ``split-equally``" in text
    assert "custom strategy" in text


def test_cli_reference_covers_every_subcommand() -> None:
    names = set(subcommands())
    assert {"validate", "docs", "diff"} <= names
    text = cli_rst()
    for name in names:
        assert f"auctionrules {name}\n" in text
    assert "--format {md,rst,html}" in text


def build(tmp_path: Path, page: str) -> tuple[str, str]:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["auctionrules.sphinxext"]\n', encoding="utf-8")
    (src / "index.rst").write_text(page, encoding="utf-8")
    (src / "club.yaml").write_text(
        (DOCS / "examples" / "club.yaml").read_text(encoding="utf-8").replace(
            "extends: hig-1992-en", "extends: hig-1992-en"), encoding="utf-8")
    warnings: list[str] = []

    class Stream:
        def write(self, text: str) -> None:
            warnings.append(text)

        def flush(self) -> None:
            pass

    app = Sphinx(str(src), str(src), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html",
                 status=None, warning=Stream(), freshenv=True)
    app.build()
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    return html, "".join(warnings)


def test_extension_in_another_project(tmp_path: Path) -> None:
    html, warnings = build(tmp_path, (
        "Rules\n=====\n\n"
        ".. auctionrules-rulebook:: taiwan\n   :lang: fr\n   :no-example:\n\n"
        "Club\n====\n\n.. auctionrules-rulebook::\n   :path: club.yaml\n   :title:\n\n"
        "Options\n=======\n\n.. auctionrules-schema::\n\n"
        "Commands\n========\n\n.. auctionrules-cli::\n"
    ))
    assert warnings == ""
    assert "Paysages internationaux" in html
    assert "<h2>Préparation" in html
    assert "Our club’s Modern Art" in html or "Our club's Modern Art" in html
    assert "a player who passes drops out of the auction for good" in html
    assert "auctions.double.payee" in html
    assert "auctionrules docs" in html


def test_extension_applies_modules_as_the_cli_does(tmp_path: Path) -> None:
    """``:module:`` as ``--module``: the same rulebook as ``auctionrules docs ID --module M``."""
    from auctionrules.rulebook import build_document, rst

    html, warnings = build(tmp_path, (
        "Rules\n=====\n\n"
        ".. auctionrules-rulebook:: hig-1992-en\n   :module: mystery-hand\n   :no-example:\n"
    ))
    # a second Sphinx app in one process re-registers Sphinx's own nodes: not ours
    assert [w for w in warnings.splitlines() if "already registered" not in w] == []
    plain = build_document(load_ruleset("hig-1992-en"), example=False)
    moduled = build_document(load_ruleset("hig-1992-en", ["mystery-hand"]), example=False)
    new = set(rst.render(moduled).splitlines()) - set(rst.render(plain).splitlines())
    sentence = max((line.strip() for line in new if "dummy" in line.lower()), key=len)
    assert sentence.split("*")[0][:40] in html.replace("’", "'")
    (tmp_path / "bad").mkdir()
    _, warned = build(tmp_path / "bad", (
        "Rules\n=====\n\n.. auctionrules-rulebook:: hig-1992-en\n   :module: mystery-hnad\n"
    ))
    assert "mystery-hnad" in warned


def test_extension_reports_a_bad_ruleset(tmp_path: Path) -> None:
    _, warnings = build(tmp_path, "Rules\n=====\n\n.. auctionrules-rulebook:: no-such-edition\n")
    assert "cannot load ruleset 'no-such-edition'" in warnings


def test_extension_metadata() -> None:
    from auctionrules import sphinxext

    class App:
        def __init__(self) -> None:
            self.directives: list[str] = []

        def add_directive(self, name: str, cls: object) -> None:
            self.directives.append(name)

    app = App()
    meta = sphinxext.setup(app)  # type: ignore[arg-type]
    assert meta["parallel_read_safe"] is True
    assert app.directives == ["auctionrules-rulebook", "auctionrules-schema", "auctionrules-cli"]


BLOCKER = '''
import sys


class Missing:
    """Imports of the rl extra's libraries fail, as where only the docs extra is installed."""

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"gymnasium", "pettingzoo", "pyspiel"}:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Missing())
'''


def test_the_site_builds_without_the_rl_extra(tmp_path: Path) -> None:
    """``pip install '.[docs]'`` then ``sphinx-build``: the API pages of the
    reinforcement-learning adapters import libraries only the ``rl`` extra brings."""
    import os
    import subprocess
    import sys

    (tmp_path / "sitecustomize.py").write_text(BLOCKER, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT / "src")])}
    built = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-b", "html", str(DOCS),
         str(tmp_path / "html")],
        env=env, capture_output=True, text=True, check=False, timeout=900,
    )
    assert built.returncode == 0, built.stderr
    page = (tmp_path / "html" / "rl-gymnasium.html").read_text(encoding="utf-8")
    assert "ModernArtEnv" in page


@pytest.mark.slow
def test_a_published_ladder_is_what_its_command_prints_today() -> None:
    """``docs/ladder.rst`` says each table is what the command above it prints, on any
    machine: the French edition's (its games differ from the others') is played
    again, here, and must be the file byte for byte. A change to the engine or the
    agents that changes their games must publish the ladders again."""
    page = (ROOT / "docs" / "ladder.rst").read_text(encoding="utf-8")
    command, table = re.search(
        r"   (auctionrules ladder hig-1992-fr .+)\n\n\.\. raw:: html\n   :file: (.+)\n", page
    ).groups()  # type: ignore[union-attr]
    done = subprocess.run(
        [sys.executable, "-m", *shlex.split(command), "-q", "--jobs", "2"],
        capture_output=True, text=True, timeout=900, check=True, cwd=ROOT,
    )
    assert done.stdout == (ROOT / "docs" / table).read_text(encoding="utf-8")
