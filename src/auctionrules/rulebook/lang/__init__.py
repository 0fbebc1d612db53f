"""Message catalogs: one module per language, all with the same keys.

A catalog module (``en.py``, ``fr.py``) defines:

- ``NAME``: the language's name in that language;
- ``SENTENCES``: template per key. A key is an option path with its value
  (``auctions.double.payee=split-equally``), an option path alone when the
  value is interpolated (``money.starting_cash``), or ``@topic`` for a rule
  every edition shares. Player counts and list indexes in paths are written
  ``N`` (``player_counts.N.dummy_hands.flip.card=top``). Templates use
  :meth:`str.format` fields. The bundled languages keep the sentences of the
  auction types, the longest section, in ``auctions/<code>.py`` and merge them in;
- ``WORDS``: headings, table labels and auction type names;
- ``plural(noun)``, ``join(items)`` (a, b and c), ``either(items)`` (a, b or c)
  and ``ordinal(n)`` (5th);
- ``money(amount, format, separator, unit)``: an amount written as the
  language writes money (French groups digits with a space and puts the
  currency sign after the number, whatever the ruleset's own format);
- optionally ``finish(text)``: the last touch on a formatted sentence that only
  the filled-in words allow (French elides ``que le artiste`` into ``que
  l'artiste`` once the theme's noun is known);
- optionally ``OPTION_TITLES``: option titles (generic paths) for languages
  other than the schema's English, and ``VALUES``: short labels of option
  values (``path=value`` keys), for the options appendix and the diff; the
  bundled languages keep both in ``labels/<code>.py`` and import them.

The phrases of the game log live apart, in ``log/<code>.py`` (see
:mod:`auctionrules.rulebook.lang.log`), and the catalog exposes them as ``log``.

To add a language, copy ``en.py`` to ``<code>.py`` (ISO 639-1 code), translate
every value, keep every key and field name; ``tests/docs`` checks that the keys
match English. See ``docs/adding-a-language.rst``.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache

import attrs

from auctionrules.text import typeset

__all__ = ["Catalog", "UnknownLanguageError", "available", "catalog", "generic_key"]

_CODE = re.compile(r"^[a-z]{2}$")
_INDEX = re.compile(r"(?<=\.)\d+(?=\.|=|$)")


class UnknownLanguageError(ValueError):
    """No catalog exists for the requested language."""


def generic_key(key: str) -> str:
    """``player_counts.3.deal`` -> ``player_counts.N.deal``: the catalog form of a key."""
    path, sep, value = key.partition("=")
    return _INDEX.sub("N", path) + sep + value


@attrs.frozen
class Catalog:
    """The templates and words of one language."""

    code: str
    name: str
    sentences: Mapping[str, str]
    words: Mapping[str, str]
    plural: Callable[[str], str]
    join: Callable[[Sequence[str]], str]
    either: Callable[[Sequence[str]], str]
    ordinal: Callable[[int], str]
    money: Callable[[int, str, str, str | None], str]
    option_titles: Mapping[str, str] = attrs.field(factory=dict)
    values: Mapping[str, str] = attrs.field(factory=dict)
    #: The game log's phrases (``log/<code>.py``).
    log: Mapping[str, str] = attrs.field(factory=dict)
    #: The last touch on a formatted sentence (``finish`` of the module; none: as is).
    finish: Callable[[str], str] = str

    def template(self, key: str) -> str:
        """The template of a concrete key; ``KeyError`` names the generic key."""
        return self.sentences[generic_key(key)]

    def option_title(self, path: str, default: str) -> str:
        """The title of option ``path`` in this language, ``default`` (the schema's) if none."""
        return self.option_titles.get(generic_key(path), default)

    def value_label(self, path: str, value: str) -> str | None:
        """The short label of ``value`` for option ``path``; ``None`` if it has none."""
        return self.values.get(generic_key(f"{path}={value}"))

    def word(self, key: str, **fields: object) -> str:
        """A heading or label, formatted with ``fields``."""
        return self.words[key].format(**fields)


def available() -> tuple[str, ...]:
    """Codes of the languages with a catalog, sorted."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if _CODE.match(m.name)))


@cache
def catalog(code: str) -> Catalog:
    """The catalog of ``code``; :class:`UnknownLanguageError` if there is none."""
    if not _CODE.match(code) or code not in available():
        raise UnknownLanguageError(
            f"unsupported language: {code!r} (available: {', '.join(available())})"
        )
    module = importlib.import_module(f"{__name__}.{code}")
    return Catalog(
        code=code,
        name=module.NAME,
        sentences=module.SENTENCES,
        words=module.WORDS,
        plural=module.plural,
        join=module.join,
        either=module.either,
        ordinal=module.ordinal,
        money=module.money,
        option_titles=getattr(module, "OPTION_TITLES", {}),
        values=getattr(module, "VALUES", {}),
        log={key: typeset(phrase, code) for key, phrase in
             importlib.import_module(f"{__name__}.log.{code}").PHRASES.items()},
        finish=getattr(module, "finish", str),
    )
