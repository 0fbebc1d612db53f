"""The worked scoring example: played by the engine, consistent with the rules it illustrates."""

from __future__ import annotations

from typing import Any

import pytest

from auctionrules import resources
from auctionrules.loader import load_ruleset
from auctionrules.rulebook import build_document, example, render
from auctionrules.rulebook.document import Table


def example_table(variant: str) -> Table:
    section = build_document(load_ruleset(variant), "en").section("scoring.example")
    (table,) = [b for b in section.blocks if isinstance(b, Table)]
    return table


@pytest.mark.parametrize("variant", resources.bundled_variant_ids())
def test_example_follows_the_scoring_rules(variant: str) -> None:
    ruleset = load_ruleset(variant)
    table = example_table(variant)
    assert table.header == ("Artist" if variant != "taiwan" else "Genre", "Cards", "Place",
                            "This round", "Column total", "Per card")
    names = [a.name.get("en") for a in ruleset.theme.artists]
    assert [row[0] for row in table.rows] == names
    ranked = sorted((row for row in table.rows if row[2] != "-"), key=lambda row: row[2])
    values = [ruleset.amount(v) for v in ruleset.scoring.ranking]
    # 001 "Settling Up": 30,000 to the first, 20,000 to the second, 10,000 to the third
    assert [row[3] for row in ranked] == values[: len(ranked)]
    for row in table.rows:
        if row[2] == "-":  # an unranked artist's cards are worth nothing, whatever its column
            assert row[3] == row[5] == ruleset.amount(0)
        else:  # cumulative: a card is worth the whole column
            assert row[5] == row[4]
    # ranking: more cards first, ties to the artist further left on the board
    order = sorted(range(len(names)), key=lambda i: (-int(table.rows[i][1] or 0), i))
    expected = [names[i] for i in order if int(table.rows[i][1] or 0) > 0][: len(values)]
    assert [row[0] for row in sorted(ranked, key=lambda row: row[2])] == expected


@pytest.mark.parametrize("variant", resources.bundled_variant_ids())
def test_example_explains_cumulative_and_unranked_values(variant: str) -> None:
    ruleset = load_ruleset(variant)
    text = render(ruleset, format="md", lang="en")
    assert "### Worked example" in text
    assert "(4 players, seed 7)" in text
    rows = example_table(variant).rows
    # whichever round the seeded game shows, the prose explains what its table holds
    cumulative = any(row[2] != "-" and row[3] != row[4] for row in rows)
    unranked = any(row[2] == "-" and row[4] != ruleset.amount(0) for row in rows)
    assert ("from earlier rounds, so each of its cards sells for" in text) == cumulative
    assert ("but is not ranked this round: its cards are worth nothing" in text) == unranked
    assert "The bank paid Player 1 " in text


def test_example_is_reproducible() -> None:
    ruleset = load_ruleset("hig-1992-fr")
    assert render(ruleset, lang="fr") == render(ruleset, lang="fr")


def test_an_engine_bug_fails_the_rulebook_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rulebook that silently dropped its worked example would hide an engine bug: the
    error reaches the caller instead."""

    def broken(*args: object) -> None:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(example, "play_game", broken)
    with pytest.raises(RuntimeError, match="engine bug"):
        render(load_ruleset("taiwan"))
    assert "Worked example" not in render(load_ruleset("taiwan"), example=False)


def test_events_of_an_unexpected_shape_fail_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    """An event missing a field the example reads is a bug of the engine or of the
    example, never a reason to print the rulebook without it."""
    from types import SimpleNamespace

    from auctionrules.engine import Event, play_game

    def without_boards(*args: Any) -> object:
        events = [
            Event(e.kind, e.round, {k: v for k, v in e.fields.items() if k != "board"})
            for e in play_game(*args).events
        ]
        return SimpleNamespace(events=events)

    monkeypatch.setattr(example, "play_game", without_boards)
    with pytest.raises(KeyError, match="board"):
        render(load_ruleset("hig-1992-en"))
