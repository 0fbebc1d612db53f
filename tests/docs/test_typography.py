"""French typography in every French text a player reads: no-break spaces before
``; ! ? :`` and inside ``« »``, no capital after a colon but a name's.

The rule is one function (:func:`auctionrules.text.french_typography`); these tests
check it on its own and on what it is applied to: each bundled edition's French
rulebook in every format, and the French game log.
"""

from __future__ import annotations

import html
import re
from functools import cache

import pytest

from auctionrules import resources
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset
from auctionrules.rulebook import FORMATS, render
from auctionrules.text import NARROW_NBSP, NBSP, french_typography, typeset

VARIANTS = resources.bundled_variant_ids()
#: An ordinary space (or the wrong no-break one) before a sign of high punctuation.
WRONG_SPACE = re.compile(r"(?<=\S)(?: |\u00a0(?=[;!?])|\u202f(?=:))[;:!?]")
#: A sign of high punctuation glued to the word before it, in prose (followed by a space).
GLUED = re.compile(r"[^\s\\][;:!?](?=\s)")
CAPITAL_AFTER_COLON = re.compile(r":\s([A-ZÀÂÉÈÊÎÔÛÇ][\w'’-]*)")


#: A line of reST markup, not of prose (``.. list-table::``, ``:header-rows: 1``).
MARKUP = re.compile(r"^\s*(?:\.\. |:[a-z-]+:).*$", re.MULTILINE)


@cache
def french_book(variant: str, fmt: str) -> str:
    """The French rulebook's prose in ``fmt`` (its markup left out: reST directives, the
    HTML page's style sheet and tags)."""
    text = render(load_ruleset(variant), format=fmt, lang="fr")
    if fmt == "html":
        text = re.sub(r"<style>.*?</style>", "", text, flags=re.DOTALL)
        text = html.unescape(re.sub(r"<[^>]+>", "\n", text))
    return MARKUP.sub("", text)


def names(ruleset: Ruleset) -> set[str]:
    """The words of the ruleset's proper nouns: a capital after a colon may start one."""
    texts = [a.name.get("fr") for a in ruleset.theme.artists]
    texts += [ruleset.title.get("fr"), ruleset.document.get("publisher", ""), "Joueur"]
    return {word.strip(",.;") for text in texts for word in str(text).split()}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_french_book_spaces_its_punctuation(variant: str, fmt: str) -> None:
    text = french_book(variant, fmt)
    assert WRONG_SPACE.findall(text) == []
    glued = [m.group() for m in GLUED.finditer(text)]
    assert glued == [], glued
    assert " »" not in text and "« " not in text
    assert text.count(NARROW_NBSP) > 10 and text.count(NBSP + ":") > 5


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_capital_after_a_colon_but_a_name(variant: str) -> None:
    allowed = names(load_ruleset(variant))
    capitals = CAPITAL_AFTER_COLON.findall(french_book(variant, "md"))
    assert [word for word in capitals if word.strip(",.") not in allowed] == []


def test_the_end_of_the_game_names_the_section_it_refers_to() -> None:
    text = french_book("hig-1992-fr", "md")
    assert "dans la fin des ventes" not in text
    assert f"à la section «{NBSP}Fin des ventes aux enchères{NBSP}»" in text


def test_the_french_log_is_typeset() -> None:
    from auctionrules.rulebook.lang import catalog

    phrases = catalog("fr").log
    assert all(WRONG_SPACE.search(p) is None for p in phrases.values())
    assert phrases["reveal"].startswith(f"offres dévoilées{NBSP}:")


def test_the_web_tables_french_words_are_typeset() -> None:
    """The table page's own French words (its headings, banners, refusals) are set as
    the books and the log are."""
    from auctionrules.web.words import words

    phrases = words("fr")
    assert all(WRONG_SPACE.search(p) is None for p in phrases.values())
    assert phrases["high"].startswith(f"Meilleure enchère{NBSP}:")


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        ("a ; b", f"a{NARROW_NBSP}; b"),
        ("vraiment!", f"vraiment{NARROW_NBSP}!"),
        ("Éditeur: CMON, 2017.", f"Éditeur{NBSP}: CMON, 2017."),
        ("Artistes : La règle", f"Artistes{NBSP}: la règle"),
        ("Manche 1 : Krypto", f"Manche 1{NBSP}: Krypto"),
        ("« non »", f"«{NBSP}non{NBSP}»"),
        ("12:30, http://x.fr, a:b", "12:30, http://x.fr, a:b"),
    ],
)
def test_french_typography(written: str, printed: str) -> None:
    assert french_typography(written) == printed
    assert french_typography(printed) == printed  # idempotent


def test_other_languages_are_left_as_written() -> None:
    assert typeset("Note: yes ; no", "en") == "Note: yes ; no"
    assert typeset("Note: oui", "fr") == f"Note{NBSP}: oui"
