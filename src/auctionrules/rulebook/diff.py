"""The rules that differ between two rulesets, as option paths and as prose.

Two rulesets are compared on their resolved documents (defaults filled in), so
a value written out and the same value inherited from the schema are equal; a
text written per language (``{en: Yoko, fr: Yoko}``) equals the plain string it
reads as in every language. Artists are compared by ``id``
(``theme.artists.yoko.split.open``), not by their place in the list, and an
artist only one side has is one change.

The prose lists, per rulebook section, the sentences of both rulebooks that
state a differing option, plus the sentences that exist in one rulebook only
because of one (the split-price details of a split-equally payee, say); a
table is shown as its header and the rows that differ. It ends with every
differing option, titled and with its two values as a reader reads them, so
the text mentions every change the JSON lists. Metadata (title, edition,
notes...) is not a rule and is left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from auctionrules.model import Ruleset
from auctionrules.rulebook import schema
from auctionrules.rulebook.build import build_document
from auctionrules.rulebook.document import Document, Section, Sentence, covers
from auctionrules.rulebook.lang import catalog
from auctionrules.rulebook.sections.notes import human_value, option_title, show_value
from auctionrules.rulebook.writer import Writer
from auctionrules.text import Text, typeset

#: Sections that describe the ruleset rather than state a rule.
_SKIPPED_SECTIONS = frozenset({"designer"})
#: A key of a per-language text (the schema's ``text`` definition).
_LANGUAGE = re.compile(r"^[a-z]{2}$")
_ARTIST = re.compile(r"^theme\.artists\.([^.]+)(?:\.(.+))?$")


@attrs.frozen
class OptionChange:
    """One option whose value differs; ``None`` stands for an absent option."""

    path: str
    a: Any
    b: Any

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"path", "a", "b"}``."""
        return {"path": self.path, "a": self.a, "b": self.b}


@attrs.frozen
class SectionChange:
    """The differing sentences of one rulebook section, from each side."""

    key: str
    title: str
    a: tuple[str, ...]
    b: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"section", "title", "a": [...], "b": [...]}``."""
        return {"section": self.key, "title": self.title, "a": list(self.a), "b": list(self.b)}


@attrs.frozen
class OptionLine:
    """A differing option as a reader reads it: its title and both values."""

    path: str
    title: str
    a: str
    b: str


@attrs.frozen
class RulesDiff:
    """Everything that differs between ruleset ``a`` and ruleset ``b``."""

    a: str
    b: str
    lang: str
    options: tuple[OptionChange, ...]
    sections: tuple[SectionChange, ...]
    #: Differing options that no sentence states (kept for callers; the text lists all).
    unstated: tuple[OptionChange, ...] = ()
    #: Every differing option, titled, with human values (in :attr:`options` order).
    lines: tuple[OptionLine, ...] = ()

    @property
    def identical(self) -> bool:
        """Whether the two rulesets have the same rules."""
        return not self.options

    def to_dict(self) -> dict[str, Any]:
        """JSON form, for ``auctionrules diff --format json``."""
        return {
            "a": self.a,
            "b": self.b,
            "identical": self.identical,
            "options": [o.to_dict() for o in self.options],
            "sections": [s.to_dict() for s in self.sections],
        }

    def to_text(self) -> str:
        """The prose report, grouped by section, then every differing option."""
        cat = catalog(self.lang)
        if self.identical:
            return typeset(cat.word("identical", a=self.a, b=self.b), self.lang) + "\n"
        out = [cat.word("differ", a=self.a, b=self.b), ""]
        for section in self.sections:
            out.append(section.title)
            out += _section_lines(self.a, self.b, section)
            out.append("")
        lines = self.lines or tuple(_raw_line(cat.option_title, o) for o in self.options)
        if lines:
            out.append(cat.word("options"))
            out += ["  " + cat.word("option", title=line.title, a=line.a, b=line.b)
                    for line in lines]
        return typeset("\n".join(out), self.lang).rstrip("\n") + "\n"


def _raw_line(title_of: Any, change: OptionChange) -> OptionLine:
    try:
        title = schema.option(change.path).title
    except KeyError:
        title = change.path
    return OptionLine(change.path, title_of(change.path, title), _show(change.a),
                      _show(change.b))


def _show(value: Any) -> str:
    return "-" if value is None else show_value(value)


def _one_line(text: str) -> str:
    return text.replace("\n", " / ")


def _section_lines(a: str, b: str, section: SectionChange) -> list[str]:
    """Sentences prefixed by their side; tables as their header and the rows that differ."""
    out = [f"  {a}: {t}" for t in section.a if "\n" not in t]
    out += [f"  {b}: {t}" for t in section.b if "\n" not in t]
    tables_a = [t.split("\n") for t in section.a if "\n" in t]
    tables_b = [t.split("\n") for t in section.b if "\n" in t]
    for index in range(max(len(tables_a), len(tables_b))):
        left = tables_a[index] if index < len(tables_a) else []
        right = tables_b[index] if index < len(tables_b) else []
        if left and right and left[0] == right[0]:
            out.append(f"    {left[0]}")
            out += [f"  {a}: {row}" for row in left[1:] if row not in right]
            out += [f"  {b}: {row}" for row in right[1:] if row not in left]
        else:
            out += [f"  {a}: {row}" for row in left] + [f"  {b}: {row}" for row in right]
    return out


# Options --------------------------------------------------------------------------


def _is_text(value: Any) -> bool:
    return isinstance(value, Mapping) and bool(value) and all(
        isinstance(k, str) and _LANGUAGE.match(k) and isinstance(v, str) for k, v in value.items()
    )


def _by_id(value: Any) -> bool:
    return (
        isinstance(value, list | tuple)
        and bool(value)
        and all(isinstance(v, Mapping) and isinstance(v.get("id"), str) for v in value)
    )


def flatten(value: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """``(path, leaf)`` pairs: mappings are followed into, lists of mappings by their
    ``id`` when every item has one (else by index); a per-language text is a leaf."""
    if _is_text(value):
        yield prefix.rstrip("."), value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from flatten(item, f"{prefix}{key}.")
    elif _by_id(value):
        for item in value:
            yield from flatten(item, f"{prefix}{item['id']}.")
    elif isinstance(value, list | tuple) and value and all(isinstance(v, Mapping) for v in value):
        for index, item in enumerate(value):
            yield from flatten(item, f"{prefix}{index}.")
    else:
        yield prefix.rstrip("."), value


def _same(a: Any, b: Any) -> bool:
    """Equal, a plain string and a per-language text being equal when they read the same
    in every language either names."""
    if (isinstance(a, str) or _is_text(a)) and (isinstance(b, str) or _is_text(b)):
        ta, tb = Text.of(a), Text.of(b)
        languages = {"en", *ta.languages(), *tb.languages()}
        return all(ta.get(lang) == tb.get(lang) for lang in languages)
    return bool(a == b)


def _items(document: Mapping[str, Any]) -> dict[str, Any]:
    return {
        p: v for p, v in flatten(document)
        if p.split(".")[0] not in schema.METADATA_KEYS and p not in schema.METADATA_PATHS
    }


def _artist_ids(document: Mapping[str, Any]) -> set[str]:
    return {a["id"] for a in document.get("theme", {}).get("artists", ()) if "id" in a}


def option_changes(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[OptionChange]:
    """Leaf options whose values differ, metadata left out, in ``a``'s order then ``b``'s;
    an artist only one side has is one change of the whole artist."""
    left, right = _items(a), _items(b)
    ids_a, ids_b = _artist_ids(a), _artist_ids(b)
    whole = {
        f"theme.artists.{i}": (_artist(a, i), _artist(b, i)) for i in ids_a ^ ids_b
    }
    changes: list[OptionChange] = []
    done: set[str] = set()
    for path in dict.fromkeys([*left, *right]):
        match = _ARTIST.match(path)
        if match and f"theme.artists.{match.group(1)}" in whole:
            key = f"theme.artists.{match.group(1)}"
            if key not in done:
                done.add(key)
                changes.append(OptionChange(key, *whole[key]))
            continue
        if not _same(left.get(path), right.get(path)):
            changes.append(OptionChange(path, left.get(path), right.get(path)))
    return changes


def _artist(document: Mapping[str, Any], artist_id: str) -> Any:
    for artist in document.get("theme", {}).get("artists", ()):
        if artist.get("id") == artist_id:
            return artist
    return None


def _line(change: OptionChange, wa: Writer, wb: Writer) -> OptionLine:
    """Title and both values of ``change``, each value as its own ruleset writes it."""
    match = _ARTIST.match(change.path)
    if match:
        name = _artist_name(match.group(1), wa, wb)
        rest = match.group(2)
        if rest is None:
            title = wa.catalog.option_title("theme.artists", "Artists")
            return OptionLine(change.path, title, _artist_value(change.a, wa),
                              _artist_value(change.b, wb))
        if rest.startswith("split."):
            label = wa.word(f"auction.{rest.split('.', 1)[1]}")
        else:
            label = wa.catalog.option_title(f"theme.artists.N.{rest}", rest)
        return OptionLine(change.path, f"{name}, {label}", _value(wa, change.path, change.a),
                          _value(wb, change.path, change.b))
    try:
        title = schema.option(change.path).title
    except KeyError:
        title = change.path
    return OptionLine(change.path, option_title(wa, change.path, title),
                      _value(wa, change.path, change.a), _value(wb, change.path, change.b))


def _artist_name(artist_id: str, *writers: Writer) -> str:
    for w in writers:
        for artist in w.ruleset.theme.artists:
            if artist.id == artist_id:
                return artist.name.get(w.lang)
    return artist_id


def _artist_value(value: Any, w: Writer) -> str:
    if value is None:
        return "-"
    return Text.of(value.get("name", value.get("id", "?"))).get(w.lang)


def _value(w: Writer, path: str, value: Any) -> str:
    if value is None:  # not written: for a player count, the game-wide rule holds
        return w.word("not_set")
    return human_value(w, path, list(value) if isinstance(value, Sequence)
                       and not isinstance(value, str) else value)


# Prose ---------------------------------------------------------------------------


def _titled(document: Document) -> Iterator[tuple[Section, str]]:
    def walk(section: Section, trail: str) -> Iterator[tuple[Section, str]]:
        title = f"{trail} › {section.title}" if trail else section.title
        yield section, title
        for sub in section.subsections:
            yield from walk(sub, title)

    for top in document.sections:
        if top.key not in _SKIPPED_SECTIONS:
            yield from walk(top, "")


Placed = set[tuple[str, str]]


def _relevant(section: str, unit: Sentence, paths: list[str], other_texts: Placed,
              other_keys: Placed) -> bool:
    """Whether ``unit`` states a difference: compared within its section, so a rule that
    one ruleset offers as an optional rule and the other applies is still reported."""
    if (section, unit.text) in other_texts:
        return False
    owner = unit.owner
    if owner is not None and any(covers(owner, p) for p in paths):
        return True
    return (section, unit.key) not in other_keys and any(unit.depends_on(p) for p in paths)


def _placed(document: Document) -> tuple[Placed, Placed]:
    """``(section key, text)`` and ``(section key, catalog key)`` of every unit."""
    texts: Placed = set()
    keys: Placed = set()
    for section, _ in _titled(document):
        for unit in section.units():
            texts.add((section.key, unit.text))
            keys.add((section.key, unit.key))
    return texts, keys


def _generic(path: str) -> str:
    """``theme.artists.yoko.split.open`` -> ``theme.artists``: what sentences declare."""
    return "theme.artists" if path.startswith("theme.artists.") else path


def diff(a: Ruleset, b: Ruleset, lang: str = "en") -> RulesDiff:
    """Compare ``a`` and ``b``; the prose is written in ``lang``."""
    options = option_changes(a.document, b.document)
    paths = [_generic(o.path) for o in options]
    doc_a = build_document(a, lang, example=False, designer=False)
    doc_b = build_document(b, lang, example=False, designer=False)
    texts_a, keys_a = _placed(doc_a)
    texts_b, keys_b = _placed(doc_b)
    order: dict[str, str] = {}
    found: dict[str, tuple[list[str], list[str]]] = {}
    stated: set[str] = set()
    for side, document, texts, keys in ((0, doc_a, texts_b, keys_b), (1, doc_b, texts_a, keys_a)):
        for section, title in _titled(document):
            for unit in section.units():
                if not _relevant(section.key, unit, paths, texts, keys):
                    continue
                order.setdefault(section.key, title)
                bucket = found.setdefault(section.key, ([], []))[side]
                if unit.text not in bucket:
                    bucket.append(unit.text)
                stated.update(p for p in paths if unit.depends_on(p))
    sections = tuple(
        SectionChange(key, title, tuple(found[key][0]), tuple(found[key][1]))
        for key, title in order.items()
    )
    unstated = tuple(o for o in options if _generic(o.path) not in stated)
    cat = catalog(lang)
    wa, wb = Writer(a, cat), Writer(b, cat)
    return RulesDiff(a.id, b.id, lang, tuple(options), sections, unstated,
                     _lines(options, wa, wb))


def option_lines(a: Ruleset, b: Ruleset, lang: str = "en") -> tuple[OptionLine, ...]:
    """The options that differ from ``a`` to ``b``, as a reader reads them (titles and
    values in ``lang``): the lines of :meth:`RulesDiff.to_text`'s option list, without
    comparing the two rulebooks (a variant's rulebook lists them against its base)."""
    cat = catalog(lang)
    return _lines(option_changes(a.document, b.document), Writer(a, cat), Writer(b, cat))


def _lines(options: Sequence[OptionChange], wa: Writer, wb: Writer) -> tuple[OptionLine, ...]:
    """One line per option; the artists only one side has are one line, named."""
    whole = [o for o in options if _ARTIST.match(o.path) and o.path.count(".") == 2]
    lines = [_line(o, wa, wb) for o in options if o not in whole]
    if whole:
        left = [_artist_value(o.a, wa) for o in whole if o.a is not None]
        right = [_artist_value(o.b, wb) for o in whole if o.b is not None]
        title = wa.catalog.option_title("theme.artists", "Artists")
        line = OptionLine("theme.artists", title, wa.catalog.join(left) or "-",
                          wb.catalog.join(right) or "-")
        at = next(i for i, o in enumerate(options) if o in whole)
        lines.insert(min(at, len(lines)), line)
    return tuple(lines)
