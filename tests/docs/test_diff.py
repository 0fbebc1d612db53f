"""``diff``: exactly the rules that differ, in prose and as option paths."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from auctionrules.loader import load_ruleset
from auctionrules.rulebook.diff import OptionChange, RulesDiff, diff, flatten, option_changes
from auctionrules.rulebook.lang import catalog
from auctionrules.rulebook.writer import value_key
from auctionrules.text import typeset

from .drawn import load, overrides


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
    # rules both editions share are not listed; a table shows its header and the rows that
    # differ (004 writes "Christin P.", 001 "Christin P")
    text = result.to_text()
    assert "tie for the highest bid" not in text
    assert "The youngest player" not in text
    assert "\n    Artist | Open auction | Once-around auction" in text
    assert "  hig-1992-en: Christin P | 3 | 3 | 3 | 3 | 2 | 14\n" in text
    assert "Lite Metal | 3" not in text
    assert "  Christin P, name: Christin P / Christin P.\n" in text


def test_prose_is_grouped_by_section_and_in_the_chosen_language() -> None:
    text = diff(load_ruleset("hig-1992-en"), load_ruleset("hig-1992-fr"), "fr").to_text()
    assert text.startswith("Règles qui diffèrent entre hig-1992-en et hig-1992-fr\u00a0:\n")
    assert "Les ventes aux enchères › Double enchère\n" in text
    assert "  hig-1992-fr\u00a0: quand un autre joueur a posé la deuxième carte" in text


def test_json_form() -> None:
    result = diff(load_ruleset("boardpia-modern"), load_ruleset("boardpia-renaissance"))
    data = result.to_dict()
    assert data["identical"] is False
    # artists are compared by id: the Renaissance side has none of the Modern painters
    manet = next(o for o in data["options"] if o["path"] == "theme.artists.manet")
    assert manet["a"]["name"] == "Édouard Manet" and manet["b"] is None
    assert {"theme.artists.van-eyck", "theme.artists.botticelli"} <= {
        o["path"] for o in data["options"]
    }
    assert all(set(s) == {"section", "title", "a", "b"} for s in data["sections"])
    assert (
        "  Artists: Édouard Manet, Paul Cézanne, Vincent van Gogh, Edvard Munch and Gustav "
        "Klimt / Jan van Eyck, Giuseppe Arcimboldo, Leonardo da Vinci, Raffaello Sanzio and "
        "Sandro Botticelli\n" in result.to_text()
    )


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
    assert text.splitlines()[-2:] == ["Options that differ:", "  Screens: true / -"]


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


def house(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    # a house file does not inherit the optional rules its base offers: offer the same
    path.write_text(f"id: {name}\ntitle: {name}\noptional_modules: [mystery-hand]\n{text}",
                    encoding="utf-8")
    return path


def test_a_name_per_language_equals_the_same_plain_name(tmp_path: Path) -> None:
    """``{en: X, fr: X}`` and ``X`` read the same in every language: no change."""
    artists = load_ruleset("hig-1992-en").document["theme"]["artists"]
    items = ", ".join(
        f"{{id: {a['id']}, name: {{en: {a['name']}, fr: {a['name']}}}, cards: {a['cards']}, "
        f"split: {json.dumps(a['split'])}}}" for a in artists
    )
    path = house(tmp_path, "named", f"extends: hig-1992-en\ntheme:\n  artists: [{items}]\n")
    assert diff(load_ruleset("hig-1992-en"), load_ruleset(path)).identical


def test_a_split_change_is_named_by_its_artist(tmp_path: Path) -> None:
    split = "{open: 3, once_around: 3, sealed: 3, fixed_price: 3, double: 3}"
    items = ", ".join(
        f"{{id: {a['id']}, name: {a['name']}, cards: {a['cards']}, "
        f"split: {split if a['id'] == 'karl-gitter' else json.dumps(a['split'])}}}"
        for a in load_ruleset("hig-1992-en").document["theme"]["artists"]
    )
    path = house(tmp_path, "split", f"extends: hig-1992-en\ntheme:\n  artists: [{items}]\n")
    result = diff(load_ruleset("hig-1992-en"), load_ruleset(path))
    assert [o.path for o in result.options] == []  # Karl Gitter's split is 3/3/3/3/3 already
    items = items.replace("cards: 16, split: {\"open\": 4", "cards: 16, split: {\"open\": 3")
    items = items.replace("\"fixed_price\": 3, \"double\": 3}}", "\"fixed_price\": 4, "
                          "\"double\": 3}}")
    path = house(tmp_path, "split2", f"extends: hig-1992-en\ntheme:\n  artists: [{items}]\n")
    result = diff(load_ruleset("hig-1992-en"), load_ruleset(path))
    assert [o.path for o in result.options] == ["theme.artists.krypto.split.open",
                                                 "theme.artists.krypto.split.fixed_price"]
    text = result.to_text()
    assert "  Krypto, Open auction: 4 / 3\n" in text
    assert "  Krypto, Fixed-price auction: 3 / 4\n" in text
    assert "  split2: Krypto | 3 | 3 | 3 | 4 | 3 | 16\n" in text  # the table's changed row


def test_diff_with_a_module_shows_what_the_module_changes() -> None:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "auctionrules", "diff", "hig-1992-en", "hig-1992-en",
         "--module", "single-beneficiary"],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 3, result.stderr
    assert "hig-1992-en-with-single-beneficiary" in result.stdout
    assert "Who is paid for a double: the player who added the second card / the auctioneer " \
        "of the lot" in result.stdout


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(one=overrides(), two=overrides(), lang=st.sampled_from(["en", "fr"]))
def test_the_text_mentions_every_change_of_the_json(
    one: tuple[str, dict[str, Any]], two: tuple[str, dict[str, Any]], lang: str
) -> None:
    """For random pairs of drawn rulesets, every option path of the JSON diff has a titled
    line in the text, with both values as a reader reads them (no dotted path, no raw
    option value where a label exists)."""
    a, b = load(*one), load(*two)
    assume(a is not None and b is not None)
    assert a is not None and b is not None
    result = diff(a, b, lang)
    text = result.to_text()
    listed = {line.path for line in result.lines}
    for change in result.options:
        path = "theme.artists" if change.path.count(".") == 2 and change.path.startswith(
            "theme.artists.") else change.path
        assert path in listed, f"{change.path} is in the JSON diff but not in the text"
    cat = catalog(lang)
    for line in result.lines:
        said = cat.word("option", title=line.title, a=line.a, b=line.b)
        assert f"  {typeset(said, lang)}\n" in text
        assert not re.search(r"\w\.\w+\.\w", line.title), line.title
        generic = re.sub(r"\.\d+\.", ".N.", line.path)
        for shown, raw in ((line.a, _raw(result, line.path, "a")),
                           (line.b, _raw(result, line.path, "b"))):
            if isinstance(raw, str | bool) and cat.value_label(generic, value_key(raw)):
                assert shown == cat.value_label(generic, value_key(raw))


def _raw(result: RulesDiff, path: str, side: str) -> Any:
    for change in result.options:
        if change.path == path:
            return change.a if side == "a" else change.b
    return None
