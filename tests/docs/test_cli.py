"""``auctionrules docs`` and ``auctionrules diff`` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "auctionrules", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result


def test_docs_markdown() -> None:
    result = run("docs", "hig-1992-en", "--format", "md")
    assert result.returncode == 0
    assert result.stdout.startswith("# Modern Art (Hans im Glück 1992, English translation)\n")
    assert "## Setup" in result.stdout


def test_docs_rst_french_to_file(tmp_path: Path) -> None:
    out = tmp_path / "regles.rst"
    result = run("docs", "hig-1992-fr", "--format", "rst", "--lang", "fr", "-o", str(out))
    assert result.returncode == 0 and result.stdout == ""
    text = out.read_text(encoding="utf-8")
    assert "Préparation\n-----------" in text
    assert "100\u00a0000\u00a0$" in text


def test_docs_of_a_file() -> None:
    result = run("docs", "docs/examples/club.yaml")
    assert result.returncode == 0
    assert "a player who passes drops out of the auction for good" in result.stdout


def test_docs_errors() -> None:
    unknown = run("docs", "no-such-edition")
    assert unknown.returncode == 2 and "unknown variant: 'no-such-edition'" in unknown.stderr
    missing = run("docs", "missing.yaml")
    assert missing.returncode == 2 and "missing.yaml: no such file" in missing.stderr
    # a record that cannot be written is said before the game, not after it
    for where, why in (("README.md/game.json", "cannot write README.md/game.json"),
                       ("docs", "it is a directory")):
        record = run("play", "hig-1992-en", "--agents", "heuristic", "--record", where)
        assert record.returncode == 2 and why in record.stderr and not record.stdout
    folder = run("docs", "docs/examples/")
    assert folder.returncode == 2
    assert "docs/examples/: a directory, not a ruleset file" in folder.stderr
    lang = run("docs", "hig-1992-en", "--lang", "de")
    assert lang.returncode == 2 and "unsupported language: 'de'" in lang.stderr


def test_docs_of_an_invalid_file_prints_the_problems(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\ntitle: Bad\nextends: hig-1992-en\nrounds: many\n", encoding="utf-8")
    result = run("docs", str(bad))
    assert result.returncode == 1
    assert "bad.yaml" in result.stderr and "rounds" in result.stderr
    assert result.stdout == ""


def test_docs_of_an_optional_module_that_does_not_fit(tmp_path: Path) -> None:
    """A house file offering the mystery hand with a dummy deal its deck cannot serve:
    the rulebook does not describe an impossible deal; the problem is printed (exit 1)."""
    house = tmp_path / "house.yaml"
    house.write_text(
        "id: house\ntitle: House\nextends: hig-1992-en\noptional_modules: [mystery-hand]\n"
        "player_counts: {'3': {dummy_hands: {deal: [10, 6, 6, 0]}}}\n",
        encoding="utf-8",
    )
    result = run("docs", str(house))
    assert result.returncode == 1
    assert "deal needs 4 x 22 = 88 cards" in result.stderr
    assert result.stdout == ""
    compared = run("diff", "hig-1992-en", str(house))  # invalid: 1, as from every command
    assert compared.returncode == 1
    assert "deal needs 4 x 22 = 88 cards" in compared.stderr


def test_diff_exit_codes_and_text() -> None:
    same = run("diff", "hig-1992-en", "hig-1992-en")
    assert same.returncode == 0
    assert same.stdout == "hig-1992-en and hig-1992-en have the same rules.\n"
    differ = run("diff", "hig-1992-en", "hig-1992-fr")
    assert differ.returncode == 3
    assert "The auctions › Double auction" in differ.stdout
    assert "  hig-1992-fr: A card drawn at random from the dummy hand is turned over." in (
        differ.stdout
    )


def test_diff_json() -> None:
    result = run("diff", "hig-1992-en", "hig-1992-fr", "--format", "json")
    assert result.returncode == 3
    data = json.loads(result.stdout)
    assert {"path": "auctions.double.payee", "a": "adder", "b": "split-equally"} in data["options"]


@pytest.mark.parametrize("args", [("hig-1992-en", "nope"), ("nope.yaml", "hig-1992-en")])
def test_diff_errors_exit_2(args: tuple[str, str]) -> None:
    result = run("diff", *args)
    assert result.returncode == 2
    assert result.stderr


def test_play_makes_the_folder_of_its_record(tmp_path: Path) -> None:
    """As the lab makes the folder of its results."""
    record = tmp_path / "games" / "today" / "game.json"
    done = run("play", "hig-1992-en", "--seed", "3", "--record", str(record), "-q")
    assert done.returncode == 0
    assert json.loads(record.read_text(encoding="utf-8"))["seed"] == 3
