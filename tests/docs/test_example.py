"""The worked scoring example: the printed books' own story, computed for each ruleset."""

from __future__ import annotations

import pytest

from auctionrules import resources
from auctionrules.loader import load_ruleset
from auctionrules.rulebook import build_document, example, render
from auctionrules.rulebook.document import Table
from auctionrules.rulebook.lang import catalog
from auctionrules.rulebook.writer import Writer


def example_table(variant: str, lang: str = "en") -> Table:
    section = build_document(load_ruleset(variant), lang).section("scoring.example")
    (table,) = [b for b in section.blocks if isinstance(b, Table)]
    return table


def test_the_french_book_example_is_reproduced() -> None:
    """004 "Manches suivantes": Krypto first in round 1 (30.000 each), third in round 2
    (40.000: 10.000 plus the 30.000 of round 1), unranked in round 3 (nothing "en dépit
    des 40.000 marqués sur le plateau"), second in round 4 (60.000)."""
    text = render(load_ruleset("hig-1992-fr"), lang="fr")
    assert "Suivons un artiste, Krypto" in text
    rows = example_table("hig-1992-fr", "fr").rows
    nbsp = "\u00a0"
    assert [row[5] for row in rows] == [
        f"30{nbsp}000{nbsp}$", f"40{nbsp}000{nbsp}$", f"0{nbsp}$", f"60{nbsp}000{nbsp}$"
    ]
    assert [row[2] for row in rows] == ["1er", "3e", "-", "2e"]
    assert (
        f"Manche 3{nbsp}: aucun rang pour Krypto\u202f; sa colonne totalise pourtant "
        f"40{nbsp}000{nbsp}$, mais ses tableaux ne valent rien." in text
    )  # (said without agreeing with the name)


@pytest.mark.parametrize("variant", resources.bundled_variant_ids())
def test_example_follows_the_scoring_rules(variant: str) -> None:
    ruleset = load_ruleset(variant)
    amount = Writer(ruleset, catalog("en")).amount
    table = example_table(variant)
    assert table.header == ("Round", "Cards", "Place", "Added", "Column total", "Per card")
    first, second, third = ruleset.scoring.ranking
    # 001 "Settling Up": the values of the places; cumulative valuation: a card is worth
    # its whole column, and nothing when its artist is unranked, whatever the column holds
    assert [row[2] for row in table.rows] == ["1st", "3rd", "-", "2nd"]
    assert [row[3] for row in table.rows] == [amount(v) for v in (first, third, 0, second)]
    column = [first, first + third, first + third, first + third + second]
    assert [row[4] for row in table.rows] == [amount(v) for v in column]
    assert [row[5] for row in table.rows] == [amount(v) for v in (*column[:2], 0, column[3])]
    name = ruleset.theme.artists[-1].name.get("en")
    text = render(ruleset, lang="en")
    assert f"Follow one {ruleset.theme.artist_noun.get('en')}, {name}," in text
    assert f"In round 3, {name} is not ranked" in text


@pytest.mark.parametrize("variant", resources.bundled_variant_ids())
def test_the_example_is_a_story_not_an_engine_run(variant: str) -> None:
    text = render(load_ruleset(variant), lang="en") + render(load_ruleset(variant), lang="fr")
    for word in ("seed", "graine", "random players", "engine", "moteur"):
        assert word not in text.lower()


def test_example_is_reproducible() -> None:
    ruleset = load_ruleset("hig-1992-fr")
    assert render(ruleset, lang="fr") == render(ruleset, lang="fr")


def test_an_engine_bug_fails_the_rulebook_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rulebook that silently dropped its worked example would hide an engine bug: the
    error reaches the caller instead."""

    def broken(**kwargs: object) -> None:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(example, "score_round", broken)
    with pytest.raises(RuntimeError, match="engine bug"):
        render(load_ruleset("taiwan"))
    assert "Worked example" not in render(load_ruleset("taiwan"), example=False)
