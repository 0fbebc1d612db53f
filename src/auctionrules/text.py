"""Localized strings and money amounts as players read them.

Rulesets name artists and currencies per language, and every amount the engine
or the documents print goes through one formatter so that ``100,000``,
``$100.000`` and ``100 TWD`` all come from the ruleset's data.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import attrs

#: Key under which a language-neutral string is stored.
ANY_LANGUAGE = "*"


@attrs.frozen
class Text:
    """A string with translations; lookups fall back so a document never lacks a word.

    Fallback order: the requested language, English, the language-neutral form,
    then whatever language the ruleset wrote first.
    """

    items: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, data: str | Mapping[str, str] | Text) -> Text:
        """Build from the ruleset form: a plain string or a language mapping."""
        if isinstance(data, Text):
            return data
        if isinstance(data, str):
            return cls(((ANY_LANGUAGE, data),))
        return cls(tuple(data.items()))

    def get(self, language: str = "en") -> str:
        """The string in ``language``, falling back as the class docstring says."""
        table = dict(self.items)
        for key in (language, "en", ANY_LANGUAGE):
            if key in table:
                return table[key]
        return self.items[0][1]

    def languages(self) -> Iterator[str]:
        """Languages with an explicit translation."""
        return (lang for lang, _ in self.items if lang != ANY_LANGUAGE)

    def to_data(self) -> str | dict[str, str]:
        """The ruleset form this was built from."""
        if len(self.items) == 1 and self.items[0][0] == ANY_LANGUAGE:
            return self.items[0][1]
        return dict(self.items)

    def __str__(self) -> str:
        return self.get()


def group_digits(amount: int, separator: str) -> str:
    """``1234567`` with separator ``","`` gives ``1,234,567``; negatives keep their sign."""
    digits = str(abs(amount))
    if separator:
        head = len(digits) % 3 or 3
        parts = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
        digits = separator.join(parts)
    return f"-{digits}" if amount < 0 else digits


#: A seat's name for people, by language. The API and JSON number seats from 0; a
#: person reads them from 1, as players count round a real table.
_PLAYER = {"en": "Player {n}", "fr": "Joueur {n}"}


def player_name(seat: int, lang: str = "en") -> str:
    """``Player 1`` for seat 0 (``Joueur 1`` in French): the one writing of a seat's name
    in every text a person reads (logs, tables, reports, the terminal, the web)."""
    return _PLAYER.get(lang, _PLAYER["en"]).format(n=seat + 1)
