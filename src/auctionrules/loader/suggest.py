"""Did-you-mean: the closest key, value or option path, never another concept.

``difflib`` alone ranks ``minimum_bid`` close to ``minimum_raise`` (they share a
long prefix), yet a raise is not a bid: an author who follows that hint changes
the wrong rule. Names here are compared word by word (words split at ``_``,
``-`` and ``.``): two names of as many words are close only when every word is
close, so a shared first word never carries the match. A key unknown where it
is written is also looked up in the whole schema, so that ``round_end.last_card``
is sent to ``round_end.hands_exhausted.last_card``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from auctionrules.loader.defaults import SchemaWalker

_SEPARATORS = re.compile(r"[-_.\s]+")
#: How close one word must be to another (``frist``/``first`` is 0.8).
WORD_CUTOFF = 0.75
#: How close two names must be when they do not have as many words.
NAME_CUTOFF = 0.85
#: Stands for a key the schema does not name (a player count) in an option path.
ANY_KEY = "*"


def _words(name: str) -> list[str]:
    return [w for w in _SEPARATORS.split(name.lower()) if w]


def _ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b).ratio()


def closeness(word: str, choice: str) -> float:
    """How close ``word`` is to ``choice``: 0 when they name different things, above
    1 when they have as many words (a closer kind of match than a joined one)."""
    ours, theirs = _words(word), _words(choice)
    if ours == theirs:
        return 2.0
    if len(ours) == len(theirs):
        ratios = [1.0 if a == b else _ratio(a, b) for a, b in zip(ours, theirs, strict=True)]
        return 1 + min(ratios) if min(ratios) >= WORD_CUTOFF else 0.0
    joined = _ratio("".join(ours), "".join(theirs))
    return joined if joined >= NAME_CUTOFF else 0.0


def closest(word: Any, choices: Iterable[Any]) -> str | None:
    """The choice closest to ``word``, or ``None`` if none is close enough."""
    if not isinstance(word, str):
        return None
    scored = [(closeness(word, c), c) for c in choices if isinstance(c, str) and c != word]
    scored = [(score, c) for score, c in scored if score > 0]
    return max(scored, key=lambda sc: sc[0])[1] if scored else None


def suggestion(word: Any, choices: Iterable[Any]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices``, or nothing."""
    close = closest(word, choices)
    return f" (did you mean {close!r}?)" if close else ""


#: Option paths per schema (by identity: the schema is read once per process).
_PATHS: dict[int, tuple[Mapping[str, Any], tuple[tuple[str, ...], ...]]] = {}


def option_paths(schema: Mapping[str, Any]) -> tuple[tuple[str, ...], ...]:
    """Every option path of ``schema``: property names from the root, list items
    transparent, a key the schema does not name (a player count) as ``*``."""
    kept = _PATHS.get(id(schema))
    if kept is None or kept[0] is not schema:
        kept = (schema, tuple(_walk(schema, (), SchemaWalker(schema), 0)))
        _PATHS[id(schema)] = kept
    return kept[1]


def _walk(
    node: Any, path: tuple[str, ...], walker: SchemaWalker, depth: int
) -> Iterator[tuple[str, ...]]:
    if depth > 12 or not hasattr(node, "get"):
        return
    node = walker.resolve(node)
    for name, sub in node.get("properties", {}).items():
        yield (*path, name)
        yield from _walk(sub, (*path, name), walker, depth + 1)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        yield from _walk(extra, (*path, ANY_KEY), walker, depth + 1)
    items = node.get("items")
    if isinstance(items, dict):
        yield from _walk(items, path, walker, depth + 1)


def generic(path: Iterable[str | int]) -> tuple[str, ...]:
    """A located JSON path as an option path: list indexes dropped, player counts ``*``."""
    return tuple(ANY_KEY if part.isdigit() else part for part in path if isinstance(part, str))


def matches(option: tuple[str, ...], path: tuple[str, ...]) -> bool:
    """Whether ``path`` (``*`` or a number where a player count goes) is ``option``."""
    return len(option) == len(path) and all(
        o == p or (o == ANY_KEY and p.isdigit()) for o, p in zip(option, path, strict=True)
    )


def real_place(key: str, at: Iterable[str | int], schema: Mapping[str, Any]) -> str | None:
    """Where the schema puts ``key`` written at ``at``, if it is somewhere else.

    Looked for below ``at`` first (a level skipped: ``round_end.last_card``),
    then anywhere; a player count in ``at`` is kept in the answer.
    """
    here = list(at)
    pattern = generic(here)
    found = [p for p in option_paths(schema) if p[-1] == key and len(p) > len(pattern)]
    below = [p for p in found if matches(pattern, p[: len(pattern)])]
    best = below or [p for p in option_paths(schema) if p[-1] == key]
    if not best:
        return None
    place = min(best, key=len)
    if below:
        return ".".join([str(p) for p in here if isinstance(p, str)] + list(place[len(pattern) :]))
    return ".".join(place)


def id_suggestion(word: str, ids: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest bundled id, or nothing.

    Ids name editions and modules, not concepts, so plain ``difflib`` closeness
    serves: ``hig-1992-de`` is meant to be some ``hig-1992-*``.
    """
    close = difflib.get_close_matches(word, list(ids), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
