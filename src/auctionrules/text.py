"""Localized strings and money amounts as players read them.

Rulesets name artists and currencies per language, and every amount the engine
or the documents print goes through one formatter so that ``100,000``,
``$100.000`` and ``100 TWD`` all come from the ruleset's data.
"""

from __future__ import annotations

import re
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


# French typography ---------------------------------------------------------------

#: The spaces French typography puts before high punctuation and inside guillemets
#: (the Imprimerie nationale's *Lexique des règles typographiques*): a narrow no-break
#: space (U+202F, the "espace fine insécable") before ``;``, ``!`` and ``?``, a
#: no-break space (U+00A0, the "espace insécable") before ``:`` and inside ``« »``.
#: Both keep the sign on the line of the word it follows: no line of a printed
#: rulebook starts with ``; le joueur qui…`` or ends with ``«``.
NARROW_NBSP = "\u202f"
NBSP = "\u00a0"

#: Any horizontal space before a sign (an ordinary one, either no-break one), or none.
_BEFORE_SIGN = re.compile(r"(?<=[^\s])[ \u00a0\u202f]*([;!?:])(?=\s|$|[»)\]])")
_OPEN_QUOTE = re.compile(r"«[ \u00a0\u202f]*")
_CLOSE_QUOTE = re.compile(r"(?<=[^\s])[ \u00a0\u202f]*»")
#: The words a French sentence starts with that are never proper nouns: after a colon
#: they are lowercased (French writes no capital after a colon), while a name (an
#: artist, a publisher, ``Joueur 1``) keeps its capital.
_COMMON_WORDS = frozenset({
    "le", "la", "les", "un", "une", "des", "du", "de", "au", "aux", "ce", "cet",
    "cette", "ces", "il", "ils", "elle", "elles", "on", "en", "dans", "chaque", "si",
    "sinon", "quand", "lorsque", "comme", "aucun", "aucune", "tous", "tout", "toute",
    "toutes", "pour", "par", "avec", "sans", "sur", "sous", "après", "avant", "autour",
    "puis", "mais", "et", "ou", "ici", "cela", "ça", "seul", "seule", "seuls", "seules",
    "personne", "rien", "son", "sa", "ses", "leur", "leurs", "nul", "nulle", "deux",
    "trois", "quatre", "cinq", "à", "ne", "plus", "même", "selon", "entre", "chacun",
    "chacune", "celui", "celle", "ceux", "celles", "lui", "dont", "où", "que", "qui",
    "quel", "quelle", "quels", "quelles", "parce", "y", "c", "d", "l", "n", "s", "j",
    "qu", "lorsqu", "dès", "alors", "ensuite", "enfin", "toutefois", "cependant",
    "donc", "ainsi", "depuis", "pendant", "lors", "jusqu", "tant", "voici", "ni",
})
_AFTER_COLON = re.compile(r"(:[\u00a0 ])([A-ZÀÂÉÈÊÎÔÛÇ][a-zàâäéèêëîïôöûüç]*)(?=[\s'’,]|$)")


def _lower_common(match: re.Match[str]) -> str:
    word = match.group(2)
    return match.group(1) + (word.lower() if word.lower() in _COMMON_WORDS else word)


def french_typography(text: str) -> str:
    """``text`` as French typography prints it: a narrow no-break space (:data:`NARROW_NBSP`)
    before ``; ! ?``, a no-break space (:data:`NBSP`) before ``:`` and inside ``« »``
    (put in, or put in place of an ordinary space), and no capital after a colon,
    except a name's.

    Idempotent, and safe on text that is not prose: a sign not followed by a space or
    the end (``12:30``, ``http://``, ``$.money``) is left alone, and so is a sign at
    the start of a line.

    >>> from auctionrules.text import french_typography
    >>> french_typography("Éditeur: Hans im Glück ; 1992 !")
    'Éditeur\\xa0: Hans im Glück\\u202f; 1992\\u202f!'
    >>> french_typography("Artistes : La règle dit « non ».")
    'Artistes\\xa0: la règle dit «\\xa0non\\xa0».'
    """
    text = _BEFORE_SIGN.sub(_space_before, text)
    text = _OPEN_QUOTE.sub("«" + NBSP, text)
    text = _CLOSE_QUOTE.sub(NBSP + "»", text)
    return _AFTER_COLON.sub(_lower_common, text)


def _space_before(match: re.Match[str]) -> str:
    sign = match.group(1)
    return (NBSP if sign == ":" else NARROW_NBSP) + sign


#: The typography of each language that has rules of its own (``None``: as written).
TYPOGRAPHY = {"fr": french_typography}


def typeset(text: str, lang: str) -> str:
    """``text`` with the typography of ``lang`` (French: :func:`french_typography`);
    every text a person reads in that language passes here last."""
    rule = TYPOGRAPHY.get(lang)
    return rule(text) if rule is not None else text
