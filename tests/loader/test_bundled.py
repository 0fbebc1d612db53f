"""Every bundled variant and module validates and resolves; the valid fixtures too.

The bundled editions are the format's first users: if one of them needs a
workaround, the format is wrong. Each supports exactly the player counts its
rulebook does (the rulebooks README's table).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from auctionrules import Ruleset, resources
from auctionrules.loader import load_document, load_ruleset, resolve, schema_check, validate_file

VALID = sorted((Path(__file__).parent / "valid").glob("*.yaml"))

PLAYERS = {
    "hig-1992-en": (3, 4, 5),
    "hig-1992-fr": (3, 4, 5),
    "taiwan": (3, 4, 5),
    "cmon-2017": (3, 4, 5),
    "boardpia-modern": (2, 3, 4, 5),
    "boardpia-renaissance": (2, 3, 4, 5),
}


def test_the_bundled_ids_are_the_published_editions() -> None:
    assert set(resources.bundled_variant_ids()) == set(PLAYERS)
    assert set(resources.bundled_module_ids()) >= {"single-beneficiary", "mystery-hand"}


@pytest.mark.parametrize("variant_id", resources.bundled_variant_ids())
def test_bundled_variant_is_valid_and_loads(variant_id: str) -> None:
    path = resources.variants_dir() / f"{variant_id}.yaml"
    assert validate_file(path) == []
    ruleset = load_ruleset(variant_id)
    assert isinstance(ruleset, Ruleset)
    assert ruleset.id == variant_id
    assert ruleset.supported_players == PLAYERS[variant_id]
    assert load_ruleset(path) == ruleset
    assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")


@pytest.mark.parametrize("module_id", resources.bundled_module_ids())
def test_bundled_module_is_valid_and_resolves(module_id: str) -> None:
    path = resources.modules_dir() / f"{module_id}.yaml"
    assert validate_file(path) == []
    document = load_document(path)
    assert document["kind"] == "module"
    assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")


@pytest.mark.parametrize("fixture", VALID, ids=lambda p: p.stem)
def test_valid_fixture_is_valid_and_loads(fixture: Path) -> None:
    assert validate_file(fixture) == []
    load_ruleset(fixture)


def test_the_french_edition_inherits_and_overrides() -> None:
    fr = load_ruleset("hig-1992-fr")
    en = load_ruleset("hig-1992-en")
    assert fr.auctions.double.payee == "split-equally"
    assert fr.player_count(3).dummy_hands.flip.card == "random"
    assert fr.player_count(3).dummy_hands.flip.by == "auctioneer"  # inherited
    assert fr.money == en.money
    assert fr.amount(100000) == "$100.000"
    assert fr.optional_modules == ("mystery-hand", "single-beneficiary")
    assert en.notes != fr.notes  # the French edition restates its readings, by topic
    assert [n.topic for n in fr.notes] == [n.topic for n in en.notes]


def test_the_resolved_document_states_every_option() -> None:
    document = load_document("taiwan")
    assert list(document)[:2] == ["id", "title"]
    assert document["auctions"]["double"]["split"] == {
        "odd_unit_to": "adder",
        "seller_wins": "own-share-to-bank",
    }
    assert document["player_counts"]["4"]["dummy_hands"]["hands"] == 0
    assert "extends" not in load_document("hig-1992-fr")


def test_modules_apply_in_order_and_the_file_wins(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(
        "id: club\ntitle: Club\nextends: hig-1992-fr\n"
        "modules: [single-beneficiary, mystery-hand]\n"
        "auctions: {double: {nobody_adds: unsold}}\nplayer_counts: {'5': null}\n",
        encoding="utf-8",
    )
    ruleset = load_ruleset(path)
    assert ruleset.auctions.double.payee == "auctioneer"  # the module over the base
    assert ruleset.auctions.double.nobody_adds == "unsold"  # the file over both
    assert ruleset.player_count(3).dummy_hands.hands == 1
    assert ruleset.supported_players == (3, 4)  # null removed an inherited key


def test_a_warm_load_reads_no_file_and_compiles_no_validator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A second load of a variant takes its files, parsed and checked, from the cache
    and reuses the compiled validators (what makes a warm load take milliseconds;
    counted, not timed: a timed test fails on a busy machine)."""
    read: list[str] = []
    real_read = resolve.read_file

    def counting_read(path: Path, name: str) -> object:
        read.append(name)
        return real_read(path, name)

    monkeypatch.setattr(resolve, "read_file", counting_read)
    for variant_id in resources.bundled_variant_ids():
        load_ruleset(variant_id)
        read.clear()
        compiled = schema_check.validator.cache_info().misses
        for _ in range(3):
            load_ruleset(variant_id)
        assert read == [], f"{variant_id}: read again {read}"
        assert schema_check.validator.cache_info().misses == compiled
