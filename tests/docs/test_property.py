"""Changing one option changes the rulebook, and only the sentences of that option.

For every bundled variant and every option the schema gives a default or a set
of values for, a Hypothesis example sets the option to another value and
compares the two rulebooks unit by unit (sentences, list items, tables): at
least one unit must change, and every unit that changed must be one the
generator recorded as depending on that option.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

import attrs
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from auctionrules import resources
from auctionrules.loader import RulesetError, apply_modules, load_ruleset
from auctionrules.model import Ruleset
from auctionrules.rulebook import build_document, schema
from auctionrules.rulebook.document import Document, Sentence

#: Options that are not rules of play (they only label the ruleset).
SKIPPED = schema.METADATA_KEYS | {"optional_modules"}


def other_values(option: schema.Option, value: Any) -> list[Any]:
    """Values the option could take instead of ``value``."""
    choices = [c for c in option.choices() if c != value]
    if choices:
        return choices
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value * 3 + 7]
    if option.path.endswith("currency.format"):
        return ["€{amount}", "{amount} ¤"]
    if option.path.endswith("thousands_separator"):
        return [c for c in (" ", ".", "") if c != value]
    return []


@cache
def cases() -> list[tuple[str, str, Any]]:
    """``(variant, option path, new value)`` for every option of every bundled variant."""
    found = []
    for variant in resources.bundled_variant_ids():
        document = bundled(variant).document
        for option, value in schema.document_options(document):
            if option.path.split(".")[0] in SKIPPED:
                continue
            found += [(variant, option.path, new) for new in other_values(option, value)]
    return found


def with_option(ruleset: Ruleset, path: str, value: Any) -> Ruleset:
    """``ruleset`` with one value changed; the case is left out (Hypothesis ``assume``)
    if an optional module no longer fits it (a bid unit the module's amounts are not
    multiples of): the rulebook applies each module through the loader, which refuses
    that, rightly."""
    document = copy.deepcopy(dict(ruleset.document))
    node = document
    *parents, last = path.split(".")
    for part in parents:
        node = node[part]
    node[last] = value
    # (still a variant of the ruleset it extends, which its designers' section compares)
    changed = attrs.evolve(Ruleset.from_document(document), base=ruleset.base)
    for module in changed.optional_modules:
        try:
            apply_modules(changed, [module])
        except RulesetError:
            assume(False)
    return changed


def units(document: Document) -> dict[str, list[Sentence]]:
    by_text: dict[str, list[Sentence]] = {}
    for _, unit in document.units():
        by_text.setdefault(unit.text, []).append(unit)
    return by_text


@cache
def bundled(variant: str) -> Ruleset:
    return load_ruleset(variant)


@cache
def base_units(variant: str, lang: str) -> dict[str, list[Sentence]]:
    return units(build_document(bundled(variant), lang, example=False))


def test_there_are_many_cases() -> None:
    paths = {path for _, path, _ in cases()}
    assert len(paths) > 40
    assert "auctions.double.payee" in paths
    assert "player_counts.3.dummy_hands.flip.card" in paths
    assert "money.starting_cash" in paths


@settings(max_examples=300, deadline=None)
@given(data=st.data(), lang=st.sampled_from(["en", "fr"]))
def test_one_option_changes_only_its_sentences(data: st.DataObject, lang: str) -> None:
    variant, path, new = data.draw(st.sampled_from(cases()), label="case")
    ruleset = bundled(variant)
    before = base_units(variant, lang)
    after = units(build_document(with_option(ruleset, path, new), lang, example=False))
    changed = [u for text in before.keys() ^ after.keys() for u in (before | after)[text]]
    assert changed, f"setting {path} to {new!r} in {variant} changed nothing"
    strangers = [u for u in changed if not u.depends_on(path)]
    assert not strangers, f"setting {path} changed sentences of other options: {strangers}"


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_diff_of_one_option_names_that_option(data: st.DataObject) -> None:
    from auctionrules.rulebook.diff import diff

    variant, path, new = data.draw(st.sampled_from(cases()), label="case")
    ruleset = bundled(variant)
    result = diff(ruleset, with_option(ruleset, path, new))
    assert [o.path for o in result.options] == [path]
    assert result.sections or result.unstated, f"the prose diff of {path} is empty"
    assert not result.identical
