"""``diff``: exactly the rules that differ, in prose and as option paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from auctionrules.loader import load_ruleset
from auctionrules.rulebook.diff import OptionChange, RulesDiff, diff, flatten, option_changes


def test_identical_rulesets() -> None:
    result = diff(load_ruleset("hig-1992-en"), load_ruleset("hig-1992-en"))
    assert result.identical
    assert result.options == () and result.sections == ()
    assert result.to_text() == "hig-1992-en and hig-1992-en have the same rules.\n"


def test_english_and_french_hans_im_gluck_editions() -> None:
    result = diff(load_ruleset("hig-1992-en"), load_ruleset("hig-1992-fr"))
    paths = {o.path: (o.a, o.b) for o in result.options}
    # 001 vs 004: the double-auction payee and the mystery hand's card
    assert paths["auctions.double.payee"] == ("adder", "split-equally")
    assert paths["player_counts.3.dummy_hands.flip.card"] == ("top", "random")
    assert paths["theme.currency.format"] == ("{amount}", "${amount}")
    assert paths["optional_modules"] == (["mystery-hand"], ["mystery-hand", "single-beneficiary"])
    assert "title" not in paths and "notes" not in paths and "source" not in paths
    sections = {s.key: s for s in result.sections}
    double = sections["auctions.double"]
    assert any("receives the whole price" in t for t in double.a)
    assert any("split equally" in t for t in double.b)
    assert any("odd 1,000" in t or "odd $1.000" in t for t in double.b)
    mystery = sections["optional_modules.0"]
    assert mystery.a == ("The top card of the dummy hand is turned over.",)
    assert mystery.b == ("A card drawn at random from the dummy hand is turned over.",)
    # rules both editions share are not listed
    text = result.to_text()
    assert "sealed" not in text.lower()
    assert "The youngest player" not in text


def test_prose_is_grouped_by_section_and_in_the_chosen_language() -> None:
    text = diff(load_ruleset("hig-1992-en"), load_ruleset("hig-1992-fr"), "fr").to_text()
    assert text.startswith("Règles qui diffèrent entre hig-1992-en et hig-1992-fr :\n")
    assert "Les ventes aux enchères › Double enchère\n" in text
    assert "  hig-1992-fr: Quand un autre joueur a posé la deuxième carte" in text


def test_json_form() -> None:
    data = diff(load_ruleset("boardpia-modern"), load_ruleset("boardpia-renaissance")).to_dict()
    assert data["identical"] is False
    assert {"path": "theme.artists.0.name", "a": "Édouard Manet", "b": "Jan van Eyck"} in (
        data["options"]
    )
    assert all(set(s) == {"section", "title", "a", "b"} for s in data["sections"])


def test_a_variant_file_against_its_base(tmp_path: Path) -> None:
    path = tmp_path / "quiet.yaml"
    path.write_text(
        "id: quiet\ntitle: Quiet\nextends: hig-1992-en\nmoney: {public_prices: false}\n",
        encoding="utf-8",
    )
    result = diff(load_ruleset("hig-1992-en"), load_ruleset(path))
    assert "money.public_prices" in [o.path for o in result.options]
    assert "  quiet: Prices are paid in secret" in result.to_text()
    assert "Setup\n" in result.to_text()


def test_options_no_sentence_states_are_shown_with_both_values() -> None:
    change = OptionChange("money.screens", True, None)
    text = RulesDiff("a", "b", "en", (change,), (), (change,)).to_text()
    assert text.splitlines()[-1] == "Screens: true / -"


def test_flatten_and_changes() -> None:
    assert dict(flatten({"a": {"b": 1, "c": [1, 2]}, "d": [{"e": 3}]})) == {
        "a.b": 1, "a.c": [1, 2], "d.0.e": 3,
    }
    changes = option_changes({"id": "x", "rounds": 4}, {"id": "y", "rounds": 5, "no_bid": "unsold"})
    assert [(c.path, c.a, c.b) for c in changes] == [("rounds", 4, 5), ("no_bid", None, "unsold")]


@pytest.mark.parametrize("other", ["taiwan", "cmon-2017", "boardpia-modern"])
def test_every_differing_option_is_reported(other: str) -> None:
    result = diff(load_ruleset("hig-1992-en"), load_ruleset(other))
    assert not result.identical
    assert result.sections
    assert "auctions.double.payee" in {o.path for o in result.options} or other == "taiwan"


def test_an_optional_rule_made_a_rule_is_reported_on_both_sides() -> None:
    # hig-1992-en offers the mystery hand as an option; the tutorial's club applies it
    club = load_ruleset(Path(__file__).resolve().parents[2] / "docs" / "examples" / "club.yaml")
    result = diff(load_ruleset("hig-1992-en"), club)
    sections = {s.key: s for s in result.sections}
    assert "The top card of the dummy hand is turned over." in sections["players"].b
    assert "The top card of the dummy hand is turned over." in sections["optional_modules.0"].a
    assert any("Dummy hands" in t for t in sections["setup"].b)
