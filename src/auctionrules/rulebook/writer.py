"""Writing sentences from templates while recording the options they read.

Section builders never format text themselves: they call :meth:`Writer.say`
with a catalog key and parameters. Parameters built by the writer
(:meth:`Writer.money`, :meth:`Writer.noun`, :meth:`Writer.value`...) carry the
option paths they were read from, and :meth:`Writer.when` adds the options a
sentence is conditional on; together they make a sentence's ``deps``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import attrs

from auctionrules.model import Ruleset
from auctionrules.rulebook import schema
from auctionrules.rulebook.document import Sentence
from auctionrules.rulebook.lang import Catalog

_CUSTOM = re.compile(r"^[a-z][a-z0-9_-]*\.[a-z][a-z0-9_-]*$")
#: The schema's default currency name: a word for money, not a unit to print.
_PLACEHOLDER_CURRENCY = "money"


@attrs.frozen
class Param:
    """A template parameter and the option paths it was read from."""

    text: str
    deps: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.text


def value_key(value: Any) -> str:
    """How an option value appears in a catalog key: ``true``, ``none``, ``top``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


class Writer:
    """Builds sentences for one ruleset in one language."""

    def __init__(self, ruleset: Ruleset, catalog: Catalog) -> None:
        self.ruleset = ruleset
        self.catalog = catalog
        self.lang = catalog.code
        self._conditions: list[str] = []

    @contextmanager
    def when(self, *paths: str) -> Iterator[None]:
        """Sentences written inside depend on ``paths`` too (they exist because of them)."""
        self._conditions.extend(paths)
        try:
            yield
        finally:
            del self._conditions[len(self._conditions) - len(paths) :]

    def say(self, key: str, *deps: str, template: str | None = None, **params: Any) -> Sentence:
        """The sentence of catalog ``key`` (or of ``template``, a key) with ``params``."""
        found: list[str] = [*self._conditions, *deps]
        if not key.startswith("@"):
            found.insert(0, key.split("=", 1)[0])
        fields: dict[str, str] = {}
        for name, param in params.items():
            if isinstance(param, Param):
                found += param.deps
            fields[name] = str(param)
        text = self.catalog.finish(self.catalog.template(template or key).format(**fields))
        return Sentence(key, text, tuple(dict.fromkeys(found)))

    def choose(self, path: str, value: Any, *deps: str, **params: Any) -> Sentence:
        """The sentence stating that option ``path`` has ``value``.

        A custom strategy (``namespace.name``) has no template of its own; the
        shared ``custom`` template names the option and the strategy.
        """
        key = f"{path}={value_key(value)}"
        if isinstance(value, str) and _CUSTOM.match(value):
            try:
                title = schema.option(path).title
            except KeyError:
                title = path
            title = self.catalog.option_title(path, title)
            return self.say(key, *deps, template="custom", strategy=value, option=title, **params)
        return self.say(key, *deps, **params)

    def word(self, key: str, **fields: object) -> str:
        """A heading or label."""
        return self.catalog.word(key, **fields)

    # Parameters -----------------------------------------------------------

    def amount(self, amount: int) -> str:
        """``amount`` as this language writes the theme's money (``100,000 dollars``,
        ``100 000 $``); the schema's placeholder currency name is no unit."""
        return money_text(self.ruleset, self.catalog, self.lang, amount)

    def money(self, amount: int, *paths: str) -> Param:
        """``amount`` in the theme's currency, read from ``paths``."""
        return Param(self.amount(amount), (*paths, "theme.currency"))

    def noun(self, plural: bool = False) -> Param:
        """The theme's word for an artist column, e.g. ``artist`` or ``genres``."""
        word = self.ruleset.theme.artist_noun.get(self.lang)
        return Param(self.catalog.plural(word) if plural else word, ("theme.artist_noun",))

    def value(self, path: str, value: Any) -> Param:
        """A plain value read from ``path``."""
        return Param(str(value), (path,))

    def counts(self, counts: Sequence[int], path: str = "player_counts") -> Param:
        """Player counts as alternatives: ``3, 4 or 5``."""
        return Param(self.catalog.either([str(c) for c in counts]), (path,))


def money_text(ruleset: Ruleset, catalog: Catalog, lang: str, amount: int) -> str:
    """``amount`` as ``lang`` writes the theme's money: the rulebook's and the log's
    one way of writing an amount (the schema's placeholder currency name is no unit)."""
    currency = ruleset.theme.currency
    name = currency.name.get(lang)
    unit = None if name == _PLACEHOLDER_CURRENCY else name
    return catalog.money(amount, currency.format, currency.thousands_separator, unit)
