"""Markdown and reStructuredText output, catalogs, and the structure both come from."""

from __future__ import annotations

import re
import string

import docutils.core
import docutils.utils
import pytest

from auctionrules import resources
from auctionrules.loader import load_ruleset
from auctionrules.rulebook import (
    UnknownLanguageError,
    available,
    build_document,
    markdown,
    render,
    rst,
)
from auctionrules.rulebook.lang import catalog
from auctionrules.text import typeset

VARIANTS = resources.bundled_variant_ids()
LANGS = available()


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_languages_are_english_and_french() -> None:
    assert LANGS == ("en", "fr")


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_catalog_has_the_keys_and_fields_of_english(lang: str) -> None:
    en, other = catalog("en"), catalog(lang)
    assert set(other.sentences) == set(en.sentences)
    assert set(other.words) == set(en.words)
    for key, template in en.sentences.items():
        assert fields(other.sentences[key]) == fields(template), key
    for key, template in en.words.items():
        assert fields(other.words[key]) == fields(template), key


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_catalog_titles_and_value_labels_match_english(lang: str) -> None:
    en, other = catalog("en"), catalog(lang)
    assert set(other.values) == set(en.values)
    assert set(other.option_titles) == set(en.option_titles)


@pytest.mark.parametrize("lang", LANGS)
def test_value_labels_name_real_option_values(lang: str) -> None:
    from auctionrules.rulebook import schema
    from auctionrules.rulebook.writer import value_key

    for key in catalog(lang).values:
        path, value = key.split("=", 1)
        option = schema.option(path.replace(".N.", ".3."))
        known = [value_key(v) for v in option.choices()] + [value_key(option.default)]
        assert value in known, key


@pytest.mark.parametrize("lang", LANGS)
def test_every_named_option_value_has_a_label(lang: str) -> None:
    """The designer section and ``diff`` name a value in words, never as the YAML
    writes it (``unsold``, ``cumulative-always``): every enum value of every option a
    ruleset has gets a label (yes/no words serve for booleans)."""
    from auctionrules.rulebook import schema
    from auctionrules.rulebook.writer import value_key

    document = load_ruleset("hig-1992-en").document
    missing = [
        f"{opt.path}={value}"
        for opt, _ in schema.document_options(document)
        if opt.path not in schema.METADATA_PATHS | {"language", "kind"}
        for value in opt.choices()
        if not isinstance(value, bool)
        and catalog(lang).value_label(opt.path, value_key(value)) is None
    ]
    assert missing == []


def test_the_designer_section_can_be_left_out() -> None:
    ruleset = load_ruleset("hig-1992-fr")
    assert "## Pour les concepteurs" in render(ruleset, example=False)
    players = render(ruleset, example=False, designer=False)
    assert "Pour les concepteurs" not in players and "004_" not in players
    assert "## Variantes" in players


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_variant_renders_in_every_language(variant: str, lang: str) -> None:
    ruleset = load_ruleset(variant)
    md = render(ruleset, format="md", lang=lang, example=False)
    text = render(ruleset, format="rst", lang=lang, example=False)
    assert md.startswith("# ") and md.endswith("\n")
    body = md.split("## " + catalog(lang).word("notes"))[0]  # notes may quote "{amount}"
    assert not re.search(r"\{[a-z_]+\}", body), "an unfilled template field"
    document = build_document(ruleset, lang, example=False)
    for key in ("overview", "components", "setup", "playing", "round_end", "scoring", "end"):
        assert document.section(key).blocks, key
    assert {s.key for s in document.section("auctions").subsections} == {
        f"auctions.{t}" for t in ruleset.auctions.enabled_types()
    }
    assert text.count("\n") > 50


@pytest.mark.parametrize("variant", VARIANTS)
def test_rst_output_parses_without_warnings(variant: str) -> None:
    text = render(load_ruleset(variant), format="rst", lang="fr", example=False)
    doctree = docutils.core.publish_doctree(
        text, settings_overrides={"report_level": 2, "halt_level": 5, "warning_stream": False}
    )
    problems = [n for n in doctree.findall(docutils.nodes.system_message)]
    assert not problems, [p.astext() for p in problems]
    assert len(list(doctree.findall(docutils.nodes.section))) >= 10
    assert len(list(doctree.findall(docutils.nodes.table))) >= 3


def test_markdown_structure() -> None:
    md = render(load_ruleset("hig-1992-en"), format="md", lang="en", example=False)
    headings = re.findall(r"^(#+) (.*)$", md, re.M)
    assert headings[0] == ("#", "Modern Art (Hans im Glück 1992, English translation)")
    assert ("##", "Setup") in headings
    assert ("###", "Double auction") in headings
    assert "| Artist | Open auction | Once-around auction | Sealed auction |" in md
    assert "| Lite Metal | 3 | 3 | 2 | 2 | 2 | 12 |" in md
    assert "- Lite Metal: 12 cards" in md


def test_markdown_and_rst_escape_markup() -> None:
    assert markdown.escape("a_b*c") == r"a\_b\*c"
    assert rst.escape("a_b*c`d") == r"a\_b\*c\`d"


def test_rst_nested_heading_depth() -> None:
    text = render(load_ruleset("taiwan"), format="rst", example=False)
    lines = text.splitlines()
    assert set(lines[0]) == {"="} and set(lines[2]) == {"="}
    assert "Setup\n-----" in text
    assert "Double auction\n~~~~~~~~~~~~~~" in text


def test_money_in_the_theme_format() -> None:
    # English keeps the variant's own format, with the currency's name when the format
    # has no sign; French writes every amount the French way, whatever the variant says
    assert "Each player starts with 100,000 dollars." in render(load_ruleset("hig-1992-en"))
    assert "$100.000" in render(load_ruleset("hig-1992-fr"), lang="en")
    assert "100\u00a0000\u00a0$" in render(load_ruleset("hig-1992-fr"), lang="fr")
    assert "100\u00a0000\u00a0dollars" in render(load_ruleset("hig-1992-en"), lang="fr")
    assert "100\u00a0TWD" in render(load_ruleset("taiwan"), lang="fr")
    assert "100 TWD" in render(load_ruleset("taiwan"))
    assert "100 k€" in render(load_ruleset("cmon-2017"))


def test_artist_names_follow_the_language() -> None:
    en = render(load_ruleset("taiwan"), lang="en", example=False)
    fr = render(load_ruleset("taiwan"), lang="fr", example=False)
    assert "International scenery" in en and "Paysages internationaux" not in en
    assert "Paysages internationaux" in fr


def test_default_language_is_the_rulesets() -> None:
    assert "## Préparation" in render(load_ruleset("hig-1992-fr"), example=False)
    assert "## Setup" in render(load_ruleset("hig-1992-en"), example=False)


def test_unknown_language_and_format() -> None:
    ruleset = load_ruleset("hig-1992-en")
    with pytest.raises(UnknownLanguageError, match="unsupported language: 'de'"):
        render(ruleset, lang="de")
    with pytest.raises(ValueError, match="unsupported format: 'pdf'"):
        render(ruleset, format="pdf")


def test_disabled_auction_type_is_left_out() -> None:
    ruleset = load_ruleset("hig-1992-en")
    document = dict(ruleset.document)
    document["auctions"] = {**document["auctions"], "sealed": {"enabled": False,
                                                              "tie_break": "auctioneer-first"}}
    # a valid ruleset (the optional modules are applied to it through the loader): the
    # sealed cards become open ones
    artists = [
        {**a, "split": {**a["split"], "open": a["split"]["open"] + a["split"]["sealed"],
                        "sealed": 0}}
        for a in document["theme"]["artists"]
    ]
    document["theme"] = {**document["theme"], "artists": artists}
    changed = type(ruleset).from_document(document)
    md = render(changed, example=False)
    assert "### Sealed auction" not in md
    assert "There are no cards for the sealed auction in this game." in md
    assert "| Artist | Open auction | Once-around auction | Fixed-price auction |" in md


def test_units_carry_their_option() -> None:
    doc = build_document(load_ruleset("hig-1992-fr"), "en", example=False)
    owners = {u.owner for _, u in doc.units()}
    assert "auctions.double.payee" in owners
    assert "auctions.double.split.odd_unit_to" in owners
    payee = next(u for _, u in doc.units() if u.owner == "auctions.double.payee")
    assert payee.key == "auctions.double.payee=split-equally"


@pytest.mark.parametrize("lang", LANGS)
def test_translated_option_titles_name_real_options(lang: str) -> None:
    from auctionrules.rulebook.reference import entries

    paths = {e.path.replace("[]", ".N") for e in entries()}
    assert set(catalog(lang).option_titles) <= paths


def test_french_option_titles_in_the_defaults_list() -> None:
    doc = build_document(load_ruleset("cmon-2017"), "fr", example=False)
    items = [u.text for u in doc.section("defaults").units()]
    assert typeset(
        "Qui reçoit l'argent d'une double enchère : le joueur qui mène la vente (par défaut : "
        "le joueur qui a posé la deuxième carte)", "fr"
    ) in items


def test_a_variant_lists_what_it_changes_from_the_edition_it_extends() -> None:
    """The French translation extends the English one: its designers' section names it
    and lists the rules it changes, each beside the English one's."""
    doc = build_document(load_ruleset("hig-1992-fr"), "fr", example=False)
    base = doc.section("designer.base")
    assert base.title == typeset("Règles qui diffèrent de Modern Art (Hans im Glück 1992, "
                                 "traduction anglaise)", "fr")
    items = [u.text for u in base.units()]
    assert typeset(
        "Qui reçoit l'argent d'une double enchère : partagé entre les deux vendeurs, et non "
        "le joueur qui a posé la deuxième carte", "fr"
    ) in items
    with pytest.raises(KeyError):
        doc.section("defaults")
    english = build_document(load_ruleset("hig-1992-en"), "en", example=False)
    assert english.section("defaults") and "designer.base" not in [s.key for s in english.walk()]


def test_custom_strategy_is_named_with_its_option() -> None:
    ruleset = load_ruleset("hig-1992-fr")
    document = dict(ruleset.document)
    document["auctions"] = {**document["auctions"],
                            "open": {"enabled": True, "ending": "club.slow-close"}}
    changed = type(ruleset).from_document(document)
    assert (
        "End of an open auction: this rule is played by the custom strategy club.slow-close."
        in render(changed, lang="en", example=False)
    )
    assert typeset(
        "Fin de l'aller et retour : cette règle est jouée par la stratégie personnalisée "
        "club.slow-close.", "fr"
    ) in render(changed, lang="fr", example=False)


def test_a_text_option_is_shown_in_the_rulebook_language() -> None:
    """The defaults list prints a per-language value (the currency name) as text, not as
    the mapping written in YAML."""
    text = render(load_ruleset("hig-1992-en"), format="md", lang="fr")
    (line,) = [ln for ln in text.splitlines() if "Nom de la monnaie" in ln]
    assert line.startswith(typeset("- Nom de la monnaie : dollars ", "fr"))
    assert "{" not in line
