"""A file's artists checked against the artists it inherits, before they are merged.

Artists merge by id: an item whose id is inherited changes that artist, an
item with a new id adds one, and a list none of whose ids is inherited
replaces the whole theme (see :mod:`merge`). A misspelt id therefore does not
look like a mistake to the merge: ``{id: kripto, cards: 17}`` becomes a new
artist without name or split, or, alone in its list, a whole theme of one
artist. The schema then only sees the side effects (a missing name, a ranking
longer than the theme). Here the mistake is said where it was made: the id is
unknown, the closest inherited id is offered, and when the list would replace
the theme, that is said in words.

Ids and names must each be unique: two artists called "Krypto" are two columns
players cannot tell apart, and an id listed twice would be merged once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from auctionrules.loader import suggest
from auctionrules.loader.merge import KEYED_LISTS, REMOVE, Sourced, keyed_layout, removes
from auctionrules.loader.problems import JsonPath, Problem, json_path

ARTISTS: JsonPath = ("theme", "artists")
#: What a new artist must have that an item changing an inherited one may leave out.
NEW_ARTIST_NEEDS = ("name", "cards", "split")


def repeated_id(artist_id: str, first: int) -> str:
    """The message for an id listed twice: the same whether the merge or the
    semantic check sees it, so that it is reported once."""
    return f"artist id {artist_id!r} is listed twice (first at theme.artists[{first}]); " \
        "list each artist once"


def _name(artist: Mapping[str, Any]) -> str | None:
    """The artist's name for comparison: a plain name, or each language's, joined."""
    name = artist.get("name")
    if isinstance(name, str):
        return name.strip().casefold()
    if isinstance(name, Mapping) and all(isinstance(v, str) for v in name.values()):
        return "|".join(f"{k}={v.strip().casefold()}" for k, v in sorted(name.items()))
    return None


def _shown(artist: Mapping[str, Any]) -> str:
    name = artist.get("name")
    if isinstance(name, Mapping):
        name = next(iter(name.values()), None)
    return str(name if name is not None else artist.get("id"))


def against_inherited(
    own: Sourced, inherited: Any, base: str
) -> tuple[list[Problem], set[str]]:
    """The problems of ``own``'s ``theme.artists`` given the ``inherited`` list
    (from ``base``, a ruleset's name): unknown ids that cannot be new artists,
    ids listed twice. Also the JSON paths of the items whose missing keys are
    only a consequence of these mistakes (a list with an id twice cannot merge
    by id, so every item stands alone). Names are checked on the merged theme
    (:func:`duplicate_names`)."""
    theme = own.data.get("theme")
    items = theme.get("artists") if isinstance(theme, Mapping) else None
    explained: set[str] = set()
    if not isinstance(items, list):
        return [], explained
    problems: list[Problem] = []

    def report(path: JsonPath, message: str) -> None:
        file, line, column = own.locate(path)
        problems.append(Problem(file, line, column, message, json_path(path)))

    first: dict[str, int] = {}
    for index, item in enumerate(items):
        artist_id = item.get("id") if isinstance(item, Mapping) else None
        if not isinstance(artist_id, str):
            continue
        if artist_id in first:
            report(("theme", "artists", index, "id"), repeated_id(artist_id, first[artist_id]))
            explained.update(json_path(("theme", "artists", i)) for i in range(len(items)))
        else:
            first[artist_id] = index
    if not isinstance(inherited, list) or not inherited:
        return problems + _removals(items, [], base, report), explained
    known = [a["id"] for a in inherited if isinstance(a, Mapping) and isinstance(a.get("id"), str)]
    problems += _removals(items, known, base, report)
    replaces = not any(i in known for i in first)
    layout = keyed_layout(inherited, items, KEYED_LISTS[ARTISTS])
    merged_at = layout[1] if layout is not None else list(range(len(items)))
    for artist_id, index in first.items():
        item = items[index]
        if removes(item):
            continue
        missing = [key for key in NEW_ARTIST_NEEDS if key not in item]
        if artist_id in known or not missing:
            continue
        close = suggest.closest(artist_id, known)
        if close is None and "name" in item:  # a new artist, meant so: the schema says
            continue  # what it lacks
        hint = f" (did you mean {close!r}?)" if close else ""
        message = (
            f"unknown artist id {artist_id!r}{hint}: {base} has no artist with this id "
            f"({', '.join(known)}), and as a new artist it would need "
            f"{' and '.join(missing)}"
        )
        if replaces:
            message += (
                f"; as the list names none of the {len(known)} inherited artists, it would "
                "replace the whole theme rather than change an artist"
            )
        report(("theme", "artists", index, "id"), message)
        position = merged_at[index]
        if position is not None:
            explained.add(json_path((*ARTISTS, position)))
    return problems, explained


def _removals(
    items: list[Any], known: list[str], base: str, report: Callable[[JsonPath, str], None]
) -> list[Problem]:
    """An item ``{id: x, remove: true}`` must name an inherited artist, and only name it.

    Reported through ``report``; returns nothing (the list keeps the signature of
    the other checks' results)."""
    for index, item in enumerate(items):
        if not removes(item):
            continue
        artist_id = item.get("id")
        extra = sorted(k for k in item if k not in ("id", REMOVE))
        if extra:
            report(
                ("theme", "artists", index, extra[0]),
                f"an item with remove: true takes only the id of the artist it removes, "
                f"not {', '.join(extra)}",
            )
        if isinstance(artist_id, str) and artist_id not in known:
            close = suggest.closest(artist_id, known) if known else None
            hint = f" (did you mean {close!r}?)" if close else ""
            inherited = (
                f"{base} has no artist with this id ({', '.join(known)})"
                if known else "this file inherits no artists"
            )
            report(
                ("theme", "artists", index, "id"),
                f"cannot remove artist {artist_id!r}{hint}: {inherited}",
            )
    return []


def replacement(own: Sourced, inherited: Any, base: str) -> Problem | None:
    """What a list of new artists does to the inherited theme, said in words: reported
    beside the problems it causes (a deck too small, a ranking too long), as their cause.

    A list that names none of the inherited ids replaces them all: right for a
    new theme, a surprise for an author who meant to add one artist.
    """
    theme = own.data.get("theme")
    items = theme.get("artists") if isinstance(theme, Mapping) else None
    if not (isinstance(items, list) and isinstance(inherited, list) and inherited):
        return None
    ids = [i.get("id") for i in items if isinstance(i, Mapping)]
    known = [a.get("id") for a in inherited if isinstance(a, Mapping)]
    if not ids or any(i in known for i in ids) or len(items) >= len(known):
        return None  # a theme at least as large is a new theme, meant so
    names = ", ".join(_shown(a) for a in inherited if isinstance(a, Mapping))
    file, line, column = own.locate(ARTISTS)
    count = len(items)
    return Problem(
        file, line, column,
        f"this list names none of the {len(known)} artists of {base} ({names}), so it "
        f"replaces the whole theme with {count} artist{'s' * (count != 1)}; to add an "
        "artist to theirs instead, list one of their ids too (the id alone will do)",
        json_path(ARTISTS),
    )


def duplicate_names(
    artists: list[Mapping[str, Any]],
) -> list[tuple[JsonPath, str, JsonPath]]:
    """``(path, message, other)`` for each artist whose name an earlier artist already
    has: ``path`` is the later name, ``other`` the earlier one. The message names both,
    so that it reads the same at either place (the checked file's own, where an
    inherited artist shares its name)."""
    seen: dict[str, int] = {}
    found: list[tuple[JsonPath, str, JsonPath]] = []
    for index, artist in enumerate(artists):
        name = _name(artist)
        if name is None:
            continue
        if name in seen:
            first = seen[name]
            other = artists[first]
            found.append((
                ("theme", "artists", index, "name"),
                f"artist name {_shown(artist)!r} is given to both {other.get('id')!r} "
                f"(theme.artists[{first}]) and {artist.get('id')!r} "
                f"(theme.artists[{index}]): players could not tell the two apart",
                ("theme", "artists", first, "name"),
            ))
        else:
            seen[name] = index
    return found
